import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { AuthenticatedUserSchema, PasswordChangedSchema } from '@storyreel/contracts/auth'
import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { desc, eq } from '@storyreel/db/operators'
import { emailCodes, users } from '@storyreel/db/schema'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { createClock } from '#src/testing/clock.ts'
import { createPasswordHasher, type PasswordHasher } from './password.ts'
import { readCode } from '#src/testing/smtp-receiver.ts'
import { createTestApp, GOOD_PASSWORD, uniqueEmail, type TestApp } from '#src/testing/test-app.ts'

const NEW_PASSWORD = 'copper-kettle-orchard-17'
/** A code that is not `code`, so a wrong try is certain. */
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000')
/** Mail goes out in the background: how long a test waits before it says none came. */
const MAIL_GRACE_MS = 300

for (const { name, url } of TEST_DRIVERS) {
  describe(`passwords on ${name}`, () => {
    let t: TestApp
    const clock = createClock()

    beforeAll(async () => {
      t = await createTestApp({
        databaseUrl: url,
        env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
        deps: { now: clock.now },
      })
    })
    afterAll(() => t.close())

    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload, headers })
    const me = (token: string) => t.app.inject({ url: '/api/v1/auth/me', headers: t.auth(token) })
    const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress })
    /** Asks for a reset code and returns it as the e-mail carried it. */
    async function requestResetCode(email: string, count = 1): Promise<string> {
      expect((await post('/api/v1/auth/password-reset', { email })).statusCode).toBe(202)
      return readCode(await t.smtp.waitForMail(email, { count }))
    }
    const resetMails = (email: string) =>
      t.smtp.mailsTo(email).filter((mail) => /password reset code/.test(mail.subject))
    const newestCode = async (email: string) => {
      const [row] = await t.db.db
        .select({ attempts: emailCodes.attempts, purpose: emailCodes.purpose })
        .from(emailCodes)
        .where(eq(emailCodes.email, email))
        .orderBy(desc(emailCodes.createdAt))
        .limit(1)
      return row
    }

    describe('POST /api/v1/auth/password-reset', () => {
      it('answers 202 with one body for known and unknown e-mails, and mails a code only to an account', async () => {
        const user = await t.createUser({ firstName: 'Noor' })
        const unknown = uniqueEmail('nobody')
        const known = await post('/api/v1/auth/password-reset', { email: user.email })
        const other = await post('/api/v1/auth/password-reset', { email: unknown })
        expect(known.statusCode).toBe(202)
        expect(other.statusCode).toBe(202)
        expect(other.body).toBe(known.body)
        const mail = await t.smtp.waitForMail(user.email, { count: 2 })
        expect(mail.subject).toMatch(/^\d{6} is your StoryReel password reset code$/)
        expect(mail.html).toContain('Hi Noor,')
        expect(mail.html).toContain(`aria-label="Password reset code ${readCode(mail)}"`)
        expect(mail.text).toContain(`/auth/reset?email=${encodeURIComponent(user.email)}`)
        await new Promise((resolve) => setTimeout(resolve, MAIL_GRACE_MS))
        expect(t.smtp.mailsTo(unknown)).toHaveLength(0)
        // The same work was done for the unknown address: its cooldown runs too.
        expect(await newestCode(unknown)).toMatchObject({ purpose: 'reset_password', attempts: 0 })
      })

      it('keeps a 60-second cooldown and five codes an hour, answering the same throughout', async () => {
        const user = await t.createUser()
        const first = await post('/api/v1/auth/password-reset', { email: user.email })
        await t.smtp.waitForMail(user.email, { count: 2 })
        clock.advance(30_000)
        const cooled = await post('/api/v1/auth/password-reset', { email: user.email })
        expect(cooled.body).toBe(first.body)
        for (let send = 2; send <= 7; send += 1) {
          clock.advance(61_000)
          await post('/api/v1/auth/password-reset', { email: user.email })
        }
        await t.smtp.waitForMail(user.email, { count: 6 })
        await new Promise((resolve) => setTimeout(resolve, MAIL_GRACE_MS))
        expect(resetMails(user.email)).toHaveLength(5)
      })

      it('sends no new code for a day once ten wrong tries have been made, answering as ever', async () => {
        const user = await t.createUser()
        let mails = 1
        for (let round = 0; round < 2; round += 1) {
          const code = await requestResetCode(user.email, (mails += 1))
          for (let attempt = 0; attempt < 5; attempt += 1) {
            await post('/api/v1/auth/password-reset/confirm', {
              email: user.email,
              code: wrongCode(code),
              password: NEW_PASSWORD,
            })
          }
          clock.advance(61_000)
        }
        const refused = await post('/api/v1/auth/password-reset', { email: user.email })
        expect(refused.statusCode).toBe(202)
        await new Promise((resolve) => setTimeout(resolve, MAIL_GRACE_MS))
        expect(resetMails(user.email)).toHaveLength(2)
        clock.advance(24 * 3600_000)
        expect(await requestResetCode(user.email, 4)).toMatch(/^\d{6}$/)
      })

      it('refuses what is not an e-mail, in the error shape', async () => {
        const response = await post('/api/v1/auth/password-reset', { email: 'not-an-address', extra: 1 })
        expect(response.statusCode).toBe(400)
        expect(ApiErrorSchema.parse(response.json()).code).toBe('VALIDATION_FAILED')
      })
    })

    describe('POST /api/v1/auth/password-reset/confirm', () => {
      it('sets the password, answers with a new session, signs out every other one and tells the owner', async () => {
        const user = await t.createUser()
        const other = AuthenticatedUserSchema.parse((await login(user.email, GOOD_PASSWORD)).json())
        const code = await requestResetCode(user.email, 2)
        const response = await post(
          '/api/v1/auth/password-reset/confirm',
          { email: user.email, code, password: NEW_PASSWORD },
          { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/18.1 Safari/605.1.15' },
        )
        expect(response.statusCode).toBe(200)
        expect(response.headers['cache-control']).toBe('no-store')
        const session = AuthenticatedUserSchema.parse(response.json())
        expect(session).toMatchObject({ email: user.email, confirmed: true })
        expect((await me(session.access_token)).statusCode).toBe(200)
        for (const token of [user.access_token, other.access_token]) expect((await me(token)).statusCode).toBe(401)
        expect((await login(user.email, GOOD_PASSWORD)).statusCode).toBe(401)
        expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200)
        const notice = await t.smtp.waitForMail(user.email, { count: 3 })
        expect(notice.subject).toBe('Your StoryReel password was changed')
        expect(notice.text).toContain('Every other device signed in to the account was signed out.')
        // The code works once.
        const again = await post('/api/v1/auth/password-reset/confirm', {
          email: user.email,
          code,
          password: GOOD_PASSWORD,
        })
        expect(again.statusCode).toBe(400)
        expect(ApiErrorSchema.parse(again.json()).code).toBe('EMAIL_CODE_INVALID')
      })

      it('evaluates at most five of 50 concurrent wrong codes, and the right code is dead after them', async () => {
        const user = await t.createUser()
        const code = await requestResetCode(user.email, 2)
        const answers = await Promise.all(
          Array.from({ length: 50 }, () =>
            post('/api/v1/auth/password-reset/confirm', {
              email: user.email,
              code: wrongCode(code),
              password: NEW_PASSWORD,
            }),
          ),
        )
        const codes = answers.map((answer) => ApiErrorSchema.parse(answer.json()).code)
        expect(codes.filter((code) => code === 'EMAIL_CODE_INVALID').length).toBeLessThanOrEqual(4)
        expect(codes.every((code) => code === 'EMAIL_CODE_INVALID' || code === 'EMAIL_CODE_EXHAUSTED')).toBe(true)
        expect((await newestCode(user.email))?.attempts).toBe(5)
        const right = await post('/api/v1/auth/password-reset/confirm', {
          email: user.email,
          code,
          password: NEW_PASSWORD,
        })
        expect(right.statusCode).toBe(410)
        expect(ApiErrorSchema.parse(right.json()).code).toBe('EMAIL_CODE_EXHAUSTED')
        expect((await login(user.email, GOOD_PASSWORD)).statusCode).toBe(200)
      })

      it('refuses an expired code', async () => {
        const user = await t.createUser()
        const code = await requestResetCode(user.email, 2)
        clock.advance(10 * 60_000 + 1000)
        const response = await post('/api/v1/auth/password-reset/confirm', {
          email: user.email,
          code,
          password: NEW_PASSWORD,
        })
        expect(response.statusCode).toBe(410)
        expect(ApiErrorSchema.parse(response.json()).code).toBe('EMAIL_CODE_EXPIRED')
      })

      it('never takes a sign-up code, and its code never confirms a sign-up', async () => {
        const email = uniqueEmail('purpose')
        expect((await post('/api/v1/auth/register', { email, password: GOOD_PASSWORD })).statusCode).toBe(201)
        const signUpCode = readCode(await t.smtp.waitForMail(email))
        const withSignUpCode = await post('/api/v1/auth/password-reset/confirm', {
          email,
          code: signUpCode,
          password: NEW_PASSWORD,
        })
        expect(withSignUpCode.statusCode).toBe(400)
        expect(ApiErrorSchema.parse(withSignUpCode.json()).code).toBe('EMAIL_CODE_INVALID')

        clock.advance(61_000)
        const resetCode = await requestResetCode(email, 2)
        const confirmWithReset = await post('/api/v1/auth/confirm', { email, code: resetCode })
        expect(confirmWithReset.statusCode).toBe(400)
        // Both codes still work for their own purpose.
        expect((await post('/api/v1/auth/confirm', { email, code: signUpCode })).statusCode).toBe(200)
        const reset = await post('/api/v1/auth/password-reset/confirm', {
          email,
          code: resetCode,
          password: NEW_PASSWORD,
        })
        expect(reset.statusCode).toBe(200)
      })

      it('confirms an unconfirmed address, dropping sign-in methods nobody proved', async () => {
        const email = uniqueEmail('unconfirmed')
        const registered = await post('/api/v1/auth/register', { email, password: GOOD_PASSWORD })
        const squatter = AuthenticatedUserSchema.parse(registered.json())
        await t.smtp.waitForMail(email)
        await t.db.db.update(users).set({ discordId: 'discord-squatter' }).where(eq(users.email, email))
        const code = await requestResetCode(email, 2)
        const response = await post('/api/v1/auth/password-reset/confirm', { email, code, password: NEW_PASSWORD })
        expect(AuthenticatedUserSchema.parse(response.json())).toMatchObject({
          confirmed: true,
          sign_in_methods: ['password'],
        })
        expect((await me(squatter.access_token)).statusCode).toBe(401)
      })

      it('lifts the sign-in lockout of the address', async () => {
        const user = await t.createUser()
        for (let failure = 0; failure < 10; failure += 1) await login(user.email, 'wrong-password', '10.9.8.7')
        expect((await login(user.email, GOOD_PASSWORD, '10.9.8.7')).statusCode).toBe(429)
        const code = await requestResetCode(user.email, 2)
        const response = await post('/api/v1/auth/password-reset/confirm', {
          email: user.email,
          code,
          password: NEW_PASSWORD,
        })
        expect(response.statusCode).toBe(200)
        expect((await login(user.email, NEW_PASSWORD, '10.9.8.7')).statusCode).toBe(200)
      })

      it('refuses a weak password without taking a try of the code', async () => {
        const user = await t.createUser()
        const code = await requestResetCode(user.email, 2)
        const weak = await post('/api/v1/auth/password-reset/confirm', {
          email: user.email,
          code,
          password: 'password123',
        })
        expect(weak.statusCode).toBe(400)
        expect(ApiErrorSchema.parse(weak.json()).code).toBe('WEAK_PASSWORD')
        expect((await newestCode(user.email))?.attempts).toBe(0)
      })

      it('answers an address without an account like a wrong code for one with an account', async () => {
        const user = await t.createUser()
        const code = await requestResetCode(user.email, 2)
        const unknown = uniqueEmail('ghost')
        await post('/api/v1/auth/password-reset', { email: unknown })
        const forKnown = await post('/api/v1/auth/password-reset/confirm', {
          email: user.email,
          code: wrongCode(code),
          password: NEW_PASSWORD,
        })
        const forUnknown = await post('/api/v1/auth/password-reset/confirm', {
          email: unknown,
          code: wrongCode(code),
          password: NEW_PASSWORD,
        })
        expect(forUnknown.statusCode).toBe(forKnown.statusCode)
        expect(forUnknown.body).toBe(forKnown.body)
      })

      it('lets an account made with a provider set its first password', async () => {
        const user = await t.createUser()
        await t.db.db
          .update(users)
          .set({ passwordHash: null, googleId: `google-${user.id}` })
          .where(eq(users.id, user.id))
        const code = await requestResetCode(user.email, 2)
        const response = await post('/api/v1/auth/password-reset/confirm', {
          email: user.email,
          code,
          password: NEW_PASSWORD,
        })
        expect(AuthenticatedUserSchema.parse(response.json()).sign_in_methods).toEqual(['password', 'google'])
        expect((await t.smtp.waitForMail(user.email, { count: 3 })).subject).toBe('Your StoryReel password was set')
      })
    })

    describe('POST /api/v1/auth/password', () => {
      const change = (token: string, payload: object) =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth/password', headers: t.auth(token), payload })

      it('changes the password with the current one, keeping other sessions unless asked', async () => {
        const user = await t.createUser()
        const other = AuthenticatedUserSchema.parse((await login(user.email, GOOD_PASSWORD)).json())
        const response = await change(user.access_token, {
          current_password: GOOD_PASSWORD,
          new_password: NEW_PASSWORD,
        })
        expect(response.statusCode).toBe(200)
        expect(PasswordChangedSchema.parse(response.json()).other_sessions_signed_out).toBe(0)
        expect((await me(other.access_token)).statusCode).toBe(200)
        expect((await login(user.email, GOOD_PASSWORD)).statusCode).toBe(401)
        expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200)
        const notice = await t.smtp.waitForMail(user.email, { count: 2 })
        expect(notice.subject).toBe('Your StoryReel password was changed')
        expect(notice.text).toContain('Devices already signed in stay signed in')
      })

      it('signs out every other session at once when asked', async () => {
        const user = await t.createUser()
        const others = await Promise.all([login(user.email, GOOD_PASSWORD), login(user.email, GOOD_PASSWORD)])
        const response = await change(user.access_token, {
          current_password: GOOD_PASSWORD,
          new_password: NEW_PASSWORD,
          sign_out_other_sessions: true,
        })
        // The two sign-ins, and the session the sign-up started before the code confirmed the account.
        expect(PasswordChangedSchema.parse(response.json()).other_sessions_signed_out).toBe(3)
        for (const other of others) {
          expect((await me(AuthenticatedUserSchema.parse(other.json()).access_token)).statusCode).toBe(401)
        }
        expect((await me(user.access_token)).statusCode).toBe(200)
      })

      it('answers 403 to a wrong current password, keeps the session, and counts it toward the lockout', async () => {
        const user = await t.createUser()
        const wrong = await change(user.access_token, {
          current_password: 'not-my-password',
          new_password: NEW_PASSWORD,
        })
        expect(wrong.statusCode).toBe(403)
        expect(ApiErrorSchema.parse(wrong.json()).code).toBe('PASSWORD_INCORRECT')
        expect((await me(user.access_token)).statusCode).toBe(200)
        for (let failure = 1; failure < 10; failure += 1) {
          await change(user.access_token, { current_password: 'not-my-password', new_password: NEW_PASSWORD })
        }
        const locked = await change(user.access_token, { current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD })
        expect(locked.statusCode).toBe(429)
        expect(ApiErrorSchema.parse(locked.json()).code).toBe('LOGIN_LOCKED')
      })

      it('holds the new password to the sign-up rules and refuses the same one', async () => {
        const user = await t.createUser()
        for (const [new_password, code] of [
          ['short', 'WEAK_PASSWORD'],
          ['password123', 'WEAK_PASSWORD'],
          [GOOD_PASSWORD, 'PASSWORD_UNCHANGED'],
        ] as const) {
          const response = await change(user.access_token, { current_password: GOOD_PASSWORD, new_password })
          expect(response.statusCode).toBe(400)
          expect(ApiErrorSchema.parse(response.json()).code).toBe(code)
        }
        expect((await login(user.email, GOOD_PASSWORD)).statusCode).toBe(200)
      })

      it('sends an account without a password to the reset code', async () => {
        const user = await t.createUser()
        await t.db.db
          .update(users)
          .set({ passwordHash: null, appleId: `apple-${user.id}` })
          .where(eq(users.id, user.id))
        const response = await change(user.access_token, {
          current_password: 'anything-at-all',
          new_password: NEW_PASSWORD,
        })
        expect(response.statusCode).toBe(409)
        expect(ApiErrorSchema.parse(response.json()).code).toBe('NO_PASSWORD')
      })

      it('answers 401 without a session', async () => {
        const response = await post('/api/v1/auth/password', { current_password: 'a', new_password: NEW_PASSWORD })
        expect(response.statusCode).toBe(401)
        expect(response.headers['cache-control']).toBe('no-store')
      })
    })
  })
}

