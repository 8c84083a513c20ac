import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { users } from './users.ts'

/**
 * Keys other tools call the API with. Like session tokens, only the SHA-256 of a key is stored; `prefix`, its
 * first characters, is what the owner sees to tell keys apart. A revoked key's row is deleted.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prefix: text().notNull(),
    tokenHash: text().notNull().unique(),
    /** Scope names from the contracts' API_KEY_SCOPES; the API checks them on every call. */
    scopes: text().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key, so calls with a cached key stay off the database. */
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('api_keys_user_id_created_at_idx').on(table.userId, table.createdAt)],
)
