import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { createDb } from '@storyreel/db/client'
import { isDatabaseUnavailableError } from '@storyreel/db/errors'
import { sql } from '@storyreel/db/operators'

import { createPostgresDatabase } from '#src/testing/postgres-database.ts'
import { createEmptyWebBuild, startServerProcess, type ServerProcess } from '#src/testing/server-process.ts'
import { startTcpProxy, type TcpProxy } from '#src/testing/tcp-proxy.ts'
import { GOOD_PASSWORD, uniqueEmail } from '#src/testing/test-app.ts'

// `npm test` passes the machine's PostgreSQL here; PGlite has no network to lose (health.test.ts covers /readyz).
const POSTGRES_URL = process.env.TEST_DATABASE_URL

/** The API's promise: while the database is away, an answer within 2 s. */
const OUTAGE_ANSWER_MS = 2000
/** A server that hangs says nothing, so only the query timeout (2 s by default) ends the wait. */
const HANG_ANSWER_MS = 3000

const DATABASE_UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  code: 'DATABASE_UNAVAILABLE',
  message: 'The database is not reachable right now. Please try again shortly.',
}

/** The same database URL, reached through the proxy on 127.0.0.1. */
function throughProxy(databaseUrl: string, proxy: TcpProxy): string {
  const url = new URL(databaseUrl)
  url.host = `127.0.0.1:${proxy.port}`
  return url.toString()
}

async function timed(request: Promise<Response>) {
  const startedAt = performance.now()
  const response = await request
  const text = await response.text()
  return { response, ms: performance.now() - startedAt, body: text ? (JSON.parse(text) as unknown) : undefined }
}