describe('a password change racing a reset or another change', () => {
  let t: TestApp
  // Holds the hashing of one chosen password, so the race is set up, not hoped for.
  let release: () => void = () => undefined
  let held: Promise<void> = Promise.resolve()
  const real = createPasswordHasher()
  const hasher: PasswordHasher = {
    ...real,
    hash: async (password) => {
      if (password === HELD_PASSWORD) await held
      return real.hash(password)
    },
  }
  const HELD_PASSWORD = 'stolen-session-swap-91'

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' }, deps: { hasher } })
  })
  afterAll(() => t.close())

  const hold = () => {
    held = new Promise((resolve) => (release = resolve))
  }
  const change = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: t.auth(token),
      payload: { current_password: GOOD_PASSWORD, new_password: HELD_PASSWORD, sign_out_other_sessions: true },
    })
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })

  it("loses to a reset that lands while it hashes: the owner's new password stands", async () => {
    const user = await t.createUser()
    const stolen = AuthenticatedUserSchema.parse((await login(user.email, GOOD_PASSWORD)).json())
    hold()
    const attacker = change(stolen.access_token)
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: user.email } })
    const code = readCode(await t.smtp.waitForMail(user.email, { count: 2 }))
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { email: user.email, code, password: NEW_PASSWORD },
    })
    expect(reset.statusCode).toBe(200)
    release()
    const answer = await attacker
    expect(answer.statusCode).toBe(401)
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200)
    expect((await login(user.email, HELD_PASSWORD)).statusCode).toBe(401)
    const owner = AuthenticatedUserSchema.parse(reset.json()).access_token
    expect((await t.app.inject({ url: '/api/v1/auth/me', headers: t.auth(owner) })).statusCode).toBe(200)
  })

  it('loses to a change from another session that lands first, with 409', async () => {
    const user = await t.createUser()
    const other = AuthenticatedUserSchema.parse((await login(user.email, GOOD_PASSWORD)).json())
    hold()
    const slow = change(user.access_token)
    const fast = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: t.auth(other.access_token),
      payload: { current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD },
    })
    expect(fast.statusCode).toBe(200)
    release()
    const answer = await slow
    expect(answer.statusCode).toBe(409)
    expect(ApiErrorSchema.parse(answer.json()).code).toBe('PASSWORD_CHANGED')
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200)
  })
})
