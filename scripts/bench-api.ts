import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'

import { startBareServer, startServer, type BenchServer } from './bench-server.ts'
import { writePerformanceSection } from './performance-doc.ts'
import { getFreePort } from './free-port.ts'

// `npm run bench:api`: autocannon on 127.0.0.1 against the accounts API on embedded PGlite, in one run:
// GET /api/v1/auth/me with a valid token against a bare Fastify route (scripts/bench-bare-server.ts, its own
// process), then the product's own /healthz and logins. auth/me and the bare route take turns in short
// rounds and the ratio is the median of the rounds' ratios, so a burst of other work on this machine
// weighs on both sides alike and one disturbed round does not decide the figure.
const ROUNDS = 8
const ROUND_S = 1.5
const DURATION_S = 10
const WARMUP_S = 2
const CONNECTIONS = 50
const LOGIN_CONNECTIONS = 10
/** A ceiling on top of the duration, so a much faster machine still sends a bounded number of requests. */
const MAX_REQUESTS = 1_000_000
const TARGET_RATIO = 0.6
const PASSWORD = 'violet-harbor-ladder-42'

type Run = {
  name: string
  connections: number
  seconds: number
  requests: number
  /** Medians over the rounds. */
  p50: number
  p99: number
  errors: number
  non2xx: number
  /** Requests per second of each round. */
  rounds: number[]
  /** The server's CPU time per request (µs), where the platform tells it. */
  cpuMicros: number | undefined
}

type Measured = { result: autocannon.Result; cpuMs: number | undefined }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

