import type { Database } from '@storyreel/db/client'
import { and, count, desc, eq, gt, isNull, lt, ne, or, sql } from '@storyreel/db/operators'
import { sessions, users } from '@storyreel/db/schema'

export type SessionKind = (typeof sessions.$inferSelect)['kind']

export function createSessionsRepository(defaultDb: Database) {
  const live = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now))

  return {
    async create(
      session: {
        userId: string
        tokenHash: string
        kind: SessionKind
        expiresAt: Date
        userAgent: string | null
        lastUsedAt: Date
      },
      db: Database = defaultDb,
    ) {
      await db.insert(sessions).values(session)
    },

    /** The live session for a token hash with its user: not revoked, not expired, user not disabled. */
    async findActive(tokenHash: string, now: Date, db: Database = defaultDb) {
      const [row] = await db
        .select({
          sessionId: sessions.id,
          kind: sessions.kind,
          expiresAt: sessions.expiresAt,
          lastUsedAt: sessions.lastUsedAt,
          user: users,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), live(now), eq(users.disabled, false)))
        .limit(1)
      return row
    },

    /** Whether the session is still live: not revoked, not expired. */
    async isLive(sessionId: string, now: Date, db: Database = defaultDb): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), live(now)))
        .limit(1)
      return row !== undefined
    },

    /** Records a use; a row already touched after `notBefore` is left alone (another instance got there). */
    async touch(sessionId: string, at: Date, notBefore: Date, db: Database = defaultDb) {
      await db
        .update(sessions)
        .set({ lastUsedAt: at })
        .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastUsedAt), lt(sessions.lastUsedAt, notBefore))))
    },

    /** An account's live sessions, the most recently used first, `limit` at most. */
    async listActiveForUser(userId: string, now: Date, limit: number, db: Database = defaultDb) {
      return (
        db
          .select({
            id: sessions.id,
            kind: sessions.kind,
            userAgent: sessions.userAgent,
            createdAt: sessions.createdAt,
            lastUsedAt: sessions.lastUsedAt,
            expiresAt: sessions.expiresAt,
          })
          .from(sessions)
          .where(and(eq(sessions.userId, userId), live(now)))
          // Sessions from before last-use was recorded have none: their sign-in time stands in.
          .orderBy(desc(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`), desc(sessions.id))
          .limit(limit)
      )
    },

    async revoke(sessionId: string, db: Database = defaultDb) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    },

    /** Revokes the account's session with this token hash, if it has one; whether it did. */
    async revokeByTokenHash(userId: string, tokenHash: string, db: Database = defaultDb): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id })
      return rows.length > 0
    },

    /** Revokes one of an account's sessions; its token hash, or undefined when it is not a live one of theirs. */
    async revokeForUser(userId: string, sessionId: string, db: Database = defaultDb): Promise<string | undefined> {
      const [row] = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ tokenHash: sessions.tokenHash })
      return row?.tokenHash
    },

    /** Revokes every session of the account but `keepSessionId` (all of them without it); returns how many. */
    async revokeAllForUser(userId: string, db: Database = defaultDb, keepSessionId?: string): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
          ),
        )
        .returning({ id: sessions.id })
      return rows.length
    },

    async countActive(now: Date, db: Database = defaultDb): Promise<number> {
      const [row] = await db.select({ active: count() }).from(sessions).where(live(now))
      return row?.active ?? 0
    },

    /** Housekeeping: sessions past their expiry or revoked long ago are dead weight. */
    async deleteStale(before: Date, db: Database = defaultDb) {
      await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
    },
  }
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>
