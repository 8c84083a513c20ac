import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

import { projects } from './projects.ts'
import { users } from './users.ts'

export const ASSET_KINDS = ['image', 'video', 'audio'] as const

/** The credit a stock file carries into every video that uses it. */
export type AssetCredit = {
  provider: 'pexels' | 'pixabay'
  id: string
  author: string
  authorUrl?: string
  pageUrl: string
}
/** `uploading` holds the space an upload in progress may take; it is never listed. */
export const ASSET_ROW_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const

/**
 * The media library. A row is also the conversion queue of its clip or track: a worker claims a
 * `processing` row with FOR UPDATE SKIP LOCKED and holds a lease, as render jobs do.
 */
export const assets = pgTable(
  'assets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ASSET_KINDS }).notNull(),
    status: text({ enum: ASSET_ROW_STATUSES }).notNull(),
    name: text().notNull(),
    /** The uploaded file's size, which the quota counts; while uploading, the most it may come to. */
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    /** What the decoder found: `jpeg`, `png`, `mp4/hevc`, `mp3`… */
    format: text(),
    width: integer(),
    height: integer(),
    durationSeconds: doublePrecision(),
    /** The uploaded file as it came, kept only until its conversion is done. */
    originalKey: text(),
    /** The normalised copy scenes and renders use. */
    fileKey: text(),
    thumbnailKey: text(),
    /** Where a file from a stock library came from, to credit it: provider, author, page and licence. */
    credit: jsonb().$type<AssetCredit>(),
    progress: doublePrecision().notNull().default(0),
    error: text(),
    attempts: integer().notNull().default(0),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    /** Out of the library, its files kept until no queued or running render needs them. */
    deletedAt: timestamp({ withTimezone: true }),
    /** When `asset.ready` was announced to the owner's webhooks; null until then. */
    announcedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('assets_user_created_idx').on(table.userId, table.createdAt),
    index('assets_status_created_idx').on(table.status, table.createdAt),
    index('assets_unannounced_idx')
      .on(table.updatedAt)
      .where(sql`${table.announcedAt} is null and ${table.status} = 'ready'`),
    check('assets_kind_check', sql`${table.kind} in ('image', 'video', 'audio')`),
    check('assets_status_check', sql`${table.status} in ('uploading', 'processing', 'ready', 'failed')`),
  ],
)

/** Which projects use which assets: kept when scenes are saved, so "used by" never scans storyboards. */
export const projectAssets = pgTable(
  'project_assets',
  {
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    assetId: uuid()
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.assetId] }),
    index('project_assets_asset_idx').on(table.assetId),
  ],
)
