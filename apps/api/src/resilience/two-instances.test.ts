import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { createDb } from '@storyreel/db/client'

import { createOutboxMailer } from '#src/adapters/mailer/outbox-mailer.ts'
import { buildApp } from '#src/app.ts'
import { loadConfig } from '#src/config.ts'
import { loadSite, type Site } from '#src/modules/site/site-files.ts'
import { createPostgresDatabase } from '#src/testing/postgres-database.ts'
import { createEmptyWebBuild } from '#src/testing/server-process.ts'
import { readCode } from '#src/testing/smtp-receiver.ts'
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

  /** The code in the newest outbox message to `email` whose subject matches, waiting for it to be written. */
  async function readOutboxCode(email: string, subject: RegExp): Promise<string> {
    for (let waited = 0; waited < 5000; waited += 100) {
      for (const file of (await readdir(outboxDir)).sort().reverse()) {
        const mail = await simpleParser(await readFile(path.join(outboxDir, file)))
        const to = [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address))
        if (to.includes(email) && subject.test(mail.subject ?? ''))
          return readCode({ to: email, subject: '', text: mail.text ?? '', html: '' })
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`no outbox mail to ${email} matching ${String(subject)}`)
  }

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

    it('ends on A at once the sessions a password reset, a sign-out of one session or of all others ends on B', async () => {
      const email = uniqueEmail('reset')
      const registered = await register(a, email)
      const signIn = async () =>
        (await login(a, email, GOOD_PASSWORD, '198.51.100.30')).json<{ access_token: string; id: string }>()
      const [one, two, three] = [await signIn(), await signIn(), await signIn()]
      const me = (app: FastifyInstance, token: string) =>
        app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } })
      // A has every session cached before B ends them.
      for (const token of [registered, one.access_token, two.access_token, three.access_token]) {
        expect((await me(a, token)).statusCode).toBe(200)
      }
      const sessions = await b.inject({
        url: '/api/v1/auth/sessions',
        headers: { authorization: `Bearer ${three.access_token}` },
      })
      const current = sessions.json<{ sessions: Array<{ id: string; current: boolean }> }>().sessions
      const target = current.find((session) => !session.current)
      const revoked = await b.inject({
        method: 'DELETE',
        url: `/api/v1/auth/sessions/${target?.id ?? ''}`,
        headers: { authorization: `Bearer ${three.access_token}` },
      })
      expect(revoked.statusCode).toBe(204)
      const alive = []
      for (const token of [registered, one.access_token, two.access_token]) {
        if ((await me(a, token)).statusCode === 200) alive.push(token)
      }
      expect(alive).toHaveLength(2)

      const others = await b.inject({
        method: 'POST',
        url: '/api/v1/auth/sessions/revoke-others',
        headers: { authorization: `Bearer ${alive[0] ?? ''}` },
      })
      expect(others.json()).toEqual({ revoked: 2 })
      expect((await me(a, alive[1] ?? '')).statusCode).toBe(401)
      expect((await me(a, three.access_token)).statusCode).toBe(401)
      expect((await me(a, alive[0] ?? '')).statusCode).toBe(200)

      // The reset code comes from the outbox, as a developer without SMTP reads it.
      expect(
        (await b.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email } })).statusCode,
      ).toBe(202)
      const code = await readOutboxCode(email, /password reset code/)
      const reset = await b.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/confirm',
        payload: { email, code, password: 'amber-lantern-violin-88' },
      })
      expect(reset.statusCode).toBe(200)
      expect((await me(a, alive[0] ?? '')).statusCode).toBe(401)
      expect((await me(a, reset.json<{ access_token: string }>().access_token)).statusCode).toBe(200)
    }, 30_000)

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
