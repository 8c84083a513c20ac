/** A token that is not a string, lacks a part, or has bad base64 or JSON is an invalid token. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError'
}

function decodeBase64Url(part: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw new InvalidTokenError('Invalid token specified: invalid base64')
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=')
  let binary: string
  try {
    binary = atob(base64)
  } catch {
    throw new InvalidTokenError('Invalid token specified: invalid base64')
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new InvalidTokenError('Invalid token specified: invalid base64')
  }
}

/**
 * Reads a JWT's payload on the client, without verifying it: the server verifies every token it is sent.
 * The client only needs the claims (e-mail, subject, name) to build the sign-in payloads.
 */
export function decodeJwtPayload<T extends Record<string, unknown> = Record<string, unknown>>(token: unknown): T {
  if (typeof token !== 'string') throw new InvalidTokenError('Invalid token specified: must be a string')
  const parts = token.split('.')
  const payload = parts[1]
  if (parts.length !== 3 || !payload) throw new InvalidTokenError('Invalid token specified: missing part #2')
  const json = decodeBase64Url(payload)
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    throw new InvalidTokenError('Invalid token specified: invalid json')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InvalidTokenError('Invalid token specified: invalid json')
  }
  return parsed as T
}
