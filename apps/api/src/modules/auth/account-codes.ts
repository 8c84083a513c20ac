import {
  CONFIRMATION_CODE_MAX_ATTEMPTS,
  CONFIRMATION_CODE_RESEND_SECONDS,
  CONFIRMATION_CODE_SENDS_PER_HOUR,
  CONFIRMATION_CODE_TTL_MINUTES,
} from '@storyreel/contracts/auth'
import type { Database } from '@storyreel/db/client'

import { AppError } from '#src/errors.ts'

import type { EmailCodePurpose, EmailCodeScope, EmailCodesRepository } from './email-codes.repository.ts'
import { createConfirmationCode, hashConfirmationCode, isConfirmationCodeMatch } from './token.ts'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

export const CODE_INVALID = (message = 'This code is not right. Check the latest e-mail or ask for a new code.') =>
  new AppError('EMAIL_CODE_INVALID', 400, message)
const CODE_EXHAUSTED = () =>
  new AppError('EMAIL_CODE_EXHAUSTED', 410, 'Too many wrong tries for this code. Ask for a new one.')
const CODE_EXPIRED = () => new AppError('EMAIL_CODE_EXPIRED', 410, 'This code has expired. Ask for a new one.')

export type RedeemedCode = { id: string; email: string; userId: string | null }

/**
 * The six-digit codes of every account flow, each kept to its purpose: 10 minutes, one use, dead after five
 * wrong tries, one a minute and five an hour per scope (decision 011). Every rule holds under concurrency:
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
     * A new code for the scope when the cooldown and the hourly cap allow, else undefined. The same queries
     * run whatever the answer, and whether or not an account stands behind the address.
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
    }): Promise<string | undefined> {
      const scope: EmailCodeScope = userId ? { purpose, userId } : { purpose, email }
      const at = now()
      const code = createConfirmationCode()
      return db.transaction(async (tx) => {
        await emailCodes.lockScope(scope, tx)
        const history = await emailCodes.getSendHistory(scope, new Date(at.getTime() - HOUR_MS), tx)
        const sinceLast = history.lastSentAt ? at.getTime() - history.lastSentAt.getTime() : Number.POSITIVE_INFINITY
        if (history.sent >= CONFIRMATION_CODE_SENDS_PER_HOUR) return undefined
        if (sinceLast < CONFIRMATION_CODE_RESEND_SECONDS * 1000) return undefined
        await emailCodes.create(
          {
            email,
            purpose,
            userId,
            codeHash: hashConfirmationCode(code),
            expiresAt: new Date(at.getTime() + CONFIRMATION_CODE_TTL_MINUTES * MINUTE_MS),
            // The service's clock, not the database's, so the cooldown and the hourly cap use one time source.
            createdAt: at,
          },
          tx,
        )
        return code
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
