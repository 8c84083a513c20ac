import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { expect, test, type Page } from '@playwright/test'

import type { AuthenticatedUser } from '@storyreel/contracts/auth'
import { NARRATION_LEAD_SECONDS } from '@storyreel/contracts/narration'
import { DEFAULT_PROJECT_SETTINGS, type Project } from '@storyreel/contracts/studio'
import { runFfmpeg, runFfprobe } from '@storyreel/engine/engine'
import { measureRmsDb, measureToneDb } from '@storyreel/engine/loudness'
import {
  BLOCK_COLOURS,
  makeBlocksPhoto,
  makePortraitPhoto,
  makeSecondsClip,
  SECOND_COLOURS,
} from '@storyreel/engine/testing/media-fixtures'

import { createUser, signInAs } from './auth-fixtures.ts'

/**
 * A small business's own media through the studio, in one 15 s 16:9 render (renders are the slow part): a
 * photo of four colour blocks, a clip trimmed with the keyboard, a portrait photo, an uploaded track as the
 * music, and a photo deleted from the library after a scene chose it. The video is then taken apart with
 * ffmpeg: frames at each scene, and the music's level with and without the voice over it.
 */

const FILES = {
  blocks: 'Shop front.jpg',
  portrait: 'Menu board.png',
  clip: 'Pouring.mp4',
  track: 'Our jingle.m4a',
  spare: 'Old sign.jpg',
} as const
/** The track is one steady tone, high enough to follow by its frequency under a voice. */
const TONE_HZ = 5000
const SPARE_RGB = [255, 0, 255] as const
const SCENE_SECONDS = 3
/** Scene 1 and 4 speak; the others are silent, so the music plays alone there. */
const SCENES = [
  { narration: 'Our shop opens at eight.', visual: 'The shop front in the morning sun' },
  { narration: '', visual: 'Coffee poured into a white cup' },
  { narration: '', visual: 'The menu board by the door' },
  { narration: 'Come in and say hello.', visual: 'A baker waving from behind the counter' },
  { narration: '', visual: 'An old painted sign above the door' },
]
const sceneStart = (number: number) => (number - 1) * SCENE_SECONDS
/** A file's name as the start of an accessible name (tiles and options add the length after it). */
const startsWith = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

let dir = ''
const file = (name: string) => path.join(dir, name)

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-scene-media-e2e-'))
  await Promise.all([
    makeBlocksPhoto(file(FILES.blocks)),
    makePortraitPhoto(file(FILES.portrait)),
    makeSecondsClip(file(FILES.clip)),
    runFfmpeg(
      ['-y', '-f', 'lavfi', '-i', `sine=frequency=${TONE_HZ}:sample_rate=48000:duration=20`].concat([
        '-c:a',
        'aac',
        '-b:a',
        '96k',
        file(FILES.track),
      ]),
    ),
    runFfmpeg(['-y', '-f', 'lavfi', '-i', 'color=c=0xff00ff:s=640x360', '-frames:v', '1', file(FILES.spare)]),
  ])
})
test.afterAll(() => rm(dir, { recursive: true, force: true }))

const auth = (user: AuthenticatedUser) => ({ authorization: `Bearer ${user.access_token}` })
const scene = (page: Page, number: number) => page.getByRole('listitem', { name: `Scene ${number}`, exact: true })

async function expectSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 10_000 })
}

/** Scene card → Photo or Clip → the picker's tile for that file. */
async function chooseMedia(page: Page, number: number, kind: 'photo' | 'clip', name: string) {
  await scene(page, number)
    .getByRole('button', { name: `Use a ${kind} in scene ${number}` })
    .click()
  const picker = page.getByRole('dialog', { name: `A ${kind} for scene ${number}` })
  await picker.getByRole('button', { name: startsWith(name) }).click()
  await expect(picker).toBeHidden()
  await expect(scene(page, number).getByText(name, { exact: true })).toBeVisible()
}

// What the video is measured in: frames scaled down to this size, as RGB.
const [WIDTH, HEIGHT] = [320, 180]

