import type { Database } from '@storyreel/db/client'
import { and, asc, count, eq, isNull, lt, or } from '@storyreel/db/operators'
import { apiKeys, users } from '@storyreel/db/schema'

export function createApiKeysRepository(defaultDb: Database) {
  const listed = {
    id: apiKeys.id,
    name: apiKeys.name,
    prefix: apiKeys.prefix,
    scopes: apiKeys.scopes,
    createdAt: apiKeys.createdAt,
    lastUsedAt: apiKeys.lastUsedAt,
  }

  return {
    async create(
      key: { userId: string; name: string; prefix: string; tokenHash: string; scopes: string[]; createdAt: Date },
      db: Database = defaultDb,
    ) {
      const [row] = await db.insert(apiKeys).values(key).returning(listed)
      if (!row) throw new Error('The new API key was not returned')
      return row
    },

    /** An account's keys, oldest first, so a new one joins the end of the list. */
    async listForUser(userId: string, db: Database = defaultDb) {
      return db
        .select(listed)
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
    },

    async countForUser(userId: string, db: Database = defaultDb): Promise<number> {
      const [row] = await db.select({ keys: count() }).from(apiKeys).where(eq(apiKeys.userId, userId))
      return row?.keys ?? 0
    },

    /** The key with this hash and its user, unless the account is disabled (a deleted one takes its keys along). */
    async findActive(tokenHash: string, db: Database = defaultDb) {
      const [row] = await db
        .select({ id: apiKeys.id, scopes: apiKeys.scopes, lastUsedAt: apiKeys.lastUsedAt, user: users })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(eq(apiKeys.tokenHash, tokenHash), eq(users.disabled, false)))
        .limit(1)
      return row
    },

    /** Records a use; a row already touched after `notBefore` is left alone (another instance got there). */
    async touch(id: string, at: Date, notBefore: Date, db: Database = defaultDb) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, notBefore))))
    },

    /** Deletes one of an account's keys; its token hash, or undefined when it is not one of theirs. */
    async deleteForUser(userId: string, id: string, db: Database = defaultDb): Promise<string | undefined> {
      const [row] = await db
        .delete(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning({ tokenHash: apiKeys.tokenHash })
      return row?.tokenHash
    },
  }
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>
