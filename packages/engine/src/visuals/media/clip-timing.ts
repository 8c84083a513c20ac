import { CLIP_SLOW_MIN_RATE, CLIP_TRIM_MIN_SECONDS, VIDEO_FPS, type ClipFill } from '@storyreel/contracts/studio'

/** The stretch of a clip a scene uses: from `start`, `length` seconds (within the clip, at least one frame). */
export type ClipStretch = { start: number; length: number }

/** The in and out points, kept inside the clip: an out point past its end is its end. */
export function getClipStretch(
  trim: { trim_start: number; trim_end: number | null },
  clipSeconds: number,
): ClipStretch {
  const total = Math.max(1 / VIDEO_FPS, clipSeconds)
  const start = Math.max(0, Math.min(trim.trim_start, total - Math.min(CLIP_TRIM_MIN_SECONDS, total)))
  const end = Math.max(start + 1 / VIDEO_FPS, Math.min(trim.trim_end ?? total, total))
  return { start, length: end - start }
}

/** The rate a slowed clip plays at to last the scene: never below CLIP_SLOW_MIN_RATE, never faster than itself. */
export function getSlowRate(length: number, sceneSeconds: number): number {
  return Math.max(CLIP_SLOW_MIN_RATE, Math.min(1, length / Math.max(sceneSeconds, 1e-6)))
}

/**
 * Seconds into the stretch shown at `time` seconds into the scene (or past its end, while the next scene blends
 * in). hold: the clip plays, then its last frame stays; loop: it plays again from its in point; slow: it plays
 * slower to last the scene (at least CLIP_SLOW_MIN_RATE, then its last frame stays). A stretch longer than its
 * scene plays at its own speed and is cut at the scene's end.
 */
export function mapClipTime(fill: ClipFill, stretch: ClipStretch, sceneSeconds: number, time: number): number {
  const last = Math.max(0, stretch.length - 1 / VIDEO_FPS)
  const at = Math.max(0, time)
  switch (fill) {
    case 'hold':
      return Math.min(at, last)
    case 'loop':
      return Math.min(at % stretch.length, last)
    case 'slow':
      return Math.min(at * getSlowRate(stretch.length, sceneSeconds), last)
  }
}

/** The frame of the stretch (0 is its in point) shown at `time`. */
export function clipFrameAt(fill: ClipFill, stretch: ClipStretch, sceneSeconds: number, time: number): number {
  return Math.floor(mapClipTime(fill, stretch, sceneSeconds, time) * VIDEO_FPS + 1e-6)
}
