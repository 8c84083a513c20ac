import { stat } from 'node:fs/promises'

import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'

import type { AuthenticatedUser } from '@storyreel/contracts/auth'
import {
  DEFAULT_PROJECT_SETTINGS,
  RENDER_STAGE_LABELS,
  type Project,
  type RenderJob,
} from '@storyreel/contracts/studio'

import { createUser, signInAs } from './auth-fixtures.ts'

// Three short sentences keep each render to 15-20 s of video, so the whole file stays near three minutes.
const SCRIPT =
  'The storm rolled in at dusk over the quiet harbour. Mara climbed the lighthouse stairs with her lantern. At the top, a bottle with a letter waited on the glass.'
const STAGE_LABELS = Object.values(RENDER_STAGE_LABELS)

const auth = (user: AuthenticatedUser) => ({ authorization: `Bearer ${user.access_token}` })

async function createProjectByApi(request: APIRequestContext, user: AuthenticatedUser): Promise<Project> {
  const response = await request.post('/api/v1/projects', {
    headers: auth(user),
    data: { source: { kind: 'script', text: SCRIPT }, settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 15 } },
  })
  expect(response.status()).toBe(201)
  return (await response.json()) as Project
}

/** Starts a render through the API and waits until it ends. */
async function renderByApi(request: APIRequestContext, user: AuthenticatedUser, projectId: string) {
  const started = await request.post(`/api/v1/projects/${projectId}/renders`, {
    headers: auth(user),
    data: { resolution: '720p' },
  })
  expect(started.status()).toBe(202)
  const job = (await started.json()) as RenderJob
  let status = job.status
  await expect
    .poll(
      async () => {
        const current = await request.get(`/api/v1/projects/${projectId}/renders/${job.id}`, { headers: auth(user) })
        status = ((await current.json()) as RenderJob).status
        return status
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toMatch(/succeeded|failed|canceled/)
  expect(status).toBe('succeeded')
}

const scenes = (page: Page) => page.getByRole('list', { name: 'Scenes' }).getByRole('listitem')
const scene = (page: Page, number: number) => page.getByRole('listitem', { name: `Scene ${number}`, exact: true })

/** A scene's still in its card: its alt text is the scene's number and what it shows. */
const still = (page: Page, number: number) =>
  scene(page, number).getByRole('img', { name: new RegExp(`^Scene ${number}: `) })

/** The picture has arrived and decoded (stills load lazily, so the card is scrolled into view first). */
async function expectPicture(image: Locator) {
  await image.scrollIntoViewIfNeeded()
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0)
}

async function expectSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 10_000 })
}

/** Sets every scene's duration so the storyboard totals `seconds` (within the 15-90 s bounds). */
async function setDurations(page: Page, seconds: number) {
  const count = await scenes(page).count()
  const each = Math.ceil((seconds / count) * 2) / 2
  for (let number = 1; number <= count; number += 1) {
    await scene(page, number).getByLabel('Duration (seconds)').fill(String(each))
  }
  return each * count
}

async function readPercent(progress: Locator) {
  return Number((await progress.textContent())?.replace('%', '') ?? 'NaN')
}

