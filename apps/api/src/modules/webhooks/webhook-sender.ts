import { randomUUID } from 'node:crypto'

import type { FastifyBaseLogger } from 'fastify'
import { Webhook } from 'standardwebhooks'

import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_LOG_DAYS,
  WEBHOOK_RESPONSE_EXCERPT_CHARS,
  WEBHOOK_RETRY_SECONDS,
  WEBHOOK_TIMEOUT_SECONDS,
} from '@storyreel/contracts/webhooks'
import { OutgoingRequestError, type OutgoingFetch } from '@storyreel/engine/engine'

import type { WebhookEvents } from './webhook-events.ts'
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhooksRepository } from './webhooks.repository.ts'

/** How often the outbox is looked at when nothing wakes the sender. */
const POLL_MS = 1000
/** A claimed delivery's lease: longer than a try may take, so only a dead sender loses it. */
const LEASE_MS = (WEBHOOK_TIMEOUT_SECONDS + 20) * 1000
/** The delivery log is trimmed this often. */
const PURGE_EVERY_MS = 3600_000
/** At most this much of a receiver's answer is read, whatever it sends. */
const RESPONSE_READ_BYTES = 4096

/** The `webhook-id` of a delivery: the same on every try, so a receiver can drop a repeat. */
export const messageIdOf = (deliveryId: string) => `msg_${deliveryId.replaceAll('-', '')}`

/** Up to `limit` bytes of an answer's body as text, then the rest is dropped unread. */
async function readExcerpt(response: Response): Promise<string | null> {
  if (!response.body) return null
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    while (size < RESPONSE_READ_BYTES) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
  const text = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_RESPONSE_EXCERPT_CHARS)
  return text.length > 0 ? text : null
}

/**
 * Sends the outbox's due deliveries, signed by the Standard Webhooks scheme, through the one outgoing guard
 * (10 s, no redirects, public addresses only unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES). Each try is logged; a
 * failure is tried again after WEBHOOK_RETRY_SECONDS, and an endpoint failing for three days is turned off and
 * its owner told (decision 063).
 */
export function createWebhookSender(deps: {
  webhooks: WebhooksRepository
  events: WebhookEvents
  fetch: OutgoingFetch
  /** Deliveries sent at once. */
  concurrency: number
  log: FastifyBaseLogger
  onEndpointDisabled: (endpoint: WebhookEndpointRow) => Promise<void>
}) {
  const { webhooks, log } = deps
  const senderId = `webhooks-${randomUUID()}`
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  let stopped = true
  let lastPurge = 0

  async function send(delivery: WebhookDeliveryRow, endpoint: WebhookEndpointRow): Promise<void> {
    const body = JSON.stringify(delivery.payload)
    const messageId = messageIdOf(delivery.id)
    const at = new Date()
    const started = performance.now()
    let statusCode: number | null = null
    let error: string | null = null
    let excerpt: string | null = null
    try {
      const response = await deps.fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'StoryReel-Webhooks/1.0',
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': new Webhook(endpoint.secret).sign(messageId, at, body),
        },
        body,
      })
      statusCode = response.status
      excerpt = await readExcerpt(response)
      if (response.status >= 300 && response.status < 400) error = 'Redirects are not followed: answer with a 2xx.'
    } catch (caught) {
      error =
        caught instanceof OutgoingRequestError
          ? caught.message
          : caught instanceof Error
            ? String((caught.cause as Error | undefined)?.message ?? caught.message)
            : String(caught)
    }
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300
    const { disabled } = await webhooks.recordAttempt({
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      senderId,
      ok,
      statusCode,
      latencyMs: Math.round(performance.now() - started),
      error: ok ? null : (error ?? `The endpoint answered ${statusCode}.`),
      responseExcerpt: excerpt,
      retryInSeconds: WEBHOOK_RETRY_SECONDS[delivery.attempts],
      disableAfterDays: WEBHOOK_DISABLE_AFTER_DAYS,
    })
    if (disabled) {
      log.warn({ endpointId: endpoint.id, userId: endpoint.userId }, 'webhook endpoint turned off after failing')
      await deps.onEndpointDisabled(disabled)
    }
  }

  /** One pass: announce what happened, then send what is due until nothing is. */
  async function pass(): Promise<void> {
    await deps.events.announce()
    for (;;) {
      const due = await webhooks.claimDue(senderId, deps.concurrency, LEASE_MS)
      if (due.length === 0) break
      await Promise.all(
        due.map(({ delivery, endpoint }) =>
          send(delivery, endpoint).catch((error: unknown) =>
            log.error({ err: error, deliveryId: delivery.id }, 'webhook delivery not recorded'),
          ),
        ),
      )
    }
    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now()
      await webhooks.purgeOlderThan(WEBHOOK_LOG_DAYS)
    }
  }

  function schedule(delayMs: number) {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(run, delayMs)
    timer.unref()
  }

  function run() {
    if (running) {
      again = true
      return
    }
    running = pass()
      .catch((error: unknown) => log.warn({ err: error }, 'webhook pass failed'))
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          schedule(0)
        } else schedule(POLL_MS)
      })
  }

  return {
    senderId,
    start() {
      if (!stopped) return
      stopped = false
      schedule(0)
    },
    /** Something happened (a render ended, "send again"): look now rather than at the next poll. */
    wake() {
      if (!stopped) schedule(0)
    },
    /** Runs one pass now, for tests and for a caller that must know it is done. */
    async runOnce(): Promise<void> {
      await pass()
    },
    async stop(): Promise<void> {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}

export type WebhookSender = ReturnType<typeof createWebhookSender>
