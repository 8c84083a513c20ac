import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'

import { createCanvas, loadImage } from '@napi-rs/canvas'

import type { CaptionStyle } from '@storyreel/contracts/studio'

import { createCardArt, type CardDrawing } from '#src/brand/brand-card.ts'
import type { LogoBox } from '#src/brand/logo-placement.ts'
import { createFrameEncoder } from '#src/encoder/frame-encoder.ts'
import { EngineError } from '#src/errors.ts'
import type {
  CaptionBrand,
  CaptionCue,
  DrawCaptions,
  SceneArt,
  SceneArtRequest,
  VisualEngine,
} from '#src/visuals/visual-engine.ts'

import { createTransition, type TransitionKind } from './transitions.ts'

/** What a segment shows: a scene's art from the visual engine, or a brand's card. */
export type SegmentArt = { request: SceneArtRequest; card?: undefined } | { card: CardDrawing; request?: undefined }

/**
 * A scene's frames to draw and encode: some of its segments (the lead-in that blends in from the scene before,
 * the body), each into a file of its own, and perhaps a still of it. A brand's card is drawn the same way. Plain
 * data, so it can go to a thread.
 */
export type SceneDrawing = SegmentArt & {
  /**
   * The scene (or card) before, which the lead-in blends in from; absent for the first. `logo`: the corner logo
   * the video lays over that scene, drawn into its frames here, where the segment itself gets none (a card).
   */
  previous?: SegmentArt & { duration: number; logo?: { png: Uint8Array; box: LogoBox } | undefined }
  transition: TransitionKind
  /** Frame ranges [first, end) of the scene and where to write each; empty when only a still is wanted. */
  parts: { first: number; end: number; outPath: string; blendsIn: boolean }[]
  captions: { style: CaptionStyle; cues: CaptionCue[]; brand?: CaptionBrand | undefined } | null
  width: number
  height: number
  fps: number
  /** A JPEG of the scene at this time (seconds), drawn from the same art: the video's poster. */
  stillAt?: number
}

/**
 * Where a scene's drawing time went, in seconds of the drawing thread: waiting for decoded frames (a clip's
 * ffmpeg), drawing the art and transitions, drawing captions, reading the pixels out of the canvas, and
 * waiting for the encoder to take them (its ffmpeg runs meanwhile in a process of its own).
 */
export type FrameTimings = { decode: number; draw: number; captions: number; read: number; encode: number }

export const noTimings = (): FrameTimings => ({ decode: 0, draw: 0, captions: 0, read: 0, encode: 0 })

export function addTimings(total: FrameTimings, more: FrameTimings | undefined): void {
  if (!more) return
  for (const key of Object.keys(more) as (keyof FrameTimings)[]) total[key] += more[key]
}

export type DrawingEngines = {
  visuals: VisualEngine
  drawCaptions: DrawCaptions
  /** drawCaptions for a frame of raw pixels: RGBA, or yuv420p planes. */
  blendCaptions: (frame: Uint8Array, options: Parameters<DrawCaptions>[1], format?: 'rgba' | 'yuv420p') => void
  renderStill: (art: SceneArt, width: number, height: number, time: number) => Promise<Buffer>
}

/** A segment's art: the scene's from the visual engine, or the card's; with the corner logo drawn over it if given. */
async function prepareArt(
  source: SegmentArt & { logo?: { png: Uint8Array; box: LogoBox } | undefined },
  engines: DrawingEngines,
  width: number,
  height: number,
): Promise<SceneArt> {
  const art = source.card
    ? await createCardArt(source.card, width, height)
    : await engines.visuals.prepareScene(source.request)
  if (!source.logo) return art
  const { box } = source.logo
  const logo = await loadImage(Buffer.from(source.logo.png))
  // Only drawn through a canvas (a finished frame or YUV would skip the logo); a clip's art keeps its own state.
  return {
    prepareFrame: art.prepareFrame?.bind(art),
    close: art.close?.bind(art),
    drawFrame(context, time) {
      art.drawFrame(context, time)
      context.save()
      context.setTransform(1, 0, 0, 1, 0, 0)
      context.globalAlpha = 1
      context.drawImage(logo, box.left, box.top, box.width, box.height)
      context.restore()
    },
  }
}

/**
 * Prepares a scene's art once and draws its parts, one ffmpeg per part. Resolves when every file is complete,
 * with the still if one was asked for. `onFrames` gets the number of frames drawn so far.
 */
