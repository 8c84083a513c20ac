import { writeFile } from 'node:fs/promises'
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
import { getSafeArea, placeLogo, runFfmpeg, type LogoBox } from '@storyreel/engine/engine'

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
    headers = t.auth((await t.createUser()).access_token)
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
    const kit = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/brand-kit',
      headers,
      payload: {
        logo: { asset_id: AssetSchema.parse(uploaded.json()).id, position: 'top-right', size: 0.2, opacity: 1 },
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
})
