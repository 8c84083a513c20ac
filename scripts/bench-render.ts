import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { DEFAULT_PROJECT_SETTINGS, VIDEO_FPS, type Project, type RenderJob } from '@storyreel/contracts/studio'

import { probeMedia } from '@storyreel/engine/engine'
import { callJson, readOutboxCode } from '@storyreel/api/testing/server-process'

import { startServer } from './bench-server.ts'
import { writePerformanceSection } from './performance-doc.ts'
import { getFreePort } from './free-port.ts'

// `npm run bench:render`: a 30-second 720p 9:16 video with 6 scenes, voice and music, rendered by
// the production server (queue, in-process worker, render child process) on a fresh data folder, so
// nothing is reused. Then one scene's narration changes and the video renders again.
const TARGET_SECONDS = 30
/** The wall-time goal for a 30 s video through the API path (the pictures issue). */
const WALL_TARGET_SECONDS = 15
const POLL_MS = 100
const RENDER_TIMEOUT_MS = 5 * 60_000
const PASSWORD = 'violet-harbor-ladder-42'
// Six sentences of at most eight words: with ", take N" each fits a five-second scene at 150 words a minute,
// so no scene is lengthened to fit its narration and the video stays 30 s.
const SCRIPT = [
  'At dawn, fishing boats glide across the harbour.',
  'A baker pulls fresh bread from the oven.',
  'Children race their bicycles through narrow streets.',
  'Gulls circle above the lighthouse at noon.',
  'At dusk, musicians play guitars by the cathedral.',
  'Under the stars, the little town sleeps.',
].join(' ')

const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-bench-render-'))
await mkdir(path.join(work, 'web', 'client'), { recursive: true })
await writeFile(path.join(work, 'web', 'client', '__spa-fallback.html'), '<!doctype html><html><body></body></html>')
const dataDir = path.join(work, 'data')
const unlimited = '100000000'
const server = await startServer(await getFreePort(), {
  DATA_DIR: dataDir,
  WEB_BUILD_DIR: path.join(work, 'web'),
  AUTH_RATE_LIMIT_PER_MINUTE: unlimited,
  SESSION_RATE_LIMIT_PER_MINUTE: unlimited,
  STUDIO_RATE_LIMIT_PER_MINUTE: unlimited,
  RENDER_WORKERS: '1',
  DATABASE_URL: undefined,
  REDIS_URL: undefined,
  SMTP_URL: undefined,
  SCRIPT_API_URL: undefined,
  TTS_API_URL: undefined,
  IMAGE_API_URL: undefined,
})

const call = <T>(method: string, url: string, token?: string, body?: unknown) =>
  callJson(server.url, method, url, token, body) as Promise<T>
/** The outbox mailer writes each code e-mail to DATA_DIR/outbox (decision 012). */
const readCode = (email: string) => readOutboxCode(dataDir, email)

async function render(projectId: string, token: string): Promise<{ job: RenderJob; wallSeconds: number }> {
  const started = performance.now()
  let job = await call<RenderJob>('POST', `/api/v1/projects/${projectId}/renders`, token, { resolution: '720p' })
  const deadline = Date.now() + RENDER_TIMEOUT_MS
  while (job.status === 'queued' || job.status === 'running') {
    if (Date.now() > deadline) throw new Error('render did not finish in time')
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    job = await call<RenderJob>('GET', `/api/v1/projects/${projectId}/renders/${job.id}`, token)
  }
  if (job.status !== 'succeeded') throw new Error(`render ${job.status}: ${job.error ?? ''}`)
  return { job, wallSeconds: (performance.now() - started) / 1000 }
}

