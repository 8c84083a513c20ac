import type { RouteRules } from '@storyreel/contracts/route-rules'

import type { BuildInfo } from './build-info.ts'
import { isSlow2g, type ConnectionInfo } from './connection.ts'

/** `builds/meta/{id}.json`, written by apps/web/scripts/postbuild.ts. */
export type BuildMeta = BuildInfo & { routeRules: RouteRules; prerendered: string[] }

/** The manifest is fetched one second after start (on slow-2g only when a navigation needs it). */
export const MANIFEST_DELAY_MS = 1000
/** How long a navigation waits for a manifest it has to fetch itself before giving up on it. */
export const MANIFEST_NAVIGATION_TIMEOUT_MS = 2000
export const MANIFEST_UPDATE_EVENT = 'manifest-update'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function parseBuildInfo(value: unknown): BuildInfo | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '') return undefined
  if (typeof value.timestamp !== 'number' || !Number.isFinite(value.timestamp)) return undefined
  return { id: value.id, timestamp: value.timestamp }
}

function isRouteRules(value: unknown): value is RouteRules {
  // The build validated the rules with RouteRulesSchema; this only guards against a truncated or foreign file.
  return (
    isRecord(value) &&
    Object.entries(value).every(
      ([path, rule]) =>
        path.startsWith('/') &&
        isRecord(rule) &&
        isRecord(rule.redirect) &&
        typeof rule.redirect.to === 'string' &&
        typeof rule.redirect.statusCode === 'number',
    )
  )
}

export function parseBuildMeta(value: unknown): BuildMeta | undefined {
  const info = parseBuildInfo(value)
  if (!info || !isRecord(value) || !isRouteRules(value.routeRules)) return undefined
  const { prerendered } = value
  if (!Array.isArray(prerendered) || !prerendered.every((path) => typeof path === 'string')) return undefined
  return { ...info, routeRules: value.routeRules, prerendered }
}

export function getMetaUrl(buildId: string): string {
  return `/builds/meta/${encodeURIComponent(buildId)}.json`
}

export type BuildManifestDeps = {
  build: BuildInfo
  fetch: typeof fetch
  connection: () => ConnectionInfo
  checkIntervalMs: number
  /** Called once, when `builds/latest.json` first names another build. */
  onUpdate: (latest: BuildInfo) => void
  warn: (message: string) => void
}

export type BuildManifest = {
  start(): void
  stop(): void
  /** The manifest if it is loaded; otherwise fetches it now and waits at most `timeoutMs`. */
  getForNavigation(timeoutMs?: number): Promise<BuildMeta | undefined>
  /** Asks `builds/latest.json` whether a newer build is live. */
  checkForUpdate(): Promise<void>
  readonly meta: BuildMeta | undefined
  /** The newer live build, once one was seen: the next navigation loads the whole document. */
  readonly update: BuildInfo | undefined
}

async function getJson(fetcher: typeof fetch, url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetcher(url, init)
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return response.json()
}

export function createBuildManifest(deps: BuildManifestDeps): BuildManifest {
  let meta: BuildMeta | undefined
  let loading: Promise<BuildMeta | undefined> | undefined
  let update: BuildInfo | undefined
  let delayTimer: ReturnType<typeof setTimeout> | undefined
  let checkTimer: ReturnType<typeof setInterval> | undefined

  function load(): Promise<BuildMeta | undefined> {
    clearTimeout(delayTimer)
    loading ??= getJson(deps.fetch, getMetaUrl(deps.build.id))
      .then((json) => {
        meta = parseBuildMeta(json)
        if (!meta) throw new Error('unexpected shape')
        return meta
      })
      .catch((error: unknown) => {
        // Logged only: a later navigation may try again.
        deps.warn(`Build manifest not loaded: ${error instanceof Error ? error.message : String(error)}`)
        loading = undefined
        return undefined
      })
    return loading
  }

  async function checkForUpdate(): Promise<void> {
    if (update) return
    try {
      const latest = parseBuildInfo(
        await getJson(deps.fetch, `/builds/latest.json?${Date.now()}`, { cache: 'no-store' }),
      )
      if (!latest || latest.id === deps.build.id || update) return
      update = latest
      clearInterval(checkTimer)
      deps.onUpdate(latest)
    } catch (error) {
      deps.warn(`Build check failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  return {
    start() {
      if (!isSlow2g(deps.connection())) delayTimer = setTimeout(() => void load(), MANIFEST_DELAY_MS)
      checkTimer = setInterval(() => void checkForUpdate(), deps.checkIntervalMs)
    },
    stop() {
      clearTimeout(delayTimer)
      clearInterval(checkTimer)
    },
    async getForNavigation(timeoutMs = MANIFEST_NAVIGATION_TIMEOUT_MS) {
      if (meta) return meta
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), timeoutMs)
      })
      try {
        return await Promise.race([load(), timeout])
      } finally {
        clearTimeout(timer)
      }
    },
    checkForUpdate,
    get meta() {
      return meta
    },
    get update() {
      return update
    },
  }
}
