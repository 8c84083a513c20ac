import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { RedeemCodeStatsSchema } from '@storyreel/contracts/admin'
import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { ReferralCodeSchema } from '@storyreel/contracts/referral'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import type { AppDeps } from '#src/app.ts'
import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

const ADMIN = 'pool-admin@example.com'
const URL = '/api/referral-code'

/** A test app with an admin token, filling the pool through the admin API as the console does. */
async function createPoolApp(
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
  deps: Partial<AppDeps> = {},
) {
  const t = await createTestApp({ databaseUrl, env: { ADMIN_EMAILS: ADMIN, ...env }, deps })
  const admin = await t.createUser({ email: ADMIN })
  const login = await t.app.inject({
    method: 'POST',
    url: '/admin/login',
    payload: { email: ADMIN, password: admin.password },
  })
  const headers = t.auth(login.json<{ access_token: string }>().access_token)
  return {
    t,
    async addCodes(codes: string[]) {
      const response = await t.app.inject({ method: 'POST', url: '/admin/referral-codes', headers, payload: { codes } })
      expect(response.statusCode).toBe(200)
    },
    async getStats() {
      const response = await t.app.inject({ method: 'GET', url: '/admin/referral-codes', headers })
      return RedeemCodeStatsSchema.parse(response.json())
    },
  }
}

type PoolApp = Awaited<ReturnType<typeof createPoolApp>>

const getVisitorCookie = (setCookie: string | string[] | undefined) =>
  /^sr_visitor=([^;]+)/.exec([setCookie ?? []].flat()[0] ?? '')?.[1]

let codeSequence = 0
const uniqueCodes = (count: number) =>
  Array.from({ length: count }, () => `FW${Date.now().toString(36).toUpperCase()}-${(codeSequence += 1)}`)

