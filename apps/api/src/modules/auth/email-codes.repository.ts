import type { Database } from '@storyreel/db/client'
import { and, count, desc, eq, gte, isNull, lt, sql } from '@storyreel/db/operators'
import { emailCodes } from '@storyreel/db/schema'

export function createEmailCodesRepository(defaultDb: Database) {
  return {
    async create(
      code: { email: string; codeHash: string; expiresAt: Date; createdAt: Date },
      db: Database = defaultDb,
    ) {
      await db.insert(emailCodes).values(code)
    },

    /** How many codes went to this e-mail since `since`, and when the newest one was made. */
    async getSendHistory(email: string, since: Date, db: Database = defaultDb) {
      const [row] = await db
        .select({ sent: count(), lastSentAt: sql<Date | null>`max(${emailCodes.createdAt})` })
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), gte(emailCodes.createdAt, since)))
      const last = row?.lastSentAt
      return { sent: row?.sent ?? 0, lastSentAt: last ? new Date(last) : undefined }
    },

    /** Only the newest code counts: sending a new one retires the earlier ones. */
    async findNewest(email: string, db: Database = defaultDb) {
      const [row] = await db
        .select()
        .from(emailCodes)
        .where(eq(emailCodes.email, email))
        .orderBy(desc(emailCodes.createdAt))
        .limit(1)
      return row
    },

    /**
     * Reserves one comparison of the code in a single conditional update, before the code is compared: of
     * any number of concurrent tries, at most `maxAttempts` ever get a number back. Undefined when the code
     * is used up (every try taken, or already used).
     */
    async reserveAttempt(id: string, maxAttempts: number, db: Database = defaultDb): Promise<number | undefined> {
      const [row] = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(and(eq(emailCodes.id, id), lt(emailCodes.attempts, maxAttempts), isNull(emailCodes.usedAt)))
        .returning({ attempts: emailCodes.attempts })
      return row?.attempts
    },

    /** Marks the code used; false when another request used it first, so a code works exactly once. */
    async markUsed(id: string, db: Database = defaultDb): Promise<boolean> {
      const rows = await db
        .update(emailCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
        .returning({ id: emailCodes.id })
      return rows.length > 0
    },

    async deleteForEmail(email: string, db: Database = defaultDb) {
      await db.delete(emailCodes).where(eq(emailCodes.email, email))
    },

    async deleteOlderThan(before: Date, db: Database = defaultDb) {
      await db.delete(emailCodes).where(lt(emailCodes.createdAt, before))
    },
  }
}

export type EmailCodesRepository = ReturnType<typeof createEmailCodesRepository>
