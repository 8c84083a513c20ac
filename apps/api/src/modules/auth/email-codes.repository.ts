import type { Database } from '@storyreel/db/client'
import { and, count, desc, eq, gte, isNull, lt, sql } from '@storyreel/db/operators'
import { emailCodes, type EMAIL_CODE_PURPOSES } from '@storyreel/db/schema'

export type EmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number]

/**
 * Which codes count together: those asked for by address (sign-up, password reset: no session, perhaps no
 * account) or those a signed-in account asked for (e-mail change, re-authentication).
 */
export type EmailCodeScope =
  | { purpose: EmailCodePurpose; email: string; userId?: undefined }
  | { purpose: EmailCodePurpose; userId: string; email?: undefined }

function matchScope(scope: EmailCodeScope) {
  return and(
    eq(emailCodes.purpose, scope.purpose),
    scope.userId === undefined ? eq(emailCodes.email, scope.email) : eq(emailCodes.userId, scope.userId),
  )
}

export function createEmailCodesRepository(defaultDb: Database) {
  return {
    /**
     * Holds the scope until the transaction ends, so parallel requests read the send history one at a time.
     * An advisory lock, not a row lock: a reset for an address without an account has no row to hold, and
     * must cost the same as one for an address with one.
     */
    async lockScope(scope: EmailCodeScope, db: Database): Promise<void> {
      const key = `${scope.purpose}:${scope.userId ?? scope.email}`
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
    },

    async create(
      code: {
        email: string
        purpose: EmailCodePurpose
        userId: string | null
        codeHash: string
        expiresAt: Date
        createdAt: Date
      },
      db: Database = defaultDb,
    ) {
      await db.insert(emailCodes).values(code)
    },

    /**
     * The scope's codes made since `since`: how many, the first and newest times, the wrong tries they took
     * (every try but the one that used a code), and when the first code with a wrong try was made.
     */
    async getSendHistory(scope: EmailCodeScope, since: Date, db: Database = defaultDb) {
      const wrong = sql`${emailCodes.attempts} - case when ${emailCodes.usedAt} is null then 0 else 1 end`
      const [row] = await db
        .select({
          sent: count(),
          firstSentAt: sql<Date | string | null>`min(${emailCodes.createdAt})`,
          lastSentAt: sql<Date | string | null>`max(${emailCodes.createdAt})`,
          wrongTries: sql<number>`coalesce(sum(${wrong}), 0)`.mapWith(Number),
          firstWrongAt: sql<Date | string | null>`min(${emailCodes.createdAt}) filter (where ${wrong} > 0)`,
        })
        .from(emailCodes)
        .where(and(matchScope(scope), gte(emailCodes.createdAt, since)))
      const toDate = (value: Date | string | null | undefined) => (value ? new Date(value) : undefined)
      return {
        sent: row?.sent ?? 0,
        firstSentAt: toDate(row?.firstSentAt),
        lastSentAt: toDate(row?.lastSentAt),
        wrongTries: row?.wrongTries ?? 0,
        firstWrongAt: toDate(row?.firstWrongAt),
      }
    },

    /** Only the newest code of a scope counts: sending a new one retires the earlier ones. */
    async findNewest(scope: EmailCodeScope, db: Database = defaultDb) {
      const [row] = await db
        .select()
        .from(emailCodes)
        .where(matchScope(scope))
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
