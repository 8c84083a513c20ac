import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { DEFAULT_PROJECT_SETTINGS, type Project } from '@storyreel/contracts/studio'

import { createUser, signInAs } from './auth-fixtures.ts'
import { expectNoAxeViolations } from './axe-check.ts'

/** A project page needs a project: one made through the API, as the create form would. */
async function openProjectPage(page: Page, request: APIRequestContext, firstName: string) {
  const user = await createUser(request, { firstName })
  const response = await request.post('/api/v1/projects', {
    headers: { authorization: `Bearer ${user.access_token}` },
    data: {
      source: { kind: 'script', text: 'A lighthouse keeper lights the lamp at dusk. A small boat turns for home.' },
      settings: DEFAULT_PROJECT_SETTINGS,
    },
  })
  const project = (await response.json()) as Project
  await signInAs(page, user)
  await page.goto(`/app/projects/${project.id}`)
  await expect(page.getByRole('list', { name: 'Scenes' })).toBeVisible()
}

const ANONYMOUS_PAGES = ['/auth/login', '/auth/register']
const MODES = ['dark', 'light'] as const
const SIGNED_IN_PAGES = [
  '/app',
  '/app/profile',
  '/app/create',
  '/app/projects',
  '/app/batches',
  '/app/batches/new',
  '/app/library',
  '/app/music',
  '/app/brand',
]

for (const mode of MODES) {
  test.describe(`app area accessibility in ${mode} mode`, () => {
    for (const path of ANONYMOUS_PAGES) {
      test(`axe finds no violations on ${path}`, async ({ page }) => {
        await page.addInitScript((value) => localStorage.setItem('displayMode', value), mode)
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await page.waitForLoadState('networkidle')
        await expectNoAxeViolations(page)
      })
    }
    for (const path of SIGNED_IN_PAGES) {
      test(`axe finds no violations on ${path} when signed in`, async ({ page, request }) => {
        await page.addInitScript((value) => localStorage.setItem('displayMode', value), mode)
        await signInAs(page, await createUser(request, { firstName: 'Axe' }))
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await page.waitForLoadState('networkidle')
        await expectNoAxeViolations(page)
      })
    }
    test('axe finds no violations on the code step after sign-up', async ({ page, request }) => {
      await page.addInitScript((value) => localStorage.setItem('displayMode', value), mode)
      await signInAs(page, await createUser(request, { confirm: false }))
      await page.goto('/auth/confirm')
      await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeVisible()
      await page.waitForLoadState('networkidle')
      await expectNoAxeViolations(page)
    })
    test('axe finds no violations on a project page', async ({ page, request }) => {
      await page.addInitScript((value) => localStorage.setItem('displayMode', value), mode)
      await openProjectPage(page, request, 'Axe')
      await page.waitForLoadState('networkidle')
      await expectNoAxeViolations(page)
    })
  })
}

test.describe('app area on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })
  for (const path of [...ANONYMOUS_PAGES, ...SIGNED_IN_PAGES]) {
    test(`${path} fits a 375 px screen without sideways scrolling`, async ({ page, request }) => {
      if (path.startsWith('/app')) await signInAs(page, await createUser(request))
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
    })
  }
  test('a project page fits a 375 px screen without sideways scrolling', async ({ page, request }) => {
    await openProjectPage(page, request, 'Phone')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

test.describe('app navigation on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a skip link is the first stop', async ({ page, request }) => {
    await signInAs(page, await createUser(request))
    await page.goto('/app/create')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await expect(skip).toHaveAttribute('href', '#main')
  })

  for (const mode of MODES) {
    test(`the menu shows every destination above the consent banner and reaches Sign out (${mode})`, async ({
      page,
      request,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('displayMode', value), mode)
      // A first visit: no consent choice yet, so the banner is up while the menu opens.
      await signInAs(page, await createUser(request))
      await page.goto('/app')
      await expect(page.getByRole('heading', { name: /analytics/i })).toBeVisible()
      const menuButton = page.getByRole('button', { name: 'Menu' })
      const menu = page.getByRole('dialog', { name: 'Menu' })

      await menuButton.click()
      for (const name of ['Home', 'Create', 'Projects', 'Batches', 'Library', 'Music', 'Brand', 'Profile', 'Help'])
        await expect(menu.getByRole('link', { name, exact: true })).toBeInViewport()
      await expect(menu.getByRole('button', { name: 'Sign out' })).toBeInViewport()
      await expectNoAxeViolations(page)
      await page.keyboard.press('Escape')
      await expect(menu).toBeHidden()
      await expect(menuButton).toBeFocused()

      await menuButton.press('Enter')
      await menu.getByRole('link', { name: 'Projects', exact: true }).click()
      await expect(page).toHaveURL(/\/app\/projects$/)
      await expect(menu).toBeHidden()

      await menuButton.click()
      // A click the banner intercepted would fail here: the open menu is above everything.
      await menu.getByRole('button', { name: 'Sign out' }).click()
      await expect(page).toHaveURL(/\/auth\/login$/)
    })
  }
})
