import { expect, test, type Page } from '@playwright/test'

import { createUser, PASSWORD, readCode, readStorage, signInAs, uniqueEmail } from './auth-fixtures.ts'
import { USER_AGENTS } from './user-agents.ts'

const NEW_PASSWORD = 'copper-kettle-orchard-17'
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const

/** Types a code into the six boxes the way a person does, one digit after another. */
async function typeCode(page: Page, code: string, scope = page.locator('body')) {
  await scope.getByRole('textbox', { name: 'Digit 1 of 6' }).pressSequentially(code)
}

/** Nothing on the page is wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
}

for (const { name, viewport } of SIZES) {
  test.describe(`account basics on a ${name}`, () => {
    test.use({ viewport })

    test('a forgotten password is reset with the e-mailed code, from the sign-in page', async ({ page, request }) => {
      const user = await createUser(request)
      await page.goto('/auth/login')
      await page.getByLabel('E-mail').fill(user.email)
      await page.getByRole('link', { name: 'Forgot password?' }).click()
      await expect(page).toHaveURL(/\/auth\/forgot\?email=/)
      await expect(page.getByLabel('E-mail')).toHaveValue(user.email)
      await page.getByRole('button', { name: 'Send code' }).click()

      await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
      await expect(page.getByText(`If ${user.email} has a StoryReel account`)).toBeVisible()
      await expectNoSidewaysScroll(page)
      // The sign-up's code was the first mail; the reset code is the second.
      const code = await readCode(request, user.email, 2)
      await typeCode(page, code)
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
      await page.getByRole('button', { name: 'Set new password' }).click()

      await expect(page).toHaveURL(/\/app$/)
      await expect(page.getByRole('status').filter({ hasText: 'Your new password is set' })).toBeVisible()
      expect((await readStorage(page)).access_token).not.toBe(user.access_token)
      const old = await request.post('/api/v1/auth/login', { data: { email: user.email, password: PASSWORD } })
      expect(old.status()).toBe(401)
      const fresh = await request.post('/api/v1/auth/login', { data: { email: user.email, password: NEW_PASSWORD } })
      expect(fresh.status()).toBe(200)
      // The session the reset replaced no longer works.
      const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${user.access_token}` } })
      expect(me.status()).toBe(401)
    })

    test('the profile changes the password and signs out the other devices', async ({ page, request }) => {
      const user = await createUser(request)
      const other = await request.post('/api/v1/auth/login', {
        data: { email: user.email, password: PASSWORD },
        headers: { 'user-agent': USER_AGENTS.android },
      })
      const otherToken = ((await other.json()) as { access_token: string }).access_token
      await signInAs(page, user)
      await page.goto('/app/profile')
      const section = page.getByRole('region', { name: 'Password' })
      await section.getByLabel('Current password').fill('not-my-password')
      await section.getByLabel('New password').fill(NEW_PASSWORD)
      await section.getByRole('button', { name: 'Change password' }).click()
      await expect(section.getByText('Your current password is not right.')).toBeVisible()

      await section.getByLabel('Current password').fill(PASSWORD)
      await section.getByRole('button', { name: 'Change password' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Your password was changed' })).toBeVisible()
      await expect(section.getByLabel('Current password')).toHaveValue('')
      await expectNoSidewaysScroll(page)
      const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${otherToken}` } })
      expect(me.status()).toBe(401)
      // Still signed in here.
      await page.reload()
      await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
    })

    test('the profile lists the devices signed in and signs one out', async ({ page, request }) => {
      const user = await createUser(request)
      const phone = await request.post('/api/v1/auth/login', {
        data: { email: user.email, password: PASSWORD },
        headers: { 'user-agent': USER_AGENTS.iphone },
      })
      const phoneToken = ((await phone.json()) as { access_token: string }).access_token
      await signInAs(page, user)
      await page.goto('/app/profile')
      const section = page.getByRole('region', { name: 'Where you’re signed in' })
      await expect(section.getByText('This device')).toBeVisible()
      const iphone = section.getByRole('listitem').filter({ hasText: 'iPhone' })
      await expect(iphone).toContainText('Safari 17 on iOS 17.5')
      await expectNoSidewaysScroll(page)
      await iphone.getByRole('button', { name: /^Sign out iPhone/ }).click()
      await expect(page.getByRole('status').filter({ hasText: 'iPhone was signed out.' })).toBeVisible()
      await expect(iphone).toHaveCount(0)
      const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${phoneToken}` } })
      expect(me.status()).toBe(401)
    })

    test('the profile changes the e-mail once the new address is proven', async ({ page, request }) => {
      const user = await createUser(request)
      const next = uniqueEmail('moved')
      await signInAs(page, user)
      await page.goto('/app/profile')
      const section = page.getByRole('region', { name: 'E-mail' })
      await section.getByRole('button', { name: 'Change e-mail' }).click()
      await section.getByLabel('New e-mail').fill(next)
      await section.getByLabel('Current password').fill(PASSWORD)
      await section.getByRole('button', { name: 'Send code to the new address' }).click()
      await expect(section.getByText(`We sent a 6-digit code to ${next}`)).toBeVisible()
      await expectNoSidewaysScroll(page)

      await typeCode(page, await readCode(request, next), section)
      await expect(page.getByRole('status').filter({ hasText: `Your e-mail is now ${next}` })).toBeVisible()
      await expect(section.getByText(next, { exact: true })).toBeVisible()
      expect(((await readStorage(page)).user as { email: string }).email).toBe(next)
      const login = await request.post('/api/v1/auth/login', { data: { email: next, password: PASSWORD } })
      expect(login.status()).toBe(200)
    })
  })
}
