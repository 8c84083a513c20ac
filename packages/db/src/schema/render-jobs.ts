import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

import { projects } from './projects.ts'
import { users } from './users.ts'

export const RENDER_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const

/**
 * The persistent render queue. A worker claims a row with FOR UPDATE SKIP LOCKED and holds a
 * lease it keeps extending; a row whose lease ran out (its worker died) is claimed again, so a render
 * killed midway is retried, up to maxAttempts.
 */
export const renderJobs = pgTable(
  'render_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: RENDER_STATUSES }).notNull().default('queued'),
    stage: text().notNull().default('queued'),
    progress: doublePrecision().notNull().default(0),
    resolution: text({ enum: ['720p', '1080p'] }).notNull(),
    /** The title, settings and scenes as they were when the render was asked for. */
    spec: jsonb().notNull(),
    error: text(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    cancelRequested: boolean().notNull().default(false),
    /** False for a render of exactly the storyboard last rendered: it reuses every scene and costs no render. */
    countsTowardLimit: boolean().notNull().default(true),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    reusedScenes: integer().notNull().default(0),
    /** Media keys and figures of the finished files. */
    outputs: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** When its end (succeeded, failed, canceled) was announced to the owner's webhooks; null until then. */
    announcedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('render_jobs_status_created_at_idx').on(table.status, table.createdAt),
    index('render_jobs_user_id_created_at_idx').on(table.userId, table.createdAt),
    index('render_jobs_project_id_created_at_idx').on(table.projectId, table.createdAt),
    index('render_jobs_unannounced_idx')
      .on(table.finishedAt)
      .where(sql`${table.announcedAt} is null and ${table.status} in ('succeeded', 'failed', 'canceled')`),
    check('render_jobs_status_check', sql`${table.status} in ('queued', 'running', 'succeeded', 'failed', 'canceled')`),
  ],
)
