import type { Database } from '@storyreel/db/client'
import { and, desc, eq, gte, inArray, isNotNull, or, sql } from '@storyreel/db/operators'
import { renderJobs, users } from '@storyreel/db/schema'

export type RenderJobRow = typeof renderJobs.$inferSelect
export type RenderJobStatus = RenderJobRow['status']

/**
 * Renders that count against the daily limit: failed ones and ones canceled before a worker started them
 * do not. A render canceled while drawing counts, or cancel-and-repeat would be unlimited rendering.
 */
const COUNTED_STATUSES: RenderJobStatus[] = ['queued', 'running', 'succeeded']

/** Every query on `render_jobs`, the persistent queue. */
export function createRenderJobsRepository(defaultDb: Database) {
  return {
    async create(
      job: Pick<RenderJobRow, 'projectId' | 'userId' | 'resolution' | 'spec'> &
        Partial<Pick<RenderJobRow, 'countsTowardLimit'>>,
      db: Database = defaultDb,
    ): Promise<RenderJobRow> {
      const [row] = await db.insert(renderJobs).values(job).returning()
      if (!row) throw new Error('insert into render_jobs returned no row')
      return row
    },

    async findForUser(
      id: string,
      projectId: string,
      userId: string,
      db: Database = defaultDb,
    ): Promise<RenderJobRow | undefined> {
      const [row] = await db
        .select()
        .from(renderJobs)
        .where(and(eq(renderJobs.id, id), eq(renderJobs.projectId, projectId), eq(renderJobs.userId, userId)))
        .limit(1)
      return row
    },

    /**
     * Locks the owner's row until the transaction ends: one user's render requests then pass the daily
     * limit check one at a time.
     */
    async lockOwner(userId: string, db: Database): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    },

    async findById(id: string, db: Database = defaultDb): Promise<RenderJobRow | undefined> {
      const [row] = await db.select().from(renderJobs).where(eq(renderJobs.id, id)).limit(1)
      return row
    },

    async findActiveForProject(projectId: string, db: Database = defaultDb): Promise<RenderJobRow | undefined> {
      const [row] = await db
        .select()
        .from(renderJobs)
        .where(and(eq(renderJobs.projectId, projectId), inArray(renderJobs.status, ['queued', 'running'])))
        .limit(1)
      return row
    },

    /** The project's newest render that finished with its files. */
    async findLatestSucceeded(projectId: string, db: Database = defaultDb): Promise<RenderJobRow | undefined> {
      const [row] = await db
        .select()
        .from(renderJobs)
        .where(and(eq(renderJobs.projectId, projectId), eq(renderJobs.status, 'succeeded')))
        .orderBy(desc(renderJobs.finishedAt))
        .limit(1)
      return row
    },

    async countSince(userId: string, since: Date, db: Database = defaultDb): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(renderJobs)
        .where(
          and(
            eq(renderJobs.userId, userId),
            gte(renderJobs.createdAt, since),
            eq(renderJobs.countsTowardLimit, true),
            or(
              inArray(renderJobs.status, COUNTED_STATUSES),
              and(eq(renderJobs.status, 'canceled'), isNotNull(renderJobs.startedAt)),
            ),
          ),
        )
      return row?.count ?? 0
    },

    /**
     * Takes the next job, or a running one whose worker stopped renewing its lease (it died), in one
     * statement. Accounts take turns (decision 063): the owner with the fewest renders running goes first, then the
     * one whose last render started longest ago, then the oldest job. So a 50-video batch never makes another
     * account's render wait behind more than one of its own. SKIP LOCKED lets
     * several workers claim different rows; the attempt is counted here, so a job that keeps killing its worker
     * ends as failed instead of looping.
     */
    async claimNext(workerId: string, leaseMs: number, db: Database = defaultDb): Promise<RenderJobRow | undefined> {
      const claimable = sql`(${renderJobs.status} = 'queued'
               or (${renderJobs.status} = 'running' and ${renderJobs.lockedUntil} < now()
                   and ${renderJobs.attempts} < ${renderJobs.maxAttempts}))
              and ${renderJobs.cancelRequested} = false`
      const rows = await db
        .update(renderJobs)
        .set({
          status: 'running',
          lockedBy: workerId,
          lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
          attempts: sql`${renderJobs.attempts} + 1`,
          startedAt: sql`coalesce(${renderJobs.startedAt}, now())`,
          error: null,
        })
        .where(
          sql`${renderJobs.id} = (
            with waiting as (
              select ${renderJobs.id} as id, ${renderJobs.createdAt} as created_at,
                (select count(*) from ${renderJobs} as busy
                   where busy.user_id = ${renderJobs.userId} and busy.status = 'running'
                     and busy.locked_until >= now()) as running,
                (select max(served.started_at) from ${renderJobs} as served
                   where served.user_id = ${renderJobs.userId}) as last_served
              from ${renderJobs}
              where ${claimable}
            )
            select candidate.id from ${renderJobs} as candidate
            join waiting on waiting.id = candidate.id
            -- Checked again on the row as locked: a job another worker took meanwhile is not taken twice.
            where candidate.cancel_requested = false
              and (candidate.status = 'queued' or (candidate.status = 'running' and candidate.locked_until < now()))
            order by waiting.running, waiting.last_served nulls first, waiting.created_at, candidate.id
            limit 1
            for update of candidate skip locked
          )`,
        )
        .returning()
      return rows[0]
    },

    /** Running jobs whose lease ran out and that asked to stop, or used up their attempts. */
    async expireAbandoned(db: Database = defaultDb): Promise<RenderJobRow[]> {
      return db
        .update(renderJobs)
        .set({
          status: sql`case when ${renderJobs.cancelRequested} then 'canceled' else 'failed' end`,
          error: sql`case when ${renderJobs.cancelRequested} then null else 'The renderer stopped too many times on this video. Try again.' end`,
          finishedAt: sql`now()`,
          lockedBy: null,
          lockedUntil: null,
        })
        .where(
          sql`${renderJobs.status} = 'running' and ${renderJobs.lockedUntil} < now()
            and (${renderJobs.cancelRequested} or ${renderJobs.attempts} >= ${renderJobs.maxAttempts})`,
        )
        .returning()
    },

    /**
     * Progress from the worker holding the lease, which it renews. Answers undefined when the worker lost
     * the job (deleted, or claimed by another after a stall), so it stops.
     */
    async reportProgress(
      id: string,
      workerId: string,
      progress: { stage: string; progress: number },
      leaseMs: number,
      db: Database = defaultDb,
    ): Promise<{ cancelRequested: boolean } | undefined> {
      const [row] = await db
        .update(renderJobs)
        .set({ ...progress, lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where(and(eq(renderJobs.id, id), eq(renderJobs.lockedBy, workerId), eq(renderJobs.status, 'running')))
        .returning({ cancelRequested: renderJobs.cancelRequested })
      return row
    },

    async finish(
      id: string,
      workerId: string,
      result:
        | { status: 'succeeded'; outputs: unknown; reusedScenes: number }
        | { status: 'failed'; error: string }
        | { status: 'canceled' }
        | { status: 'queued'; error: string },
      db: Database = defaultDb,
    ): Promise<RenderJobRow | undefined> {
      const done = result.status !== 'queued'
      const [row] = await db
        .update(renderJobs)
        .set({
          status: result.status,
          stage: result.status === 'succeeded' ? 'done' : result.status === 'queued' ? 'queued' : undefined,
          progress: result.status === 'succeeded' ? 100 : undefined,
          outputs: result.status === 'succeeded' ? result.outputs : undefined,
          reusedScenes: result.status === 'succeeded' ? result.reusedScenes : undefined,
          error: 'error' in result ? result.error : null,
          finishedAt: done ? sql`now()` : null,
          lockedBy: null,
          lockedUntil: null,
        })
        .where(and(eq(renderJobs.id, id), eq(renderJobs.lockedBy, workerId)))
        .returning()
      return row
    },

    /** A queued job is canceled at once; a running one is flagged, and its worker stops it. */
    async requestCancel(id: string, db: Database = defaultDb): Promise<RenderJobRow | undefined> {
      const [row] = await db
        .update(renderJobs)
        .set({
          cancelRequested: true,
          status: sql`case when ${renderJobs.status} = 'queued' then 'canceled' else ${renderJobs.status} end`,
          finishedAt: sql`case when ${renderJobs.status} = 'queued' then now() else ${renderJobs.finishedAt} end`,
        })
        .where(and(eq(renderJobs.id, id), inArray(renderJobs.status, ['queued', 'running'])))
        .returning()
      return row
    },
  }
}

export type RenderJobsRepository = ReturnType<typeof createRenderJobsRepository>
