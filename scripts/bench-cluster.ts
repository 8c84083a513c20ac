import { randomBytes } from 'node:crypto'
import { readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'

import { DEFAULT_PROJECT_SETTINGS } from '@storyreel/contracts/studio'
import { createDb } from '@storyreel/db/client'
import { sql } from '@storyreel/db/operators'

import { callJson } from '../apps/api/src/testing/server-process.ts'

import { ensureBuild, ROOT } from './build-state.ts'
import { startCluster, type Cluster } from './cluster-local.ts'

// `npm run bench:cluster`: the figures of docs/deploy.md, taken through the proxy of `npm run cluster:local`
// (2 API instances on PostgreSQL, Redis and the local S3 server): requests a second on a prerendered page and on
// GET /api/v1/auth/me, then renders a minute with 1 and with 2 worker processes. Bounded in time and requests.

const SECONDS = 10
const CONNECTIONS = 20
/** A ceiling on top of the duration, so a much faster machine still sends a bounded number of requests. */
const MAX_REQUESTS = 300_000
/** Renders queued at once for each worker count: 15 s videos, each with its own words (nothing reused). */
const RENDERS = 4
const POSTGRES = process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432'
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379'

const STORIES = [
  'A lighthouse keeper climbs the stairs at dusk. The lamp turns over a dark sea. A ship answers with its horn.',
  'A baker shapes loaves before sunrise. Flour drifts in the lamplight. The first customer knocks on the glass.',
  'A girl flies a red kite over the dunes. The wind pulls it higher. Gulls circle around the bright tail.',
  'An old train crosses a snowy bridge. Steam rolls over the pines. A fox watches from the frozen river bank.',
]

async function readOutboxCode(dataDir: string, email: string): Promise<string> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    for (const instance of await readdir(dataDir)) {
      const outbox = path.join(dataDir, instance, 'outbox')
      for (const file of await readdir(outbox).catch(() => [] as string[])) {
        const text = await readFile(path.join(outbox, file), 'utf8')
        const code = text.includes(email) ? /\b(\d{6})\b/.exec(text)?.[1] : undefined
        if (code) return code
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no code e-mail for ${email}`)
}

/** The calls answer JSON objects. */
const call = async (base: string, method: string, url: string, token?: string, body?: unknown) =>
  (await callJson(base, method, url, token, body)) as Record<string, unknown>

async function signUp(cluster: Cluster, dataDir: string): Promise<string> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`
  await call(cluster.url, 'POST', '/api/v1/auth/register', undefined, { email, password: 'violet-harbor-ladder-42' })
  const code = await readOutboxCode(dataDir, email)
  const confirmed = await call(cluster.url, 'POST', '/api/v1/auth/confirm', undefined, { email, code })
  return String(confirmed.access_token)
}

async function requestsPerSecond(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    // In a thread of its own: the proxy and the S3 server run on this process's main thread.
    workers: 1,
    duration: SECONDS,
    maxOverallRequests: MAX_REQUESTS,
  })
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

/** Queues RENDERS renders at once (two users, two each, within the free plan) and times them all. */
async function rendersPerMinute(cluster: Cluster, dataDir: string) {
  const tokens = [await signUp(cluster, dataDir), await signUp(cluster, dataDir)]
  const jobs: { token: string; path: string }[] = []
  const started = Date.now()
  for (const [index, text] of STORIES.slice(0, RENDERS).entries()) {
    const token = tokens[index % tokens.length] ?? ''
    const project = await call(cluster.url, 'POST', '/api/v1/projects', token, {
      source: { kind: 'script', text },
      settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 15 },
    })
    const job = await call(cluster.url, 'POST', `/api/v1/projects/${String(project.id)}/renders`, token, {})
    jobs.push({ token, path: `/api/v1/projects/${String(project.id)}/renders/${String(job.id)}` })
  }
  const seconds: number[] = []
  for (const job of jobs) {
    for (;;) {
      const state = await call(cluster.url, 'GET', job.path, job.token)
      if (state.status === 'failed') throw new Error(`a render failed: ${String(state.error)}`)
      if (state.status === 'succeeded') {
        seconds.push(Number(state.render_seconds))
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  const wall = (Date.now() - started) / 1000
  return {
    renders: RENDERS,
    wallSeconds: Math.round(wall * 10) / 10,
    perMinute: Math.round((RENDERS / wall) * 60 * 100) / 100,
    secondsEach: seconds.map((value) => Math.round(value * 10) / 10),
  }
}

async function withCluster<T>(workers: number, run: (cluster: Cluster, dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = path.join(os.tmpdir(), `storyreel-bench-cluster-${randomBytes(4).toString('hex')}`)
  const database = `storyreel_bench_${randomBytes(4).toString('hex')}`
  const cluster = await startCluster({
    databaseUrl: `${POSTGRES}/${database}`,
    redisUrl: REDIS_URL,
    redisPrefix: `storyreel-bench-${randomBytes(4).toString('hex')}:`,
    dataDir,
    workers,
    webBuildDir: path.join(ROOT, 'apps/web/build'),
    // The load comes from one address; the per-IP limits would answer 429 to nearly all of it.
    env: { SESSION_RATE_LIMIT_PER_MINUTE: '100000000', STUDIO_RATE_LIMIT_PER_MINUTE: '100000' },
    stdio: 'ignore',
  })
  try {
    return await run(cluster, dataDir)
  } finally {
    await cluster.stop()
    await rm(dataDir, { recursive: true, force: true })
    const admin = createDb(`${POSTGRES}/postgres`, { poolSize: 1, queryTimeoutMs: 60_000 })
    await admin.db.execute(sql.raw(`drop database if exists ${database} with (force)`))
    await admin.close()
  }
}

ensureBuild()
const load = () => os.loadavg().map((value) => value.toFixed(2))
const figures: Record<string, unknown> = { cores: os.cpus().length, loadBefore: load() }
await withCluster(1, async (cluster, dataDir) => {
  const token = await signUp(cluster, dataDir)
  const auth = { authorization: `Bearer ${token}` }
  figures.page = await requestsPerSecond(`${cluster.url}/pricing`)
  figures.authMe = await requestsPerSecond(`${cluster.url}/api/v1/auth/me`, auth)
  // The same on one instance without the proxy, for what the proxy costs.
  const direct = cluster.instances[0]?.url ?? ''
  figures.pageOneInstanceDirect = await requestsPerSecond(`${direct}/pricing`)
  figures.authMeOneInstanceDirect = await requestsPerSecond(`${direct}/api/v1/auth/me`, auth)
  figures.loadAfterHttp = load()
  figures.renders1Worker = await rendersPerMinute(cluster, dataDir)
  figures.loadAfter1Worker = load()
})
await withCluster(2, async (cluster, dataDir) => {
  figures.renders2Workers = await rendersPerMinute(cluster, dataDir)
  figures.loadAfter2Workers = load()
})
console.log(JSON.stringify(figures, null, 2))
