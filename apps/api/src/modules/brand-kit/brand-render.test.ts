import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { AssetSchema } from '@storyreel/contracts/assets'
import {
  ALL_OF_THE_BRAND_KIT,
  DEFAULT_PROJECT_SETTINGS,
  ProjectSchema,
  RenderJobSchema,
  ScenePreviewSchema,
  type Project,
  type RenderJob,
} from '@storyreel/contracts/studio'
import { eq } from '@storyreel/db/operators'
import { brandKits, renderJobs, users } from '@storyreel/db/schema'
import { getSafeArea, placeLogo, runFfmpeg, type LogoBox } from '@storyreel/engine/engine'
import { levelBetween } from '@storyreel/engine/testing/sound-level'

import { createMultipartUpload } from '#src/testing/multipart.ts'
import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

// Real renders through the queue and the in-process worker: the owner's red-square logo in the kit's corner, on
// the video of a project that uses the kit, and gone once the project switches its logo off.
const SCENES = [
  { narration: 'Fresh flowers every morning.', visual: 'A flower shop at dawn', duration: 5 },
  { narration: 'Roses for every occasion.', visual: 'A bunch of red roses', duration: 5 },
  { narration: 'Come and see us on Saturday.', visual: 'A shop front on a sunny street', duration: 5 },
]
const [WIDTH, HEIGHT] = [360, 640]
const PRIMARY = '#1e3a8a'
const PRIMARY_RGB = [0x1e, 0x3a, 0x8a]
/** A real TTF of a family we do not draw with (the engine's own tests use it too). */
const FONT = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/patrick-hand/400Regular/PatrickHand_400Regular.ttf',
)

/** The frame at `seconds` as RGB at 360×640. */
async function frameAt(file: string, seconds: number): Promise<Buffer> {
  const { stdout } = await runFfmpeg(
    ['-ss', String(seconds), '-i', file, '-frames:v', '1', '-s', `${WIDTH}x${HEIGHT}`].concat([
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ]),
  )
  return stdout
}

/** The share of a box's pixels (inset by 2 px, clear of its soft edge) that are the logo's red. */
function redShare(frame: Buffer, box: LogoBox): number {
  let red = 0
  let all = 0
  for (let y = box.top + 2; y < box.top + box.height - 2; y++)
    for (let x = box.left + 2; x < box.left + box.width - 2; x++) {
      const at = (y * WIDTH + x) * 3
      all += 1
      if ((frame[at] ?? 0) > 200 && (frame[at + 1] ?? 0) < 60 && (frame[at + 2] ?? 0) < 60) red += 1
    }
  return red / all
}

