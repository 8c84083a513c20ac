import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { users } from './users.ts'

export const SESSION_KINDS = ['user', 'admin'] as const

/** Bearer tokens are never stored: only their SHA-256, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    kind: text({ enum: SESSION_KINDS }).notNull().default('user'),
    /** The client's User-Agent at sign-in, bounded, so the account can tell its sessions apart. */
    userAgent: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per session, so authenticated calls stay off the database. */
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
)
