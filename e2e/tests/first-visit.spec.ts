import { expect, test, type Locator, type Page } from '@playwright/test'

import { createUser, PASSWORD, signInAs, uniqueEmail } from './auth-fixtures.ts'
import { openPage } from './open-page.ts'

const BANNER = { name: 'Analytics, only if you say so' }
const TOO_COMMON = 'This password is too common'
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('The element has no box: it is not rendered.')
  return found
}

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The register form filled with a password the server refuses as too common, and sent. */
async function submitCommonPassword(page: Page) {
  await page.getByLabel('E-mail').fill(uniqueEmail('first-visit'))
  await page.getByLabel('Password', { exact: true }).fill('password123')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('alert').filter({ hasText: TOO_COMMON })).toBeVisible()
}

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`the first visit on a ${size}`, () => {
    test.use({ viewport })

    test('the consent bar is short, and the register form scrolls its last control above it', async ({ page }) => {
      await openPage(page, '/auth/register')
      const banner = page.getByRole('region', BANNER)
      await expect(banner).toBeVisible()
      const bar = await box(banner)
      expect(bar.height).toBeLessThan(viewport.height * (size === 'phone' ? 0.2 : 0.12))
      expect(bar.y + bar.height).toBeCloseTo(viewport.height, 0)

      const submit = page.getByRole('button', { name: 'Create account' })
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const scrolled = await box(submit)
      const barAtEnd = await box(banner)
      expect(scrolled.y).toBeGreaterThanOrEqual(0)
      expect(scrolled.y + scrolled.height).toBeLessThanOrEqual(barAtEnd.y)

      // Reaching the button with the keyboard from the top scrolls it clear of the bar, too.
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.getByLabel('Password', { exact: true }).focus()
      await page.keyboard.press('Tab')
      await expect(submit).toBeFocused()
      const focused = await box(submit)
      expect(focused.y + focused.height).toBeLessThanOrEqual((await box(banner)).y)
    })

    test('an error toast leaves the consent bar’s buttons and the form’s controls free', async ({ page }) => {
      await openPage(page, '/auth/register')
      const banner = page.getByRole('region', BANNER)
      await expect(banner).toBeVisible()
      await submitCommonPassword(page)
      const toast = page.getByRole('listitem').filter({ hasText: TOO_COMMON })
      for (const name of ['Accept all', 'Decline', 'Choose']) {
        expect(overlaps(await box(toast), await box(banner.getByRole('button', { name })))).toBe(false)
      }
      // Nor does it hide the field to correct or the button that sends the form again.
      for (const control of [
        page.getByLabel('Password', { exact: true }),
        page.getByRole('button', { name: 'Create account' }),
      ]) {
        await control.scrollIntoViewIfNeeded()
        expect(overlaps(await box(toast), await box(control))).toBe(false)
      }
    })

    test('an error toast goes once the corrected sign-up succeeds', async ({ page }) => {
      await openPage(page, '/auth/register')
      await submitCommonPassword(page)
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await page.getByRole('button', { name: 'Create account' }).click()
      await expect(page).toHaveURL(/\/auth\/confirm$/)
      // Well before the toast's own five seconds are up.
      await expect(page.getByRole('alert').filter({ hasText: TOO_COMMON })).toHaveCount(0, { timeout: 1000 })
    })
  })
}

test.describe('a signed-in visitor on the marketing pages', () => {
  test('finds the way back to the studio in the header', async ({ page, request }) => {
    await signInAs(page, await createUser(request))
    await openPage(page, '/pricing')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Get the app' })).toBeVisible()
    await header.getByRole('link', { name: 'Open studio' }).click()
    await expect(page).toHaveURL(/\/app$/)
  })

  test.describe('on a 1024 px screen', () => {
    test.use({ viewport: { width: 1024, height: 768 } })

    test('keeps both header buttons in the row, even beside the Free Week timer', async ({ page, request }) => {
      await signInAs(page, await createUser(request))
      await openPage(page, '/pricing?referral=FREEWEEK')
      await expect(page.getByRole('dialog', { name: 'Free Week of StoryReel!' })).toBeVisible()
      await page.keyboard.press('Escape')
      const header = page.getByRole('banner')
      await expect(header.getByRole('button', { name: /^Free Week offer/ })).toBeVisible()
      for (const name of ['Get the app', 'Open studio']) {
        const link = await box(header.getByRole('link', { name }))
        expect(link.x + link.width).toBeLessThanOrEqual(1024)
        expect(link.height).toBeLessThan(48)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024)
    })
  })

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE })

    test('finds the way back to the studio in the menu', async ({ page, request }) => {
      await signInAs(page, await createUser(request))
      await openPage(page, '/features')
      await page.getByRole('button', { name: 'Open menu' }).click()
      const menu = page.getByRole('dialog', { name: 'Menu' })
      await expect(menu.getByRole('link', { name: 'Get the app' })).toBeVisible()
      await menu.getByRole('link', { name: 'Open studio' }).click()
      await expect(page).toHaveURL(/\/app$/)
    })
  })
})
