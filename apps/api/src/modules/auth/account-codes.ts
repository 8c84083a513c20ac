import {
  CONFIRMATION_CODE_MAX_ATTEMPTS,
  CONFIRMATION_CODE_RESEND_SECONDS,
  CONFIRMATION_CODE_SENDS_PER_HOUR,
  CONFIRMATION_CODE_TTL_MINUTES,
  CONFIRMATION_CODE_WRONG_TRIES_PER_DAY,
} from '@storyreel/contracts/auth'
import type { Database } from '@storyreel/db/client'

import { AppError } from '#src/errors.ts'

import type { EmailCodePurpose, EmailCodeScope, EmailCodesRepository } from './email-codes.repository.ts'
import { createConfirmationCode, hashConfirmationCode, isConfirmationCodeMatch } from './token.ts'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

export const CODE_INVALID = (message = 'This code is not right. Check the latest e-mail or ask for a new code.') =>
  new AppError('EMAIL_CODE_INVALID', 400, message)
const CODE_EXHAUSTED = () =>
  new AppError('EMAIL_CODE_EXHAUSTED', 410, 'Too many wrong tries for this code. Ask for a new one.')
const CODE_EXPIRED = () => new AppError('EMAIL_CODE_EXPIRED', 410, 'This code has expired. Ask for a new one.')

export type RedeemedCode = { id: string; email: string; userId: string | null }

/** A code to send, or none yet and for how long (the flows asked for by address keep that to themselves). */
export type IssuedCode = { code: string } | { code: undefined; retryAfterSeconds: number }

/** For the flows of a signed-in account, where the wait is the account's own business: a 429 that says it. */
export function requireIssued(issued: IssuedCode): string {
  if (issued.code !== undefined) return issued.code
  const seconds = issued.retryAfterSeconds
  const wait =
    seconds < 120
      ? `${seconds} seconds`
      : seconds < 2 * 3600
        ? `${Math.ceil(seconds / 60)} minutes`
        : `${Math.ceil(seconds / 3600)} hours`
  throw new AppError('CODE_COOLDOWN', 429, `A code was sent a moment ago. You can ask for another in ${wait}.`, {
    retryAfterSeconds: seconds,
  })
}

/**
 * The six-digit codes of every account flow, each kept to its purpose: 10 minutes, one use, dead after five
 * wrong tries, one a minute and five an hour per scope, and none for a day after ten wrong tries (decisions
 * 011 and 041). Every rule holds under concurrency:
 * sends pass one at a time through a lock on their scope, and each try is reserved before it is compared.
 */
export function createAccountCodes({
  db,
  emailCodes,
  now,
}: {
  db: Database
  emailCodes: EmailCodesRepository
  now: () => Date
}) {
  return {
    /**
     * A new code for the scope when the cooldown, the hourly cap and the day's wrong tries allow; otherwise
     * how long until one may be sent. The same queries run whatever the answer, and whether or not an
     * account stands behind the address.
     */
    async issue({
      purpose,
      email,
      userId = null,
    }: {
      purpose: EmailCodePurpose
      /** Where the code goes. */
      email: string
      /** Set for the flows of a signed-in account: its codes count together, whatever address they go to. */
      userId?: string | null
    }): Promise<IssuedCode> {
      const scope: EmailCodeScope = userId ? { purpose, userId } : { purpose, email }
      const at = now()
      const atMs = at.getTime()
      const code = createConfirmationCode()
      return db.transaction(async (tx) => {
        await emailCodes.lockScope(scope, tx)
        const [hour, day] = await Promise.all([
          emailCodes.getSendHistory(scope, new Date(atMs - HOUR_MS), tx),
          emailCodes.getSendHistory(scope, new Date(atMs - DAY_MS), tx),
        ])
        const waits = [
          hour.lastSentAt ? hour.lastSentAt.getTime() + CONFIRMATION_CODE_RESEND_SECONDS * 1000 - atMs : 0,
          hour.sent >= CONFIRMATION_CODE_SENDS_PER_HOUR && hour.firstSentAt
            ? hour.firstSentAt.getTime() + HOUR_MS - atMs
            : 0,
          day.wrongTries >= CONFIRMATION_CODE_WRONG_TRIES_PER_DAY && day.firstWrongAt
            ? day.firstWrongAt.getTime() + DAY_MS - atMs
            : 0,
        ]
        const waitMs = Math.max(...waits)
        if (waitMs > 0) return { code: undefined, retryAfterSeconds: Math.ceil(waitMs / 1000) }
        await emailCodes.create(
          {
            email,
            purpose,
            userId,
            codeHash: hashConfirmationCode(code),
            expiresAt: new Date(atMs + CONFIRMATION_CODE_TTL_MINUTES * MINUTE_MS),
            // The service's clock, not the database's, so the cooldown and the hourly cap use one time source.
            createdAt: at,
          },
          tx,
        )
        return { code }
      })
    },

    /**
     * Checks a code against the newest of its scope and returns it, not yet used: the caller marks it used
     * in the transaction that acts on it (`markUsed`), so it works once. Throws the code errors otherwise.
     */
    async check(scope: EmailCodeScope, code: string): Promise<RedeemedCode> {
      const stored = await emailCodes.findNewest(scope)
      if (!stored || stored.usedAt) throw CODE_INVALID()
      if (stored.expiresAt <= now()) throw CODE_EXPIRED()
      // A try is taken before the code is compared, in one conditional update, so no number of parallel
      // guesses gets more than the allowed comparisons.
      const attempts = await emailCodes.reserveAttempt(stored.id, CONFIRMATION_CODE_MAX_ATTEMPTS)
      if (attempts === undefined) throw CODE_EXHAUSTED()
      if (!isConfirmationCodeMatch(stored.codeHash, code)) {
        const left = CONFIRMATION_CODE_MAX_ATTEMPTS - attempts
        if (left <= 0) throw CODE_EXHAUSTED()
        throw CODE_INVALID(`This code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`)
      }
      return { id: stored.id, email: stored.email, userId: stored.userId }
    },

    /** In the transaction that acts on the code; throws when a parallel request used it first. */
    async markUsed(id: string, tx: Database): Promise<void> {
      if (!(await emailCodes.markUsed(id, tx))) throw CODE_INVALID()
    },
  }
}

export type AccountCodes = ReturnType<typeof createAccountCodes>