for (const { name, url } of TEST_DRIVERS) {
  describe(`GET /api/referral-code on ${name}`, () => {
    let pool: PoolApp
    let t: TestApp
    const claim = (cookie?: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: URL, headers: { ...headers, ...(cookie ? { cookie } : {}) } })

    beforeAll(async () => {
      pool = await createPoolApp(url, { REFERRAL_RATE_LIMIT_PER_MINUTE: '10000', TRUST_PROXY: 'true' })
      t = pool.t
    })
    afterAll(() => t.close())

    it('hands a new visitor a code with its redeem link and a year-long, script-proof cookie', async () => {
      const [code = ''] = uniqueCodes(1)
      await pool.addCodes([code])
      const response = await claim()
      expect(response.statusCode).toBe(200)
      expect(ReferralCodeSchema.parse(response.json())).toEqual({
        code,
        redeem_url: `https://play.google.com/redeem?code=${code}`,
      })
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.headers['set-cookie']).toMatch(
        /^sr_visitor=[A-Za-z0-9_-]{22}; Path=\/api\/referral-code; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
      )
    })

    it('marks the cookie Secure when the request came over HTTPS', async () => {
      await pool.addCodes(uniqueCodes(1))
      const response = await claim(undefined, { 'x-forwarded-proto': 'https' })
      expect(response.headers['set-cookie']).toMatch(/; Secure$/)
    })

    it('gives the same visitor the same code again, without claiming another', async () => {
      await pool.addCodes(uniqueCodes(2))
      const first = await claim()
      const cookie = `theme=dark; sr_visitor=${getVisitorCookie(first.headers['set-cookie'])}; other=1`
      const claimed = (await pool.getStats()).claimed
      const again = await claim(cookie)
      expect(again.statusCode).toBe(200)
      expect(again.json()).toEqual(first.json())
      expect(again.headers['set-cookie']).toBeUndefined()
      expect((await pool.getStats()).claimed).toBe(claimed)
    })

    it('gives one code to a visitor who asks many times at once', async () => {
      await pool.addCodes(uniqueCodes(10))
      const cookie = `sr_visitor=${'v'.repeat(22)}`
      const before = (await pool.getStats()).claimed
      const responses = await Promise.all(Array.from({ length: 10 }, () => claim(cookie)))
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200))
      expect(new Set(responses.map((response) => response.json<{ code: string }>().code)).size).toBe(1)
      expect((await pool.getStats()).claimed).toBe(before + 1)
    })

    it('gives different visitors different codes', async () => {
      await pool.addCodes(uniqueCodes(3))
      const codes = []
      for (let visitor = 0; visitor < 3; visitor += 1) codes.push((await claim()).json<{ code: string }>().code)
      expect(new Set(codes).size).toBe(3)
    })

    it('treats a cookie it could not have issued as a new visitor', async () => {
      await pool.addCodes(uniqueCodes(1))
      const response = await claim("sr_visitor=' or 1=1 --")
      expect(response.statusCode).toBe(200)
      expect(getVisitorCookie(response.headers['set-cookie'])).toMatch(/^[A-Za-z0-9_-]{22}$/)
    })
  })

  describe(`GET /api/referral-code with an empty pool on ${name}`, () => {
    let pool: PoolApp
    beforeAll(async () => {
      pool = await createPoolApp(url)
    })
    afterAll(() => pool.t.close())

    it('answers 404 REDEEM_CODES_EMPTY with a clear message, and still sets the cookie', async () => {
      const response = await pool.t.app.inject({ method: 'GET', url: URL })
      expect(response.statusCode).toBe(404)
      expect(ApiErrorSchema.parse(response.json())).toMatchObject({
        code: 'REDEEM_CODES_EMPTY',
        message: 'All Free Week codes have been given out for now. Please check back later.',
      })
      expect(response.headers['cache-control']).toBe('no-store')
      expect(getVisitorCookie(response.headers['set-cookie'])).toBeDefined()
    })
  })

  describe(`the daily cap of new codes per address on ${name}`, () => {
    const CAP = 5
    let pool: PoolApp
    let offsetMs = 0
    beforeAll(async () => {
      pool = await createPoolApp(
        url,
        { REFERRAL_RATE_LIMIT_PER_MINUTE: '10000', REFERRAL_CODES_PER_ADDRESS_PER_DAY: String(CAP) },
        { now: () => new Date(Date.now() + offsetMs) },
      )
    })
    afterAll(() => pool.t.close())
    const claimFrom = (remoteAddress: string, cookie?: string) =>
      pool.t.app.inject({ method: 'GET', url: URL, remoteAddress, headers: cookie ? { cookie } : {} })

    it('hands one address at most the cap of new codes a day out of 50 cookie-less requests at once', async () => {
      await pool.addCodes(uniqueCodes(60))
      const responses = await Promise.all(Array.from({ length: 50 }, () => claimFrom('203.0.113.50')))
      const won = responses.filter((response) => response.statusCode === 200)
      expect(won).toHaveLength(CAP)
      const refused = responses.filter((response) => response.statusCode !== 200)
      expect(refused.map((response) => ApiErrorSchema.parse(response.json()))).toEqual(
        Array(50 - CAP).fill({
          statusCode: 429,
          error: 'Too Many Requests',
          code: 'REDEEM_CODES_DAILY_LIMIT',
          message: 'Free Week codes for your network are used up for today. Please try again tomorrow.',
        }),
      )
      expect((await pool.getStats()).claimed).toBe(CAP)

      // A browser that holds a code still gets it back, and another address is not affected.
      const holder = `sr_visitor=${getVisitorCookie(won[0]?.headers['set-cookie'])}`
      const again = await claimFrom('203.0.113.50', holder)
      expect(again.statusCode).toBe(200)
      expect(again.json()).toEqual(won[0]?.json())
      expect((await claimFrom('203.0.113.51')).statusCode).toBe(200)

      // The next UTC day the address has a new share.
      offsetMs += 24 * 3600 * 1000
      expect((await claimFrom('203.0.113.50')).statusCode).toBe(200)
    })
  })

  describe(`200 visitors at once for 150 codes on ${name}`, () => {
    let pool: PoolApp
    beforeAll(async () => {
      pool = await createPoolApp(url, { REFERRAL_RATE_LIMIT_PER_MINUTE: '10000' })
    })
    afterAll(() => pool.t.close())

    it('hands out every code exactly once and answers the rest 404', async () => {
      const codes = uniqueCodes(150)
      await pool.addCodes(codes)
      // From 200 addresses, so that the per-address daily cap is not what this measures.
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          pool.t.app.inject({ method: 'GET', url: URL, remoteAddress: `198.51.100.${index}` }),
        ),
      )
      const won = responses.filter((response) => response.statusCode === 200)
      const lost = responses.filter((response) => response.statusCode === 404)
      expect(won).toHaveLength(150)
      expect(lost).toHaveLength(50)
      expect(lost.every((response) => response.json<{ code: string }>().code === 'REDEEM_CODES_EMPTY')).toBe(true)
      const handedOut = won.map((response) => response.json<{ code: string }>().code)
      expect(new Set(handedOut).size).toBe(150)
      expect(handedOut.sort()).toEqual([...codes].sort())
      const visitors = responses.map((response) => getVisitorCookie(response.headers['set-cookie']))
      expect(new Set(visitors).size).toBe(200)
      expect(await pool.getStats()).toEqual({ total: 150, claimed: 150, left: 0 })
    })
  })
}

describe('rate limit on GET /api/referral-code', () => {
  it('answers 429 RATE_LIMITED past the per-IP limit', async () => {
    const t = await createTestApp({ env: { REFERRAL_RATE_LIMIT_PER_MINUTE: '3' } })
    try {
      const statuses = []
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await t.app.inject({ method: 'GET', url: URL })).statusCode)
      }
      expect(statuses).toEqual([404, 404, 404, 429])
      const other = await t.app.inject({ method: 'GET', url: URL, remoteAddress: '203.0.113.9' })
      expect(other.statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})
