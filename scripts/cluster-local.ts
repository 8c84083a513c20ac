import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'

import { createProxyServer } from 'http-proxy-3'

import { createDb } from '@storyreel/db/client'
import { sql } from '@storyreel/db/operators'

import { startS3Server, type S3Server } from '../apps/api/src/testing/s3-server.ts'

import { ensureBuild, ROOT } from './build-state.ts'
import { getFreePort } from './free-port.ts'

export type ClusterOptions = {
  /** The proxy's port; 0 picks a free one. */
  port?: number
  /** A database of the cluster's own on the PostgreSQL server; created when it is not there. */
  databaseUrl: string
  redisUrl: string
  /** Keys and channels of this cluster in Redis (rate limits, session invalidation). */
  redisPrefix: string
  /** API instances, and render workers in processes of their own. */
  instances?: number
  workers?: number
  /** Media, outboxes and the S3 server's objects. */
  dataDir: string
  webBuildDir?: string
  leaseSeconds?: number
  /** More environment for the instances and workers (SMTP_URL, rate limits). */
  env?: Record<string, string>
  /** Where the processes' log lines go; by default this terminal. */
  stdio?: 'inherit' | 'ignore'
}

export type ClusterProcess = { name: string; url: string | undefined; child: ChildProcess; exited: Promise<void> }

export type Cluster = {
  /** The reverse proxy in front of the instances: the cluster's address. */
  url: string
  instances: ClusterProcess[]
  workers: ClusterProcess[]
  s3: S3Server
  /** Starts one more render worker (after one was killed, say). */
  startWorker(): ClusterProcess
  /** Stops the proxy, then every process (SIGTERM: a render in progress goes back to the queue), then the store. */
  stop(): Promise<void>
}

const API_ENTRY = path.join(ROOT, 'apps/api/src/server.ts')
const WORKER_ENTRY = path.join(ROOT, 'apps/api/src/worker.ts')

