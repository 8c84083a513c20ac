import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { PreparedLogo } from '#src/brand/logo-image.ts'
import { overlayImage } from '#src/encoder/overlay.ts'

import type { RenderCache } from './render-cache.ts'

/**
 * Segments re-encoded at once: each ffmpeg's x264 runs one thread (see frame-encoder.ts), so two keep both cores
 * busy when every segment of a render needs the logo (a new logo over cached scenes).
 */
const OVERLAYS_AT_ONCE = 2

/** A segment as the pipeline has it: its cache key and its file (in the cache, or just drawn). */
export type Segment = { key: string; file: string }

export type SegmentBranding = {
  /** The segments' files with the logo laid over them, in the same order. */
  brand(segments: Segment[], signal?: AbortSignal): Promise<string[]>
  /** Seconds from the first overlay started to the last one finished; 0 when every one was in the cache. */
  seconds(): number
}

/** Runs at most `count` tasks at a time, the others in the order they came. */
function createLimit(count: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < count) active += 1
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      // The slot goes straight to the next task waiting, so no newcomer slips in between.
      const next = waiting.shift()
      if (next) next()
      else active -= 1
    }
  }
}

/**
 * The logo laid over drawn segments. Each branded segment is kept in the cache under its drawn segment's key and
 * the logo's, so the drawn segments (and their keys) never depend on the logo: a new logo re-encodes the cached
 * scenes without drawing them, and a render after an edit lays the logo again only over the segments drawn anew.
 */
export async function createSegmentBranding({
  logo,
  cache,
  frame,
  workDir,
}: {
  logo: PreparedLogo
  cache: RenderCache
  frame: { width: number; height: number; fps: number }
  workDir: string
}): Promise<SegmentBranding> {
  const imagePath = path.join(workDir, 'logo.png')
  await writeFile(imagePath, logo.png)
  // The prepared PNG holds the file's pixels at their size and opacity; the box holds where they go.
  const logoKey = createHash('sha256').update(logo.png).update(JSON.stringify(logo.box)).digest('hex').slice(0, 32)
  const limit = createLimit(OVERLAYS_AT_ONCE)
  let [first, last] = [Infinity, 0]
  let made = 0
  const brandOne = async ({ key, file }: Segment, signal: AbortSignal | undefined) => {
    const brandedKey = `${key.replace(/\.mp4$/, '')}-logo-${logoKey}.mp4`
    const cached = await cache.get(brandedKey)
    if (cached) return cached
    return limit(async () => {
      first = Math.min(first, performance.now())
      made += 1
      const outPath = path.join(workDir, `branded-${made}-${path.basename(file)}`)
      const { left, top } = logo.box
      await overlayImage({ videoPath: file, imagePath, left, top, frame, outPath, signal })
      await cache.put(brandedKey, outPath)
      last = Math.max(last, performance.now())
      return outPath
    })
  }
  return {
    brand: (segments, signal) => Promise.all(segments.map((segment) => brandOne(segment, signal))),
    seconds: () => (made === 0 ? 0 : Math.round((last - first) / 10) / 100),
  }
}
