import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CreatedWebhookSchema, WebhookDeliveryListSchema } from '@storyreel/contracts/webhooks'
import { createDb } from '@storyreel/db/client'
import { sql } from '@storyreel/db/operators'
import { webhookDeliveries } from '@storyreel/db/schema'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { createPostgresDatabase } from '#src/testing/postgres-database.ts'
import {
  callJson,
  createEmptyWebBuild,
  readOutboxCode,
  startServerProcess,
  type ServerProcess,
} from '#src/testing/server-process.ts'
import { GOOD_PASSWORD, uniqueEmail } from '#src/testing/test-app.ts'
import { startWebhookReceiver } from '#src/testing/webhook-receiver.ts'

/**
 * The outbox is in the database, so a server killed while a delivery's retry is on the wire loses nothing: the
 * next process takes the delivery once the dead one's lease runs out and sends it with the same webhook-id.
 * Everything goes through the API and real server processes; only the clock (the retry's wait, the lease) is
 * moved in the database, while no server holds it.
 */
for (const { name, url: postgresUrl } of TEST_DRIVERS) {
  describe(`a webhook delivery survives SIGKILL mid-retry on ${name}`, () => {
    let dataDir: string
    let webBuild: Awaited<ReturnType<typeof createEmptyWebBuild>>
    let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
    const servers: ServerProcess[] = []

    beforeAll(async () => {
      ;[dataDir, webBuild, database, receiver] = await Promise.all([
        mkdtemp(path.join(os.tmpdir(), 'storyreel-hook-kill-')),
        createEmptyWebBuild(),
        postgresUrl ? createPostgresDatabase(postgresUrl) : undefined,
        startWebhookReceiver(),
      ])
    })

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.kill('SIGKILL')))
      await receiver?.close()
      await database?.drop()
      await webBuild?.remove()
      if (dataDir) await rm(dataDir, { recursive: true, force: true })
    })

    const start = async () => {
      const server = await startServerProcess({
        cwd: dataDir,
        env: {
          DATA_DIR: dataDir,
          WEB_BUILD_DIR: webBuild.dir,
          RENDER_WORKERS: '0',
          WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
      })
      servers.push(server)
      return server
    }

    /** The database as the dead server left it, opened while no server runs (the embedded one allows one). */
    async function moveClock(statement: ReturnType<typeof sql>) {
      const handle = createDb(database?.url ?? path.join(dataDir, 'pglite'))
      try {
        await handle.db.execute(statement)
      } finally {
        await handle.close()
      }
    }

    it('sends the delivery from the next process, with the same id, and logs the tries that finished', async () => {
      const first = await start()
      const email = uniqueEmail('hook-kill')
      const { access_token: token } = (await callJson(first.url, 'POST', '/api/v1/auth/register', undefined, {
        email,
        password: GOOD_PASSWORD,
      })) as { access_token: string }
      await callJson(first.url, 'POST', '/api/v1/auth/confirm', undefined, {
        email,
        code: await readOutboxCode(dataDir, email),
      })
      const endpoint = CreatedWebhookSchema.parse(
        await callJson(first.url, 'POST', '/api/v1/webhooks', token, {
          url: `${receiver.url}/in`,
          events: ['asset.ready'],
        }),
      )
      let calls = 0
      receiver.answerWith(() => {
        calls += 1
        if (calls === 1) return { status: 500, body: 'not yet' }
        if (calls === 2) return 'hang'
        return { status: 200, body: 'thanks' }
      })
      // A photo uploaded to the library is ready at once: its asset.ready event is the delivery.
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
        .png()
        .toBuffer()
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'shop-front.png')
      const uploaded = await fetch(`${first.url}/api/v1/assets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
      expect(uploaded.status, await uploaded.text()).toBe(201)
      // The first try fails; the retry comes 5 s later, and the server is killed while it is on the wire.
      await receiver.waitFor(2, 20_000)
      expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' })

      // The dead server's lease would run out in half a minute; the test moves the clock past it.
      await moveClock(sql`update ${webhookDeliveries} set locked_until = now()`)
      const second = await start()
      const [one, two, three] = await receiver.waitFor(3, 20_000)
      expect(new Set([one, two, three].map((item) => item?.headers['webhook-id'])).size).toBe(1)
      expect(three?.body).toBe(one?.body)

      let log = WebhookDeliveryListSchema.parse(
        await callJson(second.url, 'GET', `/api/v1/webhooks/${endpoint.id}/deliveries`, token),
      )
      for (let wait = 0; log.deliveries[0]?.status !== 'succeeded' && wait < 100; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        log = WebhookDeliveryListSchema.parse(
          await callJson(second.url, 'GET', `/api/v1/webhooks/${endpoint.id}/deliveries`, token),
        )
      }
      expect(log.deliveries).toHaveLength(1)
      expect(log.deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 2, event_type: 'asset.ready' })
      // The killed try never finished, so the log holds the two that did.
      expect(log.deliveries[0]?.tries.map((item) => item.status_code)).toEqual([500, 200])
      await second.kill('SIGTERM')
    }, 90_000)
  })
}
