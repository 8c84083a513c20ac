import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { createDb } from '@storyreel/db/client'
import { eq } from '@storyreel/db/operators'
import { users } from '@storyreel/db/schema'
import { runFfmpeg } from '@storyreel/engine/engine'

import { createOutboxMailer } from '../apps/api/src/adapters/mailer/outbox-mailer.ts'
import { buildApp } from '../apps/api/src/app.ts'
import { loadConfig } from '../apps/api/src/config.ts'
import { loadSite } from '../apps/api/src/modules/site/site-files.ts'
import { createEmptyWebBuild } from '../apps/api/src/testing/server-process.ts'
import { ROOT } from './build-state.ts'
import { getFreePort } from './free-port.ts'
import { writePerformanceSection } from './performance-doc.ts'

// `npm run bench:upload`: the media library's upload path on the production app with embedded PGlite, in this
// process, on loopback. (1) A 500 MB file is streamed from a separate client process while this process's
// resident memory is sampled: the upload must go to disk as it arrives, not into memory. (2) A one-minute
// 4K HEVC 10-bit HLG clip, as an iPhone records it, is uploaded and converted by the in-process render worker.
const BIG_UPLOAD_BYTES = 500_000_000
const SAMPLE_MS = 50
const CLIP_SECONDS = 60
const CONVERSION_TIMEOUT_MS = 20 * 60_000
const PASSWORD = 'violet-harbor-ladder-42'
/** The 4K clip takes minutes to encode: it is kept between runs. */
const CLIP_PATH = path.join(ROOT, 'test-results', 'bench-upload-4k-hevc10-hlg.mov')

async function makePhoneClip(): Promise<void> {
  if (existsSync(CLIP_PATH)) return
  await mkdir(path.dirname(CLIP_PATH), { recursive: true })
  console.log(`Encoding a ${CLIP_SECONDS} s 4K HEVC 10-bit HLG clip (once; kept in test-results)…`)
  await runFfmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=3840x2160:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:sample_rate=48000',
    '-t',
    String(CLIP_SECONDS),
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p10le',
    '-x265-params',
    'log-level=error',
    '-color_primaries',
    'bt2020',
    '-color_trc',
    'arib-std-b67',
    '-colorspace',
    'bt2020nc',
    '-c:a',
    'aac',
    `${CLIP_PATH}.encoding.mov`,
  ])
  // Held upright, a phone records landscape pixels and a quarter-turn for players.
  await runFfmpeg(['-y', '-i', `${CLIP_PATH}.encoding.mov`, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', CLIP_PATH])
  await rm(`${CLIP_PATH}.encoding.mov`)
}

const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-bench-upload-'))
const webBuild = await createEmptyWebBuild()
const dataDir = path.join(work, 'data')
const config = loadConfig({
  LOG_LEVEL: 'error',
  DATA_DIR: dataDir,
  RENDER_WORKERS: '1',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  STUDIO_RATE_LIMIT_PER_MINUTE: '100000',
})
const db = createDb(path.join(dataDir, 'pglite'))
await db.migrate()
const mailer = createOutboxMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mail.from })
const app = await buildApp({ config, deps: { site: await loadSite(webBuild.dir), db, mailer } })
const port = await getFreePort()
await app.listen({ port, host: '127.0.0.1' })
const base = `http://127.0.0.1:${port}`

async function call<T>(url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (await response.json()) as T
}

/** Streams a multipart upload from a child process, so the file's bytes are never in this process's heap. */
function uploadFromChild(token: string, source: { bytes: number } | { file: string }) {
  const script = `
    const http = require('node:http'); const fs = require('node:fs'); const crypto = require('node:crypto')
    const [url, token, kind, value] = process.argv.slice(1)
    const boundary = 'benchboundary' + crypto.randomBytes(6).toString('hex')
    const head = Buffer.from('--' + boundary + '\\r\\nContent-Disposition: form-data; name="file"; filename="bench.bin"\\r\\nContent-Type: application/octet-stream\\r\\n\\r\\n')
    const tail = Buffer.from('\\r\\n--' + boundary + '--\\r\\n')
    const size = kind === 'bytes' ? Number(value) : fs.statSync(value).size
    const started = performance.now()
    const request = http.request(url, { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'multipart/form-data; boundary=' + boundary, 'content-length': head.length + size + tail.length } }, (response) => {
      let body = ''; response.on('data', (c) => (body += c)); response.on('end', () => { process.stdout.write(JSON.stringify({ status: response.statusCode, body, ms: performance.now() - started })) })
    })
    request.write(head)
    const finish = () => request.end(tail)
    if (kind === 'file') { const stream = fs.createReadStream(value); stream.pipe(request, { end: false }); stream.on('end', finish) }
    else {
      const chunk = crypto.randomBytes(1 << 20); let sent = 0
      const pump = () => { while (sent < size) { const part = chunk.subarray(0, Math.min(chunk.length, size - sent)); sent += part.length; if (!request.write(part)) return request.once('drain', pump) } finish() }
      pump()
    }`
  const child = spawn(
    process.execPath,
    [
      '-e',
      script,
      `${base}/api/v1/assets`,
      token,
      'bytes' in source ? 'bytes' : 'file',
      'bytes' in source ? String(source.bytes) : source.file,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as { status: number; body: string; ms: number })
        : reject(new Error(`upload client exited ${code}`)),
    )
  })
}

