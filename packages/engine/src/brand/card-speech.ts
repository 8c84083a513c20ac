import type { BrandClosingCard } from './brand-overlay.ts'

/** A run of digits with the separators a phone number is written with, holding at least six digits. */
const PHONE_NUMBER = /\+?[\d(][\d\s().\-\u2013]{4,}\d/gu
const PHONE_MIN_DIGITS = 6

/**
 * A phone number as a voice should read it: digit by digit, in the groups it is written in, with a pause between
 * groups ("555-0102" → "5 5 5, 0 1 0 2"), rather than as the number "five hundred and fifty-five". A leading
 * plus is kept for the voice to say in its own language.
 */
function speakPhoneNumber(number: string): string {
  const groups = number.match(/\d+/gu) ?? []
  const spoken = groups.map((group) => [...group].join(' ')).join(', ')
  return number.trimStart().startsWith('+') ? `+${spoken}` : spoken
}

/**
 * A closing card's contact as the voice reads it: a web address as written, without its `https://` or a trailing
 * slash; each phone number in it digit by digit, in its groups.
 */
export function getSpokenContact(contact: string): string {
  const address = contact
    .trim()
    .replace(/^https?:\/\//iu, '')
    .replace(/\/$/u, '')
  return address.replace(PHONE_NUMBER, (run) =>
    (run.match(/\d/gu)?.length ?? 0) >= PHONE_MIN_DIGITS ? speakPhoneNumber(run) : run,
  )
}

/** What the voice says over a voiced closing card: the call to action, then the contact. */
export function getCardSpeech(card: Pick<BrandClosingCard, 'callToAction' | 'contact'>): string {
  const action = card.callToAction.trim()
  const contact = getSpokenContact(card.contact)
  if (!contact) return action
  // A full stop between the two, so the voice pauses before the address.
  return `${/[.!?…]$/u.test(action) ? action : `${action}.`} ${contact}`
}
