import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { DEFAULT_PROJECT_SETTINGS, ProjectSchema } from '@storyreel/contracts/studio'
import { eq } from '@storyreel/db/operators'
import { emailCodes } from '@storyreel/db/schema'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { createPasswordHasher, type PasswordHasher } from '#src/modules/auth/password.ts'
import { readCode } from '#src/testing/smtp-receiver.ts'
import { createTestApp, GOOD_PASSWORD, uniqueEmail, type TestApp } from '#src/testing/test-app.ts'

/** Requests fired at once at each limit: far more than any limit allows. */
const PARALLEL = 50
const unlimited = '1000000'

/** The real argon2id hasher, counting the password checks that reach it. */
function createCountingHasher(): PasswordHasher & { checks: () => number } {
  const real = createPasswordHasher()
  let checks = 0
  return {
    hash: (password) => real.hash(password),
    verify: (passwordHash, password) => {
      checks += 1
      return real.verify(passwordHash, password)
    },
    verifyAgainstNothing: (password) => {
      checks += 1
      return real.verifyAgainstNothing(password)
    },
    checks: () => checks,
  }
}

const errorCodes = (bodies: string[]) =>
  bodies.reduce<Record<string, number>>((counts, body) => {
    const { code } = ApiErrorSchema.parse(JSON.parse(body))
    counts[code] = (counts[code] ?? 0) + 1
    return counts
  }, {})

// The per-route rate limits are raised out of the way, so these measure the bound the database keeps.
for (const { name, url } of TEST_DRIVERS) {
  describe(`limits under ${PARALLEL} concurrent requests on ${name}`, () => {
    let t: TestApp
    let offsetMs = 0
    const hasher = createCountingHasher()

    beforeAll(async () => {
      t = await createTestApp({
        databaseUrl: url,
        env: {
          AUTH_RATE_LIMIT_PER_MINUTE: unlimited,
          SESSION_RATE_LIMIT_PER_MINUTE: unlimited,
          STUDIO_RATE_LIMIT_PER_MINUTE: unlimited,
        },
        deps: { hasher, now: () => new Date(Date.now() + offsetMs) },
      })
    })
    afterAll(() => t.close())

    const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: path, payload, headers })
    const all = <T>(make: (index: number) => Promise<T>) =>
      Promise.all(Array.from({ length: PARALLEL }, (_, i) => make(i)))

    it('compares a confirmation code at most five times, so the right code is dead after 50 parallel guesses', async () => {
      const email = uniqueEmail('code-race')
      await post('/api/v1/auth/register', { email, password: GOOD_PASSWORD })
      const code = readCode(await t.smtp.waitForMail(email))
      const wrong = (index: number) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0')

      const answers = await all((index) => post('/api/v1/auth/confirm', { email, code: wrong(index) }))
      expect(answers.every((answer) => answer.statusCode === 400 || answer.statusCode === 410)).toBe(true)
      expect(errorCodes(answers.map((answer) => answer.body))).toEqual({
        EMAIL_CODE_INVALID: 4,
        EMAIL_CODE_EXHAUSTED: PARALLEL - 4,
      })
      const [row] = await t.db.db
        .select({ attempts: emailCodes.attempts })
        .from(emailCodes)
        .where(eq(emailCodes.email, email))
      expect(row?.attempts).toBe(5)

      const right = await post('/api/v1/auth/confirm', { email, code })
      expect(right.statusCode).toBe(410)
      expect(right.json()).toMatchObject({ code: 'EMAIL_CODE_EXHAUSTED' })
    })

    it('checks at most ten passwords per e-mail and address; the rest answer 429 before argon2 runs', async () => {
      const { email } = await t.createUser({ email: uniqueEmail('login-race') })
      const before = hasher.checks()

      const answers = await all((index) => post('/api/v1/auth/login', { email, password: `wrong-guess-${index}` }))
      expect(errorCodes(answers.map((answer) => answer.body))).toEqual({
        INVALID_CREDENTIALS: 10,
        LOGIN_LOCKED: PARALLEL - 10,
      })
      expect(hasher.checks() - before).toBe(10)

      const right = await post('/api/v1/auth/login', { email, password: GOOD_PASSWORD })
      expect(right.statusCode).toBe(429)
      expect(hasher.checks() - before).toBe(10)
    })

    it('lets a right password in among parallel wrong ones only while it is within the ten checks', async () => {
      const { email } = await t.createUser({ email: uniqueEmail('login-mix') })
      const before = hasher.checks()
      const answers = await all((index) =>
        post('/api/v1/auth/login', { email, password: index === PARALLEL - 1 ? GOOD_PASSWORD : `guess-${index}` }),
      )
      const signedIn = answers.filter((answer) => answer.statusCode === 200).length
      expect(signedIn).toBeLessThanOrEqual(1)
      // A right password forgives the pair's count, so a few more checks may follow it; never unbounded.
      expect(hasher.checks() - before).toBeLessThanOrEqual(signedIn === 1 ? 20 : 10)
    })

    it('sends one code, not one each, when parallel requests arrive after the cooldown', async () => {
      const email = uniqueEmail('resend-race')
      await post('/api/v1/auth/register', { email, password: GOOD_PASSWORD })
      await t.smtp.waitForMail(email)
      offsetMs += 61_000
      const answers = await all(() => post('/api/v1/auth/send-confirmation-code', { email }))
      expect(answers.every((answer) => answer.statusCode === 202)).toBe(true)
      const codes = await t.db.db.select({ id: emailCodes.id }).from(emailCodes).where(eq(emailCodes.email, email))
      expect(codes).toHaveLength(2)
    })

    it('queues at most the plan’s three renders a day out of 50 parallel requests on 50 projects', async () => {
      const user = await t.createUser({ email: uniqueEmail('render-race') })
      const headers = t.auth(user.access_token)
      const projects = []
      for (let index = 0; index < PARALLEL; index += 1) {
        const created = await post(
          '/api/v1/projects',
          {
            source: { kind: 'script', text: `Scene ${index}: a lighthouse keeper climbs the stairs at dusk.` },
            settings: DEFAULT_PROJECT_SETTINGS,
          },
          headers,
        )
        expect(created.statusCode, created.body).toBe(201)
        projects.push(ProjectSchema.parse(created.json()))
      }
      const answers = await Promise.all(
        projects.map((project) => post(`/api/v1/projects/${project.id}/renders`, {}, headers)),
      )
      expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(3)
      expect(errorCodes(answers.filter((answer) => answer.statusCode !== 202).map((answer) => answer.body))).toEqual({
        RENDER_LIMIT_REACHED: PARALLEL - 3,
      })
    })
  })
}
