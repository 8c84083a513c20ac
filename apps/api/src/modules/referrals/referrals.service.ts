import { createHash } from 'node:crypto'

import type { RedeemCodeStats } from '@storyreel/contracts/admin'
import { BRAND } from '@storyreel/contracts/brand'
import type { ReferralCode } from '@storyreel/contracts/referral'
import type { Database } from '@storyreel/db/client'
import { isUniqueViolation } from '@storyreel/db/errors'

import { AppError } from '#src/errors.ts'

import type { RedeemCodesRepository } from './redeem-codes.repository.ts'
import type { ReferralClaimsRepository } from './referral-claims.repository.ts'

const POOL_EMPTY = () =>
  new AppError('REDEEM_CODES_EMPTY', 404, 'All Free Week codes have been given out for now. Please check back later.')
const ADDRESS_LIMIT_REACHED = () =>
  new AppError(
    'REDEEM_CODES_DAILY_LIMIT',
    429,
    'Free Week codes for your network are used up for today. Please try again tomorrow.',
  )

export function toReferralCode(code: string): ReferralCode {
  return { code, redeem_url: `${BRAND.googlePlay.redeemUrl}?code=${encodeURIComponent(code)}` }
}

/** One UTC day, as the `date` the claim counts are kept by. */
const toUtcDay = (at: Date) => at.toISOString().slice(0, 10)

/**
 * The Free Week pool of Google Play redeem codes: one code per visitor, never one code for two, and at most
 * `claimsPerAddressPerDay` new codes a day to one network address (decision 021).
 */
export function createReferralsService({
  repository,
  claims,
  db,
  claimsPerAddressPerDay,
  now = () => new Date(),
}: {
  repository: RedeemCodesRepository
  claims: ReferralClaimsRepository
  db: Database
  claimsPerAddressPerDay: number
  now?: () => Date
}) {
  let prunedDay = ''
  return {
    /**
     * The visitor's code: the one they already hold, or the oldest unused one, claimed for them now if
     * their address has not taken the day's share yet.
     */
    async getCodeForVisitor(visitorKey: string, address: string): Promise<ReferralCode> {
      const held = await repository.findByVisitor(visitorKey)
      if (held) return toReferralCode(held)
      const day = toUtcDay(now())
      if (prunedDay !== day) {
        prunedDay = day
        await claims.deleteBefore(day)
      }
      const addressHash = createHash('sha256').update(address).digest('base64url')
      let claimed: string | undefined
      try {
        // The address's count and the code change hands together: a claim that finds the pool empty, or
        // loses to the same visitor's parallel request, does not use up the address's share.
        claimed = await db.transaction(async (tx) => {
          if ((await claims.reserve({ addressHash, day, cap: claimsPerAddressPerDay }, tx)) === undefined) {
            throw ADDRESS_LIMIT_REACHED()
          }
          const code = await repository.claim(visitorKey, tx)
          if (!code) throw POOL_EMPTY()
          return code
        })
      } catch (error) {
        // The same visitor's parallel request claimed first; that code is theirs.
        if (!isUniqueViolation(error) && !(error instanceof AppError && error.code === 'REDEEM_CODES_EMPTY')) {
          throw error
        }
      }
      // Re-read also when the pool looked empty: a parallel request may have taken the last code for us.
      const code = claimed ?? (await repository.findByVisitor(visitorKey))
      if (!code) throw POOL_EMPTY()
      return toReferralCode(code)
    },

    /** Adds the codes not in the pool yet and returns how many were new; inside the caller's transaction. */
    addCodes: (codes: readonly string[], db?: Database) => repository.insertMany(codes, db),

    async getStats(db?: Database): Promise<RedeemCodeStats> {
      const { total, claimed } = await repository.getStats(db)
      return { total, claimed, left: total - claimed }
    },
  }
}

export type ReferralsService = ReturnType<typeof createReferralsService>
