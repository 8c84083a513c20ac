import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'

import { ASPECT_RATIOS, VIDEO_STYLES, type AspectRatio, type VideoStyle } from '@storyreel/contracts/studio'

import { planScene } from './art/scene-planner.ts'
import { createLocalVisualEngine } from './local-visual-engine.ts'
import { skyBodiesDrawnAsArt } from './read-scene.ts'
import { renderStill } from './render-still.ts'
import type { SceneArt, SceneArtRequest } from './visual-engine.ts'

// Small frames keep the suite fast; the drawing code is the same at 720p (see scripts/render-scene-sheet.ts).
const SIZES: Record<AspectRatio, { width: number; height: number }> = {
  '9:16': { width: 144, height: 256 },
  '16:9': { width: 256, height: 144 },
  '1:1': { width: 192, height: 192 },
}

const engine = createLocalVisualEngine()

function request(overrides: Partial<SceneArtRequest> = {}): SceneArtRequest {
  return {
    visual: 'A baker pulls golden bread from the oven at dawn',
    narration: 'Every morning the baker wakes before the city.',
    style: 'cinematic',
    seed: 42,
    index: 0,
    count: 3,
    duration: 4,
    ...SIZES['9:16'],
    ...overrides,
  }
}

function frameOf(art: SceneArt, width: number, height: number, time: number): Uint8ClampedArray {
  const canvas = createCanvas(width, height)
  const context = canvas.getContext('2d')
  art.drawFrame(context, time)
  return context.getImageData(0, 0, width, height).data
}

function lumaVariance(pixels: Uint8ClampedArray): number {
  let sum = 0
  let squares = 0
  const count = pixels.length / 4
  for (let index = 0; index < pixels.length; index += 4) {
    const luma = 0.299 * (pixels[index] ?? 0) + 0.587 * (pixels[index + 1] ?? 0) + 0.114 * (pixels[index + 2] ?? 0)
    sum += luma
    squares += luma * luma
  }
  const mean = sum / count
  return squares / count - mean * mean
}

function meanDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let total = 0
  for (let index = 0; index < a.length; index++) total += Math.abs((a[index] ?? 0) - (b[index] ?? 0))
  return total / a.length
}

