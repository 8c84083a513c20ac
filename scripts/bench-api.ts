import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'

import { startServer } from './bench-server.ts'
import { writePerformanceSection } from './performance-doc.ts'

// `npm run bench:api`: autocannon on 127.0.0.1 against the accounts API on embedded PGlite, in one run:
// GET /api/v1/auth/me with a valid token against the bare GET /healthz of the same server, then logins.
const DURATION_S = 10
const WARMUP_S = 2
const CONNECTIONS = 50
const LOGIN_CONNECTIONS = 10
/** A ceiling on top of the duration, so a much faster machine still sends a bounded number of requests. */
const MAX_REQUESTS = 1_000_000
const TARGET_RATIO = 0.5
const PASSWORD = 'violet-harbor-ladder-42'

async function getFreePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

type Run = { name: string; result: autocannon.Result; connections: number }

async function run(name: string, options: autocannon.Options, connections = CONNECTIONS): Promise<Run> {
  await autocannon({ ...options, connections, duration: WARMUP_S, maxOverallRequests: MAX_REQUESTS })
  const result = await autocannon({ ...options, connections, duration: DURATION_S, maxOverallRequests: MAX_REQUESTS })
  return { name, result, connections }
}

const format = (value: number) => Math.round(value).toLocaleString('en-US')

const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-bench-api-'))
// The API needs no web build: a site holding only the SPA fallback satisfies the server's loader.
await mkdir(path.join(work, 'web', 'client'), { recursive: true })
await writeFile(path.join(work, 'web', 'client', '__spa-fallback.html'), '<!doctype html><html><body></body></html>')
const unlimited = '100000000'
const server = await startServer(await getFreePort(), {
  DATA_DIR: path.join(work, 'data'),
  WEB_BUILD_DIR: path.join(work, 'web'),
  AUTH_RATE_LIMIT_PER_MINUTE: unlimited,
  SESSION_RATE_LIMIT_PER_MINUTE: unlimited,
  // Embedded PGlite, in-memory rate limits and the outbox, whatever the caller's environment says.
  DATABASE_URL: undefined,
  REDIS_URL: undefined,
  SMTP_URL: undefined,
})
try {
  const email = `bench-${Date.now().toString(36)}@example.com`
  const registered = await fetch(`${server.url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`)
  const { access_token: token } = (await registered.json()) as { access_token: string }

  const me = await run('GET /api/v1/auth/me', {
    url: `${server.url}/api/v1/auth/me`,
    headers: { authorization: `Bearer ${token}` },
  })
  const bare = await run('GET /healthz', { url: `${server.url}/healthz` })
  const login = await run(
    'POST /api/v1/auth/login',
    {
      url: `${server.url}/api/v1/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    },
    LOGIN_CONNECTIONS,
  )

  const ratio = me.result.requests.average / bare.result.requests.average
  const rows = [
    '| Route | Requests/s (mean) | Latency p50 / p99 | Requests | Connections | Errors / non-2xx |',
    '|---|---|---|---|---|---|',
    ...[me, bare, login].map(
      ({ name, result, connections }) =>
        `| ${name} | ${format(result.requests.average)} | ${result.latency.p50} ms / ${result.latency.p99} ms | ${format(result.requests.total)} in ${DURATION_S} s | ${connections} | ${result.errors} / ${result.non2xx} |`,
    ),
  ]
  const summary = [
    `auth/me ÷ bare route: ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}).`,
    'auth/me authenticates the bearer token (SHA-256, then the session cache, filled from the database and dropped on every revocation; decision 015), parses the response with its contract and runs the per-IP rate limiter; /healthz does none of that.',
    'Login hashes with argon2id (m=19456, t=2, p=1), at most 4 hashes at once.',
    `Embedded PGlite, ${WARMUP_S} s warm-up before each ${DURATION_S} s run, server and autocannon on the same machine.`,
  ]
  const notes = summary.map((line) => `- ${line}`)
  console.log([...rows, '', ...notes].join('\n'))
  writePerformanceSection('api', `## API (npm run bench:api)\n\n${rows.join('\n')}\n\n${notes.join('\n')}\n`)
  const failed = [me, bare, login].filter(({ result }) => result.errors > 0 || result.non2xx > 0)
  if (failed.length > 0) {
    console.error(`Errors or non-2xx answers in: ${failed.map(({ name }) => name).join(', ')}`)
    process.exitCode = 1
  }
} finally {
  await server.stop()
  await rm(work, { recursive: true, force: true })
}
