import { randomBytes } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'

import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_LOG_DAYS,
  type CreateWebhookBody,
  type CreatedWebhook,
  type UpdateWebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookList,
} from '@storyreel/contracts/webhooks'
import type { Database } from '@storyreel/db/client'
import { sql } from '@storyreel/db/operators'
import { isPublicAddress } from '@storyreel/engine/engine'

import { AppError } from '#src/errors.ts'
import type { UserRow } from '#src/modules/users/users.repository.ts'

import { messageIdOf } from './webhook-sender.ts'
import type { WebhookEndpointRow, WebhooksRepository } from './webhooks.repository.ts'

/** The log shows at most this many of an endpoint's latest deliveries. */
const DELIVERIES_LISTED = 100

const NOT_FOUND = () => new AppError('WEBHOOK_NOT_FOUND', 404, 'No webhook endpoint with this id.')

function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`

/** Endpoints and their delivery log, for the profile page and /api/v1/webhooks (decision 063). */
export function createWebhooksService(deps: {
  db: Database
  webhooks: WebhooksRepository
  allowPrivateAddresses: boolean
  /** "Send again" and a new endpoint wake the sender rather than wait for its next look. */
  wakeSender: () => void
  /** Resolves a host name; tests pass their own. */
  resolve?: (hostname: string) => Promise<string[]>
}) {
  const { webhooks } = deps
  const resolve =
    deps.resolve ??
    (async (hostname: string) => (await lookup(hostname, { all: true })).map((address) => address.address))

  /**
   * Refuses at once what the sender's guard would refuse on every try: plain http, credentials in the URL, and a
   * host that is or resolves to a loopback, private or link-local address (unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES).
   * A name that does not resolve yet is accepted; its tries fail and are logged until it does.
   */
  async function assertUrlAllowed(raw: string): Promise<void> {
    const url = new URL(raw)
    const refuse = (why: string) => new AppError('WEBHOOK_URL_NOT_ALLOWED', 422, why)
    if (url.username || url.password) throw refuse('Put no user name or password in the URL: every request is signed.')
    if (deps.allowPrivateAddresses) return
    if (url.protocol !== 'https:') throw refuse('Use an https:// address: payloads carry links to your videos.')
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (host === 'localhost' || host.endsWith('.localhost'))
      throw refuse(`${host} is this server itself; webhooks go to public addresses only.`)
    const addresses = isIP(host) ? [host] : await resolve(host).catch(() => [])
    const inner = addresses.find((address) => !isPublicAddress(address))
    if (inner)
      throw refuse(
        `${host === inner ? host : `${host} resolves to ${inner}, which`} is not a public address; webhooks go to public addresses only.`,
      )
  }

  async function requireEndpoint(user: UserRow, id: string): Promise<WebhookEndpointRow> {
    const row = await webhooks.findForUser(user.id, id)
    if (!row) throw NOT_FOUND()
    return row
  }

  return {
    async list(user: UserRow): Promise<WebhookList> {
      const rows = await webhooks.listForUser(user.id)
      return { webhooks: rows.map(toEndpoint), limit: WEBHOOK_ENDPOINTS_MAX }
    },

    async create(user: UserRow, body: CreateWebhookBody): Promise<CreatedWebhook> {
      await assertUrlAllowed(body.url)
      const row = await deps.db.transaction(async (tx) => {
        // One account's additions one at a time, so two at once cannot both take the last place.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${user.id}`}, 0))`)
        if ((await webhooks.countForUser(user.id, tx)) >= WEBHOOK_ENDPOINTS_MAX) {
          throw new AppError(
            'WEBHOOK_LIMIT',
            403,
            `An account may have ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one to add another.`,
          )
        }
        return webhooks.create(
          {
            userId: user.id,
            url: body.url,
            description: body.description ?? '',
            events: body.events,
            secret: newSecret(),
          },
          tx,
        )
      })
      return { ...toEndpoint(row), secret: row.secret }
    },

    async update(user: UserRow, id: string, body: UpdateWebhookBody): Promise<WebhookEndpoint> {
      await requireEndpoint(user, id)
      if (body.url !== undefined) await assertUrlAllowed(body.url)
      const row = await webhooks.update(user.id, id, body)
      if (!row) throw NOT_FOUND()
      if (body.enabled) deps.wakeSender()
      return toEndpoint(row)
    },

    async delete(user: UserRow, id: string): Promise<void> {
      if (!(await webhooks.deleteForUser(user.id, id))) throw NOT_FOUND()
    },

    async deliveries(user: UserRow, id: string): Promise<{ deliveries: WebhookDelivery[] }> {
      await requireEndpoint(user, id)
      const rows = await webhooks.listDeliveries(id, WEBHOOK_LOG_DAYS, DELIVERIES_LISTED)
      return {
        deliveries: rows.map(({ delivery, attempts }) => ({
          id: delivery.id,
          message_id: messageIdOf(delivery.id),
          event_type: delivery.eventType as WebhookEventType,
          status: delivery.status,
          attempts: delivery.attempts,
          next_attempt_at: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
          created_at: delivery.createdAt.toISOString(),
          payload: delivery.payload,
          tries: attempts.map((attempt) => ({
            attempted_at: attempt.attemptedAt.toISOString(),
            status_code: attempt.statusCode,
            latency_ms: attempt.latencyMs,
            error: attempt.error,
            response_excerpt: attempt.responseExcerpt,
          })),
        })),
      }
    },

    async resend(user: UserRow, id: string, deliveryId: string): Promise<void> {
      await requireEndpoint(user, id)
      const row = await webhooks.resend(id, deliveryId)
      if (!row) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND', 404, 'No delivery with this id for this endpoint.')
      deps.wakeSender()
    },
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>
