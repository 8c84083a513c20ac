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
     * Reserves one password check for the pair before the password is hashed, in a single conditional
     * upsert: a pair that is blocked, or whose window already holds `maxChecks` checks, gets undefined, so
     * of any number of concurrent sign-ins at most `maxChecks` per window ever reach the hasher. A window
     * older than `windowMs` starts over; the check that fills the window blocks the pair until
     * `now + blockMs` (a right password clears the pair again). Returns the checks counted in the window.
     */
    async reserveCheck(
      {
        email,
        ip,
        now,
        windowMs,
        maxChecks,
        blockMs,
      }: { email: string; ip: string; now: Date; windowMs: number; maxChecks: number; blockMs: number },
      db: Database = defaultDb,
    ): Promise<number | undefined> {
      const at = sql`${now.toISOString()}::timestamptz`
      const windowStart = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`
      const blockedUntil = sql`${new Date(now.getTime() + blockMs).toISOString()}::timestamptz`
      const restart = sql`(${loginAttempts.windowStartedAt} < ${windowStart})`
      const checks = sql`case when ${restart} then 1 else ${loginAttempts.failures} + 1 end`
      const [row] = await db
        .insert(loginAttempts)
        .values({
          email,
          ip,
          failures: 1,
          windowStartedAt: now,
          blockedUntil: maxChecks <= 1 ? new Date(now.getTime() + blockMs) : null,
        })
        .onConflictDoUpdate({
          target: [loginAttempts.email, loginAttempts.ip],
          set: {
            failures: checks,
            windowStartedAt: sql`case when ${restart} then ${at} else ${loginAttempts.windowStartedAt} end`,
            blockedUntil: sql`case when ${checks} >= ${maxChecks} then ${blockedUntil} else null end`,
          },
          setWhere: sql`(${loginAttempts.blockedUntil} is null or ${loginAttempts.blockedUntil} <= ${at})
            and (${restart} or ${loginAttempts.failures} < ${maxChecks})`,
        })
        .returning({ checks: loginAttempts.failures })
      return row?.checks
    },

    async clear(email: string, ip: string, db: Database = defaultDb) {
      await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)))
    },

    /** Lifts every block on an address, from every network: its owner has just proven it with a code. */
    async clearForEmail(email: string, db: Database = defaultDb) {
      await db.delete(loginAttempts).where(eq(loginAttempts.email, email))
    },
  }
}

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>
