import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { AuthenticatedUserSchema, UserSchema } from '@storyreel/contracts/auth'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { createClock } from '#src/testing/clock.ts'
import { createTestApp, GOOD_PASSWORD, uniqueEmail, type TestApp } from '#src/testing/test-app.ts'
import { readCode } from '#src/testing/smtp-receiver.ts'

for (const { name, url } of TEST_DRIVERS) {
  describe(`the accounts API on ${name}`, () => {
    let t: TestApp
    const clock = createClock()

    beforeAll(async () => {
      t = await createTestApp({
        databaseUrl: url,
        env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', ADMIN_EMAILS: 'boss@example.com' },
        deps: { now: clock.now },
      })
    })
    afterAll(() => t.close())

    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload: payload as object, headers })

    describe('POST /api/v1/auth/register', () => {
      it('answers 201 with an unconfirmed user and a token, and e-mails a designed code message', async () => {
        const email = uniqueEmail('reg')
        const response = await post('/api/v1/auth/register', {
          email: email.toUpperCase(),
          password: GOOD_PASSWORD,
          first_name: 'Maya',
        })
        expect(response.statusCode).toBe(201)
        const user = AuthenticatedUserSchema.parse(response.json())
        expect(user).toMatchObject({ email, first_name: 'Maya', confirmed: false, role: 'user' })
        expect(user.sign_in_methods).toEqual(['password'])
        expect(user.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
        expect(response.body).not.toContain('password_hash')
        const mail = await t.smtp.waitForMail(email)
        expect(mail.subject).toMatch(/^\d{6} is your StoryReel code$/)
        expect(mail.html).toContain('Hi Maya,')
        expect(mail.html).toContain(`aria-label="Confirmation code ${readCode(mail)}"`)
        expect(mail.text).toContain('within 10 minutes')
      })

      it('refuses short, long and common passwords with the rule broken', async () => {
        for (const [password, message] of [
          ['short1', 'Use at least 8 characters.'],
          ['x'.repeat(129), 'Use at most 128 characters.'],
          ['password123', 'This password is too common. Choose one that is harder to guess.'],
        ] as const) {
          const response = await post('/api/v1/auth/register', { email: uniqueEmail(), password })
          expect(response.statusCode).toBe(400)
          expect(response.json()).toMatchObject({ code: 'WEAK_PASSWORD', message })
        }
      })

      it('answers 409 for an e-mail that already has an account', async () => {
        const { email } = await t.createUser()
        const response = await post('/api/v1/auth/register', { email, password: GOOD_PASSWORD })
        expect(response.statusCode).toBe(409)
        expect(ApiErrorSchema.parse(response.json()).code).toBe('EMAIL_TAKEN')
      })

      it('lists every invalid field and rejects unknown ones', async () => {
        const response = await post('/api/v1/auth/register', { email: 'nope', password: 5, role: 'admin' })
        expect(response.statusCode).toBe(400)
        const body = ApiErrorSchema.parse(response.json())
        expect(body.code).toBe('VALIDATION_FAILED')
        expect(body.message).toEqual(
          expect.arrayContaining([
            'email: must be a valid e-mail address',
            expect.stringMatching(/^password: /),
            expect.stringMatching(/role/),
          ]),
        )
      })

      it('makes accounts with an ADMIN_EMAILS address admins', async () => {
        const response = await post('/api/v1/auth/register', { email: 'boss@example.com', password: GOOD_PASSWORD })
        expect(response.json()).toMatchObject({ role: 'admin' })
      })
    })

    describe('POST /api/v1/auth/confirm', () => {
      it('confirms with the e-mailed code, once', async () => {
        const email = uniqueEmail('confirm')
        await post('/api/v1/auth/register', { email, password: GOOD_PASSWORD })
        const code = readCode(await t.smtp.waitForMail(email))
        const response = await post('/api/v1/auth/confirm', { email, code })
        expect(response.statusCode).toBe(200)
        expect(AuthenticatedUserSchema.parse(response.json()).confirmed).toBe(true)
        const again = await post('/api/v1/auth/confirm', { email, code })
        expect(again.statusCode).toBe(400)
        expect(again.json()).toMatchObject({ code: 'EMAIL_CODE_INVALID' })
      })

      it("ends the sign-up's session it replaces when the client sends that token, and no other account's", async () => {
        const email = uniqueEmail('replace')
        const registered = AuthenticatedUserSchema.parse(
          (await post('/api/v1/auth/register', { email, password: GOOD_PASSWORD })).json(),
        )
        const stranger = await t.createUser()
        const code = readCode(await t.smtp.waitForMail(email))
        const withOwnToken = await post('/api/v1/auth/confirm', { email, code }, t.auth(registered.access_token))
        expect(withOwnToken.statusCode).toBe(200)
        const me = (token: string) => t.app.inject({ url: '/api/v1/auth/me', headers: t.auth(token) })
        expect((await me(registered.access_token)).statusCode).toBe(401)
        expect((await me(AuthenticatedUserSchema.parse(withOwnToken.json()).access_token)).statusCode).toBe(200)

        const other = uniqueEmail('replace-other')
        await post('/api/v1/auth/register', { email: other, password: GOOD_PASSWORD })
        const otherCode = readCode(await t.smtp.waitForMail(other))
        expect(
          (await post('/api/v1/auth/confirm', { email: other, code: otherCode }, t.auth(stranger.access_token)))
            .statusCode,
        ).toBe(200)
        expect((await me(stranger.access_token)).statusCode).toBe(200)
      })

      it('rejects a code older than ten minutes', async () => {
        const email = uniqueEmail('expired')
        await post('/api/v1/auth/register', { email, password: GOOD_PASSWORD })
        const code = readCode(await t.smtp.waitForMail(email))
        clock.advance(10 * 60_000 + 1000)
        const response = await post('/api/v1/auth/confirm', { email, code })
        expect(response.statusCode).toBe(410)
        expect(response.json()).toMatchObject({
          code: 'EMAIL_CODE_EXPIRED',
          message: 'This code has expired. Ask for a new one.',
        })
      })

      it('kills the code on the fifth wrong try, so the sixth fails even with the right code', async () => {
        const email = uniqueEmail('tries')
        await post('/api/v1/auth/register', { email, password: GOOD_PASSWORD })
        const code = readCode(await t.smtp.waitForMail(email))
        const wrong = code === '000000' ? '111111' : '000000'
        const answers = []
        for (let attempt = 1; attempt <= 5; attempt += 1) {
          answers.push(
            (await post('/api/v1/auth/confirm', { email, code: wrong })).json<{ message: string; code: string }>(),
          )
        }
        expect(answers[0]).toMatchObject({
          code: 'EMAIL_CODE_INVALID',
          message: 'This code is not right. 4 tries left.',
        })
        expect(answers[3]).toMatchObject({ message: 'This code is not right. 1 try left.' })
        expect(answers[4]).toMatchObject({ code: 'EMAIL_CODE_EXHAUSTED' })
        const sixth = await post('/api/v1/auth/confirm', { email, code })
        expect(sixth.statusCode).toBe(410)
        expect(sixth.json()).toMatchObject({ code: 'EMAIL_CODE_EXHAUSTED' })
      })

      it('gives the same answer for an e-mail without an account', async () => {
        const response = await post('/api/v1/auth/confirm', { email: uniqueEmail('ghost'), code: '123456' })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toMatchObject({ code: 'EMAIL_CODE_INVALID' })
      })
    })

    describe('POST /api/v1/auth/send-confirmation-code', () => {
      it('answers 202 alike for known and unknown e-mails', async () => {
        const email = uniqueEmail('resend')
        await post('/api/v1/auth/register', { email, password: GOOD_PASSWORD })
        const known = await post('/api/v1/auth/send-confirmation-code', { email })
        const unknown = await post('/api/v1/auth/send-confirmation-code', { email: uniqueEmail('nobody') })
        expect(known.statusCode).toBe(202)
        expect(unknown.statusCode).toBe(202)
        expect(known.body).toBe(unknown.body)
      })

      it('keeps a 60-second cooldown and at most five codes an hour', async () => {
        const email = uniqueEmail('cooldown')
        await post('/api/v1/auth/register', { email, password: GOOD_PASSWORD })
        await t.smtp.waitForMail(email)
        await post('/api/v1/auth/send-confirmation-code', { email })
        clock.advance(30_000)
        await post('/api/v1/auth/send-confirmation-code', { email })
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(t.smtp.mailsTo(email)).toHaveLength(1)
        for (let send = 2; send <= 7; send += 1) {
          clock.advance(61_000)
          await post('/api/v1/auth/send-confirmation-code', { email })
        }
        await t.smtp.waitForMail(email, { count: 5 })
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(t.smtp.mailsTo(email)).toHaveLength(5)
        // Only the newest code counts.
        const newest = readCode(t.smtp.mailsTo(email)[4] ?? { to: '', subject: '', text: '', html: '' })
        expect((await post('/api/v1/auth/confirm', { email, code: newest })).statusCode).toBe(200)
      })
    })

    describe('POST /api/v1/auth/login', () => {
      it('signs in with the right password and refuses a wrong one', async () => {
        const user = await t.createUser()
        const ok = await post('/api/v1/auth/login', { email: user.email, password: user.password })
        expect(ok.statusCode).toBe(200)
        expect(AuthenticatedUserSchema.parse(ok.json()).access_token).not.toBe(user.access_token)
        const bad = await post('/api/v1/auth/login', { email: user.email, password: 'not-the-password' })
        expect(bad.statusCode).toBe(401)
        expect(bad.json()).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          code: 'INVALID_CREDENTIALS',
          message: 'The e-mail or password is not right.',
        })
      })

      it('answers an unknown e-mail exactly like a wrong password, in similar time', async () => {
        const user = await t.createUser()
        const time = async (email: string) => {
          const started = performance.now()
          const response = await post(
            '/api/v1/auth/login',
            { email, password: 'wrong-password-here' },
            { 'x-forwarded-for': '' },
          )
          return { ms: performance.now() - started, body: response.body, status: response.statusCode }
        }
        await time(user.email)
        const known = await time(user.email)
        const unknown = await time(uniqueEmail('unknown'))
        expect(unknown.status).toBe(known.status)
        expect(unknown.body).toBe(known.body)
        // Both pay for one argon2id verification; without the decoy the unknown one would take ~1 ms.
        expect(unknown.ms).toBeGreaterThan(known.ms / 4)
      })

      it('blocks an e-mail and IP pair for 15 minutes after 10 failures', async () => {
        const user = await t.createUser()
        const from = (ip: string, password: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/login',
            payload: { email: user.email, password },
            remoteAddress: ip,
          })
        for (let failure = 1; failure <= 10; failure += 1) {
          expect((await from('10.0.0.1', 'wrong-password')).statusCode).toBe(401)
        }
        const blocked = await from('10.0.0.1', user.password)
        expect(blocked.statusCode).toBe(429)
        expect(blocked.json()).toMatchObject({ code: 'LOGIN_LOCKED' })
        expect(blocked.json<{ message: string }>().message).toMatch(/Try again in 15 minutes/)
        // Another IP is not blocked, and the block ends after 15 minutes.
        expect((await from('10.0.0.2', user.password)).statusCode).toBe(200)
        clock.advance(15 * 60_000 + 1000)
        expect((await from('10.0.0.1', user.password)).statusCode).toBe(200)
      })
    })

    describe('sessions: GET /api/v1/auth/me, POST /api/v1/auth/logout', () => {
      it('answers the user for a live token and 401 without one', async () => {
        const user = await t.createUser({ firstName: 'Lena' })
        const me = await t.app.inject({ url: '/api/v1/auth/me', headers: t.auth(user.access_token) })
        expect(me.statusCode).toBe(200)
        expect(UserSchema.parse(me.json())).toMatchObject({ email: user.email, first_name: 'Lena', confirmed: true })
        expect(me.json()).not.toHaveProperty('access_token')
        for (const headers of [
          {},
          { authorization: 'Bearer not-a-real-token-at-all-xxxx' },
          { authorization: 'Basic abc' },
        ]) {
          const response = await t.app.inject({ url: '/api/v1/auth/me', headers })
          expect(response.statusCode).toBe(401)
          expect(ApiErrorSchema.parse(response.json()).code).toBe('UNAUTHORIZED')
        }
      })

      it('revokes the token at once on logout', async () => {
        const user = await t.createUser()
        const logout = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/logout',
          headers: t.auth(user.access_token),
        })
        expect(logout.statusCode).toBe(204)
        const me = await t.app.inject({ url: '/api/v1/auth/me', headers: t.auth(user.access_token) })
        expect(me.statusCode).toBe(401)
      })

      it('ends a session after 30 days', async () => {
        const user = await t.createUser()
        clock.advance(30 * 24 * 3600_000 + 1000)
        const me = await t.app.inject({ url: '/api/v1/auth/me', headers: t.auth(user.access_token) })
        expect(me.statusCode).toBe(401)
      })
    })

    describe('PATCH /api/v1/auth/profile', () => {
      it('changes only the fields sent', async () => {
        const user = await t.createUser({ firstName: 'Ana' })
        const response = await t.app.inject({
          method: 'PATCH',
          url: '/api/v1/auth/profile',
          headers: t.auth(user.access_token),
          payload: { last_name: 'Silva' },
        })
        expect(response.statusCode).toBe(200)
        expect(response.json()).toMatchObject({
          first_name: 'Ana',
          last_name: 'Silva',
          email: user.email,
          confirmed: true,
        })
      })

      it('rejects unknown and invalid fields and an empty body, changing nothing', async () => {
        const user = await t.createUser({ firstName: 'Ana' })
        for (const payload of [
          { role: 'admin' },
          { first_name: 42 },
          {},
          { email: 'bad' },
          { first_name: 'Bo', confirmed: true },
        ]) {
          const response = await t.app.inject({
            method: 'PATCH',
            url: '/api/v1/auth/profile',
            headers: t.auth(user.access_token),
            payload,
          })
          expect(response.statusCode).toBe(400)
          expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
        }
        const me = await t.app.inject({ url: '/api/v1/auth/me', headers: t.auth(user.access_token) })
        expect(me.json()).toMatchObject({ first_name: 'Ana', role: 'user', confirmed: true })
      })

      it('refuses a new e-mail, which must be proven with a code first, and keeps the address', async () => {
        const user = await t.createUser()
        const response = await t.app.inject({
          method: 'PATCH',
          url: '/api/v1/auth/profile',
          headers: t.auth(user.access_token),
          payload: { email: uniqueEmail('moved'), first_name: 'Ana' },
        })
        expect(response.statusCode).toBe(409)
        expect(ApiErrorSchema.parse(response.json()).code).toBe('EMAIL_CHANGE_NEEDS_CODE')
        const me = await t.app.inject({ url: '/api/v1/auth/me', headers: t.auth(user.access_token) })
        expect(me.json()).toMatchObject({ email: user.email, first_name: null, confirmed: true })
      })

      it('accepts the current e-mail among the fields, as a form sends it', async () => {
        const user = await t.createUser()
        const response = await t.app.inject({
          method: 'PATCH',
          url: '/api/v1/auth/profile',
          headers: t.auth(user.access_token),
          payload: { email: user.email.toUpperCase(), first_name: 'Ana' },
        })
        expect(response.statusCode).toBe(200)
        expect(response.json()).toMatchObject({ email: user.email, first_name: 'Ana' })
      })
    })

    describe('DELETE /api/v1/auth/me', () => {
      it('deletes the account and its sessions', async () => {
        const user = await t.createUser()
        const response = await t.app.inject({
          method: 'DELETE',
          url: '/api/v1/auth/me',
          headers: t.auth(user.access_token),
        })
        expect(response.statusCode).toBe(204)
        expect((await t.app.inject({ url: '/api/v1/auth/me', headers: t.auth(user.access_token) })).statusCode).toBe(
          401,
        )
        const login = await post('/api/v1/auth/login', { email: user.email, password: user.password })
        expect(login.statusCode).toBe(401)
        // The address is free again.
        expect((await post('/api/v1/auth/register', { email: user.email, password: GOOD_PASSWORD })).statusCode).toBe(
          201,
        )
      })
    })
  })
}

describe('rate limits on the auth routes', () => {
  it('answers 429 RATE_LIMITED past the per-IP limit', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } })
    try {
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/send-confirmation-code',
          payload: { email: 'a@example.com' },
        })
      for (let i = 0; i < 3; i += 1) expect((await send()).statusCode).toBe(202)
      const limited = await send()
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' })
      expect(limited.headers['retry-after']).toBeDefined()
    } finally {
      await t.close()
    }
  })
})