export async function drawScene(
  drawing: SceneDrawing,
  engines: DrawingEngines,
  { signal, onFrames }: { signal?: AbortSignal; onFrames?: (done: number) => void } = {},
): Promise<{ still: Buffer | undefined; timings: FrameTimings }> {
  const { width, height, fps } = drawing
  const timings = noTimings()
  let clock = performance.now()
  /** Adds the time since the last mark to `stage`. */
  const mark = (stage: keyof FrameTimings) => {
    const now = performance.now()
    timings[stage] += (now - clock) / 1000
    clock = now
  }
  const art = await prepareArt(drawing, engines, width, height)
  const blends = drawing.previous && drawing.parts.some((part) => part.blendsIn)
  const previousArt =
    blends && drawing.previous ? await prepareArt(drawing.previous, engines, width, height) : undefined
  const canvas = createCanvas(width, height)
  // Opaque, as every frame is: reading the pixels back then skips unpremultiplying each one (getImageData, where
  // the recorded drawing also runs: 19.5 → 16.2-17.9 ms a 720p frame of drawn art; the whole frame's CPU about
  // 3 % less), and the pixels come out the same (every style, each caption style over them: not a byte differs).
  const context = canvas.getContext('2d', { alpha: false })
  const finishing: Promise<void>[] = []
  let drawn = 0
  try {
    for (const part of drawing.parts) {
      const frames = createTransition({
        kind: drawing.transition,
        current: art,
        previous:
          part.blendsIn && previousArt && drawing.previous
            ? { art: previousArt, duration: drawing.previous.duration }
            : undefined,
        width,
        height,
      })
      await mkdir(path.dirname(part.outPath), { recursive: true })
      // A part with nothing blended in, of art that gives its frames as YUV (a clip), goes to the encoder so.
      const yuv = part.blendsIn ? undefined : art.openYuv?.()
      const encoder = createFrameEncoder({
        width,
        height,
        fps,
        outPath: part.outPath,
        signal,
        inputFormat: yuv ? 'yuv420p' : 'rgba',
      })
      try {
        for (let frame = part.first; yuv && frame < part.end; frame += 1) {
          if (signal?.aborted) throw new EngineError('aborted', 'renderer', 'The render was stopped.')
          const time = frame / fps
          clock = performance.now()
          const decoded = await yuv.frameAt(time)
          mark('decode')
          // A copy: the art keeps its own for frames that hold it.
          const copy = Buffer.from(decoded)
          mark('draw')
          if (drawing.captions) {
            engines.blendCaptions(copy, { ...drawing.captions, time, width, height }, 'yuv420p')
            mark('captions')
          }
          await encoder.writeFrame(copy)
          mark('encode')
          drawn += 1
          if (drawn % 10 === 0) onFrames?.(drawn)
        }
        for (let frame = part.first; !yuv && frame < part.end; frame += 1) {
          if (signal?.aborted) throw new EngineError('aborted', 'renderer', 'The render was stopped.')
          const time = frame / fps
          clock = performance.now()
          await frames.prepareFrame(time)
          mark('decode')
          const finished = frames.framePixels(time)
          if (finished) {
            // A finished frame (a clip's, decoded at the frame's size) skips the canvas: a copy of it, the art
            // keeps its own for frames that hold it, with the caption blended in.
            const frame = Buffer.from(finished)
            mark('draw')
            if (drawing.captions) {
              engines.blendCaptions(frame, { ...drawing.captions, time, width, height })
              mark('captions')
            }
            await encoder.writeFrame(frame)
            mark('encode')
            drawn += 1
            if (drawn % 10 === 0) onFrames?.(drawn)
            continue
          }
          frames.drawFrame(context, time)
          mark('draw')
          if (drawing.captions) {
            engines.drawCaptions(context, { ...drawing.captions, time, width, height })
            mark('captions')
          }
          // getImageData copies the pixels out (about a quarter cheaper than canvas.data() here), so the copy
          // can wait in the encoder's queue while the next frame is drawn.
          const { data } = context.getImageData(0, 0, width, height)
          mark('read')
          await encoder.writeFrame(Buffer.from(data.buffer, data.byteOffset, data.byteLength))
          mark('encode')
          drawn += 1
          if (drawn % 10 === 0) onFrames?.(drawn)
        }
      } catch (error) {
        encoder.abort()
        throw error
      } finally {
        yuv?.close()
      }
      // ffmpeg flushes its last frames while the next part is drawn.
      const finished = encoder.finish()
      finished.catch(() => undefined)
      finishing.push(finished)
    }
    await Promise.all(finishing)
  } catch (error) {
    art.close?.()
    previousArt?.close?.()
    await Promise.allSettled(finishing)
    await Promise.all(drawing.parts.map((part) => rm(part.outPath, { force: true })))
    // Stopped on purpose, whichever part noticed first (the encoder's own abort, or the check between frames).
    if (signal?.aborted) throw new EngineError('aborted', 'renderer', 'The render was stopped.')
    throw error
  }
  onFrames?.(drawn)
  previousArt?.close?.()
  try {
    const still =
      drawing.stillAt === undefined ? undefined : await engines.renderStill(art, width, height, drawing.stillAt)
    return { still, timings }
  } finally {
    art.close?.()
  }
}
