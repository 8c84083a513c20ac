import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  createBuildManifest,
  MANIFEST_DELAY_MS,
  MANIFEST_NAVIGATION_TIMEOUT_MS,
  parseBuildInfo,
  parseBuildMeta,
  type BuildManifestDeps,
} from './build-manifest.ts'
import type { ConnectionInfo } from './connection.ts'

const BUILD = { id: 'build-a', timestamp: 1000 }
const META = {
  ...BUILD,
  routeRules: { '/old': { redirect: { to: 'https://example.com/', statusCode: 302 } } },
  prerendered: ['/', '/pricing'],
}
const HOUR = 3_600_000

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function setup(options: { connection?: ConnectionInfo; respond?: (url: string) => Promise<Response> } = {}) {
  const requests: string[] = []
  const updates: unknown[] = []
  const warnings: string[] = []
  const respond =
    options.respond ??
    (async (url: string) => (url.startsWith('/builds/latest.json') ? jsonResponse(BUILD) : jsonResponse(META)))
  const deps: BuildManifestDeps = {
    build: BUILD,
    fetch: async (input) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      requests.push(url)
      return respond(url)
    },
    connection: () => options.connection ?? { effectiveType: '4g' },
    checkIntervalMs: HOUR,
    onUpdate: (latest) => updates.push(latest),
    warn: (message) => warnings.push(message),
  }
  const manifest = createBuildManifest(deps)
  return { manifest, requests, updates, warnings }
}

describe('parseBuildMeta', () => {
  it('accepts the file the build writes', () => {
    expect(parseBuildMeta(JSON.parse(JSON.stringify(META)))).toEqual(META)
  })

  it('rejects a file without rules, pages or id', () => {
    expect(parseBuildMeta({ ...META, routeRules: { '/a': { redirect: {} } } })).toBeUndefined()
    expect(parseBuildMeta({ ...META, prerendered: [1] })).toBeUndefined()
    expect(parseBuildMeta({ ...META, id: '' })).toBeUndefined()
    expect(parseBuildInfo('nope')).toBeUndefined()
  })
})

describe('createBuildManifest', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('fetches the manifest one second after start, not before', async () => {
    const { manifest, requests } = setup()
    manifest.start()
    await vi.advanceTimersByTimeAsync(MANIFEST_DELAY_MS - 1)
    expect(requests).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(requests).toEqual(['/builds/meta/build-a.json'])
    expect(manifest.meta).toEqual(META)
    manifest.stop()
  })

  it('on slow-2g waits until a navigation asks for it', async () => {
    const { manifest, requests } = setup({ connection: { effectiveType: 'slow-2g' } })
    manifest.start()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(requests).toEqual([])
    await expect(manifest.getForNavigation()).resolves.toEqual(META)
    expect(requests).toEqual(['/builds/meta/build-a.json'])
    manifest.stop()
  })

  it('gives up waiting after the navigation timeout', async () => {
    const { manifest } = setup({ respond: () => new Promise(() => undefined) })
    const result = manifest.getForNavigation()
    await vi.advanceTimersByTimeAsync(MANIFEST_NAVIGATION_TIMEOUT_MS)
    await expect(result).resolves.toBeUndefined()
  })

  it('only logs a failed fetch, and tries again on the next navigation', async () => {
    let calls = 0
    const { manifest, warnings } = setup({
      respond: async () => (++calls === 1 ? jsonResponse({}, 500) : jsonResponse(META)),
    })
    await expect(manifest.getForNavigation()).resolves.toBeUndefined()
    expect(warnings).toEqual(['Build manifest not loaded: /builds/meta/build-a.json answered 500'])
    await expect(manifest.getForNavigation()).resolves.toEqual(META)
  })

  it('checks latest.json hourly and reports a different build once', async () => {
    let latest = BUILD
    const { manifest, requests, updates } = setup({
      respond: async (url) => jsonResponse(url.startsWith('/builds/latest.json') ? latest : META),
    })
    manifest.start()
    await vi.advanceTimersByTimeAsync(HOUR)
    expect(requests.filter((url) => url.startsWith('/builds/latest.json?'))).toHaveLength(1)
    expect(updates).toEqual([])
    latest = { id: 'build-b', timestamp: 2000 }
    await vi.advanceTimersByTimeAsync(HOUR)
    expect(updates).toEqual([latest])
    expect(manifest.update).toEqual(latest)
    await vi.advanceTimersByTimeAsync(HOUR * 3)
    expect(updates).toHaveLength(1)
    manifest.stop()
  })
})
