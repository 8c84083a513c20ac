import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { AuthenticatedUserSchema, SessionListSchema, type SessionInfo } from '@storyreel/contracts/auth'
import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { eq } from '@storyreel/db/operators'
import { sessions } from '@storyreel/db/schema'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { createClock } from '#src/testing/clock.ts'
import { createTestApp, GOOD_PASSWORD, type TestApp } from '#src/testing/test-app.ts'

import { describeUserAgent } from './user-agent.ts'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

describe('describeUserAgent', () => {
  it('names the device, browser and system a person would recognise', () => {
    expect(describeUserAgent(IPHONE_SAFARI)).toEqual({ device: 'iPhone', browser: 'Safari 18', os: 'iOS 18.1' })
    expect(describeUserAgent(WINDOWS_CHROME)).toEqual({
      device: 'Windows PC',
      browser: 'Chrome 131',
      os: 'Windows 10',
    })
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ device: 'Android phone', browser: 'Chrome 131', os: 'Android 14' })
    // macOS browsers report a frozen version, so none is shown.
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      ),
    ).toEqual({ device: 'Mac', browser: 'Safari 18', os: 'macOS' })
  })

  it('says "Unknown device" for a missing or unreadable header instead of guessing', () => {
    for (const header of [null, 'curl/8.5.0', 'okhttp/4.12.0', '\u0000\u0001']) {
      expect(describeUserAgent(header)).toEqual({ device: 'Unknown device', browser: null, os: null })
    }
  })
})

for (const { name, url } of TEST_DRIVERS) {
  describe(`the account's sessions on ${name}`, () => {
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

    const login = async (email: string, userAgent?: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: GOOD_PASSWORD },
        headers: userAgent ? { 'user-agent': userAgent } : {},
      })
      return AuthenticatedUserSchema.parse(response.json())
    }
    const list = async (token: string) => {
      const response = await t.app.inject({ url: '/api/v1/auth/sessions', headers: t.auth(token) })
      expect(response.statusCode).toBe(200)
      return SessionListSchema.parse(response.json()).sessions
    }
    const me = (token: string) => t.app.inject({ url: '/api/v1/auth/me', headers: t.auth(token) })
    const findSession = (all: SessionInfo[], match: Partial<SessionInfo>) =>
      all.find((session) => Object.entries(match).every(([key, value]) => session[key as keyof SessionInfo] === value))

    describe('GET /api/v1/auth/sessions', () => {
      it('lists sessions from before devices were recorded as "Unknown device", the current one marked', async () => {
        const user = await t.createUser()
        const desktop = await login(user.email, WINDOWS_CHROME)
        await t.db.db.update(sessions).set({ userAgent: null, lastUsedAt: null }).where(eq(sessions.userId, user.id))
        const all = await list(desktop.access_token)
        // The sign-up's session, the confirmation's, and the sign-in.
        expect(all).toHaveLength(3)
        expect(all.filter((session) => session.current)).toHaveLength(1)
        for (const session of all)
          expect(session).toMatchObject({ kind: 'user', device: 'Unknown device', browser: null })
        // Not used since: the listing call itself is the current session's first recorded use.
        for (const session of all.filter((session) => !session.current)) expect(session.last_used_at).toBeNull()
      })

      it('names the device each sign-in came from', async () => {
        const user = await t.createUser()
        const phone = await login(user.email, IPHONE_SAFARI)
        await login(user.email, WINDOWS_CHROME)
        const all = await list(phone.access_token)
        expect(all[0]).toMatchObject({ current: true })
        expect(findSession(all, { current: true })).toMatchObject({
          device: 'iPhone',
          browser: 'Safari 18',
          os: 'iOS 18.1',
        })
        expect(findSession(all, { device: 'Windows PC' })).toMatchObject({ current: false, browser: 'Chrome 131' })
      })

      it('writes the last use at most once a minute', async () => {
        const user = await t.createUser()
        const session = await login(user.email, WINDOWS_CHROME)
        const lastUsed = async () => findSession(await list(session.access_token), { current: true })?.last_used_at
        const signedIn = await lastUsed()
        expect(signedIn).not.toBeNull()
        clock.advance(30_000)
        expect((await me(session.access_token)).statusCode).toBe(200)
        expect(await lastUsed()).toBe(signedIn)
        clock.advance(31_000)
        expect((await me(session.access_token)).statusCode).toBe(200)
        // The write happens beside the call, not in its way.
        await expect.poll(lastUsed).not.toBe(signedIn)
        const touched = await lastUsed()
        expect(Date.parse(touched ?? '')).toBeGreaterThanOrEqual(Date.parse(signedIn ?? '') + 60_000)
        clock.advance(10_000)
        await me(session.access_token)
        await new Promise((resolve) => setTimeout(resolve, 100))
        expect(await lastUsed()).toBe(touched)
      })

      it('is never cached', async () => {
        const user = await t.createUser()
        for (const url of ['/api/v1/auth/sessions', '/api/v1/auth/me']) {
          const response = await t.app.inject({ url, headers: t.auth(user.access_token) })
          expect(response.headers['cache-control']).toBe('no-store')
        }
        const profile = await t.app.inject({
          method: 'PATCH',
          url: '/api/v1/auth/profile',
          headers: t.auth(user.access_token),
          payload: { first_name: 'Kai' },
        })
        expect(profile.headers['cache-control']).toBe('no-store')
      })
    })

    describe('DELETE /api/v1/auth/sessions/:id', () => {
      it("signs out that session at once, and answers 404 for another account's or an ended one", async () => {
        const user = await t.createUser()
        const stranger = await t.createUser()
        const other = await login(user.email, IPHONE_SAFARI)
        const target = findSession(await list(user.access_token), { device: 'iPhone' })
        expect(target).toBeDefined()
        const strangers = await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/auth/sessions/${target?.id ?? ''}`,
          headers: t.auth(stranger.access_token),
        })
        expect(strangers.statusCode).toBe(404)
        expect((await me(other.access_token)).statusCode).toBe(200)
        const revoke = () =>
          t.app.inject({
            method: 'DELETE',
            url: `/api/v1/auth/sessions/${target?.id ?? ''}`,
            headers: t.auth(user.access_token),
          })
        expect((await revoke()).statusCode).toBe(204)
        expect((await me(other.access_token)).statusCode).toBe(401)
        const again = await revoke()
        expect(again.statusCode).toBe(404)
        expect(ApiErrorSchema.parse(again.json()).code).toBe('SESSION_NOT_FOUND')
        const malformed = await t.app.inject({
          method: 'DELETE',
          url: '/api/v1/auth/sessions/not-a-uuid',
          headers: t.auth(user.access_token),
        })
        expect(malformed.statusCode).toBe(400)
      })
    })

    describe('POST /api/v1/auth/sessions/revoke-others', () => {
      it('signs out every other session and keeps this one', async () => {
        const user = await t.createUser()
        const others = [await login(user.email, IPHONE_SAFARI), await login(user.email, WINDOWS_CHROME)]
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/sessions/revoke-others',
          headers: t.auth(user.access_token),
        })
        expect(response.json()).toEqual({ revoked: 3 })
        for (const other of others) expect((await me(other.access_token)).statusCode).toBe(401)
        expect((await me(user.access_token)).statusCode).toBe(200)
        expect(await list(user.access_token)).toHaveLength(1)
      })
    })
  })
}
