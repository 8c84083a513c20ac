/** A chunk-load error reloads the page at most once per 10 seconds per path (decision 018). */
export const CHUNK_RELOAD_WINDOW_MS = 10_000
const STORAGE_KEY = 'chunkReloads'

// Chromium, Safari and Firefox word a failed module fetch differently; Vite's preload helper has its own.
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to load module script/i

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return typeof error === 'string' && CHUNK_ERROR.test(error)
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message)
}

function readReloads(storage: Storage): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}')
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {}
  } catch {
    return {}
  }
}

/** Whether `path` may be reloaded now, without recording anything (for rendering). */
export function canClaimChunkReload(path: string, storage: Storage | undefined, now = Date.now()): boolean {
  if (!storage) return false
  const last = readReloads(storage)[path]
  return !(typeof last === 'number' && now - last < CHUNK_RELOAD_WINDOW_MS && now >= last)
}

/**
 * Records a reload of `path` and returns true, unless one happened in the last 10 seconds. The record sits
 * in sessionStorage so it survives the reload; without storage there is no reload, since nothing would
 * stop a loop.
 */
export function claimChunkReload(path: string, storage: Storage | undefined, now = Date.now()): boolean {
  if (!storage || !canClaimChunkReload(path, storage, now)) return false
  const reloads = readReloads(storage)
  const kept = Object.fromEntries(
    Object.entries(reloads).filter(([, at]) => typeof at === 'number' && now - at < CHUNK_RELOAD_WINDOW_MS),
  )
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ ...kept, [path]: now }))
    return true
  } catch {
    return false
  }
}

export function getSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined
  }
}
