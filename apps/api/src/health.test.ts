import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDb, TEST_DRIVERS } from '@storyreel/db/testing'

import { createOutboxMailer } from '#src/adapters/mailer/outbox-mailer.ts'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { loadSite, type Site } from './modules/site/site-files.ts'

const mailer = createOutboxMailer({
  outboxDir: path.join(os.tmpdir(), 'storyreel-test-outbox'),
  from: 'StoryReel <no-reply@storyreel.app>',
})
let dir: string
let site: Site

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-health-'))
  const client = path.join(dir, 'client')
  await mkdir(client, { recursive: true })
  await writeFile(path.join(client, '__spa-fallback.html'), '<!doctype html><html><body></body></html>')
  site = await loadSite(dir)
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

for (const { name, url } of TEST_DRIVERS) {
  describe(`GET /healthz and /readyz on ${name}`, () => {
    it('reports alive, and ready while the database answers', async () => {
      const db = await createTestDb(url)
      const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), deps: { site, db, mailer } })
      expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' })
      const ready = await app.inject('/readyz')
      expect(ready.statusCode).toBe(200)
      expect(ready.json()).toEqual({ status: 'ready', database: url ? 'postgres' : 'pglite' })
      await app.close()
      await db.close()
    })

    it('answers 503 in the error shape, within 2 s, when the database is gone', async () => {
      const db = await createTestDb(url, { ownInstance: true })
      const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), deps: { site, db, mailer } })
      await db.close()
      const startedAt = Date.now()
      const response = await app.inject('/readyz')
      expect(Date.now() - startedAt).toBeLessThan(2500)
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database is not reachable right now.',
      })
      expect((await app.inject('/healthz')).statusCode).toBe(200)
      await app.close()
    })
  })
}

describe('errors raised by the router', () => {
  it('answer a malformed URL in the one error shape', async () => {
    const db = await createTestDb()
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), deps: { site, db, mailer } })
    const response = await app.inject('/admin/users/%E0%A4%A')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'BAD_URL' })
    await app.close()
    await db.close()
  })
})
