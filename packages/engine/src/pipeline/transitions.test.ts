import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'

import type { SceneArt } from '#src/visuals/visual-engine.ts'

import { createTransition, TRANSITION_SECONDS, TRANSITIONS, type TransitionKind } from './transitions.ts'

const WIDTH = 64
const HEIGHT = 36

/** A scene of one colour, which records the times it was drawn at. */
function solid(color: string, times: number[] = []): SceneArt {
  return {
    drawFrame(context, time) {
      times.push(time)
      context.setTransform(1, 0, 0, 1, 0, 0)
      context.globalAlpha = 1
      context.fillStyle = color
      context.fillRect(0, 0, WIDTH, HEIGHT)
    },
  }
}

function frameAt(kind: TransitionKind, time: number, previousTimes: number[] = []) {
  const transition = createTransition({
    kind,
    current: solid('#0000ff'),
    previous: { art: solid('#ff0000', previousTimes), duration: 5 },
    width: WIDTH,
    height: HEIGHT,
  })
  const canvas = createCanvas(WIDTH, HEIGHT)
  const context = canvas.getContext('2d')
  transition.drawFrame(context, time)
  return (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)]
}

describe('scene transitions', () => {
  it('gives every style a transition of its own kind', () => {
    expect(new Set(Object.values(TRANSITIONS))).toEqual(new Set(['dissolve', 'push', 'wipe', 'zoom-through']))
  })

  it('dissolves from the scene before, which keeps moving past its end', () => {
    const previousTimes: number[] = []
    const pixel = frameAt('dissolve', TRANSITION_SECONDS / 2, previousTimes)
    const [red = 0, , blue = 0] = pixel(WIDTH / 2, HEIGHT / 2)
    expect(red).toBeGreaterThan(80)
    expect(blue).toBeGreaterThan(80)
    expect(previousTimes).toEqual([5 + TRANSITION_SECONDS / 2])
  })

  it('pushes the old scene out to the left and wipes the new one in from the left', () => {
    const push = frameAt('push', TRANSITION_SECONDS / 2)
    expect(push(2, HEIGHT / 2)).toEqual([255, 0, 0])
    expect(push(WIDTH - 3, HEIGHT / 2)).toEqual([0, 0, 255])
    const wipe = frameAt('wipe', TRANSITION_SECONDS / 2)
    expect(wipe(2, HEIGHT / 2)).toEqual([0, 0, 255])
    expect(wipe(WIDTH - 3, HEIGHT / 2)).toEqual([255, 0, 0])
  })

  it('ends on the new scene alone, and a first scene has no transition', () => {
    for (const kind of ['dissolve', 'push', 'wipe', 'zoom-through'] as const)
      expect(frameAt(kind, TRANSITION_SECONDS)(WIDTH / 2, HEIGHT / 2)).toEqual([0, 0, 255])
    const alone = createTransition({
      kind: 'push',
      current: solid('#00ff00'),
      previous: undefined,
      width: WIDTH,
      height: HEIGHT,
    })
    const canvas = createCanvas(WIDTH, HEIGHT)
    alone.drawFrame(canvas.getContext('2d'), 0)
    expect([...canvas.getContext('2d').getImageData(1, 1, 1, 1).data.slice(0, 3)]).toEqual([0, 255, 0])
  })
})
