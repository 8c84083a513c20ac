import Fastify from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { ApiKeyListSchema, CreatedApiKeySchema, type ApiKeyScope } from '@storyreel/contracts/api-keys'
import { eq } from '@storyreel/db/operators'
import { apiKeys, sessions, users } from '@storyreel/db/schema'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { createAccessToken } from '#src/modules/auth/token.ts'
import { registerOpenApi } from '#src/plugins/openapi.ts'
import { registerZodSchemas } from '#src/plugins/zod-schemas.ts'
import { createClock } from '#src/testing/clock.ts'
import { expectApiError } from '#src/testing/api-error.ts'
import { createTestApp, uniqueEmail, type TestApp } from '#src/testing/test-app.ts'

const KEY_CALLS_PER_MINUTE = 30
const DAY_MS = 24 * 3600_000

type Account = { id: string; token: string }

/** A confirmed account and a session for it, written straight to the database: no sign-up mail, no argon2. */
async function createAccount(
  t: TestApp,
  { plan = 'free', role = 'user' }: { plan?: 'free' | 'paid'; role?: 'user' | 'admin' } = {},
): Promise<Account> {
  const [user] = await t.db.db
    .insert(users)
    .values({ email: uniqueEmail('keys'), confirmed: true, plan, role })
    .returning()
  if (!user) throw new Error('no user')
  const { token, tokenHash } = createAccessToken()
  await t.db.db.insert(sessions).values({
    userId: user.id,
    tokenHash,
    kind: role === 'admin' ? 'admin' : 'user',
    expiresAt: new Date(Date.now() + DAY_MS),
  })
  return { id: user.id, token }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

function makeKey(t: TestApp, account: Account, scopes: ApiKeyScope[], name = 'Zapier') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: bearer(account.token),
    payload: { name, scopes },
  })
}

async function createKey(t: TestApp, account: Account, scopes: ApiKeyScope[], name?: string) {
  const response = await makeKey(t, account, scopes, name)
  expect(response.statusCode, response.body).toBe(201)
  return CreatedApiKeySchema.parse(response.json())
}

