import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import Fastify, { type FastifyInstance } from 'fastify'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { sql } from '@storyreel/db/operators'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import type { Mailer } from '#src/adapters/mailer/mailer.ts'
import { createOutboxMailer } from '#src/adapters/mailer/outbox-mailer.ts'
import type { AppDeps } from '#src/app.ts'
import { createTestApp, GOOD_PASSWORD, uniqueEmail, type TestApp } from '#src/testing/test-app.ts'

import { AccessLogController, createLoggerOptions, serializeError, type AccessLogMode } from './logging.ts'

type LogLine = Record<string, unknown> & { level: number; msg?: string }

function captureLines() {
  const lines: string[] = []
  return {
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
    parsed: () => lines.map((line) => JSON.parse(line) as LogLine),
  }
}

/** Every key anywhere inside a value, so a test can say a field appears at no depth. */
function keysDeep(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysDeep(inner)])
}

describe('log redaction', () => {
  it('hides secrets and personal data but keeps error codes and the outbox fields', () => {
    const log = captureLines()
    const logger = pino(createLoggerOptions('info'), log.stream)
    logger.info({
      password: 'p-secret',
      passwordHash: '$argon2id$hash-secret',
      token: 't-secret',
      access_token: 'at-secret',
      code: '123456',
      email: 'someone@example.com',
      to: 'recipient@example.com',
      user: { email: 'nested@example.com', tokenHash: 'th-secret' },
      err: Object.assign(new Error('duplicate key'), { code: '23505' }),
      outboxCode: '654321',
    })
    const text = log.text()
    for (const secret of ['p-secret', 'hash-secret', 't-secret', 'at-secret', '123456', '@example.com', 'th-secret']) {
      expect(text).not.toContain(secret)
    }
    const [line] = log.parsed()
    expect(line).toMatchObject({ code: '[Redacted]', err: { code: '23505' }, outboxCode: '654321' })
  })

  it('drops the values of a failed query from an error and every cause below it', () => {
    // The shapes Drizzle and PGlite give a failed insert: the values in `params`, Drizzle's message and stack,
    // and PostgreSQL's detail quoting the row.
    const driverError = Object.assign(new Error('new row violates check constraint "no_users"'), {
      code: '23514',
      detail: 'Failing row contains (someone@example.com, $argon2id$secret-hash).',
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      params: ['someone@example.com', '$argon2id$secret-hash'],
      queryOptions: { rowMode: 'object' },
    })
    const queryError = Object.assign(
      new Error(
        'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: someone@example.com,$argon2id$secret-hash',
      ),
      { query: 'insert into "users" ("email", "password_hash") values ($1, $2)', params: ['someone@example.com'] },
    )
    queryError.cause = driverError
    const outer = new Error('register failed', { cause: queryError })

    const serialized = serializeError(outer)
    const text = JSON.stringify(serialized)
    expect(text).not.toContain('someone@example.com')
    expect(text).not.toContain('secret-hash')
    expect(keysDeep(serialized)).not.toContain('params')
    expect(keysDeep(serialized)).not.toContain('detail')
    expect(serialized).toMatchObject({
      message: 'register failed',
      cause: {
        message: 'Failed query: <query>',
        query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
        cause: { code: '23514', message: 'new row violates check constraint "no_users"' },
      },
    })
    // The SQL once: the cause failed on the same query, so only the outer error carries it.
    expect(keysDeep(serialized).filter((key) => key === 'query')).toHaveLength(1)
    expect((serialized as { cause: { stack: string } }).cause.stack).toMatch(/^Error: Failed query: <query>\n {4}at /)
  })
})