describe.skipIf(!POSTGRES_URL)('a PostgreSQL outage', () => {
  const serverUrl = POSTGRES_URL ?? ''
  const target = new URL(serverUrl || 'postgres://127.0.0.1:5432/test')
  let proxy: TcpProxy
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  let webBuild: Awaited<ReturnType<typeof createEmptyWebBuild>>
  let dataDir: string
  let server: ServerProcess

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    ;[database, webBuild, dataDir] = await Promise.all([
      createPostgresDatabase(serverUrl),
      createEmptyWebBuild(),
      mkdtemp(path.join(os.tmpdir(), 'storyreel-outage-')),
    ])
    server = await startServerProcess({
      cwd: dataDir,
      env: {
        DATABASE_URL: throughProxy(database.url, proxy),
        DATA_DIR: dataDir,
        WEB_BUILD_DIR: webBuild.dir,
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        LOG_LEVEL: 'error',
      },
    })
  })

  afterAll(async () => {
    await server?.kill('SIGKILL')
    await proxy?.stop()
    await database?.drop()
    await webBuild?.remove()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  const api = (urlPath: string, init: RequestInit = {}) =>
    fetch(`${server.url}${urlPath}`, { ...init, signal: AbortSignal.timeout(10_000) })
  const me = (token: string) => api('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } })
  const login = (email: string) =>
    api('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: GOOD_PASSWORD }),
    })

  it('answers 503 within 2 s while the database is away, stays up, and recovers by itself', async () => {
    const email = uniqueEmail('outage')
    const registered = await api('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: GOOD_PASSWORD }),
    })
    expect(registered.status).toBe(201)
    const { access_token: token } = (await registered.json()) as { access_token: string }
    expect((await me(token)).status).toBe(200)
    expect((await login(email)).status).toBe(200)

    await proxy.stop()

    for (const call of [() => me(token), () => login(email), () => me(token)]) {
      const { response, ms, body } = await timed(call())
      expect(response.status).toBe(503)
      expect(ms).toBeLessThan(OUTAGE_ANSWER_MS)
      expect(response.headers.get('retry-after')).toBe('5')
      expect(ApiErrorSchema.parse(body)).toEqual(DATABASE_UNAVAILABLE)
    }
    // A burst while the database is away: every caller still gets a prompt 503, none a 500.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => timed(i % 2 ? me(token) : login(email))))
    for (const { response, ms, body } of burst) {
      expect(response.status).toBe(503)
      expect(ms).toBeLessThan(OUTAGE_ANSWER_MS)
      expect(body).toEqual(DATABASE_UNAVAILABLE)
    }
    expect((await api('/healthz')).status).toBe(200)
    expect((await api('/readyz')).status).toBe(503)
    expect(server.child.exitCode).toBeNull()

    await proxy.start()

    const back = await me(token)
    expect(back.status).toBe(200)
    expect(await back.json()).toMatchObject({ email })
    expect((await login(email)).status).toBe(200)
    expect((await api('/readyz')).status).toBe(200)
    expect(server.child.exitCode).toBeNull()
  }, 30_000)

  it('answers 503 within 3 s while the database hangs without a word, and recovers when it answers again', async () => {
    const email = uniqueEmail('hang')
    const registered = await api('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: GOOD_PASSWORD }),
    })
    expect(registered.status).toBe(201)
    const { access_token: token } = (await registered.json()) as { access_token: string }
    expect((await me(token)).status).toBe(200)

    // Connections stay open and new ones are accepted, but nothing comes back: only timeouts can tell.
    proxy.blackhole()
    const calls = await Promise.all([timed(me(token)), timed(login(email)), timed(me(token)), timed(login(email))])
    for (const { response, ms, body } of calls) {
      expect(response.status).toBe(503)
      expect(ms).toBeLessThan(HANG_ANSWER_MS)
      expect(ApiErrorSchema.parse(body)).toEqual(DATABASE_UNAVAILABLE)
    }
    expect(server.child.exitCode).toBeNull()

    await proxy.start()
    const back = await timed(me(token))
    expect(back.response.status).toBe(200)
    expect(back.body).toMatchObject({ email })
    expect((await login(email)).status).toBe(200)
  }, 30_000)

  it('answers 503 or succeeds, never 500, for requests cut off mid-flight, and the process stays up', async () => {
    const users = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const email = uniqueEmail('cut')
        const response = await api('/api/v1/auth/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: GOOD_PASSWORD }),
        })
        expect(response.status).toBe(201)
        return { email, token: ((await response.json()) as { access_token: string }).access_token }
      }),
    )
    // Account deletion runs in a transaction; cutting the database as the first one commits leaves the
    // others holding a checked-out connection, the case where a dropped socket could crash the process.
    const deletions = users.map(({ token }) =>
      timed(api('/api/v1/auth/me', { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })),
    )
    const logins = users.slice(0, 4).map(({ email }) => timed(login(email)))
    await Promise.race(deletions)
    await proxy.stop()
    const settled = await Promise.all([...deletions, ...logins]).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${server.stderr()}`)
    })
    for (const { response, body } of settled) {
      expect([200, 204, 401, 503]).toContain(response.status)
      if (response.status >= 400) ApiErrorSchema.parse(body)
    }
    expect(settled.filter(({ response }) => response.status === 503).length).toBeGreaterThan(0)
    expect(server.child.exitCode).toBeNull()
    expect((await api('/healthz')).status).toBe(200)

    await proxy.start()
    expect((await api('/readyz')).status).toBe(200)
    const survivor = users.at(-1)?.email ?? ''
    expect([200, 401]).toContain((await login(survivor)).status)
  }, 30_000)
})

describe.skipIf(!POSTGRES_URL)('createDb on PostgreSQL', () => {
  it('rejects a transaction whose connection drops as unavailable, without an uncaught error', async () => {
    const target = new URL(POSTGRES_URL ?? '')
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const handle = createDb(throughProxy(POSTGRES_URL ?? '', proxy), { poolSize: 2 })
    try {
      const failure = await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`)
          await proxy.stop()
          await tx.execute(sql`select 1`)
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        )
      expect(isDatabaseUnavailableError(failure)).toBe(true)
      // Give a stray 'error' event on the checked-out client the chance to surface as an uncaught exception.
      await new Promise((resolve) => setTimeout(resolve, 100))
      await proxy.start()
      await expect(handle.ping()).resolves.toBeUndefined()
    } finally {
      await handle.close()
      await proxy.stop()
    }
  })
})
