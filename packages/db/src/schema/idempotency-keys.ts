import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { users } from './users.ts'

/**
 * The Idempotency-Key of a call that makes something, per account: the first call's request hash and, once it
 * has finished, its answer, which a retry with the same key gets again for 24 hours. The primary key is what
 * lets only one of several concurrent calls with a key go ahead.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** SHA-256 of the route and the parsed body: the same key with another body is refused. */
    requestHash: text().notNull(),
    /** 'pending' while the first call runs, 'done' once its answer is stored. */
    status: text({ enum: ['pending', 'done'] }).notNull(),
    statusCode: integer(),
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
)
