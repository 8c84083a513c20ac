import { BRAND } from '@storyreel/contracts/brand'

import type { MailMessage } from '#src/adapters/mailer/mailer.ts'
import { escapeHtml } from '#src/escape-html.ts'

/**
 * The code e-mail: a designed HTML part built from tables and inline styles (what mail clients render
 * reliably), and a plain-text part that says the same. The code sits in the subject too, so it shows in
 * a phone's notification.
 */
export function renderConfirmationEmail({
  to,
  code,
  firstName,
  ttlMinutes,
  publicUrl,
}: {
  to: string
  code: string
  firstName: string | null
  ttlMinutes: number
  publicUrl: string
}): MailMessage {
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,'
  const confirmUrl = `${publicUrl}/confirm?email=${encodeURIComponent(to)}`
  const subject = `${code} is your ${BRAND.name} code`
  const text = [
    greeting,
    '',
    `Your ${BRAND.name} confirmation code is: ${code}`,
    '',
    `Enter it in the app or at ${confirmUrl} within ${ttlMinutes} minutes. It works once.`,
    '',
    `If you did not ask for this code, you can ignore this e-mail: nothing changes without it.`,
    '',
    `${BRAND.name} · ${BRAND.tagline}`,
    `Questions? ${BRAND.supportEmail}`,
  ].join('\n')

  const digits = [...code]
    .map(
      (digit) =>
        `<td style="padding:0 4px"><div style="width:44px;height:56px;line-height:56px;border-radius:12px;background:#1b1530;border:1px solid #3b2f66;color:#ffffff;font-size:28px;font-weight:700;text-align:center;font-family:'SFMono-Regular',Menlo,Consolas,monospace">${digit}</div></td>`,
    )
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
<div style="display:none;max-height:0;overflow:hidden">Your code is ${code}. It works for ${ttlMinutes} minutes.</div>
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
<p style="margin:0">Here is your confirmation code. Enter it to finish setting up your account.</p>
</td></tr>
<tr><td align="center" style="padding:28px 24px">
<table role="presentation" cellpadding="0" cellspacing="0" aria-label="Confirmation code ${code}"><tr>${digits}</tr></table>
</td></tr>
<tr><td align="center" style="padding:0 32px 28px">
<a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#7c3aed;color:#ffffff;font-weight:600;font-size:15px;text-decoration:none">Open the confirmation page</a>
</td></tr>
<tr><td style="padding:0 32px 32px;font-size:14px;line-height:21px;color:#a79fc4">
<p style="margin:0 0 8px">The code works once, for ${ttlMinutes} minutes.</p>
<p style="margin:0">Did not ask for it? Ignore this e-mail: nothing changes without the code.</p>
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