try {
  // A user per take: a free plan renders three times a day, and the first take also renders a second time.
  const signUp = async (take: number) => {
    const email = `bench-render-${take}-${Date.now().toString(36)}@example.com`
    const registered = await call<{ access_token: string }>('POST', '/api/v1/auth/register', undefined, {
      email,
      password: PASSWORD,
    })
    await call('POST', '/api/v1/auth/confirm', undefined, { email, code: await readCode(email) })
    return registered.access_token
  }
  const token = await signUp(1)
  const { tracks } = await call<{ tracks: { id: string; genre: string }[] }>('GET', '/api/v1/music')
  const track = tracks.find((candidate) => candidate.genre === 'cinematic') ?? tracks[0]
  if (!track) throw new Error('the music library is empty: run npm run music:render')
  // Three renders on an empty cache: each project's words differ (a take number in every sentence), so no
  // voice clip or scene video of one run can serve another.
  const makeProject = async (take: number, owner: string) => {
    const created = await call<Project>('POST', '/api/v1/projects', owner, {
      title: `Harbour town, take ${take}`,
      source: { kind: 'script', text: SCRIPT },
      settings: {
        style: 'cinematic',
        aspect_ratio: '9:16',
        target_seconds: TARGET_SECONDS,
        voice_id: DEFAULT_PROJECT_SETTINGS.voice_id,
        voice_speed: 1,
        music_id: track.id,
        voice_volume: 1,
        music_volume: 0.6,
        captions: { enabled: true, style: 'karaoke' },
      },
    })
    // Exactly six scenes of five seconds: one sentence each.
    const sentences = SCRIPT.split(/(?<=\.)\s+/)
    const saved = await call<Project>('PATCH', `/api/v1/projects/${created.id}`, owner, {
      scenes: sentences.map((narration, index) => ({
        narration: take === 1 ? narration : `${narration.replace(/\.$/, '')}, take ${take}.`,
        visual: created.scenes[index]?.visual ?? narration,
        duration: TARGET_SECONDS / sentences.length,
      })),
    })
    const total = saved.scenes.reduce((sum, scene) => sum + scene.duration, 0)
    if (total !== TARGET_SECONDS) throw new Error(`the storyboard lasts ${total} s, not ${TARGET_SECONDS} s`)
    return saved
  }
  const load = os.loadavg()[0] ?? 0
  const project = await makeProject(1, token)
  const takes = [await render(project.id, token)]
  for (const take of [2, 3]) {
    const owner = await signUp(take)
    takes.push(await render((await makeProject(take, owner)).id, owner))
  }
  const first = [...takes].sort((a, b) => a.wallSeconds - b.wallSeconds)[1] ?? takes[0]
  if (!first) throw new Error('no render finished')
  const video = await fetch(`${server.url}${first.job.outputs?.video_url ?? ''}`)
  const file = path.join(work, 'bench.mp4')
  await writeFile(file, Buffer.from(await video.arrayBuffer()))
  const probe = await probeMedia(file)

  // Change one scene's words and render again: the other five scenes come from the cache.
  const edited = project.scenes.map((scene, index) =>
    index === 2
      ? { ...scene, narration: 'Children race their bicycles past the bakery, laughing all the way.' }
      : scene,
  )
  await call('PATCH', `/api/v1/projects/${project.id}`, token, { scenes: edited })
  const second = await render(project.id, token)

  const stages = first.job.stage_seconds ?? {}
  const bitrate = (probe.sizeBytes * 8) / probe.durationSeconds / 1000
  const met = first.wallSeconds <= WALL_TARGET_SECONDS
  const frames = TARGET_SECONDS * VIDEO_FPS
  const rows = [
    '| Figure | Value |',
    '|---|---|',
    `| Video | ${probe.durationSeconds.toFixed(2)} s, ${first.job.outputs?.width}×${first.job.outputs?.height}, 6 scenes, voice, music, word-by-word captions |`,
    `| Wall time, request to finished MP4 (median of 3) | **${first.wallSeconds.toFixed(1)} s** (target ≤ ${WALL_TARGET_SECONDS} s: ${met ? 'met' : 'NOT met'}); runs ${takes.map((take) => take.wallSeconds.toFixed(1)).join(', ')} s |`,
    `| Render time inside the worker | ${first.job.render_seconds?.toFixed(1)} s |`,
    ...Object.entries(stages).map(([stage, seconds]) => `| Stage: ${stage} | ${seconds.toFixed(2)} s |`),
    `| Draw and encode per frame (visuals stage ÷ ${frames} frames) | ${(((stages.visuals ?? 0) * 1000) / frames).toFixed(1)} ms |`,
    `| File size | ${(probe.sizeBytes / 1024 / 1024).toFixed(2)} MiB |`,
    `| Bitrate (total) | ${Math.round(bitrate).toLocaleString('en-US')} kbit/s |`,
    `| Streams | ${probe.streams.map((stream) => `${stream.type} ${stream.codec}`).join(', ')} |`,
    `| Re-render after changing one scene | ${second.wallSeconds.toFixed(1)} s, ${second.job.reused_scenes} of 6 scenes reused |`,
  ]
  const notes = [
    '- Production path: `POST /api/v1/projects/:id/renders`, the database queue, the in-process worker and its render child process; polled every 100 ms.',
    '- Empty cache for each of the three renders: a fresh data folder, and words that differ per run.',
    `- Load average (1 min) when the runs started: ${load.toFixed(1)} on 2 cores${load > 1.5 ? ' — not an idle machine; the figures are slower than idle' : ''}.`,
    '- Encoder: libx264 from the npm-shipped ffmpeg; server, worker and encoder share the 2-core machine.',
  ]
  console.log([...rows, '', ...notes].join('\n'))
  writePerformanceSection(
    'render',
    `## Rendering (npm run bench:render)\n\n${rows.join('\n')}\n\n${notes.join('\n')}\n`,
  )
  if (!met) process.exitCode = 1
} finally {
  await server.stop()
  await rm(work, { recursive: true, force: true })
}
