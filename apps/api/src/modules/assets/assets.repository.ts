import type { Database } from '@storyreel/db/client'
import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  not,
  notInArray,
  sql,
} from '@storyreel/db/operators'
import { assets, projectAssets, projects, renderJobs, users } from '@storyreel/db/schema'

export type AssetRow = typeof assets.$inferSelect
export type AssetKind = AssetRow['kind']
export type AssetOwnerPlan = (typeof users.$inferSelect)['plan']

/** A clip or track whose conversion stopped this many times (its worker died each time) fails for good. */
export const CONVERSION_MAX_ATTEMPTS = 3

/** The assets that take space: not failed (their files are gone), not deleted. */
const countsTowardQuota = and(ne(assets.status, 'failed'), isNull(assets.deletedAt))
/** What the library shows: every asset but uploads still arriving and deleted ones. */
const listed = (userId: string) =>
  and(eq(assets.userId, userId), ne(assets.status, 'uploading'), isNull(assets.deletedAt))

/**
 * A queued or running render may read the asset's files: its project uses the asset, or its spec names it
 * (render-spec.ts `media`, by asset id), which holds even after the scene was given another picture.
 */
const neededByActiveRender = sql`(exists (
    select 1 from ${projectAssets} join ${renderJobs} on ${renderJobs.projectId} = ${projectAssets.projectId}
    where ${projectAssets.assetId} = ${assets.id} and ${renderJobs.status} in ('queued', 'running'))
  or exists (
    select 1 from ${renderJobs}
    where ${renderJobs.userId} = ${assets.userId} and ${renderJobs.status} in ('queued', 'running')
      and ${renderJobs.spec} -> 'media' -> (${assets.id}::text) is not null))`