describe('the local visual engine', () => {
  it('is named for the receipt', () => {
    expect(engine.name).toBe('local-illustrator')
  })

  for (const style of VIDEO_STYLES) {
    for (const aspect of ASPECT_RATIOS) {
      it(`draws a detailed, non-blank ${style} frame at ${aspect}`, async () => {
        const size = SIZES[aspect]
        const art = await engine.prepareScene(request({ style, ...size }))
        const pixels = frameOf(art, size.width, size.height, 1.5)
        expect(lumaVariance(pixels)).toBeGreaterThan(150)
      })
    }
  }

  it('draws different descriptions clearly differently', async () => {
    const { width, height } = SIZES['9:16']
    const pairs: [string, string][] = [
      ['A baker pulls golden bread from the oven at dawn', 'A rocket launches into space among the stars'],
      ['Friends laugh on a sunny beach', 'A lonely car drives through the rainy city at night'],
      ['A dog runs through a snowy forest', 'A scientist mixes chemicals in a lab'],
    ]
    for (const style of ['anime', 'watercolor'] as VideoStyle[]) {
      for (const [first, second] of pairs) {
        const a = frameOf(await engine.prepareScene(request({ style, visual: first, narration: '' })), width, height, 1)
        const b = frameOf(
          await engine.prepareScene(request({ style, visual: second, narration: '' })),
          width,
          height,
          1,
        )
        expect(meanDifference(a, b), `${style}: ${first} / ${second}`).toBeGreaterThan(20)
      }
    }
  })

  it('draws words it does not know as themed art that still differs between descriptions', async () => {
    const { width, height } = SIZES['9:16']
    const a = frameOf(
      await engine.prepareScene(request({ visual: 'Quantum entanglement paradox', narration: '' })),
      width,
      height,
      1,
    )
    const b = frameOf(
      await engine.prepareScene(request({ visual: 'Bureaucratic synergy matrix', narration: '' })),
      width,
      height,
      1,
    )
    expect(lumaVariance(a)).toBeGreaterThan(150)
    expect(meanDifference(a, b)).toBeGreaterThan(10)
  })

  it('shows the river the words lead to as water across the land, and none where they name no water', async () => {
    const { width, height } = SIZES['9:16']
    /** Share of the lower half's pixels that are water blue: blue well above red, and above green. */
    const waterShare = (pixels: Uint8ClampedArray) => {
      let water = 0
      const start = Math.floor(height / 2) * width * 4
      for (let index = start; index < pixels.length; index += 4) {
        const [r, g, b] = [pixels[index] ?? 0, pixels[index + 1] ?? 0, pixels[index + 2] ?? 0]
        if (b > r + 40 && b > g + 10) water++
      }
      return water / ((pixels.length - start) / 4)
    }
    for (const style of ['3d-cartoon', 'watercolor'] as VideoStyle[]) {
      const scene = (narration: string) => engine.prepareScene(request({ style, visual: '', narration, seed: 7 }))
      const river = frameOf(await scene('By noon the cows had wandered down to the river.'), width, height, 2)
      const meadow = frameOf(await scene('By noon the cows had wandered down to the meadow.'), width, height, 2)
      // The cows the sentence is about stand in front of part of it.
      expect(waterShare(river), style).toBeGreaterThan(0.03)
      expect(waterShare(meadow), style).toBeLessThan(0.01)
    }
  })

  it('is deterministic for the same input and seed, and another seed draws another picture', async () => {
    const { width, height } = SIZES['9:16']
    const first = frameOf(await engine.prepareScene(request({ style: 'comic' })), width, height, 2)
    const again = frameOf(await engine.prepareScene(request({ style: 'comic' })), width, height, 2)
    const reroll = frameOf(await engine.prepareScene(request({ style: 'comic', seed: 43 })), width, height, 2)
    expect(meanDifference(first, again)).toBe(0)
    expect(meanDifference(first, reroll)).toBeGreaterThan(3)
  })

  it('moves the camera: the first and last frames differ', async () => {
    const { width, height } = SIZES['16:9']
    for (const index of [0, 1, 2, 3]) {
      const art = await engine.prepareScene(request({ ...SIZES['16:9'], index, style: 'realistic' }))
      expect(meanDifference(frameOf(art, width, height, 0), frameOf(art, width, height, 3.96))).toBeGreaterThan(4)
    }
  })

  it("leaves the backdrop's own moon, sun or planet out when the words draw one", () => {
    const bodies = (text: string) => skyBodiesDrawnAsArt(planScene({ visual: text, narration: text, seed: 1 }).subjects)
    expect(bodies('Each night the cat watched the moon over the sea.')).toEqual(['moon'])
    expect(bodies('By morning the sun was out over the harbour.')).toEqual(['sun'])
    expect(bodies('The stars came out over the quiet farm.')).toEqual([])
    expect(bodies('A sunflower grows by the barn.')).toEqual([])
    expect(bodies("Saturn's rings are made of ice and rock.")).toContain('planet')
  })

  it('renders a still as a JPEG', async () => {
    const art = await engine.prepareScene(request())
    const still = await renderStill(art, 144, 256, 1)
    expect(still.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
  })

  it('keeps the cinematic letterbox to at most 12 % of the frame, bars together, in every ratio', async () => {
    for (const ratio of ASPECT_RATIOS) {
      const { width, height } = SIZES[ratio]
      const art = await engine.prepareScene(request({ ...SIZES[ratio], style: 'cinematic' }))
      const pixels = frameOf(art, width, height, 1)
      const isBlackRow = (y: number) => {
        for (let x = 0; x < width; x++) {
          const at = (y * width + x) * 4
          if ((pixels[at] ?? 0) + (pixels[at + 1] ?? 0) + (pixels[at + 2] ?? 0) > 12) return false
        }
        return true
      }
      let top = 0
      while (top < height && isBlackRow(top)) top++
      let bottom = 0
      while (bottom < height && isBlackRow(height - 1 - bottom)) bottom++
      expect(top + bottom, ratio).toBeLessThanOrEqual(Math.ceil(height * 0.12))
      if (ratio !== '1:1') expect(top, ratio).toBeGreaterThan(0)
    }
  })
})
