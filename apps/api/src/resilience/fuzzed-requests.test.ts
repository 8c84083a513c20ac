import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { badRequests, readOperations, type BadRequest } from '#src/testing/openapi-fuzz.ts'
import { createTestApp, GOOD_PASSWORD, uniqueEmail, type TestApp } from '#src/testing/test-app.ts'

/** Malformed requests per operation; the time limit below keeps the file bounded as routes are added. */
const RUNS_PER_OPERATION = 300
const FILE_BUDGET_MS = 30_000

const adminEmail = uniqueEmail('fuzz-admin')
const unlimited = '1000000'
// Nothing listens on port 1: a body that wrongly got past validation fails fast instead of calling out.
const nowhere = 'http://127.0.0.1:1'
const env = {
  ADMIN_EMAILS: adminEmail,
  AUTH_RATE_LIMIT_PER_MINUTE: unlimited,
  SESSION_RATE_LIMIT_PER_MINUTE: unlimited,
  REFERRAL_RATE_LIMIT_PER_MINUTE: unlimited,
  // Providers on, so their bodies are validated rather than refused as PROVIDER_DISABLED first.
  GOOGLE_CLIENT_ID: 'fuzz.apps.googleusercontent.com',
  GOOGLE_JWKS_URL: `${nowhere}/google/keys`,
  APPLE_ID: 'app.storyreel.fuzz',
  APPLE_JWKS_URL: `${nowhere}/apple/keys`,
  DISCORD_CLIENT_ID: 'fuzz',
  DISCORD_CLIENT_SECRET: 'fuzz-secret',
  DISCORD_REDIRECT_URI: `${nowhere}/discord/callback`,
  DISCORD_API_URL: `${nowhere}/discord/api`,
}

type Document = Parameters<typeof readOperations>[0]
type Target = { t: TestApp; document: Document; tokens: { user: string; admin: string | undefined } }

/** An app with its contract, a signed-in user and, once the admin routes exist, a signed-in admin. */
async function createTarget(databaseUrl?: string): Promise<Target> {
  const t = await createTestApp({ databaseUrl, env })
  const document = (await t.app.inject('/api/docs/openapi.json')).json<Document>()
  const user = await t.createUser()
  return { t, document, tokens: { user: user.access_token, admin: await signInAdmin(t, document) } }
}

/** Undefined until the admin routes exist; admin operations are then fuzzed with user and bad tokens only. */
async function signInAdmin(t: TestApp, document: Document): Promise<string | undefined> {
  if (!document.paths['/admin/login']?.post) return undefined
  await t.createUser({ email: adminEmail })
  const response = await t.app.inject({
    method: 'POST',
    url: '/admin/login',
    payload: { email: adminEmail, password: GOOD_PASSWORD },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ access_token: string }>().access_token
}

// The route list comes from the served contract, so routes added later are fuzzed without touching this file.
// The tests are named after it, so the in-memory PGlite app starts before they exist (and is reused below).
const pglite = await createTarget()
const { operations, resolve } = readOperations(pglite.document)

let requestCount = 0
/** A fresh client address per request, so neither per-IP limits nor the lockout answer in the route's place. */
const nextAddress = () => {
  requestCount += 1
  return `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`
}

async function send(t: TestApp, request: BadRequest) {
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
    remoteAddress: nextAddress(),
  })
  const context = `${request.method} ${request.url.slice(0, 200)} [${request.label}] → ${response.statusCode} ${response.body.slice(0, 300)}`
  expect(response.statusCode, context).toBeLessThan(500)
  if (request.mustReject) expect(response.statusCode, context).toBeGreaterThanOrEqual(400)
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], context).toMatch(/^application\/json/)
    const body = ApiErrorSchema.safeParse(JSON.parse(response.body))
    expect(body.success, context).toBe(true)
    expect(body.data?.statusCode, context).toBe(response.statusCode)
  }
}

describe('the operations fuzzed', () => {
  it('cover the accounts API at least', () => {
    const listed = operations.map(({ method, path }) => `${method} ${path}`)
    expect(listed).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/register',
        'POST /api/v1/auth/login',
        'GET /api/v1/auth/me',
        'PATCH /api/v1/auth/profile',
        'DELETE /api/v1/auth/me',
      ]),
    )
  })
})

// The budget is shared by the drivers: each runs every operation for its share of the time.
const timeLimitMs = Math.min(3000, FILE_BUDGET_MS / Math.max(1, operations.length * TEST_DRIVERS.length))

for (const { name, url } of TEST_DRIVERS) {
  describe(`malformed requests to every operation in the OpenAPI document, on ${name}`, () => {
    let target: Target
    beforeAll(async () => {
      target = url === undefined ? pglite : await createTarget(url)
    })
    afterAll(() => target.t.close())

    for (const operation of operations) {
      it(`${operation.method} ${operation.path} answers only 4xx, in the one error shape`, async () => {
        await fc.assert(
          fc.asyncProperty(badRequests(operation, resolve, target.tokens), (request) => send(target.t, request)),
          { numRuns: RUNS_PER_OPERATION, plugins: [fc.interruptAfterTimeLimit(timeLimitMs)] },
        )
      })
    }

    it('left the session it fuzzed with signed in', async () => {
      const response = await target.t.app.inject({ url: '/api/v1/auth/me', headers: target.t.auth(target.tokens.user) })
      expect(response.statusCode).toBe(200)
    })
  })
}