/** Creates the database on its server when it is missing; the instances apply the migrations. */
async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl)
  const name = url.pathname.replace(/^\//, '')
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Give the cluster a plain database name, not "${name}"`)
  url.pathname = '/postgres'
  // Creating a database takes seconds on a loaded machine, past the 2 s a request may wait.
  const admin = createDb(url.toString(), { poolSize: 1, queryTimeoutMs: 60_000 })
  try {
    const found = await admin.db.execute(sql`select 1 from pg_database where datname = ${name}`)
    if (found.rows.length === 0) await admin.db.execute(sql.raw(`create database ${name}`))
  } finally {
    await admin.close()
  }
}

async function waitForHealth(process: ClusterProcess): Promise<void> {
  const deadline = Date.now() + 60_000
  let exited = false
  void process.exited.then(() => (exited = true))
  for (;;) {
    if (exited) throw new Error(`${process.name} exited before it answered /healthz`)
    try {
      if ((await fetch(`${process.url}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${process.name} did not answer /healthz within 60 s`)
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}

/**
 * A scaled-out StoryReel on one machine: API instances that render nothing themselves, render workers in
 * processes of their own, PostgreSQL, Redis and an S3-compatible store (s3rver on 127.0.0.1) that they all
 * share, and a round-robin reverse proxy in front, as a load balancer would be.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { instances: instanceCount = 2, workers: workerCount = 1, stdio = 'inherit' } = options
  await ensureDatabase(options.databaseUrl)
  await mkdir(options.dataDir, { recursive: true })
  const s3 = await startS3Server({ directory: path.join(options.dataDir, 's3'), bucket: 'storyreel-cluster' })
  const proxyPort = options.port || (await getFreePort())
  const proxyUrl = `http://127.0.0.1:${proxyPort}`
  const shared: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    RATE_LIMIT_PREFIX: options.redisPrefix,
    // Every instance must accept the links any other signed.
    MEDIA_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    RENDER_LEASE_SECONDS: String(options.leaseSeconds ?? 30),
    PUBLIC_URL: proxyUrl,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    ...(options.webBuildDir ? { WEB_BUILD_DIR: options.webBuildDir } : {}),
    ...s3.env,
    ...options.env,
  }
  const processes: ClusterProcess[] = []
  const spawnProcess = (name: string, entry: string, env: Record<string, string>, url?: string) => {
    const child = spawn(process.execPath, [entry], {
      cwd: ROOT,
      // Only what the cluster sets: a developer's own DATABASE_URL or .env never leaks in.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...shared, ...env },
      stdio: ['ignore', stdio, stdio],
    })
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    const started: ClusterProcess = { name, url, child, exited }
    processes.push(started)
    return started
  }

  const startInstance = async (index: number) => {
    const port = await getFreePort()
    // Each instance keeps its own scratch folder (and outbox): nothing on one instance's disk is needed by another.
    const dataDir = path.join(options.dataDir, `api-${index + 1}`)
    return spawnProcess(
      `api-${index + 1}`,
      API_ENTRY,
      { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RENDER_WORKERS: '0' },
      `http://127.0.0.1:${port}`,
    )
  }
  const instances: ClusterProcess[] = []
  let workerNumber = 0
  const workers: ClusterProcess[] = []
  const startWorker = () => {
    workerNumber += 1
    const worker = spawnProcess(`worker-${workerNumber}`, WORKER_ENTRY, {
      DATA_DIR: path.join(options.dataDir, `worker-${workerNumber}`),
      RENDER_WORKERS: '1',
    })
    workers.push(worker)
    return worker
  }

  // Connections to the instances are kept open and reused: a new one per request costs the proxy most of its
  // throughput (about 500 against 2,000 requests a second on this machine).
  const upstream = new http.Agent({ keepAlive: true, maxSockets: 128 })
  const proxy = createProxyServer({ xfwd: true, agent: upstream })
  let next = 0
  const server = http.createServer((request, response) => {
    const target = instances[next % instances.length]?.url
    next += 1
    proxy.web(request, response, { target }, (error: Error) => {
      if (response.headersSent) return response.destroy()
      response.writeHead(502, { 'content-type': 'application/json; charset=utf-8' })
      response.end(
        JSON.stringify({ statusCode: 502, error: 'Bad Gateway', code: 'UPSTREAM_UNAVAILABLE', message: error.message }),
      )
    })
  })

  async function stop() {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    proxy.close()
    upstream.destroy()
    await Promise.all(
      processes.map((item) => {
        if (item.child.exitCode === null && item.child.signalCode === null) item.child.kill('SIGTERM')
        // A process that does not stop within 15 s is ended.
        const force = setTimeout(() => item.child.kill('SIGKILL'), 15_000)
        return item.exited.finally(() => clearTimeout(force))
      }),
    )
    await s3.stop()
  }

  try {
    // The first instance applies the migrations before the others start, which would race it for them.
    instances.push(await startInstance(0))
    await waitForHealth(instances[0] as ClusterProcess)
    instances.push(
      ...(await Promise.all(Array.from({ length: instanceCount - 1 }, (_, index) => startInstance(index + 1)))),
    )
    await Promise.all(instances.slice(1).map(waitForHealth))
    for (let index = 0; index < workerCount; index += 1) startWorker()
    await new Promise<void>((resolve) => server.listen(proxyPort, '127.0.0.1', resolve))
  } catch (error) {
    await stop()
    throw error
  }
  return { url: proxyUrl, instances, workers, s3, startWorker, stop }
}

/** `npm run cluster:local`: the cluster on this machine until Ctrl-C. */
async function main() {
  const env = process.env
  const port = Number(env.CLUSTER_PORT ?? 3100)
  const dataDir = path.resolve(env.CLUSTER_DATA_DIR ?? path.join(ROOT, 'data', 'cluster'))
  ensureBuild()
  console.log('Starting 2 API instances, 1 render worker, the S3 server and the proxy…')
  const cluster = await startCluster({
    port,
    databaseUrl: env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/storyreel_cluster',
    redisUrl: env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: env.CLUSTER_REDIS_PREFIX ?? 'storyreel-cluster:',
    instances: Number(env.CLUSTER_INSTANCES ?? 2),
    workers: Number(env.CLUSTER_WORKERS ?? 1),
    dataDir,
  })
  console.log(
    [
      `StoryReel cluster at ${cluster.url}`,
      ...cluster.instances.map((instance) => `  ${instance.name}: ${instance.url ?? ''}`),
      ...cluster.workers.map((worker) => `  ${worker.name}: pid ${worker.child.pid ?? '?'}`),
      `  S3 store: ${cluster.s3.endpoint}/${cluster.s3.bucket} (objects in ${path.join(dataDir, 's3')})`,
      `  e-mails (codes): ${path.join(dataDir, 'api-*', 'outbox')}`,
      'Ctrl-C stops everything.',
    ].join('\n'),
  )
  let stopping = false
  const shutdown = () => {
    if (stopping) return
    stopping = true
    console.log('Stopping the cluster…')
    void cluster.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
