import { expect, test, type Request } from '@playwright/test'

import { STAND_INS } from '../support/stand-ins-config.ts'
import { signInAdminAccount } from './admin-fixtures.ts'
import { createUser, PASSWORD, readCode, readStorage, routeSignInSdks, signInAs, uniqueEmail } from './auth-fixtures.ts'
import { expectNoAxeViolations, WCAG_TAGS } from './axe-check.ts'

test.describe('e-mail sign-up, confirmation and the account', () => {
  test('register, confirm with the mailed code, edit the profile, sign out and sign in again', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('journey')
    await page.goto('/auth/register')
    await page.getByLabel('First name').fill('Nora')
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await expect(page.getByRole('list', { name: 'Password rules' }).getByText('At least 8 characters')).toBeVisible()
    await page.getByRole('button', { name: 'Create account' }).click()

    // The code step stays in the app's frame: no marketing menu, the app's own header.
    await expect(page).toHaveURL(/\/auth\/confirm$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
    await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible()
    await expect(page.getByText(/You can ask for a new code in \d+s/)).toBeVisible()
    const code = await readCode(request, email)

    // A wrong code: the reason in the toast and next to the boxes, which are emptied with the first focused.
    const firstBox = page.getByLabel('Digit 1 of 6')
    await firstBox.pressSequentially(code === '000000' ? '999999' : '000000')
    await expect(page.getByRole('alert').filter({ hasText: 'This code is not right.' })).toBeVisible()
    await expect(firstBox).toHaveAccessibleDescription(/^This code is not right\. \d+ tries left\.$/)
    await expect(page.locator('form').getByText(/This code is not right/)).toBeVisible()
    await expect(firstBox).toBeFocused()
    await expect(firstBox).toHaveValue('')

    // Pasting fills every box, and a full code submits itself.
    await page.getByLabel('Digit 1 of 6').focus()
    await page.evaluate((text) => {
      const data = new DataTransfer()
      data.setData('text', text)
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    }, code)
    await expect(page).toHaveURL(/\/app$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Nora' })).toBeVisible()
    await expect(page.getByRole('img', { name: /QR code: StoryReel on the App Store/ })).toBeVisible()
    // The first video is made here, in the web studio.
    await expect(page.getByRole('link', { name: 'Open the studio' })).toHaveAttribute('href', '/app/create')

    await page.getByRole('link', { name: 'Profile' }).click()
    await expect(page.getByLabel('First name')).toHaveValue('Nora')
    await page.getByLabel('Last name').fill('Quinn')
    const patch = page.waitForRequest(
      (req: Request) => req.method() === 'PATCH' && req.url().endsWith('/api/v1/auth/profile'),
    )
    await page.getByRole('button', { name: 'Save changes' }).click()
    expect((await patch).postDataJSON()).toEqual({ last_name: 'Quinn' })
    await expect(page.getByRole('status').filter({ hasText: 'Profile saved.' })).toBeVisible()
    await expect(page.getByText('All changes saved')).toBeVisible()

    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await expect(page).toHaveURL(/\/auth\/login$/)
    expect(await readStorage(page)).not.toHaveProperty('access_token')

    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/app$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Nora' })).toBeVisible()
  })

  test('a link to a section of the public confirmation page lands below its sticky header', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/confirm#tips-title')
    const heading = page.getByRole('heading', { name: 'Code hasn’t arrived?' })
    await expect(heading).toBeInViewport()
    const header = await page.getByRole('banner').boundingBox()
    const target = await heading.boundingBox()
    expect(header && target && target.y - (header.y + header.height)).toBeGreaterThanOrEqual(0)
  })

  test('a wrong password shows the server message as a toast and keeps the form', async ({ page, request }) => {
    const user = await createUser(request)
    await page.goto('/auth/login')
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Password').fill('not-my-password')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'The e-mail or password is not right.' })).toBeVisible()
    await expect(page.getByLabel('E-mail')).toHaveValue(user.email)
    await expect(page).toHaveURL(/\/auth\/login$/)
  })

  test('a list of validation messages is shown as one toast, one line each', async ({ page }) => {
    await page.goto('/auth/register')
    // The browser accepts "a@b" as an e-mail; the API wants a domain with a dot. The name limit is lifted
    // in the page so the API's own limit answers.
    await page.getByLabel('E-mail').fill('a@b')
    await page.getByLabel('Last name').evaluate((input) => input.removeAttribute('maxlength'))
    await page.getByLabel('Last name').fill('x'.repeat(90))
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    const toast = page.getByRole('alert').filter({ hasText: 'email: must be a valid e-mail address' })
    await expect(toast).toBeVisible()
    await expect(toast).toContainText('last_name:')
    expect(await toast.evaluate((element) => element.textContent?.split('\n').length)).toBeGreaterThanOrEqual(2)
  })

  test('deleting the account asks for confirmation, then signs out for good', async ({ page, request }) => {
    const user = await createUser(request, { firstName: 'Del' })
    await signInAs(page, user)
    await page.goto('/app/profile')
    await page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' })
    await expect(dialog.getByRole('button', { name: 'Delete account' })).toBeDisabled()
    await dialog.getByLabel('Type DELETE').fill('DELETE')
    await dialog.getByRole('button', { name: 'Delete account' }).click()
    await expect(page).toHaveURL(/\/$/)
    const login = await request.post('/api/v1/auth/login', { data: { email: user.email, password: PASSWORD } })
    expect(login.status()).toBe(401)
  })
})

