import type { RedeemCodeStats } from '@storyreel/contracts/admin'
import { BRAND } from '@storyreel/contracts/brand'
import type { ReferralCode } from '@storyreel/contracts/referral'
import type { Database } from '@storyreel/db/client'
import { isUniqueViolation } from '@storyreel/db/errors'

import { AppError } from '#src/errors.ts'

import type { RedeemCodesRepository } from './redeem-codes.repository.ts'

export function toReferralCode(code: string): ReferralCode {
  return { code, redeem_url: `${BRAND.googlePlay.redeemUrl}?code=${encodeURIComponent(code)}` }
}

/** The Free Week pool of Google Play redeem codes: one code per visitor, never one code for two. */
export function createReferralsService({ repository }: { repository: RedeemCodesRepository }) {
  return {
    /** The visitor's code: the one they already hold, or the oldest unused one, claimed for them now. */
    async getCodeForVisitor(visitorKey: string): Promise<ReferralCode> {
      const held = await repository.findByVisitor(visitorKey)
      if (held) return toReferralCode(held)
      let claimed: string | undefined
      try {
        claimed = await repository.claim(visitorKey)
      } catch (error) {
        // The same visitor's parallel request claimed first; that code is theirs.
        if (!isUniqueViolation(error)) throw error
      }
      // Re-read also when the pool looked empty: a parallel request may have taken the last code for us.
      const code = claimed ?? (await repository.findByVisitor(visitorKey))
      if (!code) {
        throw new AppError(
          'REDEEM_CODES_EMPTY',
          404,
          'All Free Week codes have been given out for now. Please check back later.',
        )
      }
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
