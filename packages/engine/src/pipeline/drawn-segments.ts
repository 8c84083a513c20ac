import { createHash } from 'node:crypto'
import path from 'node:path'

import { VIDEO_FPS } from '@storyreel/contracts/studio'

import { getCaptionBrandKey } from '#src/brand/prepare-brand.ts'
import type { LogoBox } from '#src/brand/logo-placement.ts'

import type { RenderCache } from './render-cache.ts'
import { STILL_ART_VERSION } from './scene-still.ts'
import { addTimings, noTimings, type FrameTimings, type SceneDrawing, type SegmentArt } from './scene-segments.ts'
import { TRANSITION_SECONDS, type TransitionKind } from './transitions.ts'

/** Draws scenes' frames into segment files, off the caller's thread (runner/scene-pool.ts). */
export type SceneDrawer = {
  draw(
    drawing: SceneDrawing,
    options: { signal?: AbortSignal; onFrames?: (done: number) => void },
  ): Promise<{ still: Buffer | undefined; timings?: FrameTimings }>
}

export const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32)

/** Frames at the start of each scene that blend in from the scene before: a separate, small segment. */
const LEAD_IN_FRAMES = Math.round(TRANSITION_SECONDS * VIDEO_FPS)

/**
 * What a run of segments shows (a scene, or a brand's card), with what its picture depends on for the cache keys,
 * and the scene or card before it that its lead-in blends in from.
 */
export type SegmentPlan = {
  /** Names its files in the work folder: `segment-3`, `card-closing`. */
  name: string
  art: SegmentArt
  /** What the picture depends on (pictureKey for a scene, the card's key for a card). */
  key: unknown
  frames: number
  previous?: {
    art: SegmentArt
    key: unknown
    duration: number
    /** The corner logo the video lays over the scene before, where this segment blends it in without one. */
    logo?: { png: Uint8Array; box: LogoBox; key: string } | undefined
  }
  transition: TransitionKind
  captions: SceneDrawing['captions']
  width: number
  height: number
}

export type DrawnSegments = {
  segments: { key: string; file: string }[]
  /** Whether the body came from the cache. */
  reused: boolean
  still: Buffer | undefined
  timings: FrameTimings
  drawn: number
}

/**
 * The frames of one scene or card (with burned-in captions) as two cached segments: its lead-in (the first frames,
 * blended from the scene before by the style's transition) and its body. Only the lead-in depends on the
 * neighbour, so editing or moving a scene re-renders a few frames of the next one, never its body. Segments
 * not in the cache are drawn by `scenes` (threads), and the still when `stillAt` is given.
 */
export async function drawSegments(
  plan: SegmentPlan,
  context: { scenes: SceneDrawer; cache: RenderCache; visualsName: string; signal?: AbortSignal | undefined },
  workDir: string,
  { stillAt, onFrames }: { stillAt?: number | undefined; onFrames: (done: number) => void },
): Promise<DrawnSegments> {
  const { previous, captions, transition, width, height } = plan
  const total = plan.frames
  const split = Math.min(LEAD_IN_FRAMES, total - 1)
  const parts = (['lead-in', 'body'] as const).map((part) => {
    const [first, end] = part === 'lead-in' ? [0, split] : [split, total]
    const blendsIn = part === 'lead-in' && previous !== undefined
    // Position is left out: a scene that only moved keeps its drawing, so reordering re-renders no body. The
    // brand's part of the captions is left out where it is undefined, so unbranded keys stay as they were.
    const key = `segments/${hashOf({
      engine: context.visualsName,
      request: plan.key,
      previous: blendsIn ? previous.key : undefined,
      ...(blendsIn && previous.logo ? { previousLogo: previous.logo.key } : {}),
      transition: blendsIn ? transition : undefined,
      frames: [first, end],
      captions: captions && { style: captions.style, cues: captions.cues, brand: getCaptionBrandKey(captions.brand) },
      fps: VIDEO_FPS,
      // Scene videos are drawn again whenever the stills would be: the same art, planner and composition.
      v: STILL_ART_VERSION,
    })}.mp4`
    return { first, end, blendsIn, key, outPath: path.join(workDir, `${plan.name}-${part}.mp4`) }
  })
  const cached = await Promise.all(parts.map((part) => context.cache.get(part.key)))
  const toDraw = parts.filter((_, index) => !cached[index])
  let still: Buffer | undefined
  const timings = noTimings()
  if (toDraw.length > 0 || stillAt !== undefined) {
    const skipped = parts.reduce((sum, part, index) => sum + (cached[index] ? part.end - part.first : 0), 0)
    onFrames(skipped)
    const result = await context.scenes.draw(
      {
        ...plan.art,
        previous: previous
          ? {
              ...previous.art,
              duration: previous.duration,
              logo: previous.logo && { png: previous.logo.png, box: previous.logo.box },
            }
          : undefined,
        transition,
        parts: toDraw.map(({ first, end, outPath, blendsIn }) => ({ first, end, outPath, blendsIn })),
        captions,
        width,
        height,
        fps: VIDEO_FPS,
        stillAt,
      },
      { signal: context.signal, onFrames: (done) => onFrames(skipped + done) },
    )
    still = result.still
    addTimings(timings, result.timings)
    await Promise.all(toDraw.map((part) => context.cache.put(part.key, part.outPath)))
  }
  onFrames(total)
  return {
    segments: parts.map((part, index) => ({ key: part.key, file: cached[index] ?? part.outPath })),
    reused: cached[1] !== undefined,
    still,
    timings,
    drawn: toDraw.reduce((sum, part) => sum + part.end - part.first, 0),
  }
}
