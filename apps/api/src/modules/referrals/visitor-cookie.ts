import { randomBytes } from 'node:crypto'

export const VISITOR_COOKIE = 'sr_visitor'
const VISITOR_COOKIE_PATH = '/api/referral-code'
const VISITOR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60
/** 128 random bits in base64url. */
const VISITOR_KEY = /^[A-Za-z0-9_-]{22}$/

export function createVisitorKey(): string {
  return randomBytes(16).toString('base64url')
}

/**
 * The visitor key from a Cookie header (RFC 6265 §5.4: `name=value` pairs split by `;`), or undefined
 * when it is missing or not one we could have issued, so a forged value never reaches the database.
 */
export function getVisitorKey(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=')
    if (separator === -1 || pair.slice(0, separator).trim() !== VISITOR_COOKIE) continue
    const value = pair
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
    if (VISITOR_KEY.test(value)) return value
  }
  return undefined
}

/** Sent only to this route, unreadable by scripts, and kept a year so a visitor keeps their code. */
export function serializeVisitorCookie(visitorKey: string, { secure }: { secure: boolean }): string {
  return [
    `${VISITOR_COOKIE}=${visitorKey}`,
    `Path=${VISITOR_COOKIE_PATH}`,
    `Max-Age=${VISITOR_COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ')
}
