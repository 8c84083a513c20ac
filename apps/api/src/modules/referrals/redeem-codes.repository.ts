import type { Database } from '@storyreel/db/client'
import { count, eq, sql } from '@storyreel/db/operators'
import { redeemCodes } from '@storyreel/db/schema'

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters, and short statements for PGlite. */
const INSERT_BATCH = 1000

/** Every query on `redeem_codes`. */
export function createRedeemCodesRepository(defaultDb: Database) {
  return {
    async findByVisitor(visitorKey: string, db: Database = defaultDb): Promise<string | undefined> {
      const [row] = await db
        .select({ code: redeemCodes.code })
        .from(redeemCodes)
        .where(eq(redeemCodes.visitorKey, visitorKey))
        .limit(1)
      return row?.code
    },

    /**
     * Hands the oldest unused code to the visitor in one statement. SKIP LOCKED lets concurrent claims
     * take different rows instead of queueing on the same one, and the outer `visitor_key is null` is
     * re-checked against the newest row version, so a code is never handed out twice. A second claim by
     * the same visitor fails on the unique visitor_key; the caller reads the first one's code.
     */
    async claim(visitorKey: string, db: Database = defaultDb): Promise<string | undefined> {
      const rows = await db
        .update(redeemCodes)
        .set({ visitorKey, claimedAt: sql`now()` })
        .where(
          sql`${redeemCodes.id} = (
            select ${redeemCodes.id} from ${redeemCodes}
            where ${redeemCodes.visitorKey} is null
            order by ${redeemCodes.createdAt}, ${redeemCodes.id}
            limit 1
            for update skip locked
          ) and ${redeemCodes.visitorKey} is null`,
        )
        .returning({ code: redeemCodes.code })
      return rows[0]?.code
    },

    /** Inserts the codes not in the pool yet; returns how many were new. */
    async insertMany(codes: readonly string[], db: Database = defaultDb): Promise<number> {
      let added = 0
      for (let start = 0; start < codes.length; start += INSERT_BATCH) {
        const rows = await db
          .insert(redeemCodes)
          .values(codes.slice(start, start + INSERT_BATCH).map((code) => ({ code })))
          .onConflictDoNothing({ target: redeemCodes.code })
          .returning({ id: redeemCodes.id })
        added += rows.length
      }
      return added
    },

    async getStats(db: Database = defaultDb): Promise<{ total: number; claimed: number }> {
      const [row] = await db
        .select({
          total: count(),
          claimed: count(redeemCodes.visitorKey),
        })
        .from(redeemCodes)
      return row ?? { total: 0, claimed: 0 }
    },
  }
}

export type RedeemCodesRepository = ReturnType<typeof createRedeemCodesRepository>
