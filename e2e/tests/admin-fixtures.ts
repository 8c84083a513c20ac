import { expect, type APIRequestContext } from '@playwright/test'

import type { AuthenticatedUser } from '@storyreel/contracts/auth'

import { STAND_INS } from '../support/stand-ins-config.ts'
import { PASSWORD, readCode } from './auth-fixtures.ts'

const ADMIN_READY_TIMEOUT_MS = 20_000

/**
 * Signs in as the ADMIN_EMAILS account, registering it first when it does not exist. Only one test process
 * may register it: the others get 409 and wait until that one has confirmed the address.
 */
export async function signInAdminAccount(request: APIRequestContext): Promise<AuthenticatedUser> {
  const email = STAND_INS.adminEmail
  const deadline = Date.now() + ADMIN_READY_TIMEOUT_MS
  for (;;) {
    const login = await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } })
    if (login.ok()) {
      const user = (await login.json()) as AuthenticatedUser
      if (user.confirmed) return user
    } else {
      expect(login.status(), 'the admin sign-in answers 200 or, before registration, 401').toBe(401)
      const registered = await request.post('/api/v1/auth/register', {
        data: { email, password: PASSWORD, first_name: 'Ada' },
      })
      if (registered.status() === 201) {
        const confirmed = await request.post('/api/v1/auth/confirm', {
          data: { email, code: await readCode(request, email) },
        })
        expect(confirmed.status()).toBe(200)
        return (await confirmed.json()) as AuthenticatedUser
      }
      expect(registered.status(), 'another test process is registering the admin').toBe(409)
    }
    if (Date.now() > deadline) throw new Error(`${email} was not confirmed within ${ADMIN_READY_TIMEOUT_MS} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** An admin-console token for the ADMIN_EMAILS account (POST /admin/login). */
export async function getAdminToken(request: APIRequestContext): Promise<string> {
  await signInAdminAccount(request)
  const login = await request.post('/admin/login', { data: { email: STAND_INS.adminEmail, password: PASSWORD } })
  expect(login.status()).toBe(200)
  return ((await login.json()) as AuthenticatedUser).access_token
}

let counter = 0

/** Adds `count` fresh Google Play codes to the Free Week pool through the admin API; returns them. */
export async function addRedeemCodes(request: APIRequestContext, count = 1): Promise<string[]> {
  const token = await getAdminToken(request)
  const codes = Array.from({ length: count }, () =>
    `E2E-${Date.now().toString(36)}-${process.pid}-${(counter += 1)}`.toUpperCase(),
  )
  const upload = await request.post('/admin/referral-codes', {
    headers: { authorization: `Bearer ${token}` },
    data: { codes },
  })
  expect(upload.status()).toBe(200)
  expect(((await upload.json()) as { added: number }).added).toBe(count)
  return codes
}