for (const { name, url } of TEST_DRIVERS) {
  describe(`API keys on ${name}`, () => {
    let t: TestApp
    const clock = createClock()

    beforeAll(async () => {
      t = await createTestApp({
        databaseUrl: url,
        env: {
          API_KEY_RATE_LIMIT_PER_MINUTE: String(KEY_CALLS_PER_MINUTE),
          SESSION_RATE_LIMIT_PER_MINUTE: '100000',
          STUDIO_RATE_LIMIT_PER_MINUTE: '100000',
        },
        deps: { now: clock.now },
      })
    })
    afterAll(() => t.close())

    describe('POST, GET and DELETE /api/v1/api-keys', () => {
      it('makes a key shown once, lists it by prefix without the secret, and revokes it at once', async () => {
        const account = await createAccount(t)
        const created = await createKey(t, account, ['projects:read', 'templates:read'], 'Sheets export')
        expect(created.secret).toMatch(/^srk_[A-Za-z0-9_-]{40}$/)
        expect(created.prefix).toBe(created.secret.slice(0, 12))
        expect(created).toMatchObject({ name: 'Sheets export', scopes: ['projects:read', 'templates:read'] })
        expect(created.last_used_at).toBeNull()

        const listed = await t.app.inject({ url: '/api/v1/api-keys', headers: bearer(account.token) })
        expect(listed.statusCode).toBe(200)
        expect(listed.headers['cache-control']).toContain('no-store')
        const list = ApiKeyListSchema.parse(listed.json())
        expect(list).toEqual({
          api_keys: [expect.objectContaining({ id: created.id, prefix: created.prefix })],
          limit: 1,
        })
        expect(listed.body).not.toContain(created.secret)
        expect(listed.body).not.toContain('secret')
        // Only the hash is stored.
        const [row] = await t.db.db.select().from(apiKeys).where(eq(apiKeys.id, created.id))
        expect(JSON.stringify(row)).not.toContain(created.secret.slice(12))

        const projects = await t.app.inject({ url: '/api/v1/projects', headers: bearer(created.secret) })
        expect(projects.statusCode, projects.body).toBe(200)

        const revoked = await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/api-keys/${created.id}`,
          headers: bearer(account.token),
        })
        expect(revoked.statusCode).toBe(204)
        expectApiError(
          await t.app.inject({ url: '/api/v1/projects', headers: bearer(created.secret) }),
          401,
          'API_KEY_INVALID',
        )
        const again = await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/api-keys/${created.id}`,
          headers: bearer(account.token),
        })
        expectApiError(again, 404, 'API_KEY_NOT_FOUND')
      })

      it("does not list, or revoke, another account's key", async () => {
        const [owner, other] = await Promise.all([createAccount(t), createAccount(t)])
        const created = await createKey(t, owner, ['assets:read'])
        const list = await t.app.inject({ url: '/api/v1/api-keys', headers: bearer(other.token) })
        expect(ApiKeyListSchema.parse(list.json()).api_keys).toEqual([])
        const revoke = await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/api-keys/${created.id}`,
          headers: bearer(other.token),
        })
        expectApiError(revoke, 404, 'API_KEY_NOT_FOUND')
        expect((await t.app.inject({ url: '/api/v1/assets', headers: bearer(created.secret) })).statusCode).toBe(200)
      })

      it('refuses a name with a NUL byte, an unknown scope and no scope at all', async () => {
        const account = await createAccount(t)
        for (const payload of [
          { name: 'a\u0000b', scopes: ['projects:read'] },
          { name: 'ok', scopes: ['admin:write'] },
          { name: 'ok', scopes: [] },
          { name: '  ', scopes: ['projects:read'] },
        ]) {
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/v1/api-keys',
            headers: bearer(account.token),
            payload,
          })
          expectApiError(response, 400, 'VALIDATION_FAILED')
        }
      })
    })

    describe('a key on /api/v1', () => {
      it('is refused with 403 API_KEY_SCOPE naming the scope it lacks', async () => {
        const account = await createAccount(t)
        const { secret } = await createKey(t, account, ['projects:read'])
        const write = await t.app.inject({
          method: 'POST',
          url: '/api/v1/projects',
          headers: bearer(secret),
          payload: { source: { kind: 'prompt', text: 'A day at the beach' } },
        })
        expect(expectApiError(write, 403, 'API_KEY_SCOPE').message).toContain('projects:write')
        const assets = await t.app.inject({ url: '/api/v1/assets', headers: bearer(secret) })
        expect(expectApiError(assets, 403, 'API_KEY_SCOPE').message).toContain('assets:read')
        const render = await t.app.inject({
          method: 'POST',
          url: '/api/v1/projects/00000000-0000-4000-8000-000000000000/renders',
          headers: bearer(secret),
          payload: {},
        })
        expect(expectApiError(render, 403, 'API_KEY_SCOPE').message).toContain('renders:write')
      })

      it('reads usage, voices and music with any scope', async () => {
        const account = await createAccount(t)
        const { secret } = await createKey(t, account, ['templates:read'])
        for (const path of ['/api/v1/usage', '/api/v1/voices', '/api/v1/music', '/api/v1/templates']) {
          const response = await t.app.inject({ url: path, headers: bearer(secret) })
          expect(response.statusCode, `${path}: ${response.body}`).toBe(200)
        }
      })

      it('is never accepted on account, session, key or admin calls', async () => {
        const account = await createAccount(t, { plan: 'paid' })
        const { secret, id } = await createKey(t, account, ['projects:read', 'projects:write', 'assets:write'])
        const calls = [
          { method: 'GET', url: '/api/v1/auth/me' },
          { method: 'PATCH', url: '/api/v1/auth/profile', payload: { first_name: 'Key' } },
          { method: 'POST', url: '/api/v1/auth/logout' },
          { method: 'DELETE', url: '/api/v1/auth/me' },
          { method: 'POST', url: '/api/v1/auth/password', payload: { current_password: 'x', new_password: 'y' } },
          { method: 'GET', url: '/api/v1/auth/sessions' },
          { method: 'GET', url: '/api/v1/api-keys' },
          { method: 'POST', url: '/api/v1/api-keys', payload: { name: 'more', scopes: ['projects:read'] } },
          { method: 'DELETE', url: `/api/v1/api-keys/${id}` },
          { method: 'POST', url: '/api/v1/templates', payload: {} },
          { method: 'GET', url: '/admin/users' },
        ] as const
        for (const call of calls) {
          const response = await t.app.inject({ ...call, headers: bearer(secret) })
          const body = expectApiError(response, 403, 'API_KEY_NOT_ALLOWED')
          expect(body.message, call.url).toMatch(/API keys cannot be used/)
        }
        // Nothing happened: the account and its key are still there.
        expect((await t.app.inject({ url: '/api/v1/auth/me', headers: bearer(account.token) })).statusCode).toBe(200)
        expect((await t.app.inject({ url: '/api/v1/projects', headers: bearer(secret) })).statusCode).toBe(200)
      })

      it('stops working when the account is disabled or deleted', async () => {
        const [admin, disabled, deleted] = await Promise.all([
          createAccount(t, { role: 'admin' }),
          createAccount(t),
          createAccount(t),
        ])
        const [disabledKey, deletedKey] = await Promise.all([
          createKey(t, disabled, ['projects:read']),
          createKey(t, deleted, ['projects:read']),
        ])
        // Cached on first use, so the checks below prove the cache is dropped too.
        for (const key of [disabledKey, deletedKey]) {
          expect((await t.app.inject({ url: '/api/v1/projects', headers: bearer(key.secret) })).statusCode).toBe(200)
        }
        const patch = await t.app.inject({
          method: 'PATCH',
          url: `/admin/users/${disabled.id}`,
          headers: bearer(admin.token),
          payload: { disabled: true },
        })
        expect(patch.statusCode, patch.body).toBe(200)
        const removal = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/me', headers: bearer(deleted.token) })
        expect(removal.statusCode).toBe(204)
        for (const key of [disabledKey, deletedKey]) {
          const response = await t.app.inject({ url: '/api/v1/projects', headers: bearer(key.secret) })
          expectApiError(response, 401, 'API_KEY_INVALID')
        }
      })

      it('records its last use at most once a minute', async () => {
        const account = await createAccount(t)
        const created = await createKey(t, account, ['projects:read'])
        const lastUsed = async () => {
          const [row] = await t.db.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, created.id))
          return row?.at?.getTime() ?? null
        }
        const call = () => t.app.inject({ url: '/api/v1/projects', headers: bearer(created.secret) })
        await call()
        await vi.waitFor(async () => expect(await lastUsed()).not.toBeNull())
        const first = await lastUsed()
        clock.advance(30_000)
        await call()
        await new Promise((resolve) => setTimeout(resolve, 50))
        expect(await lastUsed()).toBe(first)
        clock.advance(31_000)
        await call()
        await vi.waitFor(async () => expect(await lastUsed()).toBeGreaterThan(first ?? 0))
        const listed = await t.app.inject({ url: '/api/v1/api-keys', headers: bearer(account.token) })
        expect(ApiKeyListSchema.parse(listed.json()).api_keys[0]?.last_used_at).not.toBeNull()
      })

      it('has a rate limit of its own: 429 past it, while another key goes on', async () => {
        const account = await createAccount(t, { plan: 'paid' })
        const [busy, calm] = await Promise.all([
          createKey(t, account, ['projects:read']),
          createKey(t, account, ['projects:read']),
        ])
        for (let call = 0; call < KEY_CALLS_PER_MINUTE; call += 1) {
          const response = await t.app.inject({ url: '/api/v1/usage', headers: bearer(busy.secret) })
          expect(response.statusCode).toBe(200)
        }
        const over = await t.app.inject({ url: '/api/v1/usage', headers: bearer(busy.secret) })
        expectApiError(over, 429, 'RATE_LIMITED')
        expect(over.headers['retry-after']).toBeDefined()
        expect((await t.app.inject({ url: '/api/v1/usage', headers: bearer(calm.secret) })).statusCode).toBe(200)
        // The owner's own session is not held to the key's limit.
        expect((await t.app.inject({ url: '/api/v1/usage', headers: bearer(account.token) })).statusCode).toBe(200)
      })
    })

    describe('plan limits', () => {
      it('gives a free account one key and says so with 403 API_KEY_LIMIT', async () => {
        const account = await createAccount(t)
        await createKey(t, account, ['projects:read'])
        const second = await makeKey(t, account, ['projects:read'])
        expect(expectApiError(second, 403, 'API_KEY_LIMIT').message).toMatch(/free plan has 1 API key/)
      })

      it('never lets concurrent creates pass a paid account’s ten', async () => {
        const account = await createAccount(t, { plan: 'paid' })
        const responses = await Promise.all(
          Array.from({ length: 14 }, (_, index) => makeKey(t, account, ['projects:read'], `Key ${index}`)),
        )
        const statuses = responses.map((response) => response.statusCode).sort()
        expect(statuses.filter((status) => status === 201)).toHaveLength(10)
        expect(statuses.filter((status) => status === 403)).toHaveLength(4)
        const list = await t.app.inject({ url: '/api/v1/api-keys', headers: bearer(account.token) })
        const listed = ApiKeyListSchema.parse(list.json())
        expect(listed.limit).toBe(10)
        expect(listed.api_keys).toHaveLength(10)
      })
    })
  })
}

const POSTGRES_URL = process.env.TEST_DATABASE_URL
const REDIS_URL = process.env.TEST_REDIS_URL

describe.skipIf(!POSTGRES_URL || !REDIS_URL)('API keys on two instances with one PostgreSQL and one Redis', () => {
  let a: TestApp
  let b: TestApp
  const clients: Redis[] = []

  beforeAll(async () => {
    const env = { RATE_LIMIT_PREFIX: `storyreel-keys-test-${Date.now().toString(36)}:` }
    const redis = () => {
      const client = new Redis(REDIS_URL ?? '', { maxRetriesPerRequest: 1 })
      clients.push(client)
      return client
    }
    a = await createTestApp({ databaseUrl: POSTGRES_URL, env, deps: { redis: redis() } })
    b = await createTestApp({ env, deps: { redis: redis() }, sharing: a })
  })
  afterAll(async () => {
    await b.close()
    await a.close()
    for (const client of clients) client.disconnect()
  })

  it('a key revoked on one instance answers 401 on the other at once', async () => {
    const account = await createAccount(a)
    const created = await createKey(a, account, ['projects:read'])
    // B has the key cached before the revocation.
    expect((await b.app.inject({ url: '/api/v1/projects', headers: bearer(created.secret) })).statusCode).toBe(200)
    const revoked = await a.app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${created.id}`,
      headers: bearer(account.token),
    })
    expect(revoked.statusCode).toBe(204)
    const after = await b.app.inject({ url: '/api/v1/projects', headers: bearer(created.secret) })
    expectApiError(after, 401, 'API_KEY_INVALID')
  })
})