test.describe('the studio', () => {
  test('script to storyboard, edits, preview, a 720p render, playback, download, and the project list', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000)
    const user = await createUser(request, { firstName: 'Reel' })
    await signInAs(page, user)

    await page.goto('/app/create')
    // The radios are visually hidden inside their labels; people click the label.
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'Full script' }) })
      .click()
    await expect(page.getByRole('radio', { name: 'Full script' })).toBeChecked()
    await page.getByRole('textbox', { name: /paste your narration/i }).fill(SCRIPT)
    await page.getByRole('button', { name: 'Create storyboard' }).click()
    await expect(page).toHaveURL(/\/app\/projects\/[0-9a-f-]{36}$/, { timeout: 30_000 })
    const projectUrl = page.url()
    // The address changes before the project page has rendered: its title is read once its scenes show.
    await expect(scenes(page).first()).toBeVisible()
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
    expect(title.length).toBeGreaterThan(0)
    expect(title).not.toBe('Create a video')
    const initialCount = await scenes(page).count()
    expect(initialCount).toBeGreaterThanOrEqual(2)

    // Every scene card shows a still of its drawn scene; a re-roll draws the scene again, under a new address.
    for (let number = 1; number <= initialCount; number += 1) await expectPicture(still(page, number))
    const firstStill = (await still(page, 1).getAttribute('src')) ?? ''
    await scene(page, 1).getByRole('button', { name: 'Re-roll visual' }).click()
    await expect(still(page, 1)).not.toHaveAttribute('src', firstStill)
    await expectPicture(still(page, 1))
    const rerolledStill = (await still(page, 1).getAttribute('src')) ?? ''
    const [oldPicture, newPicture] = await Promise.all([request.get(firstStill), request.get(rerolledStill)])
    expect(newPicture.headers()['content-type']).toBe('image/webp')
    expect((await newPicture.body()).equals(await oldPicture.body())).toBe(false)

    // Edit the first scene's narration; autosave sends it.
    const opening = 'Thunder rolled over the harbour as the first lights went out.'
    const projectApiPath = new URL(projectUrl).pathname.replace(/^\/app\//, '/api/v1/')
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(projectApiPath))
    await scene(page, 1).getByLabel('Narration').fill(opening)
    expect((await saved).status()).toBe(200)
    await expectSaved(page)

    // Reorder with the keyboard-accessible buttons: the edited scene becomes scene 2.
    await page.getByRole('button', { name: 'Move scene 1 down' }).click()
    await expect(scene(page, 2).getByLabel('Narration')).toHaveValue(opening)

    // Delete the last scene, then add a new one after scene 1.
    await page.getByRole('button', { name: `Delete scene ${initialCount}` }).click()
    await expect(scenes(page)).toHaveCount(initialCount - 1)
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible()
    await page.getByRole('button', { name: 'Add a scene after scene 1' }).click()
    await expect(scenes(page)).toHaveCount(initialCount)
    await scene(page, 2).getByLabel('Narration').fill('Waves climbed the rocks below.')
    await scene(page, 2).getByLabel('What we see').fill('Huge waves breaking on black rocks under a lighthouse beam')
    const total = await setDurations(page, 16)
    await expectSaved(page)
    await expect(page.getByTestId('total-duration')).toContainText(`0:${String(Math.round(total)).padStart(2, '0')}`)

    // Preview one scene before the full render.
    await page.getByRole('button', { name: 'Preview scene 2' }).click()
    await expect(page.getByLabel('Preview of scene 2')).toBeVisible({ timeout: 60_000 })

    // Render in 720p and watch the progress stream in.
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: /720p/ }) })
      .click()
    await page.getByRole('button', { name: 'Render video' }).click()
    const percent = page.getByTestId('render-percent')
    await expect(percent).toBeVisible()
    await expect(page.getByTestId('render-stage')).toHaveText(new RegExp(STAGE_LABELS.join('|')))
    const first = await readPercent(percent)
    await expect
      .poll(async () => (await percent.isVisible()) && (await readPercent(percent)) !== first, { timeout: 60_000 })
      .toBe(true)

    const video = page.getByLabel(`Rendered video: ${title}`)
    await expect(video).toBeVisible({ timeout: 90_000 })
    await expect(page.getByTestId('render-percent')).toHaveCount(0)

    // The video plays in the page, as long as the storyboard.
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true
      return element.play()
    })
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2)
    const duration = await video.evaluate((element: HTMLVideoElement) => element.duration)
    expect(Math.abs(duration - total)).toBeLessThan(1.5)
    expect(await video.locator('track[kind="captions"]').count()).toBe(1)

    // The receipt sits next to the download, in plain words.
    const receipt = page.getByRole('region', { name: 'Licence receipt' })
    await expect(receipt.getByText('You may', { exact: true })).toBeVisible()
    await expect(receipt.getByText('You may not', { exact: true })).toBeVisible()

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: `Download MP4: ${title}` }).click()
    const download = await downloading
    const file = await download.path()
    expect((await stat(file)).size).toBeGreaterThan(50 * 1024)

    // The project list: thumbnail and status, then duplicate, rename and delete.
    await page.goto('/app/projects')
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) })
    await expect(card).toHaveCount(1)
    await expect(card.getByText('Ready', { exact: true })).toBeVisible()
    await expect(card.locator('img')).toHaveJSProperty('complete', true)
    expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

    await page.getByRole('button', { name: `Duplicate ${title}`, exact: true }).click()
    await expect(page.getByRole('list', { name: 'Projects' }).getByRole('listitem')).toHaveCount(2)

    // The copy may carry the same title; the original is the older one, listed last.
    await page
      .getByRole('button', { name: `Rename ${title}`, exact: true })
      .last()
      .click()
    const renameDialog = page.getByRole('dialog', { name: 'Rename project' })
    await renameDialog.getByLabel('Title').fill('The keeper’s last night')
    await renameDialog.getByRole('button', { name: 'Rename' }).click()
    await expect(page.getByRole('link', { name: 'The keeper’s last night', exact: true })).toBeVisible()

    await page.getByRole('button', { name: 'Delete The keeper’s last night', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Delete “The keeper’s last night”?' })
      .getByRole('button', { name: 'Delete project' })
      .click()
    await expect(page.getByRole('link', { name: 'The keeper’s last night', exact: true })).toHaveCount(0)
    await expect(page.getByRole('list', { name: 'Projects' }).getByRole('listitem')).toHaveCount(1)
  })

  test('another user gets the 404 page for a project that is not theirs', async ({ page, request }) => {
    const owner = await createUser(request)
    const project = await createProjectByApi(request, owner)
    await signInAs(page, await createUser(request))
    await page.goto(`/app/projects/${project.id}`)
    await expect(page.getByTestId('error-status')).toHaveText('404')
    await expect(page.getByText(project.title)).toHaveCount(0)
  })

  test('a free user who has rendered three times today is told about the limit', async ({ page, request }) => {
    test.setTimeout(120_000)
    const user = await createUser(request)
    const project = await createProjectByApi(request, user)
    // Only the music volume changes between renders: each one counts, and reuses every scene's pictures.
    const setMusicVolume = async (volume: number) => {
      const patched = await request.patch(`/api/v1/projects/${project.id}`, {
        headers: auth(user),
        data: { settings: { ...project.settings, music_volume: volume } },
      })
      expect(patched.status()).toBe(200)
    }
    for (const volume of [0.6, 0.5, 0.4]) {
      await setMusicVolume(volume)
      await renderByApi(request, user, project.id)
    }
    // Exactly the last finished storyboard again costs nothing, even at the limit.
    await renderByApi(request, user, project.id)
    await setMusicVolume(0.3)
    const fourth = await request.post(`/api/v1/projects/${project.id}/renders`, {
      headers: auth(user),
      data: { resolution: '720p' },
    })
    expect(fourth.status()).toBe(429)
    expect(((await fourth.json()) as { code: string }).code).toBe('RENDER_LIMIT_REACHED')

    await signInAs(page, user)
    await page.goto(`/app/projects/${project.id}`)
    await expect(page.getByText('0 of 3')).toBeVisible()
    await expect(page.getByText(/You have used today’s 3 renders/)).toBeVisible()
    // The day and the zone, not a bare "12:00 AM" (the unit test pins the wording in a given zone).
    await expect(page.getByText(/More are available from \d{1,2}:\d{2}\s[AP]M (today|tomorrow) \(.+\)\./)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Render again' })).toBeDisabled()
    await expect(page.getByRole('radio', { name: /1080p/ })).toBeDisabled()
    await expect(page.getByText('1080p comes with the paid plan')).toBeVisible()
  })
})
