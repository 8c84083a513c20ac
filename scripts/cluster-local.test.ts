import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_PROJECT_SETTINGS, ProjectSchema, RenderJobSchema, type RenderJob } from '@storyreel/contracts/studio'
import { probeMedia } from '@storyreel/engine/engine'

import { createS3MediaStore } from '../apps/api/src/adapters/media/s3-media-store.ts'
import { renderCachePrefix } from '../apps/api/src/adapters/media/store-render-cache.ts'
import { createPostgresDatabase } from '../apps/api/src/testing/postgres-database.ts'
import { callJson, createEmptyWebBuild } from '../apps/api/src/testing/server-process.ts'
import { readCode, startSmtpReceiver, type SmtpReceiver } from '../apps/api/src/testing/smtp-receiver.ts'

import { startCluster, type Cluster } from './cluster-local.ts'

// `npm test` passes these when PostgreSQL and Redis answer on 127.0.0.1 (CI's do).
const POSTGRES_URL = process.env.TEST_DATABASE_URL
const REDIS_URL = process.env.TEST_REDIS_URL

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!POSTGRES_URL || !REDIS_URL)('npm run cluster:local', () => {
  let cluster: Cluster
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  let webBuild: Awaited<ReturnType<typeof createEmptyWebBuild>>
  let smtp: SmtpReceiver
  let dataDir: string

  beforeAll(async () => {
    ;[database, webBuild, smtp, dataDir] = await Promise.all([
      createPostgresDatabase(POSTGRES_URL ?? ''),
      createEmptyWebBuild(),
      startSmtpReceiver(),
      mkdtemp(path.join(os.tmpdir(), 'storyreel-cluster-')),
    ])
    cluster = await startCluster({
      databaseUrl: database.url,
      redisUrl: REDIS_URL ?? '',
      redisPrefix: `storyreel-cluster-test-${randomBytes(4).toString('hex')}:`,
      dataDir,
      webBuildDir: webBuild.dir,
      // A killed worker's job is handed on after 3 s instead of 30.
      leaseSeconds: 3,
      env: { SMTP_URL: smtp.url, STUDIO_RATE_LIMIT_PER_MINUTE: '100000' },
      stdio: 'ignore',
    })
  }, 90_000)

  afterAll(async () => {
    await cluster?.stop()
    await Promise.all([database?.drop(), webBuild?.remove(), smtp?.close()])
    await rm(dataDir, { recursive: true, force: true })
  }, 60_000)

  it('signs up on one instance, renders through the proxy on a worker that is killed and replaced, and plays on the other instance', async () => {
    const [first, second] = cluster.instances.map((instance) => instance.url ?? '')
    const call = callJson
    // Sign up and confirm on the first instance.
    const email = `cluster-${randomBytes(4).toString('hex')}@example.com`
    await call(first ?? '', 'POST', '/api/v1/auth/register', undefined, { email, password: 'violet-harbor-ladder-42' })
    const confirmed = (await call(first ?? '', 'POST', '/api/v1/auth/confirm', undefined, {
      email,
      code: readCode(await smtp.waitForMail(email)),
    })) as { access_token: string; id: string }
    const token = confirmed.access_token

    // Make and render through the proxy.
    const project = ProjectSchema.parse(
      await call(cluster.url, 'POST', '/api/v1/projects', token, {
        source: { kind: 'script', text: 'A paper boat drifts down a rainy street. A child runs after it, laughing.' },
        // The shortest storyboard the contract allows: sharing, not length, is what this tests.
        settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 15 },
      }),
    )
    const queued = RenderJobSchema.parse(
      await call(cluster.url, 'POST', `/api/v1/projects/${project.id}/renders`, token, {}),
    )
    const getJob = async () =>
      RenderJobSchema.parse(
        await call(cluster.url, 'GET', `/api/v1/projects/${project.id}/renders/${queued.id}`, token),
      )

    // Kill the worker once its first scene's parts are in the store.
    const store = createS3MediaStore(cluster.s3.config)
    const segmentsPrefix = `/${cluster.s3.bucket}/${renderCachePrefix(confirmed.id)}/segments/`
    const storedSegments = () =>
      cluster.s3.requests.filter((line) => line.startsWith('PUT') && line.includes(segmentsPrefix)).length
    let job: RenderJob = queued
    const drawing = Date.now() + 90_000
    while (storedSegments() < 2) {
      if (Date.now() > drawing || job.status === 'succeeded') throw new Error(`never caught it drawing: ${job.stage}`)
      await sleep(100)
      job = await getJob()
    }
    const [worker] = cluster.workers
    worker?.child.kill('SIGKILL')
    await worker?.exited
    cluster.startWorker()

    const finished = Date.now() + 120_000
    while (job.status !== 'succeeded' && job.status !== 'failed') {
      if (Date.now() > finished) throw new Error(`the render did not finish on the new worker: ${job.status}`)
      await sleep(250)
      job = await getJob()
    }
    expect(job.status, job.error ?? '').toBe('succeeded')
    expect(job.attempts).toBe(2)
    // The new worker took the killed one's voice clips and first scene from the shared store.
    expect(job.reused_scenes).toBeGreaterThanOrEqual(1)

    // Play it through the second instance: a ranged read, as a video element seeks.
    const onSecond = RenderJobSchema.parse(
      await call(second ?? '', 'GET', `/api/v1/projects/${project.id}/renders/${queued.id}`, token),
    )
    const videoUrl = `${second ?? ''}${onSecond.outputs?.video_url ?? ''}`
    const ranged = await fetch(videoUrl, { headers: { range: 'bytes=0-1023' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-1023\/\d+$/)
    const head = Buffer.from(await ranged.arrayBuffer())
    expect(head.subarray(4, 8).toString('latin1')).toBe('ftyp')
    const whole = await fetch(videoUrl)
    const file = path.join(dataDir, 'played.mp4')
    await writeFile(file, Buffer.from(await whole.arrayBuffer()))
    const probe = await probeMedia(file)
    const total = project.scenes.reduce((sum, scene) => sum + scene.duration, 0)
    expect(Math.abs(probe.durationSeconds - total) / total).toBeLessThan(0.05)
    const stored = await store.stat(`projects/${project.id}/renders/${queued.id}/video.mp4`)
    expect(stored?.size).toBe(Number(whole.headers.get('content-length')))
    store.close()
  }, 300_000)
})
