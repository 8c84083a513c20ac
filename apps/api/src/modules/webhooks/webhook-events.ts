import type { WebhookEventType } from '@storyreel/contracts/webhooks'
import type { Database } from '@storyreel/db/client'
import { and, asc, eq, inArray, isNull, sql } from '@storyreel/db/operators'
import { assets, renderJobs, videoBatchRows, videoBatches } from '@storyreel/db/schema'

import type { NewDelivery, WebhooksRepository } from './webhooks.repository.ts'

/** Events taken per kind in one transaction; the next pass takes the rest. */
const EVENTS_PER_PASS = 200

type Event = { userId: string; type: WebhookEventType; data: Record<string, unknown> }

/**
 * Turns what happened into deliveries. Nothing calls this when a render ends: the render queue, the assets and
 * the batches already record their state, and a row ended but not yet announced (`announced_at` null) is the
 * event. Each pass writes an event's deliveries and marks it announced in one transaction, so an event is
 * announced once, even with several instances (rows are locked with SKIP LOCKED), and a process killed midway
 * leaves it to the next pass (decision 063).
 */
export function createWebhookEvents(deps: { db: Database; webhooks: WebhooksRepository; publicUrl: string }) {
  const { db, webhooks, publicUrl } = deps
  const api = (path: string) => `${publicUrl}${path}`

  function renderEvent(row: typeof renderJobs.$inferSelect): Event {
    const outputs = row.outputs as { durationSeconds?: number } | null
    const type = `render.${row.status}` as WebhookEventType
    const self = `/api/v1/projects/${row.projectId}/renders/${row.id}`
    return {
      userId: row.userId,
      type,
      data: {
        object: 'render',
        id: row.id,
        project_id: row.projectId,
        status: row.status,
        resolution: row.resolution,
        error: row.error,
        duration_seconds: row.status === 'succeeded' ? (outputs?.durationSeconds ?? null) : null,
        created_at: row.createdAt.toISOString(),
        finished_at: row.finishedAt?.toISOString() ?? null,
        // Download links are signed and expire; the render's own link answers fresh ones on every GET.
        links: {
          self: api(self),
          project: api(`/api/v1/projects/${row.projectId}`),
          studio: api(`/app/projects/${row.projectId}`),
        },
      },
    }
  }

  /** Writes each event's deliveries to the endpoints of its owner that asked for its type. */
  async function fanOut(events: Event[], tx: Database): Promise<number> {
    const endpoints = await webhooks.listEnabledFor([...new Set(events.map((event) => event.userId))], tx)
    const deliveries: NewDelivery[] = []
    const timestamp = new Date().toISOString()
    for (const event of events) {
      for (const endpoint of endpoints) {
        if (endpoint.userId !== event.userId || !endpoint.events.includes(event.type)) continue
        deliveries.push({
          endpointId: endpoint.id,
          userId: event.userId,
          eventType: event.type,
          payload: { type: event.type, timestamp, data: event.data },
        })
      }
    }
    await webhooks.insertDeliveries(deliveries, tx)
    return deliveries.length
  }

  async function announceRenders(): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(renderJobs)
        .where(and(isNull(renderJobs.announcedAt), inArray(renderJobs.status, ['succeeded', 'failed', 'canceled'])))
        .orderBy(asc(renderJobs.finishedAt))
        .limit(EVENTS_PER_PASS)
        .for('update', { skipLocked: true })
      if (rows.length === 0) return 0
      const sent = await fanOut(rows.map(renderEvent), tx)
      await tx
        .update(renderJobs)
        .set({ announcedAt: sql`now()` })
        .where(
          inArray(
            renderJobs.id,
            rows.map((row) => row.id),
          ),
        )
      return sent
    })
  }

  async function announceAssets(): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(assets)
        .where(and(isNull(assets.announcedAt), eq(assets.status, 'ready')))
        .orderBy(asc(assets.updatedAt))
        .limit(EVENTS_PER_PASS)
        .for('update', { skipLocked: true })
      if (rows.length === 0) return 0
      const events: Event[] = rows
        .filter((row) => row.deletedAt === null)
        .map((row) => ({
          userId: row.userId,
          type: 'asset.ready',
          data: {
            object: 'asset',
            id: row.id,
            kind: row.kind,
            name: row.name,
            format: row.format,
            width: row.width,
            height: row.height,
            duration_seconds: row.durationSeconds,
            size_bytes: row.sizeBytes,
            created_at: row.createdAt.toISOString(),
            links: { self: api(`/api/v1/assets/${row.id}`), studio: api('/app/library') },
          },
        }))
      const sent = await fanOut(events, tx)
      await tx
        .update(assets)
        .set({ announcedAt: sql`now()` })
        .where(
          inArray(
            assets.id,
            rows.map((row) => row.id),
          ),
        )
      return sent
    })
  }

  /** A batch is complete once none of its rows' renders waits or runs; its counts say how each ended. */
  async function announceBatches(): Promise<number> {
    return db.transaction(async (tx) => {
      const batches = await tx
        .select()
        .from(videoBatches)
        .where(
          and(
            isNull(videoBatches.completedAt),
            sql`not exists (
              select 1 from ${videoBatchRows} as row
              join ${renderJobs} as job on job.id = row.render_id
              where row.batch_id = ${videoBatches.id} and job.status in ('queued', 'running'))`,
          ),
        )
        .orderBy(asc(videoBatches.createdAt))
        .limit(EVENTS_PER_PASS)
        .for('update', { skipLocked: true })
      if (batches.length === 0) return 0
      const ids = batches.map((batch) => batch.id)
      const rows = await tx
        .select({ batchId: videoBatchRows.batchId, renderId: videoBatchRows.renderId, status: renderJobs.status })
        .from(videoBatchRows)
        .leftJoin(renderJobs, eq(renderJobs.id, videoBatchRows.renderId))
        .where(inArray(videoBatchRows.batchId, ids))
      const [{ now } = { now: new Date() }] = await tx
        .update(videoBatches)
        .set({ completedAt: sql`now()` })
        .where(inArray(videoBatches.id, ids))
        .returning({ now: videoBatches.completedAt })
      const events: Event[] = batches.map((batch) => {
        const mine = rows.filter((row) => row.batchId === batch.id)
        const counted = (status: string) => mine.filter((row) => row.status === status).length
        return {
          userId: batch.userId,
          type: 'batch.completed',
          data: {
            object: 'batch',
            id: batch.id,
            title: batch.title,
            row_count: batch.rowCount,
            counts: {
              succeeded: counted('succeeded'),
              failed: counted('failed'),
              canceled: counted('canceled'),
              // A row whose draft could not render, or whose project was deleted since.
              not_rendered: mine.filter((row) => row.status === null).length,
            },
            created_at: batch.createdAt.toISOString(),
            completed_at: (now ?? new Date()).toISOString(),
            links: {
              self: api(`/api/v1/batches/${batch.id}`),
              zip: api(`/api/v1/batches/${batch.id}/zip`),
              studio: api(`/app/batches/${batch.id}`),
            },
          },
        }
      })
      return fanOut(events, tx)
    })
  }

  return {
    /** One pass over every kind; answers how many deliveries it wrote. */
    async announce(): Promise<number> {
      return (await announceRenders()) + (await announceAssets()) + (await announceBatches())
    },
  }
}

export type WebhookEvents = ReturnType<typeof createWebhookEvents>
