import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_PROJECT_SETTINGS, ProjectSchema, RenderJobSchema, type RenderJob } from '@storyreel/contracts/studio'
import { probeMedia } from '@storyreel/engine/engine'

import {
  callJson,
  createEmptyWebBuild,
  readOutboxCode,
  startServerProcess,
  type ServerProcess,
} from '#src/testing/server-process.ts'
import { GOOD_PASSWORD, uniqueEmail } from '#src/testing/test-app.ts'

const LEASE_SECONDS = 3

describe('a render killed midway', () => {
  let dataDir: string
  let webBuild: Awaited<ReturnType<typeof createEmptyWebBuild>>
  const servers: ServerProcess[] = []

  const start = async () => {
    const server = await startServerProcess({
      cwd: dataDir,
      env: {
        DATA_DIR: dataDir,
        WEB_BUILD_DIR: webBuild.dir,
        RENDER_WORKERS: '1',
        RENDER_LEASE_SECONDS: String(LEASE_SECONDS),
        STUDIO_RATE_LIMIT_PER_MINUTE: '100000',
      },
    })
    servers.push(server)
    return server
  }

  beforeAll(async () => {
    ;[dataDir, webBuild] = await Promise.all([
      mkdtemp(path.join(os.tmpdir(), 'storyreel-render-kill-')),
      createEmptyWebBuild(),
    ])
  })

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGKILL')))
    await Promise.all([rm(dataDir, { recursive: true, force: true }), webBuild.remove()])
  })

  it('is taken up again after the server restarts, and finishes', async () => {
    let server = await start()
    const call = (method: string, url: string, token?: string, body?: unknown) =>
      callJson(server.url, method, url, token, body)
    const email = uniqueEmail('render-kill')
    const { access_token: token } = (await call('POST', '/api/v1/auth/register', undefined, {
      email,
      password: GOOD_PASSWORD,
    })) as { access_token: string }
    await call('POST', '/api/v1/auth/confirm', undefined, { email, code: await readOutboxCode(dataDir, email) })
    const project = ProjectSchema.parse(
      await call('POST', '/api/v1/projects', token, {
        source: { kind: 'script', text: 'A paper boat drifts down a rainy street. A child runs after it, laughing.' },
        // The shortest storyboard the contract allows: the restart, not the length, is what this tests.
        settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 15 },
      }),
    )
    const queued = RenderJobSchema.parse(await call('POST', `/api/v1/projects/${project.id}/renders`, token, {}))
    const getJob = async () =>
      RenderJobSchema.parse(await call('GET', `/api/v1/projects/${project.id}/renders/${queued.id}`, token))

    // Kill the whole server (worker and its render child) once the frames are being drawn.
    let job: RenderJob = queued
    const drawing = Date.now() + 60_000
    while (!(job.stage === 'visuals' && job.progress > 20)) {
      if (Date.now() > drawing || job.status === 'succeeded') throw new Error(`never caught it drawing: ${job.stage}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
      job = await getJob()
    }
    await server.kill('SIGKILL')

    server = await start()
    const finished = Date.now() + 90_000
    while (job.status !== 'succeeded' && job.status !== 'failed') {
      if (Date.now() > finished) throw new Error(`the render did not finish after the restart: ${job.status}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
      job = await getJob()
    }
    expect(job.status).toBe('succeeded')
    expect(job.attempts).toBe(2)
    const video = await fetch(`${server.url}${job.outputs?.video_url ?? ''}`)
    const file = path.join(dataDir, 'after-restart.mp4')
    await writeFile(file, Buffer.from(await video.arrayBuffer()))
    const probe = await probeMedia(file)
    const total = project.scenes.reduce((sum, scene) => sum + scene.duration, 0)
    expect(Math.abs(probe.durationSeconds - total) / total).toBeLessThan(0.05)
  }, 180_000)
})
