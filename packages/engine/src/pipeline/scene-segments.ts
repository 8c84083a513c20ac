import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'

import { createCanvas } from '@napi-rs/canvas'

import type { CaptionStyle } from '@storyreel/contracts/studio'

import { createFrameEncoder } from '#src/encoder/frame-encoder.ts'
import { EngineError } from '#src/errors.ts'
import type { CaptionCue, DrawCaptions, SceneArt, SceneArtRequest, VisualEngine } from '#src/visuals/visual-engine.ts'

import { createTransition, type TransitionKind } from './transitions.ts'

/**
 * A scene's frames to draw and encode: some of its segments (the lead-in that blends in from the scene before,
 * the body), each into a file of its own, and perhaps a still of it. Plain data, so it can go to a thread.
 */
export type SceneDrawing = {
  request: SceneArtRequest
  /** The scene before, which the lead-in blends in from; absent for the first scene. */
  previous?: { request: SceneArtRequest; duration: number }
  transition: TransitionKind
  /** Frame ranges [first, end) of the scene and where to write each; empty when only a still is wanted. */
  parts: { first: number; end: number; outPath: string; blendsIn: boolean }[]
  captions: { style: CaptionStyle; cues: CaptionCue[] } | null
  width: number
  height: number
  fps: number
  /** A JPEG of the scene at this time (seconds), drawn from the same art: the video's poster. */
  stillAt?: number
}

export type DrawingEngines = {
  visuals: VisualEngine
  drawCaptions: DrawCaptions
  renderStill: (art: SceneArt, width: number, height: number, time: number) => Promise<Buffer>
}

/**
 * Prepares a scene's art once and draws its parts, one ffmpeg per part. Resolves when every file is complete,
 * with the still if one was asked for. `onFrames` gets the number of frames drawn so far.
 */
export async function drawScene(
  drawing: SceneDrawing,
  engines: DrawingEngines,
  { signal, onFrames }: { signal?: AbortSignal; onFrames?: (done: number) => void } = {},
): Promise<{ still: Buffer | undefined }> {
  const { width, height, fps } = drawing
  const art = await engines.visuals.prepareScene(drawing.request)
  const blends = drawing.previous && drawing.parts.some((part) => part.blendsIn)
  const previousArt =
    blends && drawing.previous ? await engines.visuals.prepareScene(drawing.previous.request) : undefined
  const canvas = createCanvas(width, height)
  const context = canvas.getContext('2d')
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
      const encoder = createFrameEncoder({ width, height, fps, outPath: part.outPath, signal })
      try {
        for (let frame = part.first; frame < part.end; frame += 1) {
          if (signal?.aborted) throw new EngineError('aborted', 'renderer', 'The render was stopped.')
          const time = frame / fps
          await frames.prepareFrame(time)
          frames.drawFrame(context, time)
          if (drawing.captions) {
            engines.drawCaptions(context, { ...drawing.captions, time, width, height })
          }
          // getImageData copies the pixels out (about a quarter cheaper than canvas.data() here), so the copy
          // can wait in the encoder's queue while the next frame is drawn.
          const { data } = context.getImageData(0, 0, width, height)
          await encoder.writeFrame(Buffer.from(data.buffer, data.byteOffset, data.byteLength))
          drawn += 1
          if (drawn % 10 === 0) onFrames?.(drawn)
        }
      } catch (error) {
        encoder.abort()
        throw error
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
    return { still }
  } finally {
    art.close?.()
  }
}
