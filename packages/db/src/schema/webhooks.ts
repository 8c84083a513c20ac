import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { users } from './users.ts'

/**
 * Where an account wants to hear of its renders, batches and assets. The secret signs every payload by the
 * Standard Webhooks scheme; it is kept as is because signing needs it, and shown to its owner only once.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text().notNull().default(''),
    /** Event type names from the contracts' WEBHOOK_EVENT_TYPES. */
    events: text().array().notNull(),
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** Why it was turned off when the product did it (three days of failures); null when its owner did. */
    disabledReason: text(),
    /** The first failure since the last success: three days of failing turns the endpoint off. */
    failingSince: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_user_id_idx').on(table.userId, table.createdAt)],
)

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const

/**
 * The durable outbox: one row per event and endpoint, written in the same transaction that marks the event as
 * announced, and sent at least once by whichever process claims it (a lease, like the render queue's), so a
 * restart or a killed process loses nothing. Kept 30 days as the delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** Also the message id receivers de-duplicate by (`webhook-id`, as `msg_` and this without dashes). */
    id: uuid().primaryKey().defaultRandom(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventType: text().notNull(),
    /** The whole body sent, `{type, timestamp, data}`, so every attempt sends the same bytes' meaning. */
    payload: jsonb().notNull(),
    status: text({ enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastStatusCode: integer(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
    index('webhook_deliveries_created_at_idx').on(table.createdAt),
    check('webhook_deliveries_status_check', sql`${table.status} in ('pending', 'succeeded', 'failed')`),
  ],
)

/** Each try of a delivery: when, the answer's status (none when it never came), how long, and its first bytes. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    statusCode: integer(),
    latencyMs: integer().notNull(),
    error: text(),
    responseExcerpt: text(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
)
