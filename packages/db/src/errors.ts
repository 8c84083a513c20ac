const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
])
// SQLSTATE class 08 (connection exception) and 57P01-57P03 (the server is shutting down or starting).
// 57014 (query_canceled) is what the server answers when a statement outlives statement_timeout.
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1-3]|57014)$/
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|connection is closed|PGlite is closed|Client has encountered a connection error|Query read timeout/i

/** A database answer that did not come within the configured bound (the server hangs, or is far too slow). */
export class DatabaseTimeoutError extends Error {
  readonly code = 'DATABASE_TIMEOUT'
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms`)
  }
}

/**
 * True when a query failed because the database could not be reached (as opposed to a bad query), so the
 * API can answer 503 and let the pool reconnect once the database is back. Drizzle wraps driver errors in
 * `cause`, so the whole chain is checked.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true
    if (current instanceof DatabaseTimeoutError || UNAVAILABLE_MESSAGE.test(current.message)) return true
    current = current.cause
  }
  return false
}

/** PostgreSQL's unique_violation, for "this e-mail is taken" and claim races. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if ((current as Error & { code?: unknown }).code === '23505') return true
    current = current.cause
  }
  return false
}
