import { BRAND } from '@storyreel/contracts/brand'

import type { MailMessage } from '#src/adapters/mailer/mailer.ts'
import { escapeHtml } from '#src/escape-html.ts'

/**
 * The account e-mails: codes (confirm an account, reset a password, prove a new or the current address)
 * and notices (password changed, address changed, address already taken). One layout for all: an HTML part
 * built from tables and inline styles (what mail clients render reliably), and a plain-text part that says
 * the same. A code sits in the subject too, so it shows in a phone's notification.
 */

type Layout = {
  to: string
  subject: string
  /** The preview line most clients show after the subject. */
  preheader: string
  firstName: string | null
  paragraphs: string[]
  /** The code and what it is called ("confirmation code"). */
  code?: { value: string; name: string }
  action?: { label: string; url: string }
  notes: string[]
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function renderLayout({ to, subject, preheader, firstName, paragraphs, code, action, notes }: Layout): MailMessage {
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,'
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(code ? [`Your ${BRAND.name} ${code.name} is: ${code.value}`, ''] : []),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...notes.flatMap((note) => [note, '']),
    `${BRAND.name} · ${BRAND.tagline}`,
    `Questions? ${BRAND.supportEmail}`,
  ].join('\n')

  const paragraphHtml = paragraphs
    .map((paragraph, index) => `<p style="margin:${index === 0 ? '0' : '12px 0 0'}">${escapeHtml(paragraph)}</p>`)
    .join('')
  const codeHtml = code
    ? `<tr><td align="center" style="padding:28px 24px 4px">
<table role="presentation" cellpadding="0" cellspacing="0" aria-label="${escapeHtml(capitalize(code.name))} ${code.value}"><tr>${[
        ...code.value,
      ]
        .map(
          (digit) =>
            `<td style="padding:0 4px"><div style="width:44px;height:56px;line-height:56px;border-radius:12px;background:#1b1530;border:1px solid #3b2f66;color:#ffffff;font-size:28px;font-weight:700;text-align:center;font-family:'SFMono-Regular',Menlo,Consolas,monospace">${digit}</div></td>`,
        )
        .join('')}</tr></table>
</td></tr>`
    : ''
  const actionHtml = action
    ? `<tr><td align="center" style="padding:24px 32px 4px">
<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#7c3aed;color:#ffffff;font-weight:600;font-size:15px;text-decoration:none">${escapeHtml(action.label)}</a>
</td></tr>`
    : ''
  const notesHtml = notes
    .map((note, index) => `<p style="margin:${index === 0 ? '0' : '8px 0 0'}">${escapeHtml(note)}</p>`)
    .join('')

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="dark light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#0b0814;color:#e9e6f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0b0814;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#130f22;border:1px solid #2a2245;border-radius:20px;overflow:hidden">
<tr><td style="height:6px;background:linear-gradient(90deg,#7c3aed,#db2777,#f59e0b);background-color:#7c3aed"></td></tr>
<tr><td style="padding:32px 32px 8px">
<table role="presentation" cellpadding="0" cellspacing="0"><tr>
<td style="width:36px;height:36px;border-radius:10px;background:#7c3aed;color:#fff;font-weight:800;font-size:18px;text-align:center;line-height:36px">S</td>
<td style="padding-left:12px;font-size:18px;font-weight:700;color:#ffffff">${BRAND.name}</td>
</tr></table>
</td></tr>
<tr><td style="padding:16px 32px 0;font-size:16px;line-height:24px;color:#e9e6f5">
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
${paragraphHtml}
</td></tr>
${codeHtml}
${actionHtml}
<tr><td style="padding:28px 32px 32px;font-size:14px;line-height:21px;color:#a79fc4">
${notesHtml}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #2a2245;font-size:12px;line-height:18px;color:#7d7699">
${BRAND.name} · ${BRAND.tagline} · <a href="mailto:${BRAND.supportEmail}" style="color:#a78bfa">${BRAND.supportEmail}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`
  return { to, subject, text, html }
}

/** "27 November 2026 at 22:40 UTC": a notice names the moment in one zone everyone can read. */
export function formatMailTime(at: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })
  return `${day.format(at)} at ${time.format(at)} UTC`
}

type CodeMail = { to: string; code: string; firstName: string | null; ttlMinutes: number; publicUrl: string }

const codeNotes = (ttlMinutes: number, ignore: string) => [
  `Enter it within ${ttlMinutes} minutes. It works once.`,
  ignore,
]

/** The sign-up code (and the code that confirms an address an account has not proven yet). */
export function renderConfirmationEmail({ to, code, firstName, ttlMinutes, publicUrl }: CodeMail): MailMessage {
  const url = `${publicUrl}/confirm?email=${encodeURIComponent(to)}`
  return renderLayout({
    to,
    subject: `${code} is your ${BRAND.name} code`,
    preheader: `Your code is ${code}. It works for ${ttlMinutes} minutes.`,
    firstName,
    paragraphs: ['Here is your confirmation code. Enter it to finish setting up your account.'],
    code: { value: code, name: 'confirmation code' },
    action: { label: 'Open the confirmation page', url },
    notes: codeNotes(ttlMinutes, 'Did not ask for it? Ignore this e-mail: nothing changes without the code.'),
  })
}

export function renderPasswordResetEmail({ to, code, firstName, ttlMinutes, publicUrl }: CodeMail): MailMessage {
  const url = `${publicUrl}/auth/reset?email=${encodeURIComponent(to)}`
  return renderLayout({
    to,
    subject: `${code} is your ${BRAND.name} password reset code`,
    preheader: `Reset your password with ${code} within ${ttlMinutes} minutes.`,
    firstName,
    paragraphs: [
      `Someone asked to reset the password of the ${BRAND.name} account for ${to}. If it was you, enter this code and choose a new password.`,
    ],
    code: { value: code, name: 'password reset code' },
    action: { label: 'Choose a new password', url },
    notes: codeNotes(
      ttlMinutes,
      'Did not ask for it? Ignore this e-mail: your password stays as it is, and nobody can change it without the code.',
    ),
  })
}

/** Sent to the new address of an e-mail change: the code proves the person can read it. */
export function renderEmailChangeCodeEmail({ to, code, firstName, ttlMinutes }: Omit<CodeMail, 'publicUrl'>) {
  return renderLayout({
    to,
    subject: `${code} confirms your new ${BRAND.name} e-mail`,
    preheader: `Enter ${code} in your profile within ${ttlMinutes} minutes.`,
    firstName,
    paragraphs: [
      `You asked to make ${to} the e-mail of your ${BRAND.name} account. Enter this code on your profile to confirm it. Until then your account keeps its current address.`,
    ],
    code: { value: code, name: 'e-mail change code' },
    notes: codeNotes(
      ttlMinutes,
      'Did not ask for it? Ignore this e-mail: no account changes to this address without the code.',
    ),
  })
}

/** Sent to the current address of an account without a password, before its e-mail may change. */
export function renderReauthenticationEmail({ to, code, firstName, ttlMinutes }: Omit<CodeMail, 'publicUrl'>) {
  return renderLayout({
    to,
    subject: `${code} is your ${BRAND.name} verification code`,
    preheader: `Confirm it is you with ${code}.`,
    firstName,
    paragraphs: [
      `You asked to change the e-mail of your ${BRAND.name} account. Enter this code on your profile to confirm it is you.`,
    ],
    code: { value: code, name: 'verification code' },
    notes: codeNotes(
      ttlMinutes,
      `Did not ask for it? Someone may be signed in to your account: open your profile, sign out the sessions you do not know, and write to ${BRAND.supportEmail}.`,
    ),
  })
}

/** Instead of a code: the new address of an e-mail change already belongs to another account. */
export function renderEmailTakenEmail({ to, publicUrl }: { to: string; publicUrl: string }): MailMessage {
  return renderLayout({
    to,
    subject: `This e-mail already has a ${BRAND.name} account`,
    preheader: 'Nothing changed: this address is already in use.',
    firstName: null,
    paragraphs: [
      `Someone signed in to a ${BRAND.name} account asked to change its e-mail to ${to}. This address already belongs to a ${BRAND.name} account, so nothing changed and no code was sent.`,
      'If it was you, sign in to the account that has this address instead, or delete one of the two accounts on its profile first.',
    ],
    action: { label: `Sign in to ${BRAND.name}`, url: `${publicUrl}/auth/login` },
    notes: ['Did not ask for it? You can ignore this e-mail: your account is unchanged.'],
  })
}

export function renderPasswordChangedEmail({
  to,
  firstName,
  at,
  wasSet,
  otherSessionsSignedOut,
  publicUrl,
}: {
  to: string
  firstName: string | null
  at: Date
  /** The account had no password before (a reset on an Apple, Google or Discord account). */
  wasSet: boolean
  otherSessionsSignedOut: boolean
  publicUrl: string
}): MailMessage {
  const verb = wasSet ? 'set' : 'changed'
  return renderLayout({
    to,
    subject: `Your ${BRAND.name} password was ${verb}`,
    preheader: `The password of your account was ${verb} on ${formatMailTime(at)}.`,
    firstName,
    paragraphs: [
      `The password of your ${BRAND.name} account (${to}) was ${verb} on ${formatMailTime(at)}.`,
      otherSessionsSignedOut
        ? 'Every other device signed in to the account was signed out.'
        : 'Devices already signed in stay signed in; you can sign them out on your profile.',
    ],
    action: { label: 'Reset your password', url: `${publicUrl}/auth/forgot?email=${encodeURIComponent(to)}` },
    notes: [
      `If this was you, there is nothing to do. If it was not, reset your password now with the button above and write to ${BRAND.supportEmail}.`,
    ],
  })
}

/** Sent to the old address once a new one has replaced it, so a hijack does not go unnoticed. */
export function renderEmailChangedEmail({
  to,
  newEmail,
  firstName,
  at,
}: {
  to: string
  newEmail: string
  firstName: string | null
  at: Date
}): MailMessage {
  return renderLayout({
    to,
    subject: `Your ${BRAND.name} e-mail was changed`,
    preheader: `Your account now uses ${newEmail}.`,
    firstName,
    paragraphs: [
      `The e-mail of your ${BRAND.name} account was changed from ${to} to ${newEmail} on ${formatMailTime(at)}. Codes and notices now go to the new address, and this address no longer signs in.`,
    ],
    notes: [
      `If this was you, there is nothing to do. If it was not, write to ${BRAND.supportEmail} at once from this address, so we can help you take the account back.`,
    ],
  })
}

/** A webhook endpoint failed every delivery for days and was turned off; where to look and turn it on again. */
export function renderWebhookDisabledEmail({
  to,
  firstName,
  url,
  days,
  publicUrl,
}: {
  to: string
  firstName: string | null
  url: string
  days: number
  publicUrl: string
}): MailMessage {
  return renderLayout({
    to,
    subject: `A ${BRAND.name} webhook endpoint was turned off`,
    preheader: `Every delivery to it failed for ${days} days.`,
    firstName,
    paragraphs: [
      `Every delivery to your webhook endpoint ${url} failed for ${days} days, so ${BRAND.name} has stopped sending to it. Deliveries since wait in its log.`,
      'Its delivery log on your profile shows each try’s status and the start of the answer. Once the endpoint answers again, turn it back on there: what waited is sent, and you can send any delivery again.',
    ],
    action: { label: 'Open the delivery log', url: `${publicUrl}/app/profile#webhooks` },
    notes: ['You get this e-mail because this address owns the endpoint’s account.'],
  })
}
