import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Batch } from '@storyreel/contracts/batches'
import type { RenderJob } from '@storyreel/contracts/studio'
import type { CreatedVideo } from '@storyreel/contracts/videos'

import { callJson, readOutboxCode } from '@storyreel/api/testing/server-process'

import { startServer } from './bench-server.ts'
import { getFreePort } from './free-port.ts'
import { writePerformanceSection } from './performance-doc.ts'

// `npm run bench:batch`: one account sends a 50-row batch; two seconds later another account asks for one
// video. The production server (one render worker, as `npm start` runs) takes accounts in turn, so the other
// account's render should start after at most one of the batch's. Reports both waits.
const ROWS = 50
const POLL_MS = 250
const TIMEOUT_MS = 30 * 60_000
const PASSWORD = 'violet-harbor-ladder-42'
const ADMIN = `bench-admin-${Date.now().toString(36)}@example.com`
const SUBJECTS = ['kite', 'lighthouse', 'bakery', 'train', 'garden', 'harbour', 'market', 'forest', 'bridge', 'river']

const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-bench-batch-'))
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
  ADMIN_EMAILS: ADMIN,
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

async function signUp(email: string): Promise<{ id: string; token: string }> {
  const registered = await call<{ access_token: string; id: string }>('POST', '/api/v1/auth/register', undefined, {
    email,
    password: PASSWORD,
  })
  await call('POST', '/api/v1/auth/confirm', undefined, { email, code: await readCode(email) })
  return { id: registered.id, token: registered.access_token }
}

const seconds = (from: string, to: string | null) => (to ? (Date.parse(to) - Date.parse(from)) / 1000 : NaN)
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

try {
  await signUp(ADMIN)
  const admin = await call<{ access_token: string }>('POST', '/admin/login', undefined, {
    email: ADMIN,
    password: PASSWORD,
  })
  const owner = await signUp(`bench-batch-owner-${Date.now().toString(36)}@example.com`)
  // Fifty renders in a day need the paid plan; the admin console grants it.
  await call('PATCH', `/admin/users/${owner.id}`, admin.access_token, { plan: 'paid' })
  const other = await signUp(`bench-batch-other-${Date.now().toString(36)}@example.com`)

  const rows = Array.from({ length: ROWS }, (_, index) => ({
    script: `The ${SUBJECTS[index % SUBJECTS.length]} at dawn, take ${index + 1}.`,
    title: `Row ${index + 1}`,
    ratio: '1:1',
  }))
  const load = os.loadavg()[0] ?? 0
  const sent = performance.now()
  let batch = await call<Batch>('POST', '/api/v1/videos/batch', owner.token, { title: 'Bench batch', rows })
  const answerSeconds = (performance.now() - sent) / 1000
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const single = await call<CreatedVideo>('POST', '/api/v1/videos', other.token, {
    script: 'A paper boat drifts down a rainy street.',
    settings: { aspect_ratio: '1:1' },
  })

  const deadline = Date.now() + TIMEOUT_MS
  let render: RenderJob | undefined
  while (batch.completed_at === null || render === undefined || ['queued', 'running'].includes(render.status)) {
    if (Date.now() > deadline) throw new Error('the batch did not finish in time')
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    batch = await call<Batch>('GET', `/api/v1/batches/${batch.id}`, owner.token)
    render = await call<RenderJob>('GET', single.status_url, other.token)
  }
  const renders = batch.rows.flatMap((row) => (row.render ? [row.render] : []))
  const before = renders.filter(
    (job) => job.started_at !== null && render && render.started_at && job.started_at < render.started_at,
  )
  const rowWaits = renders.map((job) => seconds(job.created_at, job.started_at))
  const firstCreated = renders.reduce(
    (min, job) => (job.created_at < min ? job.created_at : min),
    renders[0]?.created_at ?? '',
  )
  const lastFinished = renders.reduce((max, job) => ((job.finished_at ?? '') > max ? (job.finished_at ?? '') : max), '')
  const renderSeconds = renders.map((job) => job.render_seconds ?? NaN)
  const rowsTable = [
    '| Figure | Value |',
    '|---|---|',
    `| Batch | ${ROWS} one-sentence videos, 1:1 720p, voice, music and captions; ${batch.counts.succeeded} succeeded, ${batch.counts.failed} failed |`,
    `| POST /api/v1/videos/batch answered (50 drafts queued) | ${answerSeconds.toFixed(1)} s |`,
    `| Other account: wait from request to its render starting | **${seconds(render.created_at, render.started_at).toFixed(1)} s**; ${before.length} of the batch's ${ROWS} renders had started before it |`,
    `| Other account: request to finished video | ${seconds(render.created_at, render.finished_at).toFixed(1)} s (render ${render.render_seconds?.toFixed(1)} s) |`,
    `| Batch: a row's wait to start, median / longest | ${median(rowWaits).toFixed(1)} s / ${Math.max(...rowWaits).toFixed(1)} s |`,
    `| Batch: first request to last video finished | ${seconds(firstCreated, lastFinished).toFixed(1)} s |`,
    `| Batch: render time per video, median | ${median(renderSeconds).toFixed(1)} s |`,
  ]
  const notes = [
    '- Production server as `npm start` runs it (embedded database, one in-process render worker), fresh data folder.',
    `- The other account asks 2 s after the batch was accepted, while the batch's first render runs; rows of the batch started before it: ${before.length}.`,
    `- Load average (1 min) when the run started: ${load.toFixed(1)} on 2 cores${load > 1.5 ? ' — not an idle machine' : ''}.`,
  ]
  console.log([...rowsTable, '', ...notes].join('\n'))
  writePerformanceSection(
    'batch',
    `## Batches beside another account (npm run bench:batch)\n\n${rowsTable.join('\n')}\n\n${notes.join('\n')}\n`,
  )
  // Taking turns means the other account never waits behind more than the one batch render already running.
  if (before.length > 2) process.exitCode = 1
} finally {
  await server.stop()
  await rm(work, { recursive: true, force: true })
}
