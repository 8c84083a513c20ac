import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { users } from './users.ts'

/**
 * What a code may do. A code works only for its own purpose, so a sign-up code never resets a password and
 * a reset code never confirms a sign-up.
 */
export const EMAIL_CODE_PURPOSES = ['confirm_account', 'reset_password', 'change_email', 'reauthenticate'] as const

/** One-time codes, stored hashed; counted tries and a use time make them single-use. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The address the code went to (for an e-mail change, the new address it proves). */
    email: text().notNull(),
    purpose: text({ enum: EMAIL_CODE_PURPOSES }).notNull().default('confirm_account'),
    /** The signed-in account that asked, for the codes only a session can ask for. */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('email_codes_email_purpose_created_idx').on(table.email, table.purpose, table.createdAt),
    index('email_codes_user_purpose_created_idx').on(table.userId, table.purpose, table.createdAt),
    check(
      'email_codes_purpose_check',
      sql`${table.purpose} in ('confirm_account', 'reset_password', 'change_email', 'reauthenticate')`,
    ),
  ],
)
