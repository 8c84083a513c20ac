import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  AdminStatsSchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  AuditLogPageSchema,
  RedeemCodesUploadResultSchema,
  RedeemCodeStatsSchema,
  type AuditEntry,
} from '@storyreel/contracts/admin'
import { AuthenticatedUserSchema } from '@storyreel/contracts/auth'
import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { createTestApp, GOOD_PASSWORD, uniqueEmail, type TestApp } from '#src/testing/test-app.ts'

const CHIEF = 'chief@example.com'
const DEPUTY = 'deputy@example.com'
const HOUR_MS = 60 * 60 * 1000

let codeSequence = 0
/** Codes no other test in the file uses, so pool counts can be compared before and after. */
const uniqueCodes = (count: number) =>
  Array.from({ length: count }, () => `T${Date.now().toString(36).toUpperCase()}-${(codeSequence += 1)}`)

for (const { name, url } of TEST_DRIVERS) {
  describe(`the admin API on ${name}`, () => {
    let t: TestApp
    let chiefToken: string
    let chiefId: string

    beforeAll(async () => {
      t = await createTestApp({
        databaseUrl: url,
        env: { ADMIN_EMAILS: `${CHIEF},${DEPUTY}`, AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
      })
      const [chief] = await Promise.all([t.createUser({ email: CHIEF }), t.createUser({ email: DEPUTY })])
      const login = await adminLogin(CHIEF, chief.password)
      expect(login.statusCode).toBe(200)
      chiefToken = login.json<{ access_token: string }>().access_token
      chiefId = chief.id
    })
    afterAll(() => t.close())

    const adminLogin = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/admin/login', payload: { email, password } })
    const asChief = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: t.auth(chiefToken), payload })
    const patchUser = (id: string, payload: unknown, token = chiefToken) =>
      t.app.inject({ method: 'PATCH', url: `/admin/users/${id}`, headers: t.auth(token), payload: payload as object })
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: t.auth(token) })
    const getAuditLog = async (pageSize = 100) => {
      const response = await asChief('GET', `/admin/audit-log?page_size=${pageSize}`)
      expect(response.statusCode).toBe(200)
      return AuditLogPageSchema.parse(response.json())
    }
    const getCodeStats = async () => RedeemCodeStatsSchema.parse((await asChief('GET', '/admin/referral-codes')).json())

    describe('POST /admin/login', () => {
      it('gives an admin a 12-hour token', async () => {
        const before = Date.now()
        const response = await adminLogin(DEPUTY, GOOD_PASSWORD)
        expect(response.statusCode).toBe(200)
        const session = AuthenticatedUserSchema.parse(response.json())
        expect(session).toMatchObject({ email: DEPUTY, role: 'admin' })
        expect(Date.parse(session.expires_at) - before).toBeGreaterThan(12 * HOUR_MS - 60_000)
        expect(Date.parse(session.expires_at) - before).toBeLessThanOrEqual(12 * HOUR_MS + 60_000)
      })

      it('refuses an account that is not an admin with 403 NOT_ADMIN', async () => {
        const user = await t.createUser()
        const response = await adminLogin(user.email, user.password)
        expect(response.statusCode).toBe(403)
        expect(ApiErrorSchema.parse(response.json()).code).toBe('NOT_ADMIN')
      })

      it('refuses a wrong password with 401 INVALID_CREDENTIALS', async () => {
        const response = await adminLogin(CHIEF, 'not-the-password-1')
        expect(response.statusCode).toBe(401)
        expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' })
      })
    })

    describe('token kinds', () => {
      it('refuses a user token on every admin route', async () => {
        const user = await t.createUser()
        for (const [method, url] of [
          ['POST', '/admin/logout'],
          ['GET', '/admin/users'],
          ['PATCH', `/admin/users/${user.id}`],
          ['GET', '/admin/referral-codes'],
          ['POST', '/admin/referral-codes'],
          ['GET', '/admin/stats'],
          ['GET', '/admin/audit-log'],
        ] as const) {
          const response = await t.app.inject({ method, url, headers: t.auth(user.access_token) })
          expect(response.statusCode, `${method} ${url}`).toBe(401)
          expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
        }
        const anonymous = await t.app.inject({ method: 'GET', url: '/admin/users' })
        expect(anonymous.statusCode).toBe(401)
      })

      it('refuses an admin token on the app calls', async () => {
        const response = await me(chiefToken)
        expect(response.statusCode).toBe(401)
      })
    })

    describe('GET /admin/users', () => {
      it('finds accounts by part of the e-mail or a name, ignoring case', async () => {
        const marker = `Quillon${Date.now().toString(36)}`
        const named = await t.createUser({ firstName: marker })
        const mailed = await t.createUser({ email: uniqueEmail(marker.toLowerCase()) })
        await t.createUser()
        const byName = AdminUsersPageSchema.parse(
          (await asChief('GET', `/admin/users?q=${marker.toUpperCase()}`)).json(),
        )
        expect(byName.total).toBe(2)
        expect(byName.users.map((user) => user.id).sort()).toEqual([named.id, mailed.id].sort())
        const byEmail = AdminUsersPageSchema.parse((await asChief('GET', `/admin/users?q=${mailed.email}`)).json())
        expect(byEmail.users).toEqual([expect.objectContaining({ id: mailed.id, disabled: false })])
        const wildcard = AdminUsersPageSchema.parse((await asChief('GET', '/admin/users?q=%25')).json())
        expect(wildcard.total).toBe(0)
      })

      it('pages through the accounts, newest first, with the total', async () => {
        const marker = `Pager${Date.now().toString(36)}`
        const created = []
        for (let index = 0; index < 5; index += 1) created.push(await t.createUser({ firstName: marker }))
        const pages = []
        for (const page of [1, 2, 3]) {
          const response = await asChief('GET', `/admin/users?q=${marker}&page=${page}&page_size=2`)
          pages.push(AdminUsersPageSchema.parse(response.json()))
        }
        expect(pages.map((page) => page.users.length)).toEqual([2, 2, 1])
        expect(pages.every((page) => page.total === 5 && page.page_size === 2)).toBe(true)
        expect(pages.flatMap((page) => page.users.map((user) => user.id))).toEqual(
          created.map((user) => user.id).reverse(),
        )
        const all = AdminUsersPageSchema.parse((await asChief('GET', '/admin/users')).json())
        expect(all).toMatchObject({ page: 1, page_size: 20 })
        expect(all.total).toBeGreaterThanOrEqual(7)
      })

      it('rejects a page size over 100 and unknown query fields', async () => {
        const response = await asChief('GET', '/admin/users?page_size=101&sort=email')
        expect(response.statusCode).toBe(400)
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
      })
    })

    describe('PATCH /admin/users/:id', () => {
      it('changes role, confirmed and disabled, and records each change in the audit log', async () => {
        const user = await t.createUser()
        const promoted = await patchUser(user.id, { role: 'admin' })
        expect(promoted.statusCode).toBe(200)
        expect(AdminUserSchema.parse(promoted.json())).toMatchObject({ id: user.id, role: 'admin', confirmed: true })
        const changed = await patchUser(user.id, { confirmed: false, disabled: true, role: 'user' })
        expect(AdminUserSchema.parse(changed.json())).toMatchObject({ role: 'user', confirmed: false, disabled: true })
        const unchanged = await patchUser(user.id, { disabled: true })
        expect(unchanged.statusCode).toBe(200)

        const entries = (await getAuditLog()).entries.filter((entry) => entry.target_id === user.id)
        expect(entries).toEqual([
          expect.objectContaining({
            actor_email: CHIEF,
            action: 'user.update',
            details: {
              email: user.email,
              changes: {
                role: { from: 'admin', to: 'user' },
                confirmed: { from: true, to: false },
                disabled: { from: false, to: true },
              },
            },
          }),
          expect.objectContaining({
            actor_email: CHIEF,
            action: 'user.update',
            details: { email: user.email, changes: { role: { from: 'user', to: 'admin' } } },
          }),
        ])
      })

      it("revokes the user's tokens at once when disabling, and they stay dead when enabled again", async () => {
        const user = await t.createUser()
        expect((await me(user.access_token)).statusCode).toBe(200)
        expect((await patchUser(user.id, { disabled: true })).statusCode).toBe(200)
        expect((await me(user.access_token)).statusCode).toBe(401)
        const login = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: user.email, password: user.password },
        })
        expect(login.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' })
        expect((await patchUser(user.id, { disabled: false })).statusCode).toBe(200)
        expect((await me(user.access_token)).statusCode).toBe(401)
      })

      it('refuses to let admins demote, disable or unconfirm themselves', async () => {
        const before = (await getAuditLog()).total
        for (const payload of [{ role: 'user' }, { disabled: true }, { confirmed: false }]) {
          const response = await patchUser(chiefId, payload)
          expect(response.statusCode).toBe(409)
          expect(response.json()).toMatchObject({ code: 'CANNOT_CHANGE_SELF' })
        }
        expect((await asChief('GET', '/admin/stats')).statusCode).toBe(200)
        expect((await getAuditLog()).total).toBe(before)
      })

      it('refuses to demote an ADMIN_EMAILS account', async () => {
        const deputy = await adminLogin(DEPUTY, GOOD_PASSWORD)
        const response = await patchUser(
          chiefId,
          { role: 'user' },
          deputy.json<{ access_token: string }>().access_token,
        )
        expect(response.statusCode).toBe(409)
        expect(response.json()).toMatchObject({ code: 'ADMIN_SET_BY_CONFIG' })
      })

      it("ends a demoted admin's console token at once", async () => {
        const user = await t.createUser()
        await patchUser(user.id, { role: 'admin' })
        const login = await adminLogin(user.email, user.password)
        const token = login.json<{ access_token: string }>().access_token
        expect((await t.app.inject({ method: 'GET', url: '/admin/stats', headers: t.auth(token) })).statusCode).toBe(
          200,
        )
        await patchUser(user.id, { role: 'user' })
        expect((await t.app.inject({ method: 'GET', url: '/admin/stats', headers: t.auth(token) })).statusCode).toBe(
          401,
        )
      })

      it('answers 404 for an unknown id or one that is not a uuid', async () => {
        for (const id of ['7d9f7a52-44a1-4f4e-9d0f-2b7d1c0e1a11', 'not-a-uuid', '1']) {
          const response = await patchUser(id, { disabled: true })
          expect(response.statusCode, id).toBe(404)
          expect(response.json()).toMatchObject({ code: 'USER_NOT_FOUND' })
        }
      })

      it('rejects an empty body, unknown fields and bad values', async () => {
        const user = await t.createUser()
        for (const payload of [{}, { email: 'x@example.com' }, { role: 'owner' }, { disabled: 'yes' }]) {
          const response = await patchUser(user.id, payload)
          expect(response.statusCode, JSON.stringify(payload)).toBe(400)
          expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
        }
      })
    })

    describe('/admin/referral-codes', () => {
      it('adds a list, counting repeats and codes already in the pool as duplicates', async () => {
        const [first, second, third] = uniqueCodes(3)
        const before = await getCodeStats()
        const response = await asChief('POST', '/admin/referral-codes', { codes: [first, second, first] })
        expect(response.statusCode).toBe(200)
        expect(RedeemCodesUploadResultSchema.parse(response.json())).toEqual({
          added: 2,
          duplicates: 1,
          stats: { total: before.total + 2, claimed: before.claimed, left: before.left + 2 },
        })
        const again = await asChief('POST', '/admin/referral-codes', { codes: [second, third] })
        expect(again.json()).toMatchObject({ added: 1, duplicates: 1 })
        expect(await getCodeStats()).toEqual({
          total: before.total + 3,
          claimed: before.claimed,
          left: before.left + 3,
        })
      })

      it('adds the first column of a CSV file, skipping its header and blank rows', async () => {
        const [first, second, existing] = uniqueCodes(3)
        await asChief('POST', '/admin/referral-codes', { codes: [existing] })
        const csv = `Code,Campaign\r\n${first},free-week\r\n\r\n"${second}","a, b"\r\n ${first} \r\n${existing}\r\n`
        const response = await asChief('POST', '/admin/referral-codes', { csv })
        expect(response.statusCode).toBe(200)
        expect(response.json()).toMatchObject({ added: 2, duplicates: 2 })

        const upload = (await getAuditLog()).entries.find((entry) => entry.action === 'redeem_codes.upload')
        expect(upload).toMatchObject({
          actor_email: CHIEF,
          target_id: null,
          details: { source: 'csv', received: 4, added: 2, duplicates: 2 },
        })
      })

      it('adds nothing when a row is bad, and lists every bad row', async () => {
        const [good] = uniqueCodes(1)
        const before = await getCodeStats()
        const entriesBefore = (await getAuditLog()).total
        const response = await asChief('POST', '/admin/referral-codes', {
          csv: `code\n${good}\nab\n${good}\nno spaces`,
        })
        expect(response.statusCode).toBe(400)
        expect(ApiErrorSchema.parse(response.json())).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: [
            'line 3: "ab" must be 4-64 letters, digits or dashes',
            'line 5: "no spaces" must be 4-64 letters, digits or dashes',
          ],
        })
        const list = await asChief('POST', '/admin/referral-codes', { codes: [good, '<script>'] })
        expect(list.json()).toMatchObject({ message: ['codes.1: "<script>" must be 4-64 letters, digits or dashes'] })
        expect(await getCodeStats()).toEqual(before)
        expect((await getAuditLog()).total).toBe(entriesBefore)
      })

      it('takes uploads beyond 16 KiB, up to 512 KiB', async () => {
        const codes = uniqueCodes(2000)
        const csv = codes.join('\n')
        expect(csv.length).toBeGreaterThan(16 * 1024)
        const response = await asChief('POST', '/admin/referral-codes', { csv })
        expect(response.json()).toMatchObject({ added: 2000, duplicates: 0 })
        const tooLarge = await asChief('POST', '/admin/referral-codes', { csv: 'A'.repeat(513 * 1024) })
        expect(tooLarge.statusCode).toBe(413)
        const elsewhere = await t.app.inject({
          method: 'PATCH',
          url: `/admin/users/${chiefId}`,
          headers: t.auth(chiefToken),
          payload: { confirmed: true, padding: 'x'.repeat(17 * 1024) },
        })
        expect(elsewhere.statusCode).toBe(413)
      })

      it('rejects a body that is neither a list nor CSV text', async () => {
        for (const payload of [{}, { codes: [] }, { csv: '' }, { codes: ['ABCD-1'], csv: 'ABCD-1' }]) {
          const response = await asChief('POST', '/admin/referral-codes', payload)
          expect(response.statusCode, JSON.stringify(payload)).toBe(400)
        }
      })
    })

    describe('GET /admin/stats', () => {
      it('counts accounts, live sessions and codes', async () => {
        const user = await t.createUser()
        await patchUser(user.id, { disabled: true })
        const response = await asChief('GET', '/admin/stats')
        expect(response.statusCode).toBe(200)
        const stats = AdminStatsSchema.parse(response.json())
        const users = AdminUsersPageSchema.parse((await asChief('GET', '/admin/users')).json())
        expect(stats.users.total).toBe(users.total)
        expect(stats.users.new_last_7_days).toBe(users.total)
        expect(stats.users.admins).toBeGreaterThanOrEqual(2)
        expect(stats.users.disabled).toBeGreaterThanOrEqual(1)
        expect(stats.users.confirmed).toBeLessThanOrEqual(stats.users.total)
        expect(stats.sessions.active).toBeGreaterThanOrEqual(2)
        expect(stats.redeem_codes).toEqual(await getCodeStats())
      })
    })

    describe('GET /admin/audit-log', () => {
      it('pages through the entries, newest first', async () => {
        const user = await t.createUser()
        for (const disabled of [true, false, true]) await patchUser(user.id, { disabled })
        const [latest, older] = [
          AuditLogPageSchema.parse((await asChief('GET', '/admin/audit-log?page_size=2')).json()),
          AuditLogPageSchema.parse((await asChief('GET', '/admin/audit-log?page=2&page_size=2')).json()),
        ]
        const toChange = (entry: AuditEntry | undefined) =>
          (entry?.details as { changes?: { disabled?: { to: boolean } } } | null)?.changes?.disabled?.to
        expect(latest.entries.map(toChange)).toEqual([true, false])
        expect(toChange(older.entries[0])).toBe(true)
        expect(latest.total).toBe(older.total)
        expect(latest.total).toBeGreaterThanOrEqual(3)
      })
    })

    describe('POST /admin/logout', () => {
      it('revokes the admin token at once', async () => {
        const login = await adminLogin(DEPUTY, GOOD_PASSWORD)
        const token = login.json<{ access_token: string }>().access_token
        const logout = await t.app.inject({ method: 'POST', url: '/admin/logout', headers: t.auth(token) })
        expect(logout.statusCode).toBe(204)
        const after = await t.app.inject({ method: 'GET', url: '/admin/users', headers: t.auth(token) })
        expect(after.statusCode).toBe(401)
      })
    })
  })
}

describe('rate limits on the admin sign-in', () => {
  it('answers 429 RATE_LIMITED past the per-IP limit', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } })
    try {
      const statuses = []
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/admin/login',
          payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
        })
        statuses.push(response.statusCode)
      }
      expect(statuses).toEqual([401, 401, 429])
    } finally {
      await t.close()
    }
  })
})
