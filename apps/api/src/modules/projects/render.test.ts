import { writeFile } from 'node:fs/promises'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import {
  DEFAULT_PROJECT_SETTINGS,
  LicenceReceiptSchema,
  ProjectSchema,
  RenderJobSchema,
  ScenePreviewSchema,
  type Project,
  type RenderJob,
} from '@storyreel/contracts/studio'
import { probeMedia, runFfmpeg } from '@storyreel/engine/engine'

import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

// One real render through the queue, the in-process worker, its child process, the engines and ffmpeg:
// three scenes of five seconds, voice, music and word-by-word captions at 720p 9:16.
const SCENES = [
  { narration: 'A red fox trots across a snowy meadow at sunrise.', visual: 'A red fox in a snowy meadow at sunrise' },
  { narration: 'It stops, listens, and leaps into the deep snow.', visual: 'The fox leaping into deep snow' },
  { narration: 'Moments later it comes up with breakfast.', visual: 'The fox in the snow under a pink sky' },
]

type Cue = { start: number; end: number; text: string }

function parseVtt(text: string): Cue[] {
  const seconds = (stamp: string) => {
    const [h, m, s] = stamp.split(':').map(Number) as [number, number, number]
    return h * 3600 + m * 60 + s
  }
  return [...text.matchAll(/(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})[^\n]*\n([\s\S]*?)(?:\n\n|$)/g)].map(
    (match) => ({ start: seconds(match[1] ?? ''), end: seconds(match[2] ?? ''), text: match[3] ?? '' }),
  )
}