describe('access log', () => {
  let app: FastifyInstance | undefined
  afterEach(() => app?.close())

  async function startApp(mode: AccessLogMode, sampleRate = 0.01, level = 'info') {
    const log = captureLines()
    app = Fastify({
      logger: { ...createLoggerOptions(level), stream: log.stream },
      logController: new AccessLogController({ mode, sampleRate }),
    })
    app.get('/ok', () => ({ ok: true }))
    app.get('/fail', () => {
      throw new Error('broken')
    })
    await app.ready()
    const inject = (url: string, times = 1) =>
      Promise.all(Array.from({ length: times }, () => (app as FastifyInstance).inject({ url })))
    const completed = () => log.parsed().filter((line) => line.msg === 'request completed')
    return { log, inject, completed }
  }

  it('writes no line for a successful or client-error request when off', async () => {
    const { log, inject, completed } = await startApp('off')
    await inject('/ok', 20)
    await inject('/missing')
    expect(completed()).toEqual([])
    expect(log.text()).not.toContain('incoming request')
  })

  it('always writes a 5xx, at error level, whatever the mode and the level', async () => {
    for (const mode of ['off', 'sampled', 'full'] as const) {
      const { inject, completed } = await startApp(mode, 0.01, 'error')
      await inject('/fail')
      expect(completed()).toEqual([
        expect.objectContaining({
          level: 50,
          req: expect.objectContaining({ url: '/fail' }) as unknown,
          res: { statusCode: 500 },
        }),
      ])
      await app?.close()
    }
  })

  it('writes one line per request, with the path but not the query, when full', async () => {
    const { log, inject, completed } = await startApp('full')
    await inject('/ok?s=signed-secret&q=someone@example.com', 5)
    expect(completed()).toHaveLength(5)
    expect(completed()[0]).toMatchObject({
      level: 30,
      reqId: expect.any(String) as unknown,
      req: { method: 'GET', url: '/ok', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number) as unknown,
    })
    expect(log.text()).not.toContain('incoming request')
    expect(log.text()).not.toContain('signed-secret')
  })

  it('writes about the given share of requests when sampled', async () => {
    const { inject, completed } = await startApp('sampled', 0.5)
    await inject('/ok', 400)
    // Binomial(400, 0.5): outside 100..300 about once in 10^24 runs.
    expect(completed().length).toBeGreaterThan(100)
    expect(completed().length).toBeLessThan(300)
  })
})

for (const { name, url } of TEST_DRIVERS) {
  describe(`the API logs on ${name}`, () => {
    const KNOWN_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VlZHNlZWRzZWVk$known-hash-for-the-log-test'
    const hasher: NonNullable<AppDeps['hasher']> = {
      hash: () => Promise.resolve(KNOWN_HASH),
      verify: () => Promise.resolve(false),
      verifyAgainstNothing: () => Promise.resolve(false),
    }
    const log = captureLines()
    let t: TestApp

    beforeAll(async () => {
      t = await createTestApp({
        databaseUrl: url,
        env: { LOG_LEVEL: 'info', ACCESS_LOG: 'off', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
        deps: { logStream: log.stream, hasher },
      })
    })
    afterAll(() => t.close())

    it('log a database failure at register without the e-mail, the password hash or the query values', async () => {
      // Every new account now breaks a constraint, so the insert fails inside the database with the row quoted.
      await t.db.db.execute(sql`alter table users add constraint no_new_users check (false) not valid`)
      const email = uniqueEmail('db-failure')
      try {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: { email, password: GOOD_PASSWORD },
        })
        expect(response.statusCode).toBe(500)
      } finally {
        await t.db.db.execute(sql`alter table users drop constraint no_new_users`)
      }
      const failed = log.parsed().find((line) => line.msg === 'request failed')
      // Still enough to debug: which statement failed, and the database's own code and message.
      expect(failed?.err).toMatchObject({
        message: 'Failed query: <query>',
        query: expect.stringContaining('insert into "users"') as unknown,
        cause: { code: '23514', message: expect.stringContaining('no_new_users') as unknown },
      })
      expect(keysDeep(failed?.err)).not.toContain('params')
      const text = log.text()
      for (const secret of [email, KNOWN_HASH, 'known-hash-for-the-log-test', GOOD_PASSWORD]) {
        expect(text).not.toContain(secret)
      }
      // With ACCESS_LOG=off the 500 still gets its line, tied to the error by the request id.
      expect(log.parsed().filter((line) => line.msg === 'request completed')).toEqual([
        expect.objectContaining({ level: 50, res: { statusCode: 500 }, reqId: failed?.reqId }),
      ])
      expect(failed?.reqId).toEqual(expect.any(String))
    })
  })
}

describe('the outbox line (decision 012)', () => {
  const log = captureLines()
  let t: TestApp
  let outboxDir: string
  let mailer: Mailer

  beforeAll(async () => {
    outboxDir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-log-outbox-'))
    mailer = createOutboxMailer({ outboxDir, from: 'StoryReel <no-reply@storyreel.app>' })
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, deps: { logStream: log.stream, mailer } })
  })
  afterAll(async () => {
    await t.close()
    mailer.close()
    await rm(outboxDir, { recursive: true, force: true })
  })

  it('still shows the developer the code', async () => {
    const email = uniqueEmail('outbox')
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email, password: GOOD_PASSWORD } })
    const deadline = Date.now() + 10_000
    let line: LogLine | undefined
    while (!line && Date.now() < deadline) {
      line = log.parsed().find((entry) => entry.msg === 'confirmation code written to the outbox')
      if (!line) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const [file] = await readdir(outboxDir)
    const code = /code is: (\d{6})/.exec(await readFile(path.join(outboxDir, file ?? ''), 'utf8'))?.[1]
    expect(code).toMatch(/^\d{6}$/)
    expect(JSON.stringify(line)).toContain(`"${code}"`)
  })
})
