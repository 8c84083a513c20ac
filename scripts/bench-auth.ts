import path from 'node:path'
import { rm } from 'node:fs/promises'

import { ROOT } from './build-state.ts'
import { startServer } from './bench-server.ts'
import { writePerformanceSection } from './performance-doc.ts'
import { getFreePort } from './free-port.ts'

// `npm run bench:auth`: does POST /api/v1/auth/password-reset take the same time for an address with an
// account and one without? The production server on embedded PGlite, one request at a time (service time,
// not throughput), known and unknown addresses taking turns so a burst of other work weighs on both alike.
// Each address is asked twice: once for a code, once again inside its 60-second cooldown.
const ACCOUNTS = 200
const WARMUP = 40
const PASSWORD = 'violet-harbor-ladder-42'

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

/** The median difference between two samples with a 95 % bootstrap interval, in ms. */
function bootstrapMedianGap(a: number[], b: number[], draws = 2000): { gap: number; low: number; high: number } {
  const resample = (values: number[]) => values.map(() => values[Math.floor(Math.random() * values.length)] ?? 0)
  const gaps = Array.from({ length: draws }, () => quantile(resample(a), 0.5) - quantile(resample(b), 0.5))
  return { gap: quantile(a, 0.5) - quantile(b, 0.5), low: quantile(gaps, 0.025), high: quantile(gaps, 0.975) }
}

const port = await getFreePort()
const dataDir = path.join(ROOT, 'test-results', `bench-auth-${port}`)
const server = await startServer(
  port,
  { DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: '1000000', SMTP_URL: undefined, LOG_LEVEL: 'error' },
  { quiet: true },
)

async function post(url: string, body: unknown): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now()
  const response = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, text, ms: performance.now() - started }
}

try {
  const run = Date.now().toString(36)
  const known = Array.from({ length: ACCOUNTS }, (_, index) => `known-${run}-${index}@bench.test`)
  const unknown = Array.from({ length: ACCOUNTS }, (_, index) => `unknown-${run}-${index}@bench.test`)
  console.log(`Creating ${ACCOUNTS} accounts…`)
  for (const email of known) {
    const { status } = await post('/api/v1/auth/register', { email, password: PASSWORD })
    if (status !== 201) throw new Error(`register answered ${status}`)
  }
  // Warm the route, the JIT and PGlite's caches on addresses the figures do not use.
  for (let index = 0; index < WARMUP; index += 1) {
    await post('/api/v1/auth/password-reset', { email: `warmup-${run}-${index}@bench.test` })
  }

  const samples = {
    issued: { known: [] as number[], unknown: [] as number[] },
    cooldown: { known: [] as number[], unknown: [] as number[] },
  }
  const bodies = new Set<string>()
  for (const phase of ['issued', 'cooldown'] as const) {
    console.log(phase === 'issued' ? 'First requests…' : 'Requests inside the cooldown…')
    for (let index = 0; index < ACCOUNTS; index += 1) {
      // Alternate which goes first, so neither side always follows the other.
      const order = index % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)
      for (const side of order) {
        const answer = await post('/api/v1/auth/password-reset', {
          email: side === 'known' ? known[index] : unknown[index],
        })
        if (answer.status !== 202) throw new Error(`password-reset answered ${answer.status}`)
        bodies.add(answer.text)
        samples[phase][side].push(answer.ms)
      }
    }
  }

  const row = (label: string, values: number[]) =>
    `| ${label} | ${values.length} | ${quantile(values, 0.5).toFixed(2)} | ${quantile(values, 0.9).toFixed(2)} | ${quantile(values, 0.99).toFixed(2)} |`
  const first = bootstrapMedianGap(samples.issued.known, samples.issued.unknown)
  const cool = bootstrapMedianGap(samples.cooldown.known, samples.cooldown.unknown)
  const gapLine = (label: string, gap: ReturnType<typeof bootstrapMedianGap>) =>
    `- ${label}: known minus unknown median ${gap.gap.toFixed(2)} ms (95 % bootstrap interval ${gap.low.toFixed(2)} to ${gap.high.toFixed(2)} ms).`
  const markdown = [
    '## Password reset timing (npm run bench:auth)',
    '',
    `\`POST /api/v1/auth/password-reset\` on the production server with embedded PGlite, one request at a time, ${ACCOUNTS} addresses with an account and ${ACCOUNTS} without, taking turns; each address asked twice, the second time inside its 60-second cooldown. Milliseconds from request to full answer, over loopback.`,
    '',
    '| Requests | n | p50 | p90 | p99 |',
    '| --- | --- | --- | --- | --- |',
    row('Known address, code issued', samples.issued.known),
    row('Unknown address, code issued', samples.issued.unknown),
    row('Known address, in cooldown', samples.cooldown.known),
    row('Unknown address, in cooldown', samples.cooldown.unknown),
    '',
    gapLine('Code issued', first),
    gapLine('In cooldown', cool),
    `- Distinct answer bodies: ${bodies.size} (one means the body never tells).`,
    '',
    'The e-mail, the only work that differs, is sent after the answer.',
  ].join('\n')
  console.log(`\n${markdown}`)
  writePerformanceSection('auth', markdown)
  console.log('\nWritten to docs/performance.md')
} finally {
  await server.stop()
  await rm(dataDir, { recursive: true, force: true })
}
