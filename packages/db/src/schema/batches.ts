import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { projects } from './projects.ts'
import { renderJobs } from './render-jobs.ts'
import { users } from './users.ts'

/** Videos asked for together (a CSV of rows, or POST /api/v1/videos/batch): one project and render per row. */
export const videoBatches = pgTable(
  'video_batches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    rowCount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the last row's render ended; `batch.completed` is announced in the same transaction. */
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('video_batches_user_id_idx').on(table.userId, table.createdAt)],
)

export const videoBatchRows = pgTable(
  'video_batch_rows',
  {
    batchId: uuid()
      .notNull()
      .references(() => videoBatches.id, { onDelete: 'cascade' }),
    /** The row's number in what was sent, from 1 (a CSV's header line is not a row). */
    row: integer().notNull(),
    title: text().notNull(),
    projectId: uuid().references(() => projects.id, { onDelete: 'set null' }),
    renderId: uuid().references(() => renderJobs.id, { onDelete: 'set null' }),
    /** Why this row's video was not queued (its draft kept as the project, to finish by hand). */
    error: text(),
  },
  (table) => [
    primaryKey({ columns: [table.batchId, table.row] }),
    index('video_batch_rows_render_idx').on(table.renderId),
  ],
)
