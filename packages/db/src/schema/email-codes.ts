import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** One-time confirmation codes, stored hashed; counted tries and a use time make them single-use. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_codes_email_created_idx').on(table.email, table.createdAt)],
)
