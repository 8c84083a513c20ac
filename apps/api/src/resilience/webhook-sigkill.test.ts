import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createDb, type DbHandle } from '@storyreel/db/client'
import { eq, sql } from '@storyreel/db/operators'
import { renderJobs, users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@storyreel/db/schema'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { createPostgresDatabase } from '#src/testing/postgres-database.ts'
import { createEmptyWebBuild, startServerProcess, type ServerProcess } from '#src/testing/server-process.ts'
import { insertBareProject } from '#src/testing/rows.ts'
import { uniqueEmail } from '#src/testing/test-app.ts'
import { startWebhookReceiver } from '#src/testing/webhook-receiver.ts'

const postgresUrl = TEST_DRIVERS.find((driver) => driver.name === 'PostgreSQL')?.url

/**
 * The outbox is in the database, so a server killed while a delivery's retry is on the wire loses nothing: the
 * next process takes the delivery once its lease runs out and sends it with the same webhook-id. Needs two
 * processes on one database, so PostgreSQL only (the embedded database belongs to one process).
 */
describe.skipIf(!postgresUrl)('a webhook delivery survives SIGKILL mid-retry', () => {
  let dataDir: string
  let webBuild: Awaited<ReturnType<typeof createEmptyWebBuild>>
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
  let handle: DbHandle | undefined
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    ;[dataDir, webBuild, database, receiver] = await Promise.all([
      mkdtemp(path.join(os.tmpdir(), 'storyreel-hook-kill-')),
      createEmptyWebBuild(),
      createPostgresDatabase(postgresUrl ?? ''),
      startWebhookReceiver(),
    ])
  })

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGKILL')))
    await handle?.close()
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
        DATABASE_URL: database.url,
        RENDER_WORKERS: '0',
        WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      },
    })
    servers.push(server)
    return server
  }

  it('sends the delivery from the next process, with the same id, and logs the tries that finished', async () => {
    const first = await start()
    // The first server has migrated the database; the test writes the account, endpoint and render itself.
    handle = createDb(database.url, { poolSize: 2 })
    const db = handle.db
    const [user] = await db
      .insert(users)
      .values({ email: uniqueEmail('hook-kill'), confirmed: true })
      .returning()
    if (!user) throw new Error('no user')
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        userId: user.id,
        url: `${receiver.url}/in`,
        events: ['render.succeeded'],
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .returning()
    const project = await insertBareProject(db, user.id, 'Night market')
    if (!endpoint) throw new Error('no endpoint')

    let calls = 0
    receiver.answerWith(() => {
      calls += 1
      if (calls === 1) return { status: 500, body: 'not yet' }
      if (calls === 2) return 'hang'
      return { status: 200, body: 'thanks' }
    })
    await db.insert(renderJobs).values({
      projectId: project.id,
      userId: user.id,
      resolution: '720p',
      spec: {},
      status: 'succeeded',
      finishedAt: new Date(),
    })
    await receiver.waitFor(1)
    // The retry is due in 5 s; the test moves the clock, and kills the server while that retry is on the wire.
    await db.update(webhookDeliveries).set({ nextAttemptAt: sql`now()` })
    await receiver.waitFor(2)
    expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' })

    const [stranded] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))
    expect(stranded).toMatchObject({ status: 'pending', attempts: 1 })
    expect(stranded?.lockedBy).not.toBeNull()

    await start()
    // The dead server's lease would run out in half a minute; the test moves the clock past it.
    await db.update(webhookDeliveries).set({ lockedUntil: sql`now()` })
    const [one, two, three] = await receiver.waitFor(3)
    expect(new Set([one, two, three].map((item) => item?.headers['webhook-id'])).size).toBe(1)
    expect(three?.body).toBe(one?.body)

    let delivered = stranded
    for (let wait = 0; delivered?.status !== 'succeeded' && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      ;[delivered] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))
    }
    expect(delivered).toMatchObject({ status: 'succeeded', attempts: 2, lastStatusCode: 200 })
    const tries = await db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivered?.id ?? ''))
      .orderBy(webhookAttempts.attemptedAt)
    expect(tries.map((item) => item.statusCode)).toEqual([500, 200])
  }, 90_000)
})
