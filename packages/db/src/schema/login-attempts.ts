import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Failed sign-ins per e-mail and IP (10 failures block the pair for 15 minutes). Kept in the
 * database rather than in memory so every instance sees the same count, with or without Redis.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    email: text().notNull(),
    ip: text().notNull(),
    failures: integer().notNull().default(0),
    windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp({ withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.email, table.ip] })],
)
