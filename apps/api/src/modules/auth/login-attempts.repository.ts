import type { Database } from '@storyreel/db/client'
import { and, eq, sql } from '@storyreel/db/operators'
import { loginAttempts } from '@storyreel/db/schema'

export function createLoginAttemptsRepository(defaultDb: Database) {
  return {
    async getBlockedUntil(email: string, ip: string, db: Database = defaultDb): Promise<Date | undefined> {
      const [row] = await db
        .select({ blockedUntil: loginAttempts.blockedUntil })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)))
        .limit(1)
      return row?.blockedUntil ?? undefined
    },

    /**
     * Counts one failure in a single upsert, so concurrent failures are all counted. A window older than
     * `windowMs` starts over; reaching `maxFailures` blocks the pair until `now + blockMs`.
     */
    async recordFailure(
      {
        email,
        ip,
        now,
        windowMs,
        maxFailures,
        blockMs,
      }: {
        email: string
        ip: string
        now: Date
        windowMs: number
        maxFailures: number
        blockMs: number
      },
      db: Database = defaultDb,
    ): Promise<{ failures: number; blockedUntil: Date | undefined }> {
      const windowStart = new Date(now.getTime() - windowMs)
      const blockedUntil = new Date(now.getTime() + blockMs)
      const restart = sql`(${loginAttempts.windowStartedAt} < ${windowStart.toISOString()}::timestamptz)`
      const failures = sql`case when ${restart} then 1 else ${loginAttempts.failures} + 1 end`
      const [row] = await db
        .insert(loginAttempts)
        .values({ email, ip, failures: 1, windowStartedAt: now, blockedUntil: maxFailures <= 1 ? blockedUntil : null })
        .onConflictDoUpdate({
          target: [loginAttempts.email, loginAttempts.ip],
          set: {
            failures,
            windowStartedAt: sql`case when ${restart} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStartedAt} end`,
            blockedUntil: sql`case when ${failures} >= ${maxFailures} then ${blockedUntil.toISOString()}::timestamptz else null end`,
          },
        })
        .returning({ failures: loginAttempts.failures, blockedUntil: loginAttempts.blockedUntil })
      return { failures: row?.failures ?? 1, blockedUntil: row?.blockedUntil ?? undefined }
    },

    async clear(email: string, ip: string, db: Database = defaultDb) {
      await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)))
    },
  }
}

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>
