import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import { E2E_BUILD_ENV } from '../e2e/support/stand-ins-config.ts'
import { ensureBuild, ROOT } from './build-state.ts'
import { readPlaywright, readVitest } from './test-report.ts'

// `npm test`: every test. Unit and API tests (Vitest), then browser tests (Playwright) against the built product.
const RESULTS = path.join(ROOT, 'test-results')
rmSync(RESULTS, { recursive: true, force: true })
mkdirSync(RESULTS, { recursive: true })

// The browser tests need a build with a Tag Manager id (the consent spec); `npm start` rebuilds without it.
ensureBuild({ env: E2E_BUILD_ENV })

function isPortOpen(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: 1000 })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}

// The database suites also run on PostgreSQL, and the shared-limit suite on Redis, when this machine has
// them (CI's machine does); without them those suites run on PGlite only, or are skipped.
const postgresUrl =
  process.env.TEST_DATABASE_URL ?? ((await isPortOpen(5432)) ? 'postgres://postgres@127.0.0.1:5432/test' : undefined)
const redisUrl = process.env.TEST_REDIS_URL ?? ((await isPortOpen(6379)) ? 'redis://127.0.0.1:6379' : undefined)
console.log(
  redisUrl
    ? `Shared rate limits are tested on ${redisUrl}.`
    : 'No Redis on 127.0.0.1:6379: the shared-limit suite is skipped.',
)
console.log(
  postgresUrl
    ? `Database suites run on PGlite and on ${postgresUrl}.`
    : 'No PostgreSQL on 127.0.0.1:5432: database suites run on PGlite only.',
)

function run(command: string, args: string[], env: Record<string, string | undefined> = {}): number {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status ?? 1
}

const vitestStatus = run(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${path.join(RESULTS, 'vitest.json')}`],
  { TEST_DATABASE_URL: postgresUrl, TEST_REDIS_URL: redisUrl },
)
// The browser tests' server keeps its embedded database here; each run starts from an empty one.
rmSync(path.join(RESULTS, 'e2e-data'), { recursive: true, force: true })
const e2eStatus = run('npm', ['run', 'test:e2e'])

const unit = readVitest(path.join(RESULTS, 'vitest.json'))
const e2e = readPlaywright(path.join(RESULTS, 'e2e.json'))
const total = {
  passed: unit.passed + e2e.passed,
  failed: unit.failed + e2e.failed,
  skipped: unit.skipped + e2e.skipped,
}
console.log(`\nunit: ${unit.passed} passed, ${unit.failed} failed`)
console.log(`e2e: ${e2e.passed} passed, ${e2e.failed} failed`)
console.log(`tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`)
// Last, so a log read from its tail names what failed.
const failures = [...unit.failures, ...e2e.failures]
if (failures.length > 0) {
  console.log(`\nFailed:`)
  for (const failure of failures) console.log(`  ✗ ${failure}`)
}
process.exit(vitestStatus !== 0 || e2eStatus !== 0 || total.failed > 0 || total.passed === 0 ? 1 : 0)
