import type { Database } from '@storyreel/db/client'
import { lt, sql } from '@storyreel/db/operators'
import { referralClaims } from '@storyreel/db/schema'

/** Every query on `referral_claims`. */
export function createReferralClaimsRepository(defaultDb: Database) {
  return {
    /**
     * Counts one claim for the address and day in a single conditional upsert; undefined once the day's
     * `cap` is reached. Concurrent claims queue on the row, so no number of them passes the cap.
     */
    async reserve(
      { addressHash, day, cap }: { addressHash: string; day: string; cap: number },
      db: Database = defaultDb,
    ): Promise<number | undefined> {
      if (cap < 1) return undefined
      const [row] = await db
        .insert(referralClaims)
        .values({ addressHash, day, claims: 1 })
        .onConflictDoUpdate({
          target: [referralClaims.addressHash, referralClaims.day],
          set: { claims: sql`${referralClaims.claims} + 1` },
          setWhere: sql`${referralClaims.claims} < ${cap}`,
        })
        .returning({ claims: referralClaims.claims })
      return row?.claims
    },

    /** Drops the counts of days before `day`: they bound nothing any more. */
    async deleteBefore(day: string, db: Database = defaultDb): Promise<void> {
      await db.delete(referralClaims).where(lt(referralClaims.day, day))
    },
  }
}

export type ReferralClaimsRepository = ReturnType<typeof createReferralClaimsRepository>