test.describe('route middlewares', () => {
  test('anonymous visitors are sent from /app to sign-in, and back after it', async ({ page, request }) => {
    const user = await createUser(request)
    await page.goto('/app/profile')
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fapp%2Fprofile$/)
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/app\/profile$/)
  })

  test('an unconfirmed user at /app is sent to the code step', async ({ page, request }) => {
    await signInAs(page, await createUser(request, { confirm: false }))
    await page.goto('/app')
    await expect(page).toHaveURL(/\/auth\/confirm$/)
  })

  test('a signed-in user at /auth/login is sent on to the app', async ({ page, request }) => {
    await signInAs(page, await createUser(request))
    await page.goto('/auth/login')
    await expect(page).toHaveURL(/\/app$/)
  })

  test('a user who is not an admin gets the 404 page at /app/admin', async ({ page, request }) => {
    await signInAs(page, await createUser(request))
    await page.goto('/app/admin')
    await expect(page.getByTestId('error-message')).toHaveText('Page not found: /app/admin')
  })

  test('a revoked token sends the user to sign-in on the next call', async ({ page, request }) => {
    const user = await createUser(request)
    await signInAs(page, user)
    await request.post('/api/v1/auth/logout', { headers: { authorization: `Bearer ${user.access_token}` } })
    await page.goto('/app/profile')
    await expect(page).toHaveURL(/\/auth\/login$/)
    expect(await readStorage(page)).not.toHaveProperty('user')
  })
})