describe('rendering a project', () => {
  let t: TestApp
  let headers: { authorization: string }
  let project: Project
  let rendered: RenderJob

  const get = async (url: string) => t.app.inject({ method: 'GET', url })

  /** A new project of the user's, drafted from a script. */
  async function createFromScript(text: string, targetSeconds: number): Promise<Project> {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: {
        source: { kind: 'script', text },
        settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: targetSeconds },
      },
    })
    return ProjectSchema.parse(created.json())
  }

  async function renderAndWait(id: string) {
    const started = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${id}/renders`, headers, payload: {} })
    expect(started.statusCode, started.body).toBe(202)
    let job = RenderJobSchema.parse(started.json())
    const seen = new Set<string>()
    const deadline = Date.now() + 120_000
    while (job.status === 'queued' || job.status === 'running') {
      if (Date.now() > deadline) throw new Error('the render took longer than two minutes')
      await new Promise((resolve) => setTimeout(resolve, 150))
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/projects/${id}/renders/${job.id}`, headers })
      job = RenderJobSchema.parse(response.json())
      seen.add(job.stage)
    }
    return { job, seen }
  }

  beforeAll(async () => {
    t = await createTestApp({
      env: { RENDER_WORKERS: '1', STUDIO_RATE_LIMIT_PER_MINUTE: '100000', ADMIN_EMAILS: 'studio-admin@example.com' },
    })
    const user = await t.createUser()
    headers = t.auth(user.access_token)
    // This file renders more than the free plan's three videos a day: support moves the user to the paid plan.
    const admin = await t.createUser({ email: 'studio-admin@example.com' })
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { email: admin.email, password: admin.password },
    })
    const plan = await t.app.inject({
      method: 'PATCH',
      url: `/admin/users/${user.id}`,
      headers: t.auth(login.json<{ access_token: string }>().access_token),
      payload: { plan: 'paid' },
    })
    expect(plan.json()).toMatchObject({ plan: 'paid' })
    const music = (await get('/api/v1/music')).json<{ tracks: { id: string }[] }>().tracks[0]
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: {
        title: 'Fox in the snow',
        source: { kind: 'script', text: SCENES.map((scene) => scene.narration).join(' ') },
        settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 15, music_id: music?.id ?? null },
      },
    })
    const draft = ProjectSchema.parse(created.json())
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${draft.id}`,
      headers,
      payload: { scenes: SCENES.map((scene) => ({ ...scene, duration: 5 })) },
    })
    project = ProjectSchema.parse(patched.json())
    const { job, seen } = await renderAndWait(project.id)
    rendered = job
    expect(job.error).toBeNull()
    expect(job.status).toBe('succeeded')
    expect(seen.has('visuals')).toBe(true)
  }, 180_000)
  afterAll(() => t.close())

  it('writes an H.264 + AAC MP4 at the chosen size, within 5% of the storyboard length', async () => {
    const outputs = rendered.outputs
    if (!outputs) throw new Error('no outputs')
    const response = await get(outputs.video_url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('video/mp4')
    const file = path.join(t.dataDir, 'check.mp4')
    await writeFile(file, response.rawPayload)
    const probe = await probeMedia(file)
    const video = probe.streams.filter((stream) => stream.type === 'video')
    const audio = probe.streams.filter((stream) => stream.type === 'audio')
    expect(video).toHaveLength(1)
    expect(audio).toHaveLength(1)
    expect(video[0]).toMatchObject({ codec: 'h264', width: 720, height: 1280 })
    expect(audio[0]?.codec).toBe('aac')
    expect(Math.abs(probe.durationSeconds - 15) / 15).toBeLessThan(0.05)
    expect(outputs).toMatchObject({ width: 720, height: 1280 })
  })

  it('times each caption within 200 ms of its spoken phrase', async () => {
    const outputs = rendered.outputs
    if (!outputs?.vtt_url || !outputs.srt_url) throw new Error('no captions')
    const vtt = (await get(outputs.vtt_url)).body
    expect(vtt.startsWith('WEBVTT')).toBe(true)
    const srt = (await get(outputs.srt_url)).body
    expect(srt).toMatch(/^1\r?\n00:00:0\d,\d{3} --> /)
    const cues = parseVtt(vtt)
    expect(cues.length).toBeGreaterThanOrEqual(3)

    // The voice alone (the project without music) decoded to PCM: a cue must start where speech does.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${project.id}`,
      headers,
      payload: { settings: { ...project.settings, music_id: null } },
    })
    const { job } = await renderAndWait(project.id)
    const file = path.join(t.dataDir, 'voice-only.mp4')
    await writeFile(file, (await get(job.outputs?.video_url ?? '')).rawPayload)
    const { stdout } = await runFfmpeg(['-i', file, '-vn', '-ac', '1', '-ar', '8000', '-f', 'f32le', 'pipe:1'])
    const samples = new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4)
    const rms = (from: number, to: number) => {
      let sum = 0
      const a = Math.max(0, Math.floor(from * 8000))
      const b = Math.min(samples.length, Math.floor(to * 8000))
      for (let index = a; index < b; index += 1) sum += (samples[index] ?? 0) ** 2
      return Math.sqrt(sum / Math.max(1, b - a))
    }
    const loud = rms(0, 15) * 0.5
    for (const cue of parseVtt(vtt)) {
      // Speech is under the first 200 ms around the cue's start...
      expect(rms(cue.start - 0.2, cue.start + 0.2), cue.text).toBeGreaterThan(loud * 0.3)
    }
    // ...and each scene's first cue follows a quiet lead-in, so it starts with its phrase, not before.
    for (const sceneStart of [0, 5, 10]) {
      const first = parseVtt(vtt).find((cue) => cue.start >= sceneStart && cue.start < sceneStart + 5)
      if (!first) throw new Error(`no cue in the scene at ${sceneStart} s`)
      expect(first.start - sceneStart).toBeLessThan(0.6)
      expect(rms(sceneStart + 0.02, first.start - 0.2)).toBeLessThan(loud * 0.15)
    }
  }, 120_000)

  it('previews one scene as a small clip with its voice, before any full render', async () => {
    const scene = project.scenes[0]
    if (!scene) throw new Error('no scene')
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${project.id}/scenes/${scene.id}/preview`,
      headers,
    })
    expect(response.statusCode, response.body).toBe(200)
    const preview = ScenePreviewSchema.parse(response.json())
    const file = path.join(t.dataDir, 'preview.mp4')
    await writeFile(file, (await get(preview.video_url)).rawPayload)
    const probe = await probeMedia(file)
    expect(probe.streams.find((stream) => stream.type === 'video')).toMatchObject({ width: 360, height: 640 })
    expect(probe.streams.some((stream) => stream.type === 'audio')).toBe(true)
    expect(Math.abs(probe.durationSeconds - scene.duration)).toBeLessThan(0.25)
    expect((await get(preview.poster_url)).headers['content-type']).toBe('image/jpeg')
  }, 60_000)

  it('issues a licence receipt naming the voice, the track, the engines and the artwork', async () => {
    const receipt = LicenceReceiptSchema.parse(JSON.parse((await get(rendered.outputs?.receipt_url ?? '')).body))
    expect(receipt.render_id).toBe(rendered.id)
    expect(receipt.issued_to).toMatch(/@example\.com$/)
    expect(receipt.voice.id).toBe(DEFAULT_PROJECT_SETTINGS.voice_id)
    expect(receipt.voice.licence).toMatch(/^Synthesised by Flite/)
    // The engine that spoke this voice, not the whole voice library.
    expect(receipt.voice.engine).toBe('flite')
    expect(receipt.music?.id).toBe(project.settings.music_id)
    expect(receipt.engines.visuals.length).toBeGreaterThan(0)
    expect(receipt.artwork).toEqual([expect.objectContaining({ name: 'Noto Emoji', licence: 'Apache-2.0' })])
    expect(receipt.permitted.length).toBeGreaterThan(0)
    expect(receipt.not_permitted.length).toBeGreaterThan(0)
  })

  it('serves byte ranges of the video and refuses altered links', async () => {
    const url = rendered.outputs?.video_url ?? ''
    const range = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } })
    expect(range.statusCode).toBe(206)
    expect(range.rawPayload.length).toBe(100)
    const altered = await get(url.replace(/s=[^&]+/, 's=AAAA'))
    expect(altered.statusCode).toBe(403)
    expect(ApiErrorSchema.parse(altered.json()).code).toBe('MEDIA_LINK_INVALID')
    const otherFile = await get(url.replace('video.mp4', 'licence-receipt.json'))
    expect(otherFile.statusCode).toBe(403)
    const poster = await get(rendered.outputs?.poster_url ?? '')
    expect(poster.headers['content-type']).toBe('image/jpeg')
  })

  it('reuses the unchanged scenes when one scene changes', async () => {
    const scenes = project.scenes.map((scene, index) =>
      index === 1 ? { ...scene, narration: 'It pauses, tilts its head, and dives.' } : scene,
    )
    await t.app.inject({ method: 'PATCH', url: `/api/v1/projects/${project.id}`, headers, payload: { scenes } })
    const { job } = await renderAndWait(project.id)
    expect(job.status).toBe('succeeded')
    expect(job.reused_scenes).toBe(2)

    // Moving scenes re-renders none of them: only the join and the soundtrack are made again.
    const reordered = [scenes[2], scenes[0], scenes[1]]
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${project.id}`,
      headers,
      payload: { scenes: reordered },
    })
    const moved = await renderAndWait(project.id)
    expect(moved.job.reused_scenes).toBe(3)
  }, 120_000)

  it('streams progress as server-sent events until the render ends', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${project.id}/renders`,
      headers,
      payload: {},
    })
    const job = RenderJobSchema.parse(started.json())
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    if (!address || typeof address === 'string') throw new Error('not listening')
    const response = await fetch(
      `http://127.0.0.1:${address.port}/api/v1/projects/${project.id}/renders/${job.id}/events`,
      { headers },
    )
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    const text = await response.text()
    const events = [...text.matchAll(/event: render\n(?:id: [^\n]*\n)?data: (.*)\n/g)].map((match) =>
      RenderJobSchema.parse(JSON.parse(match[1] ?? '')),
    )
    expect(events.length).toBeGreaterThan(1)
    expect(events.at(-1)?.status).toBe('succeeded')
    const progress = events.map((event) => event.progress)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
  }, 120_000)

  it("draws a changed scene's thumbnail while a render is drawing its frames, without waiting for it", async () => {
    const other = await createFromScript(
      'A lantern glows in a cabin window. Snow falls on the pines. An owl calls.',
      15,
    )
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${other.id}/renders`,
      headers,
      payload: {},
    })
    expect(started.statusCode, started.body).toBe(202)
    let job = RenderJobSchema.parse(started.json())
    const jobUrl = `/api/v1/projects/${other.id}/renders/${job.id}`
    while (job.stage !== 'visuals') {
      expect(job.status).toMatch(/queued|running/)
      await new Promise((resolve) => setTimeout(resolve, 100))
      job = RenderJobSchema.parse((await t.app.inject({ method: 'GET', url: jobUrl, headers })).json())
    }
    // A new version of a scene, drawn while the render child draws frames on the same cores.
    const edited = ProjectSchema.parse(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/projects/${other.id}`,
          headers,
          payload: {
            scenes: other.scenes.map((scene, index) =>
              index === 0 ? { ...scene, visual: 'A brass lantern on a frosted window sill' } : scene,
            ),
          },
        })
      ).json(),
    )
    const link = edited.scene_thumbnails[edited.scenes[0]?.id ?? ''] ?? ''
    expect(link).not.toBe(other.scene_thumbnails[other.scenes[0]?.id ?? ''])
    const thumbnail = await get(link)
    expect(thumbnail.statusCode).toBe(200)
    expect(thumbnail.headers['content-type']).toBe('image/webp')
    job = RenderJobSchema.parse((await t.app.inject({ method: 'GET', url: jobUrl, headers })).json())
    expect(job.status).toBe('running')
    // The cancel's answer shows it was taken: canceled already, or at least asked for while the worker stops.
    const canceled = RenderJobSchema.parse(
      (await t.app.inject({ method: 'POST', url: `${jobUrl}/cancel`, headers })).json(),
    )
    expect(canceled.cancel_requested).toBe(true)
    expect(['canceled', 'running']).toContain(canceled.status)
    while (job.status !== 'canceled') {
      await new Promise((resolve) => setTimeout(resolve, 100))
      job = RenderJobSchema.parse((await t.app.inject({ method: 'GET', url: jobUrl, headers })).json())
    }
  }, 120_000)

  it('fails a render before drawing when the measured speech makes it longer than a video may last', async () => {
    // Six 36-letter words a scene: 15 s each by the estimate the save checks, but the voice spells each
    // letter, for over a minute a scene.
    const narration = Array.from({ length: 6 }, () => 'x'.repeat(36)).join(' ')
    const { id } = await createFromScript('A fox walks to the harbour at dawn. The boats come home.', 45)
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${id}`,
      headers,
      payload: { scenes: [1, 2, 3].map(() => ({ narration, visual: 'A fox in the snow', duration: 15 })) },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const { job, seen } = await renderAndWait(id)
    expect(job.status).toBe('failed')
    expect(job.error).toMatch(
      /^The render failed: Scene 1 runs too long: spoken, its narration takes \d+ s more than the storyboard gives it, so the video would last at least \d+ s, over the 90 s limit\./,
    )
    expect(job.stage).toBe('voice')
    expect(seen.has('visuals')).toBe(false)
  }, 180_000)

  it("removes every project's files when the account is deleted", async () => {
    const url = rendered.outputs?.video_url ?? ''
    expect((await get(url)).statusCode).toBe(200)
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/me', headers })
    expect(deleted.statusCode).toBe(204)
    const after = await get(url)
    expect(after.statusCode).toBe(404)
    ApiErrorSchema.parse(after.json())
  })
})
