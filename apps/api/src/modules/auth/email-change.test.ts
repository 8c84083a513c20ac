import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { UserSchema } from '@storyreel/contracts/auth'
import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { eq } from '@storyreel/db/operators'
import { emailCodes, users } from '@storyreel/db/schema'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { createClock } from '#src/testing/clock.ts'
import { readCode } from '#src/testing/smtp-receiver.ts'
import { createTestApp, GOOD_PASSWORD, uniqueEmail, type TestApp } from '#src/testing/test-app.ts'

/** Mail goes out in the background: how long a test waits before it says none came. */
const MAIL_GRACE_MS = 300

for (const { name, url } of TEST_DRIVERS) {
  describe(`e-mail changes on ${name}`, () => {
    let t: TestApp
    const clock = createClock()

    beforeAll(async () => {
      t = await createTestApp({
        databaseUrl: url,
        env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', ADMIN_EMAILS: 'chief@example.com' },
        deps: { now: clock.now },
      })
    })
    afterAll(() => t.close())

    const call = (token: string, url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: t.auth(token), ...(payload ? { payload } : {}) })
    const requestChange = (token: string, payload: object) => call(token, '/api/v1/auth/email-change', payload)
    const confirmChange = (token: string, code: string) => call(token, '/api/v1/auth/email-change/confirm', { code })
    const login = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: GOOD_PASSWORD } })
    /** An account that signs in only with Google, as one made through it would be. */
    async function createProviderUser() {
      const user = await t.createUser()
      await t.db.db
        .update(users)
        .set({ passwordHash: null, googleId: `google-${user.id}` })
        .where(eq(users.id, user.id))
      return user
    }

    it('changes a password account to a new address once a code sent there confirms it, and tells the old one', async () => {
      const user = await t.createUser({ firstName: 'Ida' })
      const next = uniqueEmail('moved')
      const started = await requestChange(user.access_token, { new_email: next.toUpperCase(), password: GOOD_PASSWORD })
      expect(started.statusCode).toBe(202)
      expect(started.json()).toMatchObject({ status: 'accepted' })
      // Until the code is confirmed the account keeps its address.
      expect((await login(user.email)).statusCode).toBe(200)
      const mail = await t.smtp.waitForMail(next)
      expect(mail.subject).toMatch(/^\d{6} confirms your new StoryReel e-mail$/)
      const confirmed = await confirmChange(user.access_token, readCode(mail))
      expect(confirmed.statusCode).toBe(200)
      expect(UserSchema.parse(confirmed.json())).toMatchObject({ email: next, confirmed: true })
      expect((await login(next)).statusCode).toBe(200)
      expect((await login(user.email)).statusCode).toBe(401)
      const notice = await t.smtp.waitForMail(user.email, { count: 2 })
      expect(notice.subject).toBe('Your StoryReel e-mail was changed')
      expect(notice.text).toContain(`from ${user.email} to ${next}`)
      // The session the change was made with carries the new address at once.
      const me = await t.app.inject({ url: '/api/v1/auth/me', headers: t.auth(user.access_token) })
      expect(me.json()).toMatchObject({ email: next })
    })

    it('asks a password account for its password, and counts a wrong one toward the lockout', async () => {
      const user = await t.createUser()
      const missing = await requestChange(user.access_token, { new_email: uniqueEmail('x') })
      expect(missing.statusCode).toBe(400)
      expect(ApiErrorSchema.parse(missing.json()).code).toBe('PASSWORD_REQUIRED')
      const wrong = await requestChange(user.access_token, { new_email: uniqueEmail('x'), password: 'not-it-at-all' })
      expect(wrong.statusCode).toBe(403)
      expect(ApiErrorSchema.parse(wrong.json()).code).toBe('PASSWORD_INCORRECT')
    })

    it('answers as for any address when the new one has an account, and mails it a notice instead of a code', async () => {
      const user = await t.createUser()
      const owner = await t.createUser()
      const free = uniqueEmail('free')
      const toTaken = await requestChange(user.access_token, { new_email: owner.email, password: GOOD_PASSWORD })
      clock.advance(61_000)
      const toFree = await requestChange(user.access_token, { new_email: free, password: GOOD_PASSWORD })
      expect(toTaken.statusCode).toBe(202)
      expect(toTaken.json<{ message: string }>().message.replace(owner.email, '')).toBe(
        toFree.json<{ message: string }>().message.replace(free, ''),
      )
      const notice = await t.smtp.waitForMail(owner.email, { count: 2 })
      expect(notice.subject).toBe('This e-mail already has a StoryReel account')
      expect(() => readCode(notice)).toThrow()
      expect(notice.text).not.toMatch(/\d{6}/)
    })

    it('says when a new code may be asked for instead of claiming one was sent, and keeps the verification code', async () => {
      const user = await t.createUser()
      const first = uniqueEmail('typo')
      await requestChange(user.access_token, { new_email: first, password: GOOD_PASSWORD })
      const again = await requestChange(user.access_token, { new_email: uniqueEmail('right'), password: GOOD_PASSWORD })
      expect(again.statusCode).toBe(429)
      const refusal = ApiErrorSchema.parse(again.json())
      expect(refusal.code).toBe('CODE_COOLDOWN')
      expect(refusal.message).toMatch(/You can ask for another in \d+ seconds\./)
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0)

      const provider = await createProviderUser()
      expect((await call(provider.access_token, '/api/v1/auth/reauthentication-code')).statusCode).toBe(202)
      const reauth = readCode(await t.smtp.waitForMail(provider.email, { count: 2 }))
      expect((await call(provider.access_token, '/api/v1/auth/reauthentication-code')).statusCode).toBe(429)
      // An e-mail change code went out a moment ago (from another tab, say).
      await t.db.db.insert(emailCodes).values({
        email: uniqueEmail('other-tab'),
        purpose: 'change_email',
        userId: provider.id,
        codeHash: 'unused.unused',
        expiresAt: new Date(clock.now().getTime() + 600_000),
        createdAt: clock.now(),
      })
      const waiting = await requestChange(provider.access_token, { new_email: uniqueEmail('p1'), code: reauth })
      expect(waiting.statusCode).toBe(429)
      // The refusal did not use up the verification code.
      clock.advance(61_000)
      expect(
        (await requestChange(provider.access_token, { new_email: uniqueEmail('p2'), code: reauth })).statusCode,
      ).toBe(202)
    })

    it('confirms only with the newest code, five tries at most, within ten minutes', async () => {
      const user = await t.createUser()
      const next = uniqueEmail('tries')
      await requestChange(user.access_token, { new_email: next, password: GOOD_PASSWORD })
      const code = readCode(await t.smtp.waitForMail(next))
      const wrong = code === '000000' ? '111111' : '000000'
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect((await confirmChange(user.access_token, wrong)).statusCode).toBe(400)
      }
      expect(ApiErrorSchema.parse((await confirmChange(user.access_token, wrong)).json()).code).toBe(
        'EMAIL_CODE_EXHAUSTED',
      )
      expect((await confirmChange(user.access_token, code)).statusCode).toBe(410)

      clock.advance(61_000)
      await requestChange(user.access_token, { new_email: next, password: GOOD_PASSWORD })
      const second = readCode(await t.smtp.waitForMail(next, { count: 2 }))
      clock.advance(10 * 60_000 + 1000)
      const expired = await confirmChange(user.access_token, second)
      expect(expired.statusCode).toBe(410)
      expect(ApiErrorSchema.parse(expired.json()).code).toBe('EMAIL_CODE_EXPIRED')
    })

    it("never takes another account's code", async () => {
      const user = await t.createUser()
      const other = await t.createUser()
      const next = uniqueEmail('mine')
      await requestChange(user.access_token, { new_email: next, password: GOOD_PASSWORD })
      const code = readCode(await t.smtp.waitForMail(next))
      expect((await confirmChange(other.access_token, code)).statusCode).toBe(400)
      expect((await confirmChange(user.access_token, code)).statusCode).toBe(200)
    })

    it('has an account without a password prove itself with a code sent to its current address', async () => {
      const user = await createProviderUser()
      const next = uniqueEmail('provider-moved')
      const withoutCode = await requestChange(user.access_token, { new_email: next })
      expect(withoutCode.statusCode).toBe(400)
      expect(ApiErrorSchema.parse(withoutCode.json()).code).toBe('CODE_REQUIRED')
      expect((await call(user.access_token, '/api/v1/auth/reauthentication-code')).statusCode).toBe(202)
      const mail = await t.smtp.waitForMail(user.email, { count: 2 })
      expect(mail.subject).toMatch(/^\d{6} is your StoryReel verification code$/)
      const reauth = readCode(mail)
      // The verification code is not an e-mail change code, nor the reverse.
      expect((await confirmChange(user.access_token, reauth)).statusCode).toBe(400)
      expect((await requestChange(user.access_token, { new_email: next, code: reauth })).statusCode).toBe(202)
      // It worked once.
      clock.advance(61_000)
      expect((await requestChange(user.access_token, { new_email: next, code: reauth })).statusCode).toBe(400)
      const code = readCode(await t.smtp.waitForMail(next))
      const confirmed = await confirmChange(user.access_token, code)
      expect(UserSchema.parse(confirmed.json())).toMatchObject({ email: next, sign_in_methods: ['google'] })
    })

    it('keeps the password path for accounts with one', async () => {
      const user = await t.createUser()
      const response = await call(user.access_token, '/api/v1/auth/reauthentication-code')
      expect(response.statusCode).toBe(409)
      expect(ApiErrorSchema.parse(response.json()).code).toBe('PASSWORD_REQUIRED')
      await new Promise((resolve) => setTimeout(resolve, MAIL_GRACE_MS))
      expect(t.smtp.mailsTo(user.email)).toHaveLength(1)
    })

    it('refuses the same address and an address the configuration makes an admin', async () => {
      const user = await t.createUser()
      const same = await requestChange(user.access_token, { new_email: user.email, password: GOOD_PASSWORD })
      expect(same.statusCode).toBe(400)
      expect(ApiErrorSchema.parse(same.json()).code).toBe('EMAIL_UNCHANGED')
      const admin = await t.createUser({ email: 'chief@example.com' })
      const fromAdmin = await requestChange(admin.access_token, {
        new_email: uniqueEmail('escape'),
        password: GOOD_PASSWORD,
      })
      expect(fromAdmin.statusCode).toBe(409)
      expect(ApiErrorSchema.parse(fromAdmin.json()).code).toBe('ADMIN_SET_BY_CONFIG')
    })

    it('answers 409 when the address was taken between the code and its confirmation', async () => {
      const user = await t.createUser()
      const next = uniqueEmail('race')
      await requestChange(user.access_token, { new_email: next, password: GOOD_PASSWORD })
      const code = readCode(await t.smtp.waitForMail(next))
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/register',
            payload: { email: next, password: GOOD_PASSWORD },
          })
        ).statusCode,
      ).toBe(201)
      const response = await confirmChange(user.access_token, code)
      expect(response.statusCode).toBe(409)
      expect(ApiErrorSchema.parse(response.json()).code).toBe('EMAIL_TAKEN')
      const me = await t.app.inject({ url: '/api/v1/auth/me', headers: t.auth(user.access_token) })
      expect(me.json()).toMatchObject({ email: user.email })
    })
  })
}