function summarize(name: string, connections: number, measured: Measured[], seconds: number): Run {
  const results = measured.map(({ result }) => result)
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0)
  const cpuMs = measured.every(({ cpuMs }) => cpuMs !== undefined)
    ? measured.reduce((sum, { cpuMs }) => sum + (cpuMs ?? 0), 0)
    : undefined
  return {
    name,
    connections,
    seconds: seconds * results.length,
    requests,
    p50: median(results.map((result) => result.latency.p50)),
    p99: median(results.map((result) => result.latency.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    rounds: results.map((result) => result.requests.total / seconds),
    cpuMicros: cpuMs === undefined || requests === 0 ? undefined : (cpuMs * 1000) / requests,
  }
}

type Target = { name: string; server: BenchServer; options: autocannon.Options }

async function load({ server, options }: Target, seconds: number, connections = CONNECTIONS): Promise<Measured> {
  const before = server.cpuMs()
  const result = await autocannon({ ...options, connections, duration: seconds, maxOverallRequests: MAX_REQUESTS })
  const after = server.cpuMs()
  return { result, cpuMs: before === undefined || after === undefined ? undefined : after - before }
}

async function run(target: Target, connections = CONNECTIONS): Promise<Run> {
  await load(target, WARMUP_S, connections)
  return summarize(target.name, connections, [await load(target, DURATION_S, connections)], DURATION_S)
}

/** Both routes warmed up, then in turns: a, b, a, b… */
async function runInTurns(a: Target, b: Target): Promise<[Run, Run]> {
  await load(a, WARMUP_S)
  await load(b, WARMUP_S)
  const measured: [Measured[], Measured[]] = [[], []]
  for (let round = 0; round < ROUNDS; round++) {
    measured[0].push(await load(a, ROUND_S))
    measured[1].push(await load(b, ROUND_S))
  }
  return [summarize(a.name, CONNECTIONS, measured[0], ROUND_S), summarize(b.name, CONNECTIONS, measured[1], ROUND_S)]
}

const format = (value: number) => Math.round(value).toLocaleString('en-US')

const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-bench-api-'))
// The API needs no web build: a site holding only the SPA fallback satisfies the server's loader.
await mkdir(path.join(work, 'web', 'client'), { recursive: true })
await writeFile(path.join(work, 'web', 'client', '__spa-fallback.html'), '<!doctype html><html><body></body></html>')
const unlimited = '100000000'
const bareServer = await startBareServer(await getFreePort())
const server = await startServer(
  await getFreePort(),
  {
    DATA_DIR: path.join(work, 'data'),
    WEB_BUILD_DIR: path.join(work, 'web'),
    AUTH_RATE_LIMIT_PER_MINUTE: unlimited,
    SESSION_RATE_LIMIT_PER_MINUTE: unlimited,
    // Embedded PGlite, in-memory rate limits and the outbox, whatever the caller's environment says.
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    SMTP_URL: undefined,
    // Logging as a default deployment has it: LOG_LEVEL=info, a sampled access log (decision 023).
    LOG_LEVEL: undefined,
    ACCESS_LOG: undefined,
    ACCESS_LOG_SAMPLE_RATE: undefined,
  },
  { quiet: true },
).catch(async (error: unknown) => {
  await bareServer.stop()
  throw error
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

  const [me, bare] = await runInTurns(
    {
      name: 'GET /api/v1/auth/me',
      server,
      options: { url: `${server.url}/api/v1/auth/me`, headers: { authorization: `Bearer ${token}` } },
    },
    { name: 'GET / (bare Fastify)', server: bareServer, options: { url: `${bareServer.url}/` } },
  )
  const health = await run({ name: 'GET /healthz', server, options: { url: `${server.url}/healthz` } })
  const login = await run(
    {
      name: 'POST /api/v1/auth/login',
      server,
      options: {
        url: `${server.url}/api/v1/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      },
    },
    LOGIN_CONNECTIONS,
  )

  const perSecond = (run: Run) => run.requests / run.seconds
  const roundRatios = me.rounds.map((value, index) => value / (bare.rounds[index] ?? value))
  const ratio = median(roundRatios)
  const rows = [
    '| Route | Requests/s (mean) | Server CPU per request | Latency p50 / p99 | Requests | Connections | Errors / non-2xx |',
    '|---|---|---|---|---|---|---|',
    ...[me, bare, health, login].map(
      (run) =>
        `| ${run.name} | ${format(perSecond(run))} | ${run.cpuMicros === undefined ? '–' : `${run.cpuMicros.toFixed(0)} µs`} | ${run.p50} ms / ${run.p99} ms | ${format(run.requests)} in ${run.seconds} s | ${run.connections} | ${run.errors} / ${run.non2xx} |`,
    ),
  ]
  const summary = [
    `auth/me ÷ bare route: ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}); median of ${ROUNDS} rounds: ${roundRatios.map((value) => value.toFixed(2)).join(', ')}.`,
    'auth/me authenticates the bearer token (SHA-256, then the session cache, filled from the database and dropped on every revocation; decision 015), counts the call against the per-IP limit, writes its answer with the serializer compiled from its contract, and passes the security headers, CORS and the logger (LOG_LEVEL=info, 1 % access log) like every route. The bare route is Fastify with no plugin, hook or logger, in a process of its own; /healthz is the product with its plugins but no session or limit. Where the difference goes: decision 023.',
    ...(me.cpuMicros !== undefined && bare.cpuMicros !== undefined
      ? [
          `Server CPU per request (the server process's user and system time over the requests it answered): auth/me ${me.cpuMicros.toFixed(0)} µs, the bare route ${bare.cpuMicros.toFixed(0)} µs. Requests/s also depend on autocannon's share of the 2 cores (a larger answer costs it more to read) and on other work on the machine: run to run, the bare route alone has ranged from about 30,000 to 55,000 requests/s here.`,
        ]
      : []),
    'Login hashes with argon2id (m=19456, t=2, p=1), at most 4 hashes at once.',
    `Embedded PGlite; auth/me and the bare route ${WARMUP_S} s warm-up each, then ${ROUNDS} turns of ${ROUND_S} s each; /healthz and login ${WARMUP_S} s warm-up, then ${DURATION_S} s. Server, bare server and autocannon share the machine's 2 cores.`,
  ]
  const notes = summary.map((line) => `- ${line}`)
  console.log([...rows, '', ...notes].join('\n'))
  writePerformanceSection('api', `## API (npm run bench:api)\n\n${rows.join('\n')}\n\n${notes.join('\n')}\n`)
  const failed = [me, bare, health, login].filter((run) => run.errors > 0 || run.non2xx > 0)
  if (failed.length > 0) {
    console.error(`Errors or non-2xx answers in: ${failed.map(({ name }) => name).join(', ')}`)
    process.exitCode = 1
  }
} finally {
  await Promise.all([server.stop(), bareServer.stop()])
  await rm(work, { recursive: true, force: true })
}
