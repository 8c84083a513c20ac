import { expect, type APIRequestContext, type Page } from '@playwright/test'

import type { AuthenticatedUser } from '@storyreel/contracts/auth'

import { STAND_INS } from '../support/stand-ins-config.ts'

export const PASSWORD = 'lantern-meadow-canvas-58'
let counter = 0
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${(counter += 1)}@e2e.test`

/** The newest confirmation code mailed to `email`, read from the SMTP stand-in. */
export async function readCode(request: APIRequestContext, email: string, count = 1): Promise<string> {
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const mails = (await (
          await request.get(`${STAND_INS.url}/mails?to=${encodeURIComponent(email)}`)
        ).json()) as Array<{
          text: string
        }>
        code = /code is: (\d{6})/.exec(mails[count - 1]?.text ?? '')?.[1]
        return code
      },
      { timeout: 10_000 },
    )
    .toBeTruthy()
  return code ?? ''
}

/** Registers and confirms an account through the API, without the sign-in screens. */
export async function createUser(
  request: APIRequestContext,
  {
    email = uniqueEmail('user'),
    firstName,
    confirm = true,
  }: { email?: string; firstName?: string; confirm?: boolean } = {},
): Promise<AuthenticatedUser> {
  const registered = await request.post('/api/v1/auth/register', {
    data: { email, password: PASSWORD, ...(firstName ? { first_name: firstName } : {}) },
  })
  expect(registered.status()).toBe(201)
  if (!confirm) return (await registered.json()) as AuthenticatedUser
  const code = await readCode(request, email)
  const confirmed = await request.post('/api/v1/auth/confirm', { data: { email, code } })
  expect(confirmed.status()).toBe(200)
  return (await confirmed.json()) as AuthenticatedUser
}

/** Puts a session in the app's storage object before any page script runs. */
export async function signInAs(page: Page, user: AuthenticatedUser): Promise<void> {
  const { access_token: token, expires_at: _expires, ...profile } = user
  await page.addInitScript(
    ([storedUser, storedToken]) => {
      if (!window.localStorage.getItem('storyreel')) {
        window.localStorage.setItem('storyreel', JSON.stringify({ user: storedUser, access_token: storedToken }))
      }
    },
    [profile, token] as const,
  )
}

/** Reads the app's storage object. */
export function readStorage(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('storyreel') ?? '{}') as Record<string, unknown>)
}

/**
 * Google Identity Services, as far as the app uses it: initialize() and renderButton(). The button asks the
 * identity stand-in for a token carrying the app's nonce, as Google's popup would return one.
 */
export const GOOGLE_SDK_STAND_IN = (email: string, sub: string) => `
  window.google = { accounts: { id: {
    initialize(config) { window.__gsi = config },
    renderButton(parent) {
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = 'Sign in with Google'
      button.addEventListener('click', async () => {
        const query = new URLSearchParams({ nonce: window.__gsi.nonce, email: ${JSON.stringify(email)}, sub: ${JSON.stringify(sub)}, given_name: 'Gia' })
        const { id_token } = await (await fetch('https://accounts.google.com/gsi/e2e-token?' + query)).json()
        window.__gsi.callback({ credential: id_token, select_by: 'btn' })
      })
      parent.replaceChildren(button)
    },
  } } }
`

/** Sign in with Apple JS: init() and signIn() in popup mode, with the name Apple shares on first sign-in. */
export const APPLE_SDK_STAND_IN = (email: string, sub: string) => `
  window.AppleID = { auth: {
    init(config) { window.__apple = config },
    async signIn() {
      const query = new URLSearchParams({ nonce: window.__apple.nonce, email: ${JSON.stringify(email)}, sub: ${JSON.stringify(sub)} })
      const { id_token } = await (await fetch('https://appleid.apple.com/e2e-token?' + query)).json()
      return { authorization: { id_token, code: 'c', state: window.__apple.state }, user: { email: ${JSON.stringify(email)}, name: { firstName: 'Ada', lastName: 'Lovelace' } } }
    },
  } }
`

/** Answers the SDK script URLs and the token calls they make from the stand-ins on 127.0.0.1. */
export async function routeSignInSdks(page: Page, { email, sub }: { email: string; sub: string }) {
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: GOOGLE_SDK_STAND_IN(email, sub) }),
  )
  await page.route('https://appleid.cdn-apple.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: APPLE_SDK_STAND_IN(email, sub) }),
  )
  for (const [pattern, provider] of [
    ['https://accounts.google.com/gsi/e2e-token?*', 'google'],
    ['https://appleid.apple.com/e2e-token?*', 'apple'],
  ] as const) {
    await page.route(pattern, async (route) => {
      const { search } = new URL(route.request().url())
      const response = await route.fetch({ url: `${STAND_INS.url}/${provider}/token${search}` })
      await route.fulfill({ response })
    })
  }
}
