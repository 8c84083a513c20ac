import type { Database } from '@storyreel/db/client'
import { and, eq, lt, or, sql } from '@storyreel/db/operators'
import { idempotencyKeys } from '@storyreel/db/schema'

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect

export function createIdempotencyKeysRepository(defaultDb: Database) {
  const where = (userId: string, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))

  return {
    /**
     * Takes the key for a call, in its own statement so the row is visible at once to concurrent calls: true
     * for the call that inserted it, false when another call holds it (the primary key decides).
     */
    async claim(row: { userId: string; key: string; requestHash: string }, db: Database = defaultDb) {
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ ...row, status: 'pending' })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      return inserted.length > 0
    },

    async find(userId: string, key: string, db: Database = defaultDb): Promise<IdempotencyKeyRow | undefined> {
      const [row] = await db.select().from(idempotencyKeys).where(where(userId, key))
      return row
    },

    async complete(
      userId: string,
      key: string,
      answer: { statusCode: number; response: unknown },
      db: Database = defaultDb,
    ) {
      await db
        .update(idempotencyKeys)
        .set({ status: 'done', statusCode: answer.statusCode, response: answer.response })
        .where(where(userId, key))
    },

    /** Lets the key go, so a retry runs the call again (after a failure that may pass). */
    async release(userId: string, key: string, db: Database = defaultDb) {
      await db.delete(idempotencyKeys).where(and(where(userId, key), eq(idempotencyKeys.status, 'pending')))
    },

    /**
     * Deletes answers older than `keepHours`, and calls still pending after `pendingMinutes` (their process
     * died), aged by the database's clock, which stamped them.
     */
    async purge(
      { keepHours, pendingMinutes }: { keepHours: number; pendingMinutes: number },
      db: Database = defaultDb,
    ) {
      await db
        .delete(idempotencyKeys)
        .where(
          or(
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${keepHours}::int)`),
            and(
              eq(idempotencyKeys.status, 'pending'),
              lt(idempotencyKeys.createdAt, sql`now() - make_interval(mins => ${pendingMinutes}::int)`),
            ),
          ),
        )
    },
  }
}

export type IdempotencyKeysRepository = ReturnType<typeof createIdempotencyKeysRepository>
