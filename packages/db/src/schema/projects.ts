import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { users } from './users.ts'

export const PROJECT_STATUSES = ['draft', 'queued', 'rendering', 'ready', 'failed', 'canceled'] as const

/**
 * A video project. Settings and scenes are JSON the API validates with its contracts: the
 * storyboard is edited and saved whole, and a render snapshots it, so no query ever reaches inside.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    sourceKind: text({ enum: ['prompt', 'script'] }).notNull(),
    sourceText: text().notNull(),
    settings: jsonb().notNull(),
    scenes: jsonb().notNull(),
    scriptEngine: text().notNull(),
    status: text({ enum: PROJECT_STATUSES }).notNull().default('draft'),
    /** Media key of the latest finished render's poster, for the projects list. */
    thumbnailKey: text(),
    latestRenderId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('projects_user_id_updated_at_idx').on(table.userId, table.updatedAt),
    check(
      'projects_status_check',
      sql`${table.status} in ('draft', 'queued', 'rendering', 'ready', 'failed', 'canceled')`,
    ),
  ],
)
