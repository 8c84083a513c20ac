import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const STAMP = path.join(ROOT, 'apps/web/build/build-info.json')

/** Everything the web build reads; a change to any of these makes `npm start` and `npm test` rebuild. */
const INPUTS = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/package.json',
  'apps/web/react-router.config.ts',
  'apps/web/vite.config.ts',
  'apps/web/tailwind.config.ts',
  'apps/web/route-rules.json',
  // The .env files Vite reads for a production build.
  'apps/web/.env',
  'apps/web/.env.local',
  'apps/web/.env.production',
  'apps/web/.env.production.local',
  'content',
  'packages/contracts/src',
  'package-lock.json',
]

function collect(target: string, out: string[]): void {
  if (!existsSync(target)) return
  if (statSync(target).isDirectory()) {
    for (const name of readdirSync(target).sort()) collect(path.join(target, name), out)
  } else if (!/\.test\.tsx?$/.test(target)) {
    out.push(target)
  }
}

/** The public values (VITE_*) a build reads from its environment; they are baked into the pages. */
export function getPublicBuildEnv(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env)
      .filter((entry): entry is [string, string] => entry[0].startsWith('VITE_') && entry[1] !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  )
}

/** Sources and public environment together: a build made for the browser tests is not current for `npm start`. */
export function hashBuildInputs(publicEnv: Record<string, string> = getPublicBuildEnv(process.env)): string {
  const files: string[] = []
  for (const input of INPUTS) collect(path.join(ROOT, input), files)
  const hash = createHash('sha256')
  for (const file of files) hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0')
  hash.update(JSON.stringify(publicEnv))
  return hash.digest('hex')
}

export function isBuildCurrent(inputsHash = hashBuildInputs()): boolean {
  if (!existsSync(STAMP) || !existsSync(path.join(ROOT, 'apps/web/build/client/__spa-fallback.html'))) return false
  try {
    return (JSON.parse(readFileSync(STAMP, 'utf8')) as { inputsHash?: string }).inputsHash === inputsHash
  } catch {
    return false
  }
}

/**
 * Builds the web app unless the last successful build used exactly the current inputs. `env` adds public
 * build values on top of this process's environment (the browser tests' Tag Manager id).
 */
export function ensureBuild({ force = false, env = {} }: { force?: boolean; env?: Record<string, string> } = {}): void {
  const buildEnv = { ...process.env, ...env }
  const publicEnv = getPublicBuildEnv(buildEnv)
  const inputsHash = hashBuildInputs(publicEnv)
  if (!force && isBuildCurrent(inputsHash)) {
    console.log('Web build is up to date.')
    return
  }
  console.log('Building the web app…')
  const startedAt = Date.now()
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: buildEnv })
  if (result.status !== 0) process.exit(result.status ?? 1)
  writeFileSync(
    STAMP,
    JSON.stringify({ inputsHash, publicEnv, builtAt: new Date().toISOString(), buildMs: Date.now() - startedAt }),
  )
  console.log(`Built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`)
}