async function frameAt(video: string, seconds: number): Promise<Buffer> {
  const { stdout } = await runFfmpeg(
    ['-ss', seconds.toFixed(3), '-i', video, '-frames:v', '1'].concat([
      '-s',
      `${WIDTH}x${HEIGHT}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ]),
  )
  expect(stdout.length).toBe(WIDTH * HEIGHT * 3)
  return stdout
}

/** The mean colour of a 7 × 7 patch centred on (x, y), fractions of the frame. */
function colourAt(frame: Buffer, x: number, y: number): number[] {
  const sum = [0, 0, 0]
  for (let py = Math.round(y * HEIGHT) - 3; py <= Math.round(y * HEIGHT) + 3; py++)
    for (let px = Math.round(x * WIDTH) - 3; px <= Math.round(x * WIDTH) + 3; px++)
      for (let channel = 0; channel < 3; channel++)
        sum[channel] = (sum[channel] ?? 0) + (frame[(py * WIDTH + px) * 3 + channel] ?? 0)
  return sum.map((value) => Math.round(value / 49))
}

/** The palette's name of the colour nearest to `rgb`: the grade shifts a colour, never into another family. */
function nearest(rgb: number[], palette: Record<string, readonly number[]>): string {
  const distance = (other: readonly number[]) => other.reduce((sum, value, i) => sum + (value - (rgb[i] ?? 0)) ** 2, 0)
  return Object.keys(palette).sort((a, b) => distance(palette[a] ?? []) - distance(palette[b] ?? []))[0] ?? ''
}

/** Mean and spread (standard deviation) of luma over columns `left`-`right` (fractions), rows 20-80 %. */
function lumaBand(frame: Buffer, left: number, right: number) {
  const values: number[] = []
  for (let y = Math.round(0.2 * HEIGHT); y < Math.round(0.8 * HEIGHT); y++)
    for (let x = Math.round(left * WIDTH); x < Math.round(right * WIDTH); x++) {
      const at = (y * WIDTH + x) * 3
      values.push(0.2126 * (frame[at] ?? 0) + 0.7152 * (frame[at + 1] ?? 0) + 0.0722 * (frame[at + 2] ?? 0))
    }
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  const spread = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length)
  return { mean: Math.round(mean), spread: Math.round(spread) }
}

/** The soundtrack as 48 kHz stereo float samples. */
async function decodeAudio(video: string): Promise<Float32Array> {
  const { stdout } = await runFfmpeg(['-i', video, '-vn', '-ac', '2', '-ar', '48000', '-f', 'f32le', 'pipe:1'])
  return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.length / 4)
}

test('photos, a trimmed clip and an uploaded track in the studio, found in the rendered video', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000)
  const user = await createUser(request)
  await signInAs(page, user)

  // A 16:9 project of five 3 s scenes, set up through the API; what a user does with media happens on the page.
  const created = await request.post('/api/v1/projects', {
    headers: auth(user),
    data: {
      title: 'Our bakery',
      source: { kind: 'script', text: SCENES.map((item) => item.narration).join(' ') },
      settings: {
        ...DEFAULT_PROJECT_SETTINGS,
        aspect_ratio: '16:9',
        target_seconds: 15,
        music_id: null,
        // The frames are read at the blocks' centres; captions would sit over the lower two.
        captions: { enabled: false, style: 'classic' },
      },
    },
  })
  expect(created.status()).toBe(201)
  const project = (await created.json()) as Project
  const patched = await request.patch(`/api/v1/projects/${project.id}`, {
    headers: auth(user),
    data: { scenes: SCENES.map((item) => ({ ...item, duration: SCENE_SECONDS })) },
  })
  expect(patched.status()).toBe(200)

  await test.step('upload the photos, the clip and the track in the media library', async () => {
    await page.goto('/app/library')
    await page.getByLabel('Choose files to upload').setInputFiles(Object.values(FILES).map(file))
    const cards = page.getByRole('list', { name: 'Your files' }).getByRole('listitem')
    const card = (name: string) => cards.filter({ hasText: name })
    await expect(cards).toHaveCount(5, { timeout: 20_000 })
    // The clip and the track are prepared by the render worker, then show their length.
    await expect(card(FILES.clip)).toContainText('0:08', { timeout: 90_000 })
    await expect(card(FILES.track)).toContainText('0:20', { timeout: 90_000 })
    await expect(page.getByRole('list', { name: 'Your files' }).getByRole('progressbar')).toHaveCount(0, {
      timeout: 90_000,
    })
  })

  await page.goto(`/app/projects/${project.id}`)
  await expect(scene(page, 5)).toBeVisible()

  await test.step('choose each scene’s photo or clip, trim the clip with the keyboard, and the music', async () => {
    await chooseMedia(page, 1, 'photo', FILES.blocks)
    await chooseMedia(page, 3, 'photo', FILES.portrait)
    await chooseMedia(page, 5, 'photo', FILES.spare)

    await chooseMedia(page, 2, 'clip', FILES.clip)
    await scene(page, 2).getByRole('button', { name: 'Adjust clip' }).click()
    const inPoint = scene(page, 2).getByRole('slider', { name: 'In point' })
    const outPoint = scene(page, 2).getByRole('slider', { name: 'Out point' })
    await inPoint.focus()
    await page.keyboard.press('PageUp')
    await page.keyboard.press('PageUp')
    await expect(inPoint).toHaveAttribute('aria-valuenow', '2')
    await outPoint.focus()
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('PageDown')
    await expect(outPoint).toHaveAttribute('aria-valuenow', '5')
    await expect(scene(page, 2)).toContainText('This 3 s stretch fills the 3 s scene exactly.')

    await page.locator('summary').filter({ hasText: 'Video settings' }).click()
    await page.getByRole('button', { name: 'My uploads' }).click()
    await page.getByRole('radio', { name: startsWith(FILES.track) }).check()
    await expectSaved(page)

    const saved = (await (
      await request.get(`/api/v1/projects/${project.id}`, { headers: auth(user) })
    ).json()) as Project
    expect(saved.scenes.map((item) => item.media?.type ?? 'drawn')).toEqual([
      'photo',
      'clip',
      'photo',
      'drawn',
      'photo',
    ])
    expect(saved.scenes[1]?.media).toMatchObject({ type: 'clip', trim_start: 2, trim_end: 5 })
    expect(saved.settings.music_asset_id).toBe(Object.values(saved.media_assets).find((a) => a.kind === 'audio')?.id)
  })

  await test.step('delete the photo scene 5 uses: the card says the scene is drawn instead', async () => {
    await page.goto('/app/library')
    await page.getByRole('button', { name: `Delete ${FILES.spare}` }).click()
    const dialog = page.getByRole('dialog', { name: `Delete “${FILES.spare}”?` })
    await expect(dialog).toContainText('It is used in this project')
    await expect(dialog).toContainText(project.title)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('list', { name: 'Your files' }).getByRole('listitem')).toHaveCount(4)

    await page.goto(`/app/projects/${project.id}`)
    await expect(scene(page, 5)).toContainText('Deleted photo')
    await expect(scene(page, 5)).toContainText(
      'The photo this scene used was deleted from your library, so the scene shows the drawn picture.',
    )
    await expect(scene(page, 1)).toContainText(FILES.blocks)
  })

  const video = await test.step('render in 720p and download the MP4', async () => {
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: /720p/ }) })
      .click()
    await page.getByRole('button', { name: 'Render video' }).click()
    await expect(page.getByLabel(`Rendered video: ${project.title}`)).toBeVisible({ timeout: 180_000 })
    const receipt = page.getByRole('region', { name: 'Licence receipt' })
    await expect(receipt).toContainText(FILES.track)
    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: `Download MP4: ${project.title}` }).click()
    const saved = path.join(dir, 'video.mp4')
    await (await downloading).saveAs(saved)
    return saved
  })

  const probe = await runFfprobe(['-show_entries', 'format=duration:stream=width,height', '-of', 'json', video])
  const info = JSON.parse(probe.stdout.toString()) as {
    format: { duration: string }
    streams: { width?: number; height?: number }[]
  }
  expect(info.streams.find((stream) => stream.width)).toMatchObject({ width: 1280, height: 720 })
  expect(Number(info.format.duration)).toBeCloseTo(5 * SCENE_SECONDS, 0)

  await test.step('scene 1 shows the photo’s four blocks, each its colour through the grade', async () => {
    const frame = await frameAt(video, sceneStart(1) + 1.5)
    const seen = [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
    ].map(([x = 0, y = 0]) => colourAt(frame, x, y))
    test.info().annotations.push({ type: 'block colours (RGB)', description: JSON.stringify(seen) })
    expect.soft(seen.map((rgb) => nearest(rgb, BLOCK_COLOURS))).toEqual(['red', 'green', 'blue', 'yellow'])
  })

  await test.step('scene 2 plays the clip from its second 2 to its second 5', async () => {
    const seconds = Object.fromEntries(SECOND_COLOURS.map((rgb, second) => [String(second), rgb]))
    // The scene's first 0.4 s blend in from scene 1; then clip time = 2 s + time in the scene.
    const times = [0.42, 1, SCENE_SECONDS - 0.07]
    const seen = await Promise.all(
      times.map(async (time) => colourAt(await frameAt(video, sceneStart(2) + time), 0.5, 0.5)),
    )
    test.info().annotations.push({ type: 'clip colours at 2.4, 3, 4.9 s (RGB)', description: JSON.stringify(seen) })
    expect.soft(seen.map((rgb) => nearest(rgb, seconds))).toEqual(['2', '3', '5'])
  })

  await test.step('scene 3 shows the portrait photo whole over its blurred, darker copy', async () => {
    const frame = await frameAt(video, sceneStart(3) + 1.5)
    const middle = lumaBand(frame, 0.42, 0.58)
    const sides = [lumaBand(frame, 0.02, 0.28), lumaBand(frame, 0.72, 0.98)]
    test
      .info()
      .annotations.push({ type: 'portrait luma (middle, sides)', description: JSON.stringify([middle, sides]) })
    // The checkerboard in the middle is sharp; at the sides it is blurred to a soft, darker grey.
    expect.soft(middle.spread).toBeGreaterThan(60)
    for (const side of sides) {
      expect.soft(side.spread).toBeLessThan(middle.spread / 3)
      expect.soft(side.mean).toBeLessThan(middle.mean * 0.8)
    }
  })

  await test.step('scene 5 is drawn, as its photo was deleted', async () => {
    const frame = await frameAt(video, sceneStart(5) + 1.5)
    const whole = lumaBand(frame, 0, 1)
    const mean = colourAt(frame, 0.5, 0.5)
    test.info().annotations.push({ type: 'scene 5 (centre RGB, luma)', description: JSON.stringify([mean, whole]) })
    // A picture with detail, nothing like the flat magenta photo.
    expect.soft(whole.spread).toBeGreaterThan(12)
    expect.soft(nearest(mean, { spare: SPARE_RGB, grey: [128, 128, 128], dark: [30, 30, 30] })).not.toBe('spare')
  })

  await test.step('the track is heard, and ducked under the voice', async () => {
    const audio = await decodeAudio(video)
    const tone = (from: number, to: number) => measureToneDb(audio, 48_000, TONE_HZ, from, to, 2)
    const underVoice = tone(NARRATION_LEAD_SECONDS + 0.2, NARRATION_LEAD_SECONDS + 1)
    const alone = tone(sceneStart(2) + 0.8, sceneStart(3) + 2.5)
    const voiceSpan = measureRmsDb(audio, 48_000, NARRATION_LEAD_SECONDS + 0.2, NARRATION_LEAD_SECONDS + 1, 2)
    const musicSpan = measureRmsDb(audio, 48_000, sceneStart(2) + 0.8, sceneStart(3) + 2.5, 2)
    const levels = { alone, underVoice, voiceSpan, musicSpan }
    test.info().annotations.push({
      type: 'levels (dBFS)',
      description: JSON.stringify(Object.fromEntries(Object.entries(levels).map(([k, v]) => [k, v.toFixed(1)]))),
    })
    expect.soft(alone).toBeGreaterThan(-35)
    expect.soft(alone - underVoice).toBeGreaterThan(6)
    // The voice is there over the ducked music: that span is louder than the music alone.
    expect.soft(voiceSpan).toBeGreaterThan(musicSpan)
  })
})