const rssMb = () => process.memoryUsage().rss / 1e6

try {
  await makePhoneClip()
  const email = `bench-${Date.now().toString(36)}@example.com`
  await call('/api/v1/auth/register', { email, password: PASSWORD })
  await new Promise((resolve) => setTimeout(resolve, 500))
  const outbox = path.join(dataDir, 'outbox')
  const { readdir } = await import('node:fs/promises')
  const [mail] = await readdir(outbox)
  const code = /code is: (\d{6})/.exec(
    (await readFile(path.join(outbox, mail ?? ''), 'utf8')).replace(/=\r?\n/g, ''),
  )?.[1]
  const { access_token: token, id } = await call<{ access_token: string; id: string }>('/api/v1/auth/confirm', {
    email,
    code,
  })
  // Premium: 2 GB a file, 20-minute clips.
  await db.db.update(users).set({ plan: 'paid' }).where(eq(users.id, id))

  global.gc?.()
  const baseline = rssMb()
  let peak = baseline
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), SAMPLE_MS)
  const big = await uploadFromChild(token, { bytes: BIG_UPLOAD_BYTES })
  clearInterval(sampler)
  const throughput = BIG_UPLOAD_BYTES / 1e6 / (big.ms / 1000)
  console.log(
    `500 MB upload: ${big.status} in ${(big.ms / 1000).toFixed(1)} s, RSS ${baseline.toFixed(0)} → peak ${peak.toFixed(0)} MB`,
  )

  const clipBytes = (await import('node:fs')).statSync(CLIP_PATH).size
  const clip = await uploadFromChild(token, { file: CLIP_PATH })
  if (clip.status !== 201) throw new Error(`the 4K clip was refused: ${clip.status} ${clip.body}`)
  const asset = JSON.parse(clip.body) as { id: string; width: number; height: number }
  const convertStarted = performance.now()
  let ready: { status: string; width: number; height: number; error: string | null } | undefined
  while (performance.now() - convertStarted < CONVERSION_TIMEOUT_MS) {
    ready = await call(`/api/v1/assets/${asset.id}`, undefined, token)
    if (ready?.status !== 'processing') break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const convertSeconds = (performance.now() - convertStarted) / 1000
  if (ready?.status !== 'ready') throw new Error(`conversion ended ${ready?.status}: ${ready?.error}`)

  const markdown = [
    '## Media library uploads (npm run bench:upload)',
    '',
    'The production app in one process with embedded PGlite and one render worker; each upload streamed from a separate client process over loopback.',
    '',
    '| Figure | Value |',
    '| --- | --- |',
    `| 500 MB upload (random bytes: received, counted, written to scratch, then refused as no media) | ${(big.ms / 1000).toFixed(1)} s, ${throughput.toFixed(0)} MB/s, answered ${big.status} |`,
    `| Server resident memory during it | ${baseline.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most: +${(peak - baseline).toFixed(0)} MB |`,
    `| 1-minute 4K HEVC 10-bit HLG phone clip (${(clipBytes / 1e6).toFixed(0)} MB) upload | ${(clip.ms / 1000).toFixed(1)} s |`,
    `| Its conversion to 1080p H.264 30 fps (tone-mapped, turned upright: ${ready.width} × ${ready.height}) | ${convertSeconds.toFixed(1)} s (${(CLIP_SECONDS / convertSeconds).toFixed(2)}× real time) |`,
  ].join('\n')
  console.log(`\n${markdown}`)
  writePerformanceSection('upload', markdown)
  console.log('\nWritten to docs/performance.md')
} finally {
  await app.close()
  mailer.close()
  await db.close()
  await webBuild.remove()
  await rm(work, { recursive: true, force: true })
}
