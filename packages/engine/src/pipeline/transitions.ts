import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas'

import type { VideoStyle } from '@storyreel/contracts/studio'

import type { SceneArt } from '#src/visuals/visual-engine.ts'

/**
 * How one scene gives way to the next, per style: the first frames of a scene blend in from the last
 * picture of the one before (which keeps moving meanwhile), so the cut is designed rather than abrupt.
 */

export type TransitionKind = 'dissolve' | 'push' | 'wipe' | 'zoom-through'

export const TRANSITION_SECONDS = 0.4

export const TRANSITIONS: Record<VideoStyle, TransitionKind> = {
  cinematic: 'dissolve',
  realistic: 'dissolve',
  watercolor: 'dissolve',
  anime: 'push',
  comic: 'wipe',
  '3d-cartoon': 'zoom-through',
}

const ease = (value: number) => (value < 0.5 ? 2 * value * value : 1 - (-2 * value + 2) ** 2 / 2)

export type Transition = {
  /** Makes the frame at `time` ready: the frames of the art (and of the scene before, while blending) it needs. */
  prepareFrame(time: number): Promise<void>
  /** Draws the frame at `time` into `context`: the scene alone, or blended with the one before. */
  drawFrame(context: SKRSContext2D, time: number): void
  /** The frame at `time` as finished RGBA, where it is the scene's own art unblended and the art has one. */
  framePixels(time: number): Uint8Array | undefined
}

export function createTransition(options: {
  kind: TransitionKind
  current: SceneArt
  /** The scene before and its length, when there is one. */
  previous: { art: SceneArt; duration: number } | undefined
  width: number
  height: number
}): Transition {
  const { kind, current, previous, width, height } = options
  let buffers: { incoming: Canvas; outgoing: Canvas } | undefined
  return {
    async prepareFrame(time) {
      await current.prepareFrame?.(time)
      if (previous && time < TRANSITION_SECONDS) await previous.art.prepareFrame?.(previous.duration + time)
    },
    framePixels(time) {
      return !previous || time >= TRANSITION_SECONDS ? current.framePixels?.() : undefined
    },
    drawFrame(context, time) {
      if (!previous || time >= TRANSITION_SECONDS) {
        current.drawFrame(context, time)
        return
      }
      buffers ??= { incoming: createCanvas(width, height), outgoing: createCanvas(width, height) }
      const { incoming, outgoing } = buffers
      current.drawFrame(incoming.getContext('2d'), time)
      previous.art.drawFrame(outgoing.getContext('2d'), previous.duration + time)
      const progress = ease(time / TRANSITION_SECONDS)
      context.setTransform(1, 0, 0, 1, 0, 0)
      context.globalAlpha = 1
      switch (kind) {
        case 'dissolve':
          context.drawImage(outgoing, 0, 0)
          context.globalAlpha = progress
          context.drawImage(incoming, 0, 0)
          break
        case 'push':
          context.drawImage(outgoing, -progress * width, 0)
          context.drawImage(incoming, (1 - progress) * width, 0)
          break
        case 'wipe': {
          context.drawImage(outgoing, 0, 0)
          const edge = progress * width
          context.drawImage(incoming, 0, 0, edge, height, 0, 0, edge, height)
          // A panel gutter rides the edge, as when a comic turns to the next frame.
          const gutter = Math.max(4, width * 0.012)
          context.fillStyle = '#111111'
          context.fillRect(edge - gutter / 2, 0, gutter, height)
          break
        }
        case 'zoom-through': {
          const inScale = 1.08 - 0.08 * progress
          context.drawImage(
            incoming,
            (width - width * inScale) / 2,
            (height - height * inScale) / 2,
            width * inScale,
            height * inScale,
          )
          const outScale = 1 + 0.6 * progress
          context.globalAlpha = 1 - progress
          context.drawImage(
            outgoing,
            (width - width * outScale) / 2,
            (height - height * outScale) / 2,
            width * outScale,
            height * outScale,
          )
          break
        }
      }
      context.globalAlpha = 1
    },
  }
}
