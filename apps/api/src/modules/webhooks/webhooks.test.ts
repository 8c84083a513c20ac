import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CreatedApiKeySchema } from '@storyreel/contracts/api-keys'
import {
  CreatedWebhookSchema,
  WebhookDeliveryListSchema,
  WebhookListSchema,
  type WebhookEventType,
} from '@storyreel/contracts/webhooks'
import { eq, sql } from '@storyreel/db/operators'
import { assets, renderJobs, users, webhookDeliveries, webhookEndpoints } from '@storyreel/db/schema'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { insertBareProject } from '#src/testing/rows.ts'
import { expectApiError } from '#src/testing/api-error.ts'
import { createAccount as createTestAccount, createTestApp, type TestApp } from '#src/testing/test-app.ts'
import { startWebhookReceiver } from '#src/testing/webhook-receiver.ts'

import { createWebhooksRepository } from './webhooks.repository.ts'
import { createWebhooksService } from './webhooks.service.ts'

const DAY_MS = 24 * 3600_000

type Account = { id: string; email: string; headers: { authorization: string } }
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>

for (const { name, url } of TEST_DRIVERS) {
  describe(`webhooks on ${name}`, () => {
    /** Sends webhooks to private addresses, as a self-hoster's receiver on the same network. */
    let t: TestApp
    /** The default: public https endpoints only. */
    let guarded: TestApp
    let receiver: Receiver

    beforeAll(async () => {
      receiver = await startWebhookReceiver()
      ;[t, guarded] = await Promise.all([
        createTestApp({ databaseUrl: url, env: { WEBHOOK_SENDERS: '2', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' } }),
        createTestApp({ databaseUrl: url, env: { WEBHOOK_SENDERS: '1' } }),
      ])
    })
    afterAll(async () => {
      await Promise.all([t?.close(), guarded?.close()])
      await receiver?.close()
    })

    const createAccount = (app: TestApp = t): Promise<Account> => createTestAccount(app, { plan: 'paid' })

    async function addEndpoint(account: Account, events: WebhookEventType[], path = '/hook', app: TestApp = t) {
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: account.headers,
        payload: { url: `${receiver.url}${path}`, events, description: 'Zapier' },
      })
      expect(response.statusCode, response.body).toBe(201)
      return CreatedWebhookSchema.parse(response.json())
    }

    /** A render that just ended, as a worker leaves it: the event the sender announces. */
    async function endRender(account: Account, status: 'succeeded' | 'failed' | 'canceled', app: TestApp = t) {
      const project = await insertBareProject(app.db.db, account.id, 'Harbour at dawn')
      const [job] = await app.db.db
        .insert(renderJobs)
        .values({
          projectId: project.id,
          userId: account.id,
          resolution: '720p',
          spec: {},
          status,
          error: status === 'failed' ? 'The voice engine stopped.' : null,
          outputs: status === 'succeeded' ? { durationSeconds: 12.5 } : null,
          finishedAt: new Date(),
        })
        .returning()
      if (!job) throw new Error('no job')
      return job
    }

    it('signs each event by the Standard Webhooks scheme, only to the endpoints that asked for it', async () => {
      const owner = await createAccount()
      const stranger = await createAccount()
      receiver.answerWith(() => ({ status: 204 }))
      const endpoint = await addEndpoint(owner, ['render.succeeded', 'render.failed'])
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
      await addEndpoint(stranger, ['render.succeeded'])
      const before = receiver.received.length
      const succeeded = await endRender(owner, 'succeeded')
      await endRender(owner, 'canceled')
      const received = (await receiver.waitFor(before + 1)).slice(before)
      // Give a second, wrong delivery (the canceled render, the stranger's endpoint) time to show up.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(receiver.received.length - before).toBe(1)
      const [message] = received
      if (!message) throw new Error('nothing received')
      // What a receiver does: verify with the library and the secret, then read the payload.
      const payload = new Webhook(endpoint.secret).verify(message.body, {
        'webhook-id': String(message.headers['webhook-id']),
        'webhook-timestamp': String(message.headers['webhook-timestamp']),
        'webhook-signature': String(message.headers['webhook-signature']),
      }) as { type: string; timestamp: string; data: Record<string, unknown> }
      expect(payload.type).toBe('render.succeeded')
      expect(Date.parse(payload.timestamp)).toBeGreaterThan(Date.now() - 60_000)
      expect(payload.data).toMatchObject({
        object: 'render',
        id: succeeded.id,
        project_id: succeeded.projectId,
        status: 'succeeded',
        duration_seconds: 12.5,
        links: { self: `http://localhost:3000/api/v1/projects/${succeeded.projectId}/renders/${succeeded.id}` },
      })
      // Another secret does not verify it.
      const other = await addEndpoint(owner, ['asset.ready'])
      expect(() =>
        new Webhook(other.secret).verify(message.body, {
          'webhook-id': String(message.headers['webhook-id']),
          'webhook-timestamp': String(message.headers['webhook-timestamp']),
          'webhook-signature': String(message.headers['webhook-signature']),
        }),
      ).toThrow()
    })

    it('retries a failed try after 5 s, logs each try, and sends again on request with the same id', async () => {
      const owner = await createAccount()
      let failures = 1
      receiver.answerWith(() =>
        failures-- > 0 ? { status: 500, body: 'database is down' } : { status: 200, body: 'ok' },
      )
      const endpoint = await addEndpoint(owner, ['render.failed'])
      const before = receiver.received.length
      await endRender(owner, 'failed')
      await receiver.waitFor(before + 1)
      const log = async () => {
        const response = await t.app.inject({
          url: `/api/v1/webhooks/${endpoint.id}/deliveries`,
          headers: owner.headers,
        })
        expect(response.statusCode, response.body).toBe(200)
        return WebhookDeliveryListSchema.parse(response.json()).deliveries
      }
      let deliveries = await log()
      for (let wait = 0; deliveries[0]?.attempts !== 1 && wait < 100; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        deliveries = await log()
      }
      const [pending] = deliveries
      expect(pending).toMatchObject({ status: 'pending', attempts: 1, event_type: 'render.failed' })
      const waitMs = Date.parse(pending?.next_attempt_at ?? '') - Date.now()
      expect(waitMs).toBeGreaterThan(2000)
      expect(waitMs).toBeLessThan(6000)
      expect(pending?.tries[0]).toMatchObject({ status_code: 500, response_excerpt: 'database is down' })
      // The second try, five seconds on: the test moves the clock rather than wait.
      await t.db.db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(webhookDeliveries.endpointId, endpoint.id))
      await receiver.waitFor(before + 2)
      for (let wait = 0; deliveries[0]?.status !== 'succeeded' && wait < 100; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        deliveries = await log()
      }
      expect(deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 2 })
      expect(deliveries[0]?.tries.map((item) => item.status_code)).toEqual([500, 200])
      const [first, second] = receiver.received.slice(before)
      expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id'])
      expect(second?.body).toBe(first?.body)

      const resend = await t.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${endpoint.id}/deliveries/${deliveries[0]?.id}/resend`,
        headers: owner.headers,
      })
      expect(resend.statusCode, resend.body).toBe(202)
      const [, , again] = await receiver.waitFor(before + 3).then((all) => all.slice(before))
      expect(again?.headers['webhook-id']).toBe(first?.headers['webhook-id'])
      // Every try is signed afresh (a new timestamp), and each one verifies with the library and the secret.
      for (const item of [first, second, again]) {
        const verified = new Webhook(endpoint.secret).verify(item?.body ?? '', {
          'webhook-id': String(item?.headers['webhook-id']),
          'webhook-timestamp': String(item?.headers['webhook-timestamp']),
          'webhook-signature': String(item?.headers['webhook-signature']),
        })
        expect(verified).toMatchObject({ type: 'render.failed' })
      }
    })

    it('turns off an endpoint failing for three days and tells its owner by e-mail', async () => {
      const owner = await createAccount()
      receiver.answerWith(() => ({ status: 503 }))
      const endpoint = await addEndpoint(owner, ['asset.ready'])
      await t.db.db
        .update(webhookEndpoints)
        .set({ failingSince: new Date(Date.now() - 3 * DAY_MS - 60_000) })
        .where(eq(webhookEndpoints.id, endpoint.id))
      await t.db.db.insert(assets).values({
        userId: owner.id,
        kind: 'image',
        status: 'ready',
        name: 'shop-front.jpg',
        sizeBytes: 1000,
      })
      const mail = await t.smtp.waitForMail(owner.email, { timeoutMs: 15_000 })
      expect(mail.subject).toBe('A StoryReel webhook endpoint was turned off')
      expect(mail.text).toContain(endpoint.url)
      const list = WebhookListSchema.parse(
        (await t.app.inject({ url: '/api/v1/webhooks', headers: owner.headers })).json(),
      )
      expect(list.webhooks.find((item) => item.id === endpoint.id)).toMatchObject({
        enabled: false,
        disabled_reason: 'Every delivery failed for 3 days.',
      })
      expect(JSON.stringify(list)).not.toContain(endpoint.secret)
    })

    it('refuses a receiver on a private address unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES is set', async () => {
      const owner = await createAccount(guarded)
      for (const address of [
        receiver.url,
        'https://127.0.0.1/hook',
        'https://localhost/hook',
        'https://[::1]/hook',
        'https://169.254.169.254/latest',
      ]) {
        const response = await guarded.app.inject({
          method: 'POST',
          url: '/api/v1/webhooks',
          headers: owner.headers,
          payload: { url: address, events: ['render.succeeded'] },
        })
        expectApiError(response, 422, 'WEBHOOK_URL_NOT_ALLOWED')
      }
      // A name that resolves to 127.0.0.1 is refused when the endpoint is made...
      const service = createWebhooksService({
        db: guarded.db.db,
        webhooks: createWebhooksRepository(guarded.db.db),
        allowPrivateAddresses: false,
        wakeSender: () => {},
        resolve: () => Promise.resolve(['127.0.0.1']),
      })
      const [user] = await guarded.db.db.select().from(users).where(eq(users.id, owner.id))
      if (!user) throw new Error('no user')
      await expect(
        service.create(user, { url: 'https://hooks.example.com/in', events: ['render.succeeded'] }),
      ).rejects.toThrow('hooks.example.com resolves to 127.0.0.1, which is not a public address')
      // ...and a delivery whose address turns out private is refused where the socket connects.
      const [row] = await guarded.db.db
        .insert(webhookEndpoints)
        .values({
          userId: owner.id,
          url: `${receiver.url.replace('http:', 'https:')}/private`,
          events: ['render.succeeded'],
          secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTI=',
        })
        .returning()
      const before = receiver.received.length
      await endRender(owner, 'succeeded', guarded)
      let deliveries: { status: string; lastError: string | null; attempts: number }[] = []
      for (let wait = 0; deliveries[0]?.attempts !== 1 && wait < 200; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        deliveries = await guarded.db.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, row?.id ?? ''))
      }
      expect(deliveries[0]?.lastError).toContain('127.0.0.1 is not a public address')
      expect(receiver.received.length).toBe(before)
    })

    it('keeps endpoints to their account, session only, within the limit', async () => {
      const owner = await createAccount()
      const stranger = await createAccount()
      const endpoint = await addEndpoint(owner, ['batch.completed'])
      expectApiError(
        await t.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${endpoint.id}`, headers: stranger.headers }),
        404,
        'WEBHOOK_NOT_FOUND',
      )
      expectApiError(
        await t.app.inject({ url: `/api/v1/webhooks/${endpoint.id}/deliveries`, headers: stranger.headers }),
        404,
        'WEBHOOK_NOT_FOUND',
      )
      const key = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: owner.headers,
        payload: { name: 'n8n', scopes: ['projects:read', 'projects:write', 'renders:write'] },
      })
      const keyHeaders = { authorization: `Bearer ${CreatedApiKeySchema.parse(key.json()).secret}` }
      expectApiError(await t.app.inject({ url: '/api/v1/webhooks', headers: keyHeaders }), 403, 'API_KEY_NOT_ALLOWED')
      for (let index = 1; index < 10; index++) await addEndpoint(owner, ['render.succeeded'], `/n${index}`)
      expectApiError(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/webhooks',
          headers: owner.headers,
          payload: { url: `${receiver.url}/eleventh`, events: ['render.succeeded'] },
        }),
        403,
        'WEBHOOK_LIMIT',
      )
      const off = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/webhooks/${endpoint.id}`,
        headers: owner.headers,
        payload: { enabled: false },
      })
      expect(off.json()).toMatchObject({ enabled: false, disabled_reason: null })
      for (const payload of [{}, { events: [] }, { events: ['render.started'] }, { url: 'ftp://example.com/x' }]) {
        expectApiError(
          await t.app.inject({
            method: 'PATCH',
            url: `/api/v1/webhooks/${endpoint.id}`,
            headers: owner.headers,
            payload,
          }),
          400,
          'VALIDATION_FAILED',
        )
      }
    })
  })
}
