import { expect, test, type Page } from '@playwright/test'

import { createUser, signInAs } from './auth-fixtures.ts'
import { expectNoAxeViolations } from './axe-check.ts'

/**
 * Starting from a template as a new user would: the eight built-in templates with their stills on the create
 * page, the recipe chosen, its six scenes laid out with their lengths and each asking for the owner's words,
 * the render held back until they are written; then the storyboard saved as the owner's own template, which
 * the create page then offers.
 */

/** The recipe's scenes of 6, 7, 7, 7, 7 and 6 s, as the storyboard times them. */
const RECIPE_TIMES = ['0:00–0:06', '0:06–0:13', '0:13–0:20', '0:20–0:27', '0:27–0:34', '0:34–0:40']

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const

for (const { name, viewport } of SIZES) {
  for (const mode of ['dark', 'light'] as const) {
    test.describe(`templates on a ${name} in ${mode} mode`, () => {
      test.use({ viewport })

      test('starts a recipe from its template, and saves the storyboard as a template of its own', async ({
        page,
        request,
      }) => {
        test.setTimeout(60_000)
        await page.addInitScript((value) => localStorage.setItem('displayMode', value), mode)
        await signInAs(page, await createUser(request))
        await page.goto('/app/create')
        const templates = page.getByRole('list', { name: 'Templates' })
        await expect(templates.getByRole('listitem')).toHaveCount(8)
        const recipe = templates.getByRole('button', { name: /^Recipe/ })
        await recipe.scrollIntoViewIfNeeded()
        // Its still, drawn by the engine, has loaded.
        await expect
          .poll(() => recipe.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
          .toBeGreaterThan(0)
        await recipe.click()
        await expect(recipe).toHaveAttribute('aria-pressed', 'true')
        const scenes = page.getByRole('list', { name: 'The scenes of Recipe' })
        await expect(scenes.getByRole('listitem')).toHaveCount(6)
        await expect(scenes.getByRole('listitem').first()).toContainText('Your words: the dish’s name')
        expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
        await expectNoAxeViolations(page)

        await page.getByRole('button', { name: 'Create storyboard' }).click()
        await expect(page).toHaveURL(/\/app\/projects\/[0-9a-f-]{36}$/u, { timeout: 20_000 })
        const cards = page.getByRole('list', { name: 'Scenes' }).getByRole('listitem', { name: /^Scene \d+$/u })
        await expect(cards).toHaveCount(6)
        for (const [index, times] of RECIPE_TIMES.entries()) await expect(cards.nth(index)).toContainText(times)
        // Each placeholder holds the render back until the owner's words replace it.
        await expect(page.getByText(/Scenes 1.*6 still need your own words/u).first()).toBeVisible()

        await page.getByRole('button', { name: 'Save as template' }).click()
        const dialog = page.getByRole('dialog', { name: 'Save as a template' })
        await dialog.getByRole('textbox', { name: 'Name' }).fill('Sunday recipe')
        await dialog.getByRole('button', { name: 'Save template' }).click()
        await expect(page.getByText('Saved “Sunday recipe”.', { exact: false })).toBeVisible()

        await page.goto('/app/create')
        await expect(page.getByText('Your own: 1 of 3.', { exact: false })).toBeVisible()
        await expect(templates.getByRole('button', { name: /^Sunday recipe/ })).toBeVisible()
      })
    })
  }
}
