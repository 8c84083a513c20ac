import { createHash, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

import { API_KEY_PREFIX } from '@storyreel/contracts/api-keys'

/** 256 random bits, URL-safe; only its SHA-256 is stored (decision 011). */
export function createAccessToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashAccessToken(token) }
}

/** Every authenticated call hashes its token: the one-shot `hash` costs half of a `createHash` object. */
export function hashAccessToken(token: string): string {
  return hash('sha256', token, 'hex')
}

/** `srk_` and 240 random bits: 44 characters, never the 43 of a session token, so the two cannot be confused. */
const API_KEY_LENGTH = API_KEY_PREFIX.length + 40
/** What the owner sees of a key: its tag and eight random characters. */
const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 8

/** A new API key, its SHA-256 (all that is stored, as for session tokens) and the prefix shown in lists. */
export function createApiKey(): { key: string; tokenHash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(30).toString('base64url')}`
  return { key, tokenHash: hashAccessToken(key), prefix: key.slice(0, API_KEY_VISIBLE_LENGTH) }
}

/** Whether a bearer token is an API key rather than a session token. */
export function isApiKey(token: string): boolean {
  return token.length === API_KEY_LENGTH && token.startsWith(API_KEY_PREFIX)
}

/** Six digits from the CSPRNG, zero-padded, so every code from 000000 to 999999 is equally likely. */
export function createConfirmationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

/**
 * Codes are stored as `salt.sha256(salt:code)`. A fast hash is enough here: a code is worth something for
 * ten minutes and five tries, so a stolen table gives nothing worth cracking, and confirm stays cheap.
 */
export function hashConfirmationCode(code: string): string {
  const salt = randomBytes(16).toString('hex')
  return `${salt}.${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`
}

export function isConfirmationCodeMatch(stored: string, code: string): boolean {
  const [salt, expected] = stored.split('.')
  if (!salt || !expected) return false
  const actual = createHash('sha256').update(`${salt}:${code}`).digest()
  return timingSafeEqual(actual, Buffer.from(expected, 'hex'))
}