describe('every /api/v1 route says whether API keys may call it', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  type Operation = { security?: Record<string, string[]>[]; 'x-api-key-scope'?: string | string[] }

  it('declares a scope, any key, or session only, unless it is public', async () => {
    const document = (await t.app.inject('/api/docs/openapi.json')).json<{
      paths: Record<string, Record<string, Operation>>
    }>()
    const undeclared: string[] = []
    const byScope = new Map<string, string[]>()
    for (const [path, methods] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/v1/')) continue
      for (const [method, operation] of Object.entries(methods)) {
        if (!operation.security) continue
        const declared = operation['x-api-key-scope']
        if (!declared) undeclared.push(`${method} ${path}`)
        const scope = [declared ?? []].flat().join(' ')
        if (declared) byScope.set(scope, [...(byScope.get(scope) ?? []), `${method} ${path}`])
        const keyScopes = operation.security.find((requirement) => 'apiKey' in requirement)?.apiKey
        expect(keyScopes, `${method} ${path}`).toEqual(
          scope === 'none' ? undefined : scope === 'any' ? [] : [declared ?? []].flat(),
        )
      }
    }
    expect(undeclared).toEqual([])
    expect(byScope.get('none')).toEqual(expect.arrayContaining(['get /api/v1/auth/me', 'get /api/v1/api-keys']))
    expect(byScope.get('any')).toEqual(['get /api/v1/usage'])
    expect(byScope.get('renders:write')).toEqual(expect.arrayContaining(['post /api/v1/projects/{id}/renders']))
    // A call that does the work of two needs both: a one-call video drafts a project and renders it.
    expect(byScope.get('projects:write renders:write')).toEqual(['post /api/v1/videos', 'post /api/v1/videos/batch'])
  })

  it('keeps a server from starting with a user route that forgot to say', async () => {
    const app = Fastify()
    registerZodSchemas(app)
    registerOpenApi(app, { version: 'test', serverUrl: 'http://localhost' })
    expect(() =>
      app.get('/api/v1/forgotten', { schema: { auth: 'user', summary: 'Forgot its scope' } }, () => ({})),
    ).toThrow(/must declare apiKeyScope/)
    await app.close()
  })
})