test.describe('sign-in providers', () => {
  test('Google: the SDK is loaded on demand and the verified credential signs in', async ({ page }) => {
    const email = uniqueEmail('google')
    await routeSignInSdks(page, { email, sub: `g-${Date.now()}` })
    await page.goto('/auth/login')
    await page.getByRole('button', { name: 'Sign in with Google' }).click()
    await expect(page).toHaveURL(/\/app$/)
    const stored = await readStorage(page)
    expect(stored.user).toMatchObject({ email, first_name: 'Gia', confirmed: true, sign_in_methods: ['google'] })
  })

  test('Apple: the popup result and the identity token sign in, with the shared name', async ({ page }) => {
    const email = uniqueEmail('apple')
    await routeSignInSdks(page, { email, sub: `a-${Date.now()}` })
    await page.goto('/auth/login')
    const body = page.waitForRequest((req: Request) => req.url().endsWith('/api/v1/auth/apple-login'))
    await page.getByRole('button', { name: 'Continue with Apple' }).click()
    expect((await body).postDataJSON()).toMatchObject({ email, first_name: 'Ada', last_name: 'Lovelace', os: 'web' })
    await expect(page).toHaveURL(/\/app$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible()
  })

  test('Discord: the OAuth round trip through the stand-in signs in', async ({ page }) => {
    await page.goto('/auth/login')
    await page.getByRole('button', { name: 'Continue with Discord' }).click()
    await expect(page).toHaveURL(/\/app$/, { timeout: 15_000 })
    await expect(page.getByRole('heading', { name: 'Welcome, Robin' })).toBeVisible()
  })

  test('Discord: a callback this tab did not start is refused', async ({ page }) => {
    await page.goto('/auth/discord?code=forged&state=not-ours')
    await expect(page.getByRole('alert')).toContainText('This sign-in link has expired or was not started here.')
  })
})

test.describe('the admin console', () => {
  test('an admin opens the console, finds a user, disables them and fills the code pool', async ({ page, request }) => {
    const admin = await signInAdminAccount(request)
    expect(admin.role).toBe('admin')
    const target = await createUser(request, { firstName: 'Target' })
    await signInAs(page, admin)
    await page.goto('/app/admin')

    await expect(page.getByLabel('E-mail')).toHaveValue(STAND_INS.adminEmail)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Open console' }).click()
    await expect(page.getByRole('heading', { name: /^Users/ })).toBeVisible()

    await page.getByRole('searchbox', { name: 'Search users' }).fill(target.email)
    const row = page.getByRole('row').filter({ hasText: target.email })
    await expect(row).toHaveCount(1)
    await row.getByRole('button', { name: `${target.email} disabled` }).click()
    const dialog = page.getByRole('dialog', { name: `Disable ${target.email}?` })
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByRole('status').filter({ hasText: `${target.email} is disabled.` })).toBeVisible()
    await expect(row.getByRole('button', { name: `${target.email} disabled` })).toHaveText('Disabled')
    const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${target.access_token}` } })
    expect(me.status()).toBe(401)

    const codes = Array.from({ length: 3 }, (_, index) => `E2E${Date.now().toString(36).toUpperCase()}${index}`)
    await page.getByLabel(/Add codes/).fill(['code', ...codes].join('\n'))
    await page.getByRole('button', { name: 'Upload codes' }).click()
    await page
      .getByRole('dialog', { name: 'Add these codes to the pool?' })
      .getByRole('button', { name: 'Add codes' })
      .click()
    await expect(page.getByRole('status').filter({ hasText: 'Added 3 codes.' })).toBeVisible()

    await expectNoAxeViolations(page, { tags: WCAG_TAGS })

    await page.getByRole('button', { name: 'Close admin session' }).click()
    await expect(page.getByRole('button', { name: 'Open console' })).toBeVisible()
  })
})

test.describe('the header sign-in button', () => {
  test('takes an anonymous visitor to sign-in', async ({ page }) => {
    await page.goto('/pricing')
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/auth\/login$/)
  })

  test('opens the store for a signed-in user and records download_app only with consent', async ({
    page,
    context,
    request,
  }) => {
    await context.route('https://apps.apple.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>App Store</title>' }),
    )
    await signInAs(page, await createUser(request))
    await page.goto('/pricing')
    const link = page.getByRole('banner').getByRole('link', { name: 'Get the app' })
    const firstPopup = page.waitForEvent('popup')
    await link.click()
    expect((await firstPopup).url()).toContain('apps.apple.com')
    expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer ?? [])).toEqual([])

    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('storyreel') ?? '{}') as Record<string, unknown>
      localStorage.setItem('storyreel', JSON.stringify({ ...stored, analyticsConsent: 'granted' }))
    })
    const secondPopup = page.waitForEvent('popup')
    await link.click()
    await secondPopup
    // After the Consent Mode commands that always come first (consent.spec.ts covers those).
    const events = await page.evaluate(() =>
      ((window as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
        (entry) => typeof entry === 'object' && entry !== null && 'event' in entry,
      ),
    )
    expect(events).toEqual([{ event: 'download_app', store: 'app_store', source: 'header' }])
  })
})
