import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { users } from './users.ts'

/**
 * An account's own templates: a project's settings and scenes (words, or placeholders where the owner left
 * them out), JSON the API validates with its contracts. The built-in templates are code, not rows.
 */
export const templates = pgTable(
  'templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    settings: jsonb().notNull(),
    scenes: jsonb().notNull(),
    withWords: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('templates_user_id_created_at_idx').on(table.userId, table.createdAt)],
)