describe('a render with the owner’s brand kit', () => {
  let t: TestApp
  let headers: { authorization: string }
  let project: Project
  let userId = ''
  let email = ''
  let password = ''
  let logoId = ''

  async function renderAndWait(id: string): Promise<RenderJob> {
    const started = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${id}/renders`, headers, payload: {} })
    expect(started.statusCode, started.body).toBe(202)
    let job = RenderJobSchema.parse(started.json())
    const deadline = Date.now() + 150_000
    while (job.status === 'queued' || job.status === 'running') {
      if (Date.now() > deadline) throw new Error('the render took longer than 150 s')
      await new Promise((resolve) => setTimeout(resolve, 200))
      job = RenderJobSchema.parse(
        (await t.app.inject({ url: `/api/v1/projects/${id}/renders/${job.id}`, headers })).json(),
      )
    }
    expect(job.error).toBeNull()
    expect(job.status).toBe('succeeded')
    return job
  }
  const download = async (job: RenderJob, name: string) => {
    const response = await t.app.inject({ url: job.outputs?.video_url ?? '' })
    expect(response.statusCode).toBe(200)
    const file = path.join(t.dataDir, name)
    await writeFile(file, response.rawPayload)
    return file
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RENDER_WORKERS: '1', STUDIO_RATE_LIMIT_PER_MINUTE: '100000' } })
    const user = await t.createUser()
    headers = t.auth(user.access_token)
    userId = user.id
    email = user.email
    password = user.password
    const logo = await sharp({
      create: { width: 80, height: 80, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer()
    const { payload, headers: multipart } = createMultipartUpload(logo, { filename: 'Logo.png' })
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assets',
      payload,
      headers: { ...multipart, ...headers },
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    logoId = AssetSchema.parse(uploaded.json()).id
    const kit = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/brand-kit',
      headers,
      payload: {
        logo: { asset_id: logoId, position: 'top-right', size: 0.2, opacity: 1 },
      },
    })
    expect(kit.statusCode, kit.body).toBe(200)
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: {
        source: { kind: 'script', text: SCENES.map((scene) => scene.narration).join(' ') },
        settings: {
          ...DEFAULT_PROJECT_SETTINGS,
          target_seconds: 15,
          music_id: null,
          captions: { enabled: false, style: 'classic' },
        },
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${ProjectSchema.parse(created.json()).id}`,
      headers,
      payload: { scenes: SCENES },
    })
    project = ProjectSchema.parse(patched.json())
  }, 60_000)
  afterAll(() => t.close())

  it('lays the kit’s logo in its corner of the safe area, and leaves it off once the project switches it off', async () => {
    expect(project.settings.brand).toEqual(ALL_OF_THE_BRAND_KIT)
    const branded = await download(await renderAndWait(project.id), 'branded.mp4')
    // Where the engine puts it: top right of the safe area (clear of the top 10 % and the right 12 % of a 9:16
    // frame), 20 % of the frame's shorter side across.
    const box = placeLogo(
      { width: 80, height: 80 },
      { position: 'top-right', size: 0.2 },
      { width: WIDTH, height: HEIGHT },
      { captions: false },
    )
    const safe = getSafeArea(WIDTH, HEIGHT)
    expect(box.top).toBeGreaterThanOrEqual(safe.top)
    expect(box.left + box.width).toBeLessThanOrEqual(safe.right)
    for (const seconds of [1, 7, 13]) {
      expect(redShare(await frameAt(branded, seconds), box), `the logo at ${seconds} s`).toBeGreaterThan(0.95)
    }

    // The storyboard's stills and a scene's preview show it too, where the video does.
    const read = ProjectSchema.parse((await t.app.inject({ url: `/api/v1/projects/${project.id}`, headers })).json())
    const stillUrl = read.scene_thumbnails[read.scenes[1]?.id ?? ''] ?? ''
    const still = await t.app.inject({ url: stillUrl })
    expect(still.statusCode, still.body).toBe(200)
    const rgb = await sharp(still.rawPayload).resize(WIDTH, HEIGHT).removeAlpha().raw().toBuffer()
    expect(redShare(rgb, box), 'the logo on the still').toBeGreaterThan(0.9)
    const previewed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${project.id}/scenes/${read.scenes[0]?.id ?? ''}/preview`,
      headers,
    })
    expect(previewed.statusCode, previewed.body).toBe(200)
    const preview = path.join(t.dataDir, 'preview.mp4')
    await writeFile(
      preview,
      (await t.app.inject({ url: ScenePreviewSchema.parse(previewed.json()).video_url })).rawPayload,
    )
    expect(redShare(await frameAt(preview, 2), box), 'the logo on the preview').toBeGreaterThan(0.9)

    const switched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${project.id}`,
      headers,
      payload: { settings: { ...project.settings, brand: { ...ALL_OF_THE_BRAND_KIT, logo: false } } },
    })
    expect(switched.statusCode, switched.body).toBe(200)
    const plain = await download(await renderAndWait(project.id), 'plain.mp4')
    expect(redShare(await frameAt(plain, 7), box)).toBeLessThan(0.5)
    const after = ProjectSchema.parse((await t.app.inject({ url: `/api/v1/projects/${project.id}`, headers })).json())
    const plainStill = await t.app.inject({ url: after.scene_thumbnails[after.scenes[1]?.id ?? ''] ?? '' })
    const plainRgb = await sharp(plainStill.rawPayload).resize(WIDTH, HEIGHT).removeAlpha().raw().toBuffer()
    expect(redShare(plainRgb, box)).toBeLessThan(0.5)
  }, 300_000)

  it('opens and closes the video with the kit’s cards in its colours, reads the closing card, and sets its font', async () => {
    // A paid account: its plan includes a font of its own.
    await t.db.db.update(users).set({ plan: 'paid' }).where(eq(users.id, userId))
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    headers = t.auth(signedIn.json<{ access_token: string }>().access_token)
    const font = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/brand-kit/font',
      ...(() => {
        const upload = createMultipartUpload(readFileSync(FONT), { filename: 'Brand.ttf' })
        return { payload: upload.payload, headers: { ...upload.headers, ...headers } }
      })(),
    })
    expect(font.statusCode, font.body).toBe(200)
    const kit = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/brand-kit',
      headers,
      payload: {
        logo: { asset_id: logoId, position: 'top-right', size: 0.2, opacity: 1 },
        colours: { primary: PRIMARY, accent: '#047857' },
        opening_card: { enabled: true, headline: 'Fresh flowers every day', seconds: 1.5 },
        closing_card: {
          enabled: true,
          call_to_action: 'Visit us',
          contact: 'rosas.example.com',
          seconds: 2,
          voiced: true,
        },
      },
    })
    expect(kit.statusCode, kit.body).toBe(200)
    const fontKey = (await t.db.db.select().from(brandKits).where(eq(brandKits.userId, userId)))[0]?.font?.key
    expect(fontKey).toBeTruthy()
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${project.id}`,
      headers,
      // Karaoke captions, lit in the accent and set in the font by the render's drawing threads.
      payload: {
        settings: { ...project.settings, captions: { enabled: true, style: 'karaoke' }, brand: ALL_OF_THE_BRAND_KIT },
      },
    })
    const job = await renderAndWait(project.id)
    const video = await download(job, 'cards.mp4')
    const duration = job.outputs?.duration_seconds ?? 0
    // The three scenes (5 s each, or longer where their speech needs) between the two cards.
    expect(duration).toBeGreaterThanOrEqual(15 + 1.5 + 2)
    // The render says how long its cards lasted: the closing one as long as its words need.
    expect(job.card_seconds?.opening).toBe(1.5)
    expect(job.card_seconds?.closing).toBeGreaterThanOrEqual(2)
    // The spec the worker rendered from names the kit's font, colours and cards.
    const [row] = await t.db.db.select().from(renderJobs).where(eq(renderJobs.id, job.id))
    expect(row?.spec).toMatchObject({
      brand: {
        colours: { primary: PRIMARY, accent: '#047857' },
        font: { key: fontKey },
        openingCard: { headline: 'Fresh flowers every day', seconds: 1.5 },
        closingCard: { callToAction: 'Visit us', contact: 'rosas.example.com', voiced: true },
      },
    })
    const box = placeLogo(
      { width: 80, height: 80 },
      { position: 'top-right', size: 0.2 },
      { width: WIDTH, height: HEIGHT },
      { captions: false },
    )
    for (const seconds of [0.8, duration - 0.3]) {
      const frame = await frameAt(video, seconds)
      // The card's ground is the primary colour, and its logo is centred, not in the corner.
      const at = (HEIGHT / 2) * WIDTH * 3 + 4 * 3
      const edge = [frame[at] ?? 0, frame[at + 1] ?? 0, frame[at + 2] ?? 0]
      expect(
        edge.every((value, channel) => Math.abs(value - (PRIMARY_RGB[channel] ?? 0)) <= 14),
        `${edge.join(',')} at ${seconds} s`,
      ).toBe(true)
      expect(redShare(frame, box), `no corner logo at ${seconds} s`).toBeLessThan(0.2)
    }
    // A scene between them has the logo in its corner.
    expect(redShare(await frameAt(video, 1.5 + 2.5), box)).toBeGreaterThan(0.95)
    // The closing card is read aloud.
    expect(await levelBetween(video, duration - 1.8, duration - 0.2)).toBeGreaterThan(-35)

    // With the cards, a storyboard of 88 s is too long: the render is refused before it is queued.
    const long = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${project.id}`,
      headers,
      payload: { scenes: Array.from({ length: 8 }, () => ({ narration: '', visual: 'A flower shop', duration: 11 })) },
    })
    expect(long.statusCode, long.body).toBe(200)
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${project.id}/renders`,
      headers,
      payload: {},
    })
    expect(refused.statusCode, refused.body).toBe(422)
    expect(refused.json<{ message: string[] }>().message).toEqual([
      "The scenes add up to 88.0 s and the brand's cards 3.5 s, 91.5 s in all; a video can last at most 90 s. " +
        'Shorten the storyboard or turn a card off.',
    ])
  }, 300_000)
})
