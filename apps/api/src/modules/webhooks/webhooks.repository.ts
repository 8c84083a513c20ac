import type { Database } from '@storyreel/db/client'
import { and, asc, count, desc, eq, gte, inArray, sql } from '@storyreel/db/operators'
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '@storyreel/db/schema'

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect
export type NewDelivery = { endpointId: string; userId: string; eventType: string; payload: unknown }

/** Endpoints, the outbox of deliveries and the log of their tries (decision 063). */
export function createWebhooksRepository(defaultDb: Database) {
  return {
    async create(
      endpoint: { userId: string; url: string; description: string; events: string[]; secret: string },
      db: Database = defaultDb,
    ): Promise<WebhookEndpointRow> {
      const [row] = await db.insert(webhookEndpoints).values(endpoint).returning()
      if (!row) throw new Error('The new webhook endpoint was not returned')
      return row
    },

    async listForUser(userId: string, db: Database = defaultDb): Promise<WebhookEndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
    },

    async countForUser(userId: string, db: Database = defaultDb): Promise<number> {
      const [row] = await db
        .select({ endpoints: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
      return row?.endpoints ?? 0
    },

    async findForUser(userId: string, id: string, db: Database = defaultDb) {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      return row
    },

    async update(
      userId: string,
      id: string,
      changes: Partial<Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'enabled'>>,
      db: Database = defaultDb,
    ) {
      const reenabled = changes.enabled === true
      const [row] = await db
        .update(webhookEndpoints)
        .set({
          ...changes,
          // Turned on or off by its owner: the product's reason no longer applies, and the failing clock restarts.
          ...(changes.enabled !== undefined ? { disabledReason: null, failingSince: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .returning()
      if (row && reenabled) {
        // What waited while it was off is tried again now rather than at the end of a long back-off.
        await db
          .update(webhookDeliveries)
          .set({ nextAttemptAt: sql`now()` })
          .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')))
      }
      return row
    },

    async deleteForUser(userId: string, id: string, db: Database = defaultDb): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .returning({ id: webhookEndpoints.id })
      return rows.length > 0
    },

    /** The account's enabled endpoints among `userIds`, to fan an event out to. */
    async listEnabledFor(userIds: string[], db: Database = defaultDb): Promise<WebhookEndpointRow[]> {
      if (userIds.length === 0) return []
      return db
        .select()
        .from(webhookEndpoints)
        .where(and(inArray(webhookEndpoints.userId, userIds), eq(webhookEndpoints.enabled, true)))
    },

    async insertDeliveries(deliveries: NewDelivery[], db: Database = defaultDb): Promise<void> {
      if (deliveries.length > 0) await db.insert(webhookDeliveries).values(deliveries)
    },

    /** An endpoint's deliveries of the last `days`, newest first, with their tries. */
    async listDeliveries(endpointId: string, days: number, limit: number, db: Database = defaultDb) {
      const deliveries = await db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            gte(webhookDeliveries.createdAt, sql`now() - ${`${days} days`}::interval`),
          ),
        )
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit)
      const attempts =
        deliveries.length === 0
          ? []
          : await db
              .select()
              .from(webhookAttempts)
              .where(
                inArray(
                  webhookAttempts.deliveryId,
                  deliveries.map((delivery) => delivery.id),
                ),
              )
              .orderBy(asc(webhookAttempts.attemptedAt))
      return deliveries.map((delivery) => ({
        delivery,
        attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
      }))
    },

    /** "Send again": the delivery goes back in the queue, due now, keeping its message id and its tries. */
    async resend(endpointId: string, deliveryId: string, db: Database = defaultDb) {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ status: 'pending', nextAttemptAt: sql`now()`, finishedAt: null })
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
        .returning()
      return row
    },

    /**
     * Up to `limit` due deliveries of enabled endpoints, leased to `senderId` for `leaseMs`: a sender that dies
     * lets its lease run out and another takes the delivery, so each is sent at least once.
     */
    async claimDue(senderId: string, limit: number, leaseMs: number, db: Database = defaultDb) {
      const claimed = await db
        .update(webhookDeliveries)
        .set({ lockedBy: senderId, lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where(
          sql`${webhookDeliveries.id} in (
            select delivery.id from ${webhookDeliveries} as delivery
            join ${webhookEndpoints} as endpoint on endpoint.id = delivery.endpoint_id
            where delivery.status = 'pending' and delivery.next_attempt_at <= now()
              and (delivery.locked_until is null or delivery.locked_until < now())
              and endpoint.enabled
            order by delivery.next_attempt_at
            limit ${limit}
            for update of delivery skip locked
          )`,
        )
        .returning({ id: webhookDeliveries.id })
      const ids = claimed.map((row) => row.id)
      if (ids.length === 0) return []
      return db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(inArray(webhookDeliveries.id, ids))
    },

    /**
     * One try's outcome, written only while `senderId` still holds the lease. A success clears the endpoint's
     * failing clock; a failure starts it, schedules the next try or, after the last, fails the delivery.
     * Answers the endpoint when this failure made it cross `disableAfterDays` and turned it off.
     */
    async recordAttempt(
      input: {
        deliveryId: string
        endpointId: string
        senderId: string
        ok: boolean
        statusCode: number | null
        latencyMs: number
        error: string | null
        responseExcerpt: string | null
        /** Seconds until the next try; undefined when this was the last one. */
        retryInSeconds: number | undefined
        disableAfterDays: number
      },
      db: Database = defaultDb,
    ): Promise<{ recorded: boolean; disabled: WebhookEndpointRow | undefined }> {
      return db.transaction(async (tx) => {
        const [delivery] = await tx
          .update(webhookDeliveries)
          .set({
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            lastStatusCode: input.statusCode,
            lastError: input.error,
            lockedBy: null,
            lockedUntil: null,
            ...(input.ok
              ? { status: 'succeeded' as const, finishedAt: sql`now()` }
              : input.retryInSeconds === undefined
                ? { status: 'failed' as const, finishedAt: sql`now()` }
                : { nextAttemptAt: sql`now() + ${`${input.retryInSeconds} seconds`}::interval` }),
          })
          .where(and(eq(webhookDeliveries.id, input.deliveryId), eq(webhookDeliveries.lockedBy, input.senderId)))
          .returning({ id: webhookDeliveries.id })
        if (!delivery) return { recorded: false, disabled: undefined }
        await tx.insert(webhookAttempts).values({
          deliveryId: input.deliveryId,
          statusCode: input.statusCode,
          latencyMs: input.latencyMs,
          error: input.error,
          responseExcerpt: input.responseExcerpt,
        })
        if (input.ok) {
          await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, input.endpointId))
          return { recorded: true, disabled: undefined }
        }
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
          .where(eq(webhookEndpoints.id, input.endpointId))
        const [disabled] = await tx
          .update(webhookEndpoints)
          .set({
            enabled: false,
            disabledReason: `Every delivery failed for ${input.disableAfterDays} days.`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(webhookEndpoints.id, input.endpointId),
              eq(webhookEndpoints.enabled, true),
              sql`${webhookEndpoints.failingSince} <= now() - ${`${input.disableAfterDays} days`}::interval`,
            ),
          )
          .returning()
        return { recorded: true, disabled }
      })
    },

    /** Deliveries (and their tries) older than `days` leave the log. */
    async purgeOlderThan(days: number, db: Database = defaultDb): Promise<void> {
      await db
        .delete(webhookDeliveries)
        .where(sql`${webhookDeliveries.createdAt} < now() - ${`${days} days`}::interval`)
    },
  }
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>
