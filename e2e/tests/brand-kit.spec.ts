import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import type { Asset } from '@storyreel/contracts/assets'
import type { AuthenticatedUser } from '@storyreel/contracts/auth'
import { nearestLegibleShade, type BrandKitInput } from '@storyreel/contracts/brand-kit'
import { DEFAULT_PROJECT_SETTINGS, type Project, type SceneInput } from '@storyreel/contracts/studio'
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

const auth = (user: AuthenticatedUser) => ({ authorization: `Bearer ${user.access_token}` })

/** A kit as the brand page saves one: the logo uploaded to the library, legible colours and both cards. */
async function saveKitByApi(request: APIRequestContext, user: AuthenticatedUser) {
  const uploaded = await request.post('/api/v1/assets', {
    headers: auth(user),
    multipart: {
      file: { name: LOGO_FILE, mimeType: 'image/png', buffer: await readFile(path.join(dir, LOGO_FILE)) },
    },
  })
  expect(uploaded.status()).toBe(201)
  const kit: BrandKitInput = {
    logo: { asset_id: ((await uploaded.json()) as Asset).id, position: 'top-right' },
    colours: { primary: '#5b21b6', accent: LEGIBLE_ACCENT },
    opening_card: { enabled: true, headline: 'Rosa’s Flowers', seconds: 2 },
    closing_card: {
      enabled: true,
      call_to_action: 'Visit us this Saturday',
      contact: 'rosas-flowers.example',
      seconds: 3,
    },
  }
  expect((await request.put('/api/v1/brand-kit', { headers: auth(user), data: kit })).status()).toBe(200)
}

/**
 * A project made after the kit, so it uses every part, with six scenes of 14.5 s: 87 s, and 92 s with the 2 s
 * opening and 3 s closing cards, over the 90 s a video may last until a card is switched off.
 */
async function createLongProjectByApi(request: APIRequestContext, user: AuthenticatedUser): Promise<Project> {
  const created = await request.post('/api/v1/projects', {
    headers: auth(user),
    data: {
      source: { kind: 'script', text: 'Fresh tulips every morning. Hand-tied bouquets. Free delivery in town.' },
      settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 15 },
    },
  })
  expect(created.status()).toBe(201)
  const project = (await created.json()) as Project
  const scenes: SceneInput[] = Array.from({ length: 6 }, (_, index) => ({
    narration: `Rosa’s Flowers, part ${index + 1}.`,
    visual: 'Tulips in a flower shop window',
    duration: 14.5,
  }))
  const patched = await request.patch(`/api/v1/projects/${project.id}`, { headers: auth(user), data: { scenes } })
  expect(patched.status()).toBe(200)
  return (await patched.json()) as Project
}

/**
 * The studio of a project made with a kit saved: a switch for each part in Video settings, the cards counted in the
 * storyboard's length against its 90 s, and a part switched off kept after a reload.
 */
const STUDIO_SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, mode: 'dark' },
  { name: 'phone', viewport: { width: 390, height: 844 }, mode: 'light' },
] as const

for (const { name, viewport, mode } of STUDIO_SIZES) {
  test.describe(`the studio's brand kit switches on a ${name} in ${mode} mode`, () => {
    test.use({ viewport })

    test('show each part of the kit, count the cards in the length, and keep a part switched off', async ({
      page,
      request,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('displayMode', value), mode)
      const user = await createUser(request, { firstName: 'Rosa' })
      await saveKitByApi(request, user)
      const project = await createLongProjectByApi(request, user)
      await signInAs(page, user)
      await page.goto(`/app/projects/${project.id}`)

      // 87 s of scenes and 5 s of cards: the bar refuses the render before it is asked for.
      await expect(page.getByTestId('total-duration')).toContainText('1:32')
      await expect(page.getByTestId('render-note')).toHaveText(
        "The video is 1:32 long with the brand's cards (5 s); it can be at most 90 s.",
      )

      const settings = page.locator('summary', { hasText: 'Video settings' })
      await settings.click()
      const brand = page.getByRole('group', { name: 'Brand kit' })
      await brand.scrollIntoViewIfNeeded()
      const parts = ['Logo', 'Brand colours', 'Opening card', 'Closing card']
      await expect(brand.getByRole('switch')).toHaveCount(parts.length)
      for (const part of parts) await expect(brand.getByRole('switch', { name: part })).toBeChecked()
      await expect(brand.getByRole('switch', { name: 'Logo' })).toHaveAccessibleDescription('In the top right corner')
      await expect(brand.getByRole('switch', { name: 'Brand colours' })).toHaveAccessibleDescription(
        'Your accent highlights the spoken word in the captions; your primary fills the cards',
      )
      // The word-by-word sample lights its words in the accent the video will.
      await expect(page.getByTestId('caption-sample-highlight')).toHaveCSS('--sr-karaoke-highlight', LEGIBLE_ACCENT)
      await expect(brand.getByRole('link', { name: 'brand kit' })).toHaveAttribute('href', '/app/brand')
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(page)

      // Switched off from the keyboard: the 3 s card leaves the total, and the video fits again.
      await brand.getByRole('switch', { name: 'Closing card' }).focus()
      await page.keyboard.press('Space')
      await expect(brand.getByRole('switch', { name: 'Closing card' })).not.toBeChecked()
      await expect(page.getByTestId('total-duration')).toContainText('1:29')
      await expect(page.getByTestId('render-note')).toHaveCount(0)
      const brandSaved = async () =>
        ((await (await request.get(`/api/v1/projects/${project.id}`, { headers: auth(user) })).json()) as Project)
          .settings.brand
      await expect.poll(brandSaved, { timeout: 10_000 }).toMatchObject({ closing_card: false, opening_card: true })
      await expect(page.getByTestId('save-status')).toHaveText('Saved')

      await page.reload()
      await settings.click()
      await expect(brand.getByRole('switch', { name: 'Closing card' })).not.toBeChecked()
      for (const part of parts.filter((part) => part !== 'Closing card'))
        await expect(brand.getByRole('switch', { name: part })).toBeChecked()
      await expect(page.getByTestId('total-duration')).toContainText('1:29')
    })
  })
}
