import type { Database } from '@storyreel/db/client'
import { and, count, eq, gt, isNull, lt, or } from '@storyreel/db/operators'
import { sessions, users } from '@storyreel/db/schema'

export type SessionKind = (typeof sessions.$inferSelect)['kind']

export function createSessionsRepository(defaultDb: Database) {
  return {
    async create(
      session: { userId: string; tokenHash: string; kind: SessionKind; expiresAt: Date },
      db: Database = defaultDb,
    ) {
      await db.insert(sessions).values(session)
    },

    /** The live session for a token hash with its user: not revoked, not expired, user not disabled. */
    async findActive(tokenHash: string, now: Date, db: Database = defaultDb) {
      const [row] = await db
        .select({ sessionId: sessions.id, kind: sessions.kind, expiresAt: sessions.expiresAt, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            eq(users.disabled, false),
          ),
        )
        .limit(1)
      return row
    },

    async revoke(sessionId: string, db: Database = defaultDb) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    },

    async revokeAllForUser(userId: string, db: Database = defaultDb) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    },

    async countActive(now: Date, db: Database = defaultDb): Promise<number> {
      const [row] = await db
        .select({ active: count() })
        .from(sessions)
        .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      return row?.active ?? 0
    },

    /** Housekeeping: sessions past their expiry or revoked long ago are dead weight. */
    async deleteStale(before: Date, db: Database = defaultDb) {
      await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
    },
  }
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>
