import { copyFile, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { AssetSchema, type Asset } from '@storyreel/contracts/assets'
import {
  DEFAULT_PROJECT_SETTINGS,
  LicenceReceiptSchema,
  ProjectSchema,
  RenderJobSchema,
  ScenePreviewSchema,
  type Project,
  type RenderJob,
} from '@storyreel/contracts/studio'
import { eq } from '@storyreel/db/operators'
import { renderJobs } from '@storyreel/db/schema'
import { encodeWav, runFfmpeg } from '@storyreel/engine/engine'

import { createMultipartUpload } from '#src/testing/multipart.ts'
import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

import { OWN_MEDIA_NOTE, OWN_MUSIC_NOT_PERMITTED } from './render-outputs.ts'
import { RenderSpecSchema } from './render-spec.ts'

// Real renders through the queue and the in-process worker: a scene showing an uploaded photo of two colour
// blocks, the project's music an uploaded track; then the photo deleted, and the scene drawn instead.
const SCENES = [
  { narration: 'Our bakery opens at six every morning.', visual: 'A bakery shop front at dawn' },
  { narration: 'Every loaf is shaped by hand.', visual: 'Hands shaping dough on a floured table' },
  { narration: 'Come by and taste the difference.', visual: 'A loaf of bread on a counter' },
]

type Rgb = [number, number, number]

/** The average colour of a box (fractions of the frame) of the frame at `seconds` into `file`. */
async function colourAt(file: string, seconds: number, box: { x: number; y: number; w: number; h: number }) {
  const { stdout } = await runFfmpeg([
    '-ss',
    String(seconds),
    '-i',
    file,
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    'pipe:1',
  ])
  const { width = 0, height = 0 } = await sharp(stdout).metadata()
  const region = {
    left: Math.round(box.x * width),
    top: Math.round(box.y * height),
    width: Math.max(1, Math.round(box.w * width)),
    height: Math.max(1, Math.round(box.h * height)),
  }
  const data = await sharp(stdout).extract(region).removeAlpha().raw().toBuffer()
  const sum: Rgb = [0, 0, 0]
  for (let index = 0; index < data.length; index += 3) {
    sum[0] += data[index] ?? 0
    sum[1] += data[index + 1] ?? 0
    sum[2] += data[index + 2] ?? 0
  }
  const pixels = data.length / 3
  return sum.map((value) => value / pixels) as Rgb
}

const isRed = ([r, g, b]: Rgb) => r > 140 && r > g + 70 && r > b + 70
const isBlue = ([r, g, b]: Rgb) => b > 140 && b > r + 70 && b > g + 40

describe('rendering scenes with the owner’s photo and track', () => {
  let t: TestApp
  let userId: string
  let headers: { authorization: string }
  let project: Project
  let photo: Asset
  let track: Asset
  let first: RenderJob

  const get = (url: string) => t.app.inject({ method: 'GET', url })
  const upload = async (content: Buffer, filename: string) => {
    const { payload, headers: multipart } = createMultipartUpload(content, { filename })
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assets',
      payload,
      headers: { ...multipart, ...headers },
    })
    expect(response.statusCode, response.body).toBe(201)
    return AssetSchema.parse(response.json())
  }
  const download = async (url: string, name: string) => {
    const file = path.join(t.dataDir, name)
    const response = await get(url)
    expect(response.statusCode).toBe(200)
    await writeFile(file, response.rawPayload)
    return file
  }

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
    return job
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RENDER_WORKERS: '1', STUDIO_RATE_LIMIT_PER_MINUTE: '100000' } })
    const user = await t.createUser()
    userId = user.id
    headers = t.auth(user.access_token)
    // Red on the left half, blue on the right: a landscape photo in a 9:16 video is cropped around its middle.
    const red = await sharp({ create: { width: 320, height: 480, channels: 3, background: '#e01010' } })
      .png()
      .toBuffer()
    const blocks = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1020e0' } })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg({ quality: 95 })
      .toBuffer()
    photo = await upload(blocks, 'Red and blue.jpg')
    const rate = 22_050
    const samples = new Float32Array(rate * 4).map((_, index) => 0.3 * Math.sin((2 * Math.PI * 330 * index) / rate))
    track = await upload(encodeWav(samples, rate), 'Our jingle.wav')
    // The worker converts the track while no render waits.
    const deadline = Date.now() + 60_000
    while (track.status === 'processing') {
      if (Date.now() > deadline) throw new Error('the track was not converted within a minute')
      await new Promise((resolve) => setTimeout(resolve, 200))
      track = AssetSchema.parse((await t.app.inject({ url: `/api/v1/assets/${track.id}`, headers })).json())
    }
    expect(track.status).toBe('ready')

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: {
        title: 'The bakery',
        source: { kind: 'script', text: SCENES.map((scene) => scene.narration).join(' ') },
        settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 15, music_id: null, music_asset_id: track.id },
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const draft = ProjectSchema.parse(created.json())
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${draft.id}`,
      headers,
      payload: {
        scenes: SCENES.map((scene, index) => ({
          ...scene,
          duration: 5,
          media:
            index === 0
              ? { type: 'photo', asset_id: photo.id, fit: 'fill', focus: { x: 0.5, y: 0.5 }, camera: 'still' }
              : null,
        })),
      },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    project = ProjectSchema.parse(patched.json())
    first = await renderAndWait(project.id)
  }, 240_000)
  afterAll(() => t.close())

  it('names each used copy in the job’s spec and shows the photo in its scene', async () => {
    expect(first.error).toBeNull()
    expect(first.status).toBe('succeeded')
    const [row] = await t.db.db.select().from(renderJobs).where(eq(renderJobs.id, first.id))
    const spec = RenderSpecSchema.parse(row?.spec)
    expect(Object.keys(spec.media).sort()).toEqual([photo.id, track.id].sort())
    expect(spec.media[photo.id]?.fileKey).toMatch(new RegExp(`/${photo.id}/photo\\.jpg$`))
    expect(spec.media[track.id]?.fileKey).toMatch(new RegExp(`/${track.id}/track\\.m4a$`))
    const video = await download(first.outputs?.video_url ?? '', 'with-photo.mp4')
    // The photo's two blocks at the scene's middle, left and right of the frame's centre.
    expect(isRed(await colourAt(video, 2.5, { x: 0.3, y: 0.45, w: 0.1, h: 0.1 }))).toBe(true)
    expect(isBlue(await colourAt(video, 2.5, { x: 0.6, y: 0.45, w: 0.1, h: 0.1 }))).toBe(true)
    // The second scene is drawn: neither block.
    const drawn = await colourAt(video, 7.5, { x: 0.3, y: 0.45, w: 0.1, h: 0.1 })
    expect(isRed(drawn) && isBlue(await colourAt(video, 7.5, { x: 0.6, y: 0.45, w: 0.1, h: 0.1 }))).toBe(false)
  })

  it('credits the owner’s track and photo as theirs in the licence receipt', async () => {
    const receipt = LicenceReceiptSchema.parse(JSON.parse((await get(first.outputs?.receipt_url ?? '')).body))
    expect(receipt.music).toMatchObject({ id: track.id, title: 'Our jingle.wav', source: 'own' })
    expect(receipt.music?.licence).toMatch(/your own upload/i)
    expect(receipt.own_media).toEqual([{ name: 'Red and blue.jpg', kind: 'photo' }])
    expect(receipt.not_permitted).toEqual([...OWN_MUSIC_NOT_PERMITTED, OWN_MEDIA_NOTE])
  })

  it('shows the photo in the scene’s storyboard still and its preview', async () => {
    const sceneId = project.scenes[0]?.id ?? ''
    const still = await get(project.scene_thumbnails[sceneId] ?? '')
    expect(still.statusCode, still.body).toBe(200)
    const image = sharp(still.rawPayload)
    const { width = 0, height = 0 } = await image.metadata()
    const pixel = async (x: number) => {
      const { data } = await sharp(still.rawPayload)
        .extract({ left: Math.round(x * width), top: Math.round(0.45 * height), width: 4, height: 4 })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
      return [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0] as Rgb
    }
    expect(isRed(await pixel(0.3))).toBe(true)
    expect(isBlue(await pixel(0.65))).toBe(true)
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${project.id}/scenes/${sceneId}/preview`,
      headers,
    })
    expect(response.statusCode, response.body).toBe(200)
    const preview = await download(ScenePreviewSchema.parse(response.json()).video_url, 'preview.mp4')
    expect(isRed(await colourAt(preview, 2, { x: 0.3, y: 0.45, w: 0.1, h: 0.1 }))).toBe(true)
  }, 60_000)

  it('draws the scene instead once its photo is deleted, and the render still succeeds', async () => {
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/assets/${photo.id}`, headers })
    expect(deleted.statusCode).toBe(204)
    const read = ProjectSchema.parse((await t.app.inject({ url: `/api/v1/projects/${project.id}`, headers })).json())
    expect(read.scenes[0]?.media).toMatchObject({ type: 'photo', asset_id: photo.id })
    expect(read.media_assets[photo.id]?.status).toBe('deleted')
    const job = await renderAndWait(project.id)
    expect(job.error).toBeNull()
    expect(job.status).toBe('succeeded')
    const receipt = LicenceReceiptSchema.parse(JSON.parse((await get(job.outputs?.receipt_url ?? '')).body))
    expect(receipt.own_media).toEqual([])
    expect(receipt.music?.source).toBe('own')
    const video = await download(job.outputs?.video_url ?? '', 'drawn.mp4')
    const left = await colourAt(video, 2.5, { x: 0.3, y: 0.45, w: 0.1, h: 0.1 })
    const right = await colourAt(video, 2.5, { x: 0.6, y: 0.45, w: 0.1, h: 0.1 })
    expect(isRed(left) && isBlue(right)).toBe(false)
  }, 180_000)

  it('shows a large clip from its 720p proxy in a 720p render', async () => {
    // A blue 1280×960 clip: large enough for a proxy. The stored proxy is then replaced by a green one, so the
    // video says which of the two the render read.
    const clipFile = path.join(t.dataDir, 'blue.mp4')
    const greenFile = path.join(t.dataDir, 'green.mp4')
    const solid = (colour: string, size: string, file: string) =>
      runFfmpeg(['-y', '-f', 'lavfi', '-i', `color=c=${colour}:s=${size}:r=30:d=1`, '-c:v', 'libx264', file])
    await Promise.all([solid('#1020e0', '1280x960', clipFile), solid('#10c020', '960x720', greenFile)])
    let clip = await upload(await readFile(clipFile), 'Blue.mp4')
    const deadline = Date.now() + 60_000
    while (clip.status === 'processing') {
      if (Date.now() > deadline) throw new Error('the clip was not converted within a minute')
      await new Promise((resolve) => setTimeout(resolve, 200))
      clip = AssetSchema.parse((await t.app.inject({ url: `/api/v1/assets/${clip.id}`, headers })).json())
    }
    expect(clip).toMatchObject({ status: 'ready', width: 1280, height: 960 })
    await copyFile(greenFile, path.join(t.dataDir, 'media', 'assets', userId, clip.id, 'clip-proxy.mp4'))
    const read = ProjectSchema.parse((await t.app.inject({ url: `/api/v1/projects/${project.id}`, headers })).json())
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${project.id}`,
      headers,
      payload: {
        // Shown whole (fitted), the proxy has every pixel the 720×1280 frame shows of it.
        scenes: read.scenes.map((scene, index) =>
          index === 0
            ? { ...scene, media: { type: 'clip', asset_id: clip.id, fit: 'fit', focus: null, fill: 'hold' } }
            : { ...scene, media: null },
        ),
      },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    const job = await renderAndWait(project.id)
    expect(job.status, job.error ?? '').toBe('succeeded')
    const video = await download(job.outputs?.video_url ?? '', 'proxy.mp4')
    const [r, g, b] = await colourAt(video, 2.5, { x: 0.45, y: 0.45, w: 0.1, h: 0.1 })
    expect(g, `centre ${r}, ${g}, ${b}`).toBeGreaterThan(r + 60)
    expect(g).toBeGreaterThan(b + 60)
  }, 180_000)
})