/** Every query on `assets` and `project_assets`; each method takes the transaction it should run in. */
export function createAssetsRepository(defaultDb: Database) {
  async function getUsedBytes(userId: string, db: Database = defaultDb): Promise<number> {
    const [row] = await db
      .select({ used: sql<number>`coalesce(sum(${assets.sizeBytes}), 0)`.mapWith(Number) })
      .from(assets)
      .where(and(eq(assets.userId, userId), countsTowardQuota))
    return row?.used ?? 0
  }

  return {
    /**
     * Holds the space an upload may take, in one transaction that serialises the account's uploads: the
     * space in use and this upload together must fit the quota, so concurrent uploads cannot overshoot it.
     * Undefined when it does not fit, with the space in use.
     */
    async reserveUpload(
      upload: { userId: string; kind: AssetKind; name: string; reserveBytes: number; quotaBytes: number },
      db: Database = defaultDb,
    ): Promise<{ id: string; usedBytes: number } | { id: undefined; usedBytes: number }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`assets:${upload.userId}`}, 0))`)
        const usedBytes = await getUsedBytes(upload.userId, tx)
        if (usedBytes + upload.reserveBytes > upload.quotaBytes) return { id: undefined, usedBytes }
        const [row] = await tx
          .insert(assets)
          .values({
            userId: upload.userId,
            kind: upload.kind,
            status: 'uploading',
            name: upload.name,
            sizeBytes: upload.reserveBytes,
          })
          .returning({ id: assets.id })
        if (!row) throw new Error('insert into assets returned no row')
        return { id: row.id, usedBytes }
      })
    },

    getUsedBytes,

    /** The upload arrived and was read: its real size, what it is, and where its files are. */
    async completeUpload(
      id: string,
      changes: Pick<
        AssetRow,
        | 'name'
        | 'kind'
        | 'status'
        | 'sizeBytes'
        | 'format'
        | 'width'
        | 'height'
        | 'durationSeconds'
        | 'originalKey'
        | 'fileKey'
        | 'thumbnailKey'
      > &
        Partial<Pick<AssetRow, 'credit'>>,
      db: Database = defaultDb,
    ): Promise<AssetRow | undefined> {
      const [row] = await db
        .update(assets)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(assets.id, id), eq(assets.status, 'uploading')))
        .returning()
      return row
    },

    async deleteRow(id: string, db: Database = defaultDb): Promise<void> {
      await db.delete(assets).where(eq(assets.id, id))
    },

    async list(
      {
        userId,
        kind,
        search,
        limit,
        offset,
      }: { userId: string; kind: AssetKind | undefined; search: string | undefined; limit: number; offset: number },
      db: Database = defaultDb,
    ): Promise<{ rows: AssetRow[]; total: number }> {
      const pattern = search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined
      const where = and(
        listed(userId),
        kind ? eq(assets.kind, kind) : undefined,
        pattern ? ilike(assets.name, pattern) : undefined,
      )
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(assets)
          .where(where)
          .orderBy(desc(assets.createdAt), desc(assets.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(assets).where(where),
      ])
      return { rows, total: totals?.total ?? 0 }
    },

    /** The owner's live asset brought in from this stock item, if any: one item is fetched once per library. */
    async findByStockItem(userId: string, itemId: string, db: Database = defaultDb): Promise<AssetRow | undefined> {
      const [row] = await db
        .select()
        .from(assets)
        .where(and(listed(userId), sql`${assets.credit}->>'id' = ${itemId}`, sql`${assets.status} <> 'failed'`))
        .limit(1)
      return row
    },

    async findForUser(userId: string, id: string, db: Database = defaultDb): Promise<AssetRow | undefined> {
      const [row] = await db
        .select()
        .from(assets)
        .where(and(eq(assets.id, id), listed(userId)))
        .limit(1)
      return row
    },

    /** The projects using each asset, by asset id. */
    async listProjectsUsing(
      assetIds: string[],
      db: Database = defaultDb,
    ): Promise<Map<string, Array<{ id: string; title: string }>>> {
      const used = new Map<string, Array<{ id: string; title: string }>>()
      if (assetIds.length === 0) return used
      const rows = await db
        .select({ assetId: projectAssets.assetId, id: projects.id, title: projects.title })
        .from(projectAssets)
        .innerJoin(projects, eq(projects.id, projectAssets.projectId))
        .where(inArray(projectAssets.assetId, assetIds))
        .orderBy(projects.title)
      for (const row of rows)
        used.set(row.assetId, [...(used.get(row.assetId) ?? []), { id: row.id, title: row.title }])
      return used
    },

    async rename(userId: string, id: string, name: string, db: Database = defaultDb): Promise<AssetRow | undefined> {
      const [row] = await db
        .update(assets)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(assets.id, id), listed(userId)))
        .returning()
      return row
    },

    /**
     * Whether a queued or running render may need the asset's files: one of a project that uses it, or one
     * whose spec names it (the scene was given another picture after the render was asked for).
     */
    async isUsedByActiveRender(assetId: string, db: Database = defaultDb): Promise<boolean> {
      const [row] = await db
        .select({ id: assets.id })
        .from(assets)
        .where(and(eq(assets.id, assetId), neededByActiveRender))
        .limit(1)
      return row !== undefined
    },

    /** Takes the asset out of the library at once; its row stays while a render still needs its files. */
    async markDeleted(userId: string, id: string, db: Database = defaultDb): Promise<AssetRow | undefined> {
      const [row] = await db
        .update(assets)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(assets.id, id), listed(userId)))
        .returning()
      return row
    },

    /** Deleted assets whose files no queued or running render needs any more. */
    async listPurgeable(limit: number, db: Database = defaultDb): Promise<AssetRow[]> {
      return db
        .select()
        .from(assets)
        .where(and(isNotNull(assets.deletedAt), not(neededByActiveRender)))
        .limit(limit)
    },

    /** Uploads that never finished (their server stopped mid-way) still hold space: they go after a while. */
    async listAbandonedUploads(before: Date, limit: number, db: Database = defaultDb): Promise<AssetRow[]> {
      return db
        .select()
        .from(assets)
        .where(and(eq(assets.status, 'uploading'), lt(assets.createdAt, before)))
        .limit(limit)
    },

    /** The next clip or track to convert, with a lease; one whose worker died is taken again. */
    async claimConversion(workerId: string, leaseMs: number, db: Database = defaultDb): Promise<AssetRow | undefined> {
      const rows = await db
        .update(assets)
        .set({
          lockedBy: workerId,
          lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
          attempts: sql`${assets.attempts} + 1`,
        })
        .where(
          sql`${assets.id} = (
            select ${assets.id} from ${assets}
            where ${assets.status} = 'processing' and ${assets.deletedAt} is null
              and (${assets.lockedUntil} is null or ${assets.lockedUntil} < now())
              and ${assets.attempts} < ${CONVERSION_MAX_ATTEMPTS}
            order by ${assets.createdAt}, ${assets.id}
            limit 1
            for update skip locked
          )`,
        )
        .returning()
      return rows[0]
    },

    /** Progress, and the lease renewed; undefined when the asset is gone, deleted or taken over. */
    async reportConversion(
      id: string,
      workerId: string,
      progress: number,
      leaseMs: number,
      db: Database = defaultDb,
    ): Promise<AssetRow | undefined> {
      const [row] = await db
        .update(assets)
        .set({ progress, lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where(
          and(
            eq(assets.id, id),
            eq(assets.lockedBy, workerId),
            eq(assets.status, 'processing'),
            isNull(assets.deletedAt),
          ),
        )
        .returning()
      return row
    },

    async finishConversion(
      id: string,
      workerId: string,
      result:
        | {
            status: 'ready'
            fileKey: string
            thumbnailKey: string | null
            width: number | null
            height: number | null
            durationSeconds: number
          }
        | { status: 'failed'; error: string }
        | { status: 'processing' },
      db: Database = defaultDb,
    ): Promise<AssetRow | undefined> {
      const [row] = await db
        .update(assets)
        .set({
          ...result,
          ...(result.status === 'ready' ? { progress: 1, originalKey: null } : {}),
          ...(result.status === 'failed' ? { originalKey: null } : {}),
          lockedBy: null,
          lockedUntil: null,
          updatedAt: new Date(),
        })
        .where(and(eq(assets.id, id), eq(assets.lockedBy, workerId)))
        .returning()
      return row
    },

    /** Conversions that stopped too many times (their worker died each time) fail for good. */
    async failAbandonedConversions(db: Database = defaultDb): Promise<AssetRow[]> {
      return db
        .update(assets)
        .set({
          status: 'failed',
          error: 'This file could not be converted: the converter stopped on it several times. Upload it again.',
          originalKey: null,
          lockedBy: null,
          lockedUntil: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(assets.status, 'processing'),
            lt(assets.lockedUntil, sql`now()`),
            sql`${assets.attempts} >= ${CONVERSION_MAX_ATTEMPTS}`,
          ),
        )
        .returning()
    },

    /** The plan of the asset's owner, whose limits its conversion keeps. */
    async getOwnerPlan(userId: string, db: Database = defaultDb): Promise<AssetOwnerPlan | undefined> {
      const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).limit(1)
      return row?.plan
    },

    /** Links an asset to a project that uses it (kept as scenes are saved). */
    async linkToProject(projectId: string, assetId: string, db: Database = defaultDb): Promise<void> {
      await db.insert(projectAssets).values({ projectId, assetId }).onConflictDoNothing()
    },

    /**
     * The owner's assets among `ids`, deleted ones included (their rows stay while a render needs their
     * files), uploads still arriving left out. Another account's ids find nothing.
     */
    async findManyForUser(userId: string, ids: string[], db: Database = defaultDb): Promise<AssetRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(assets)
        .where(and(eq(assets.userId, userId), inArray(assets.id, ids), ne(assets.status, 'uploading')))
    },

    /**
     * Makes the project's links exactly the owner's assets among `assetIds`: new ones added, ones no longer
     * used removed; ids of another account's assets, or of assets deleted or gone, are never linked (a scene
     * may keep a deleted photo, drawn instead: its files are kept only for renders whose specs name them).
     * Run in the transaction that saves the scenes.
     */
    async setProjectLinks(
      projectId: string,
      userId: string,
      assetIds: string[],
      db: Database = defaultDb,
    ): Promise<void> {
      await db
        .delete(projectAssets)
        .where(
          and(
            eq(projectAssets.projectId, projectId),
            assetIds.length > 0 ? notInArray(projectAssets.assetId, assetIds) : undefined,
          ),
        )
      if (assetIds.length === 0) return
      await db
        .insert(projectAssets)
        .select(
          db
            .select({ projectId: sql<string>`${projectId}::uuid`.as('project_id'), assetId: assets.id })
            .from(assets)
            .where(and(eq(assets.userId, userId), inArray(assets.id, assetIds), isNull(assets.deletedAt))),
        )
        .onConflictDoNothing()
    },

    /** The assets a project is linked to (tests, and the sweeper's reasoning). */
    async listProjectLinks(projectId: string, db: Database = defaultDb): Promise<string[]> {
      const rows = await db
        .select({ assetId: projectAssets.assetId })
        .from(projectAssets)
        .where(eq(projectAssets.projectId, projectId))
      return rows.map((row) => row.assetId).sort()
    },

    /** Used by tests and the sweeper: any row, deleted or not. */
    async findById(id: string, db: Database = defaultDb): Promise<AssetRow | undefined> {
      const [row] = await db.select().from(assets).where(eq(assets.id, id)).limit(1)
      return row
    },

    /** The whole account's assets, for deleting its files before the account goes. */
    async listAllForUser(userId: string, db: Database = defaultDb): Promise<AssetRow[]> {
      return db.select().from(assets).where(eq(assets.userId, userId))
    },
  }
}

export type AssetsRepository = ReturnType<typeof createAssetsRepository>
