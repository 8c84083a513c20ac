/**
 * The figures of sign-up and confirmation, apart from the schemas so a page can show them without bundling
 * the validator (auth.ts re-exports them).
 */

/** Password length bounds (OWASP ASVS 2.1): shown as inline rules in the web app, enforced by the API. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

/** Confirmation codes: six digits, valid ten minutes, dead after five wrong tries (decision 011). */
export const CONFIRMATION_CODE_LENGTH = 6
export const CONFIRMATION_CODE_TTL_MINUTES = 10
export const CONFIRMATION_CODE_MAX_ATTEMPTS = 5
/** The web app counts its resend cooldown from the stored last-sent time with the same figure. */
export const CONFIRMATION_CODE_RESEND_SECONDS = 60
export const CONFIRMATION_CODE_SENDS_PER_HOUR = 5
/**
 * Wrong tries one address (or account) may make across all its codes of one kind in a day, before no new
 * code is sent until the day is over: five tries a code must not become five tries an hour without end.
 */
export const CONFIRMATION_CODE_WRONG_TRIES_PER_DAY = 10
