import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { createDb } from '@storyreel/db/client'

import { createOutboxMailer } from '#src/adapters/mailer/outbox-mailer.ts'
import { buildApp } from '#src/app.ts'
import { loadConfig } from '#src/config.ts'
import { loadSite, type Site } from '#src/modules/site/site-files.ts'
import { createPostgresDatabase } from '#src/testing/postgres-database.ts'
import { createEmptyWebBuild } from '#src/testing/server-process.ts'
import { GOOD_PASSWORD, uniqueEmail } from '#src/testing/test-app.ts'

// `npm test` passes these when PostgreSQL and Redis answer on 127.0.0.1 (CI's do).
const POSTGRES_URL = process.env.TEST_DATABASE_URL
const REDIS_URL = process.env.TEST_REDIS_URL

type Instance = { app: FastifyInstance; close(): Promise<void> }

describe.skipIf(!POSTGRES_URL || !REDIS_URL)('two instances on one PostgreSQL and one Redis', () => {
  // Each run counts under its own prefix, so a rerun within the minute starts from zero.
  const rateLimitPrefix = `storyreel-rl-test-${randomBytes(4).toString('hex')}:`
  const instances: Instance[] = []
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  let outboxDir: string
  let site: Site

  /** What a second process would have: its own pool, its own Redis client, the same database and prefix. */
  async function startInstance(env: Record<string, string>): Promise<FastifyInstance> {
    const db = createDb(database.url)
    const redis = new Redis(REDIS_URL ?? '', { maxRetriesPerRequest: 1 })
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      REDIS_URL,
      RATE_LIMIT_PREFIX: rateLimitPrefix,
      ...env,
    })
    const mailer = createOutboxMailer({ outboxDir, from: config.mail.from })
    const app = await buildApp({ config, deps: { site, db, mailer, redis } })
    await app.ready()
    instances.push({
      app,
      async close() {
        await app.close()
        mailer.close()
        redis.disconnect()
        await db.close()
      },
    })
    return app
  }

  beforeAll(async () => {
    const webBuild = await createEmptyWebBuild()
    ;[database, outboxDir, site] = await Promise.all([
      createPostgresDatabase(POSTGRES_URL ?? ''),
      mkdtemp(path.join(os.tmpdir(), 'storyreel-two-instances-')),
      loadSite(webBuild.dir),
    ])
    await webBuild.remove()
    const migrator = createDb(database.url)
    await migrator.migrate()
    await migrator.close()
  })

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()))
    await database?.drop()
    if (outboxDir) await rm(outboxDir, { recursive: true, force: true })
  })

  const register = async (app: FastifyInstance, email: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: GOOD_PASSWORD },
    })
    expect(response.statusCode).toBe(201)
    return response.json<{ access_token: string }>().access_token
  }
  const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: ip })

  describe('sessions', () => {
    let a: FastifyInstance
    let b: FastifyInstance
    beforeAll(async () => {
      a = await startInstance({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
      b = await startInstance({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    })

    it('accepts a token issued by A on B, and a logout on B revokes it on A at once', async () => {
      const token = await register(a, uniqueEmail('shared'))
      const headers = { authorization: `Bearer ${token}` }
      // Both instances have the session in their caches before B signs it out.
      expect((await a.inject({ url: '/api/v1/auth/me', headers })).statusCode).toBe(200)
      expect((await b.inject({ url: '/api/v1/auth/me', headers })).statusCode).toBe(200)
      expect((await b.inject({ method: 'POST', url: '/api/v1/auth/logout', headers })).statusCode).toBe(204)
      const onA = await a.inject({ url: '/api/v1/auth/me', headers })
      expect(onA.statusCode).toBe(401)
      expect(ApiErrorSchema.parse(onA.json()).code).toBe('UNAUTHORIZED')
    })

    it('drops a profile cached on A as soon as B changes it', async () => {
      const token = await register(a, uniqueEmail('profile'))
      const headers = { authorization: `Bearer ${token}` }
      expect((await a.inject({ url: '/api/v1/auth/me', headers })).json()).toMatchObject({ first_name: null })
      const patch = await b.inject({
        method: 'PATCH',
        url: '/api/v1/auth/profile',
        headers,
        payload: { first_name: 'Ines' },
      })
      expect(patch.statusCode).toBe(200)
      expect((await a.inject({ url: '/api/v1/auth/me', headers })).json()).toMatchObject({ first_name: 'Ines' })
    })

    it('counts login failures for one e-mail and IP across both, locking the pair after ten', async () => {
      const email = uniqueEmail('lockout')
      await register(a, email)
      const ip = '198.51.100.20'
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const response = await login(attempt % 2 ? b : a, email, 'not-the-password-1', ip)
        expect(response.statusCode).toBe(401)
      }
      for (const app of [a, b]) {
        const locked = await login(app, email, GOOD_PASSWORD, ip)
        expect(locked.statusCode).toBe(429)
        expect(ApiErrorSchema.parse(locked.json()).code).toBe('LOGIN_LOCKED')
      }
      expect((await login(b, email, GOOD_PASSWORD, '198.51.100.21')).statusCode).toBe(200)
    }, 30_000)
  })

  describe('per-IP rate limits', () => {
    let a: FastifyInstance
    let b: FastifyInstance
    beforeAll(async () => {
      a = await startInstance({ AUTH_RATE_LIMIT_PER_MINUTE: '5' })
      b = await startInstance({ AUTH_RATE_LIMIT_PER_MINUTE: '5' })
    })

    it('share one count: three calls on A and three on B make the sixth a 429', async () => {
      const send = (app: FastifyInstance, ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/auth/send-confirmation-code',
          payload: { email: uniqueEmail('limit') },
          remoteAddress: ip,
        })
      const ip = '203.0.113.50'
      const statuses = []
      for (const app of [a, b, a, b, a, b]) statuses.push((await send(app, ip)).statusCode)
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429])
      const limited = await send(a, ip)
      expect(limited.statusCode).toBe(429)
      expect(ApiErrorSchema.parse(limited.json()).code).toBe('RATE_LIMITED')
      expect((await send(b, '203.0.113.51')).statusCode).toBe(202)
    })
  })
})
