import { expect, test, type Page } from '@playwright/test'

import type { AuthenticatedUser } from '@storyreel/contracts/auth'
import { DEFAULT_PROJECT_SETTINGS, type Project } from '@storyreel/contracts/studio'

import { createUser, signInAs } from './auth-fixtures.ts'

/**
 * Stock photos and clips in the studio, from the Pexels and Pixabay stand-in (support/stand-ins.ts): a scene's
 * search starts from its words, the stills and previews load under the page's content policy, a preview plays
 * without choosing, and the chosen clip lands in the scene; then "Stock for every scene" fills the rest.
 */

const SCENES = [
  { narration: 'A florist arranges roses in her shop.', visual: 'A florist arranging roses' },
  { narration: 'A baker pulls fresh bread from the oven.', visual: 'Fresh bread from the oven' },
  { narration: 'Snow falls over the quiet mountain village.', visual: 'A snowy mountain village' },
]

const auth = (user: AuthenticatedUser) => ({ authorization: `Bearer ${user.access_token}` })
// Touch as well as a mouse: the preview must work without hover.
test.use({ hasTouch: true })

const scene = (page: Page, number: number) => page.getByRole('listitem', { name: `Scene ${number}`, exact: true })

test('finds stock for a scene from its words, previews a clip, and fills the storyboard', async ({ page, request }) => {
  test.setTimeout(90_000)
  const user = await createUser(request)
  await signInAs(page, user)
  const created = await request.post('/api/v1/projects', {
    headers: auth(user),
    data: {
      title: 'Around town',
      source: { kind: 'script', text: SCENES.map((item) => item.narration).join(' ') },
      settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 15 },
    },
  })
  expect(created.status()).toBe(201)
  const project = (await created.json()) as Project
  const patched = await request.patch(`/api/v1/projects/${project.id}`, {
    headers: auth(user),
    data: { scenes: SCENES.map((item) => ({ ...item, duration: 5, media: null })) },
  })
  expect(patched.status()).toBe(200)

  await page.goto(`/app/projects/${project.id}`)
  await scene(page, 1).getByRole('button', { name: 'Find stock footage for scene 1' }).click()
  const picker = page.getByRole('dialog', { name: 'Stock for scene 1' })
  await expect(picker).toBeVisible()
  // The search starts from what the engine read in the scene, not its whole sentence.
  // It is filled once the engine's reading arrives: wait for it rather than read an empty box on a busy machine.
  const box = picker.getByRole('searchbox', { name: 'Search stock' })
  await expect(box).not.toHaveValue('')
  const words = await box.inputValue()
  expect(words.split(' ')).toEqual(expect.arrayContaining(['roses']))
  expect(words).not.toMatch(/arranges|her/u)

  const tile = picker.getByRole('button', { name: 'Use this clip by Pexels Author 1 from Pexels' })
  await expect(tile).toBeVisible()
  // The still is served by the provider's media host, which the page's content policy lets in.
  await expect
    .poll(() => tile.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0)

  // With a mouse, hovering a clip plays its preview.
  await tile.hover()
  await expect
    .poll(() => tile.locator('video').evaluate((video: HTMLVideoElement) => video.readyState))
    .toBeGreaterThanOrEqual(2)
  await page.mouse.move(0, 0)
  await expect(tile.locator('video')).toHaveCount(0)
  // A touch screen has no hover: a tap on the play button previews the clip, and does not choose it.
  const preview = picker.getByRole('button', { name: 'Preview this clip by Pexels Author 1' })
  await preview.tap()
  await expect(preview).toHaveAttribute('aria-pressed', 'true')
  await expect(tile.locator('video')).toHaveCount(1)
  await expect(picker).toBeVisible()
  await preview.tap()
  await expect(tile.locator('video')).toHaveCount(0)

  await tile.click()
  await expect(picker).toBeHidden({ timeout: 20_000 })
  await expect(scene(page, 1).getByText('Clip by Pexels Author 1 (Pexels)', { exact: true })).toBeVisible()

  // The rest of the scenes: a different item each, and nothing twice in the video.
  await page.getByRole('button', { name: 'Stock for every scene' }).click()
  for (const number of [2, 3])
    await expect(scene(page, number).getByText(/ by .+ \((Pexels|Pixabay)\)$/u)).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 10_000 })
  const saved = (await (await request.get(`/api/v1/projects/${project.id}`, { headers: auth(user) })).json()) as Project
  const chosen = saved.scenes.map((item) =>
    item.media?.type === 'clip' || item.media?.type === 'photo' ? item.media.asset_id : null,
  )
  expect(chosen.every(Boolean)).toBe(true)
  expect(new Set(chosen).size).toBe(3)
})
