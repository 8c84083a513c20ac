import { createHash } from 'node:crypto'

import { createCanvas } from '@napi-rs/canvas'

import type { AspectRatio } from '@storyreel/contracts/studio'

import { getLogoKey, type BrandOverlay } from '#src/brand/brand-overlay.ts'
import { drawLogo, prepareLogo } from '#src/brand/logo-image.ts'
import { EngineError } from '#src/errors.ts'
import { getMediaKey } from '#src/pipeline/media-files.ts'
import type { SceneArtRequest, VisualEngine } from '#src/visuals/visual-engine.ts'

/**
 * Part of every still's key: raise it whenever the same scene inputs would be drawn differently (a new art
 * library, planner or composition, or another moment or size below), so stored stills are drawn again.
 */
export const STILL_ART_VERSION = 13

/** Storyboard thumbnails: enough for a scene card at twice its CSS size, quick to draw and small to send. */
export const THUMBNAIL_LONG_SIDE = 360

/** What a still depends on besides its size: the scene's words, style, seed, place and length. */
export type SceneStillRequest = Omit<SceneArtRequest, 'width' | 'height'>

export type StillFormat = 'webp' | 'jpeg'

export type StillOptions = {
  width: number
  height: number
  /**
   * Seconds into the scene; by default a moment when the title and subjects have entered (`getStillTime`), or
   * for a photo or clip its first moment.
   */
  time?: number
  format?: StillFormat
  /** 0-100. */
  quality?: number
  /** The owner's logo, drawn where the video shows it (drawn over the scene; the scene's art is the same). */
  brand?: BrandOverlay | undefined
  /**
   * Whether the video shows captions (default true): a bottom-corner logo then sits above them, in the video and
   * so in its stills, which have none.
   */
  captions?: boolean | undefined
}

const DEFAULT_QUALITY: Record<StillFormat, number> = { webp: 80, jpeg: 85 }

/** A frame size for an aspect ratio with `longSide` pixels on its long side (the short side rounded). */
export function getStillSize(
  aspectRatio: AspectRatio,
  longSide: number = THUMBNAIL_LONG_SIDE,
): { width: number; height: number } {
  const short = Math.round((longSide * 9) / 16)
  if (aspectRatio === '9:16') return { width: short, height: longSide }
  if (aspectRatio === '16:9') return { width: longSide, height: short }
  return { width: longSide, height: longSide }
}

/**
 * The representative moment of a scene: 40 % in, and at least one second (the title has faded in by
 * then), but never in its last 0.6 s, where the title fades out.
 */
export function getStillTime(duration: number): number {
  return Math.max(0, Math.min(duration - 0.6, Math.max(duration * 0.4, Math.min(1, duration / 2))))
}

function normalise(request: SceneStillRequest, options: StillOptions) {
  const format = options.format ?? 'webp'
  return {
    format,
    quality: Math.round(options.quality ?? DEFAULT_QUALITY[format]),
    width: Math.round(options.width),
    height: Math.round(options.height),
    // A photo or clip is shown at the scene's first moment (a clip's in point), as the card's trim promises;
    // a drawing once its title and subjects have entered.
    time: Math.round((options.time ?? (request.media ? 0 : getStillTime(request.duration))) * 1000) / 1000,
  }
}

/**
 * A key for the still `drawSceneStill` would make: a hash of the visual engine, every input that changes
 * the picture, the size, moment and encoding, and STILL_ART_VERSION. Equal keys mean equal pictures. Lower-case
 * hex, so a key can be part of a file name or a URL as it is.
 */
export function getSceneStillKey(visualsName: string, request: SceneStillRequest, options: StillOptions): string {
  const { visual, narration, style, seed, index, count, duration, cast, media, picture, language } = request
  const still = normalise(request, options)
  // A photo or clip scene's still depends on its media (file version and choices, never its local path), not
  // on its words; a drawn scene's key is as it always was, with its own choice of picture only when it made one.
  const scene = media
    ? { style, duration, media: getMediaKey(media, index) }
    : { visual, narration, style, seed, index, count, duration, cast, picture, ...(language ? { language } : {}) }
  // Only a still with a logo names one, so the keys of stills without stay as they were.
  const logo = options.brand?.logo ? { logo: getLogoKey(options.brand.logo, options.captions ?? true) } : {}
  return createHash('sha256')
    .update(
      JSON.stringify({
        v: STILL_ART_VERSION,
        engine: visualsName,
        scene,
        still,
        ...logo,
      }),
    )
    .digest('hex')
    .slice(0, 32)
}

/**
 * One frame of a scene, drawn by `visuals` at the given size and encoded as WebP (default) or JPEG, with the
 * brand's logo over it when one is given. Only the scene art: captions belong to the voice's timing and are left to
 * the render. A logo file that is not a PNG or WebP is refused with an 'invalid' EngineError before anything is
 * drawn.
 */
export async function drawSceneStill(
  visuals: VisualEngine,
  request: SceneStillRequest,
  options: StillOptions,
): Promise<Buffer> {
  const still = normalise(request, options)
  if (!(still.width >= 16 && still.height >= 16 && still.width <= 4096 && still.height <= 4096)) {
    throw new EngineError('invalid', 'visuals', `A still of ${still.width}×${still.height} px cannot be drawn.`)
  }
  const logo = options.brand?.logo
    ? await prepareLogo(options.brand.logo, still, { captions: options.captions ?? true })
    : undefined
  const art = await visuals.prepareScene({ ...request, width: still.width, height: still.height })
  const canvas = createCanvas(still.width, still.height)
  try {
    await art.prepareFrame?.(still.time)
    art.drawFrame(canvas.getContext('2d'), still.time)
  } finally {
    art.close?.()
  }
  if (logo) await drawLogo(canvas.getContext('2d'), logo)
  return still.format === 'webp' ? canvas.encode('webp', still.quality) : canvas.encode('jpeg', still.quality)
}
