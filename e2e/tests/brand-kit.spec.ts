import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { expect, test, type Page } from '@playwright/test'

import { nearestLegibleShade } from '@storyreel/contracts/brand-kit'
import { runFfmpeg } from '@storyreel/engine/engine'

import { createUser, signInAs } from './auth-fixtures.ts'
import { expectNoAxeViolations } from './axe-check.ts'

/**
 * The brand page as an owner sets it up: a logo uploaded here (a PNG with a see-through background), moved with
 * the keyboard, a pale accent colour replaced by the shade the page offers, and a closing card read aloud; then
 * saved, and all of it still there after a reload.
 */

const LOGO_FILE = 'Rosa logo.png'
/** Sky blue: white words on it are too faint for captions. */
const PALE_ACCENT = '#38bdf8'
const LEGIBLE_ACCENT = nearestLegibleShade(PALE_ACCENT, 4.5) ?? ''

let dir = ''
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-brand-e2e-'))
  // A rose-red logo on a transparent ground: keeping that ground see-through is what a logo's PNG is for.
  await runFfmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    // geq draws the alpha itself (drawbox leaves it see-through): a disc and a bar, clear everywhere else.
    "nullsrc=s=240x120,format=rgba,geq=r=225:g=29:b=72:a='255*gt(lt(hypot(X-60\\,Y-60)\\,45)+between(X\\,115\\,225)*between(Y\\,45\\,75)\\,0)'",
    '-frames:v',
    '1',
    path.join(dir, LOGO_FILE),
  ])
})
test.afterAll(() => rm(dir, { recursive: true, force: true }))

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const

for (const { name, viewport } of SIZES) {
  for (const mode of ['dark', 'light'] as const) {
    test.describe(`the brand kit on a ${name} in ${mode} mode`, () => {
      test.use({ viewport })

      test('keeps an uploaded logo, a legible accent and a closing card after a reload', async ({ page, request }) => {
        await page.addInitScript((value) => localStorage.setItem('displayMode', value), mode)
        await signInAs(page, await createUser(request, { firstName: 'Rosa' }))
        await page.goto('/app/brand')
        await expect(page.getByRole('heading', { level: 1, name: 'Brand kit' })).toBeVisible()
        await expect(page.getByTestId('save-status')).toHaveText('Using the defaults')
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark')
        if (name === 'desktop')
          await expect(
            page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Brand' }),
          ).toHaveAttribute('aria-current', 'page')

        const logo = page.getByRole('region', { name: 'Logo' })
        await page.getByLabel('Choose a logo file to upload').setInputFiles(path.join(dir, LOGO_FILE))
        await expect(logo.getByText(LOGO_FILE)).toBeVisible()
        const previewLogo = page.getByTestId('brand-preview-logo')
        await expect
          .poll(() => previewLogo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
          .toBe(240)
        // Arrow keys move between the corners, as in any radio group.
        await logo.getByRole('radio', { name: 'Top right' }).focus()
        await page.keyboard.press('ArrowDown')
        await expect(logo.getByRole('radio', { name: 'Bottom left' })).toBeChecked()
        await expect(page.getByRole('img', { name: /your logo in the bottom left corner/ })).toBeVisible()

        const accent = page.getByRole('textbox', { name: 'Accent colour', exact: true })
        await accent.fill(PALE_ACCENT)
        const checks = page.getByRole('list', { name: 'Accent colour contrast checks' })
        await expect(checks).toContainText('too light to read')
        await page.getByRole('button', { name: `Use ${LEGIBLE_ACCENT.toUpperCase()}` }).click()
        await expect(accent).toHaveValue(LEGIBLE_ACCENT)
        await expect(checks).toContainText('easy to read')
        await expect(page.getByRole('button', { name: /^Use #/ })).toHaveCount(0)

        await page.getByRole('switch', { name: /End each video with it/ }).check()
        await page.getByRole('textbox', { name: 'Call to action', exact: true }).fill('Visit us this Saturday')
        await page.getByRole('textbox', { name: 'Web address or phone number' }).fill('rosas-flowers.example')
        await page.getByRole('switch', { name: /Read the closing card aloud/ }).check()
        await expect(page.getByRole('img', { name: /closing card.*Visit us this Saturday/ })).toBeVisible()
        await expect(page.getByTestId('save-status')).toHaveText('Unsaved changes')
        expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
        await expectNoAxeViolations(page)

        await page.getByRole('button', { name: 'Save' }).click()
        await expect(page.getByTestId('save-status')).toHaveText('Saved')

        await page.reload()
        await expect(page.getByTestId('save-status')).toHaveText('Saved')
        await expect(page.getByRole('radio', { name: 'Bottom left' })).toBeChecked()
        await expect
          .poll(() =>
            page
              .getByTestId('brand-preview-logo')
              .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
          )
          .toBe(240)
        await expect(page.getByRole('textbox', { name: 'Accent colour', exact: true })).toHaveValue(LEGIBLE_ACCENT)
        await expect(page.getByRole('switch', { name: /End each video with it/ })).toBeChecked()
        await expect(page.getByRole('textbox', { name: 'Call to action', exact: true })).toHaveValue(
          'Visit us this Saturday',
        )
        await expect(page.getByRole('textbox', { name: 'Web address or phone number' })).toHaveValue(
          'rosas-flowers.example',
        )
        await expect(page.getByRole('switch', { name: /Read the closing card aloud/ })).toBeChecked()
        expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
      })
    })
  }
}
