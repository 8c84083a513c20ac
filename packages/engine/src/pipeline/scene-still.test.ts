import { createCanvas, loadImage } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'

import { ASPECT_RATIOS } from '@storyreel/contracts/studio'

import { createLocalVisualEngine } from '#src/visuals/local-visual-engine.ts'

import { drawSceneStill, getSceneStillKey, getStillSize, getStillTime, type SceneStillRequest } from './scene-still.ts'

const engine = createLocalVisualEngine()

const SCENE: SceneStillRequest = {
  visual: 'A lighthouse on black rocks, its beam sweeping a stormy sea at dusk',
  narration: 'The storm rolled in at dusk over the quiet harbour.',
  style: 'cinematic',
  seed: 1234,
  index: 1,
  count: 4,
  duration: 5,
}

async function decode(bytes: Buffer) {
  const image = await loadImage(bytes)
  const canvas = createCanvas(image.width, image.height)
  const context = canvas.getContext('2d')
  context.drawImage(image, 0, 0)
  return {
    width: image.width,
    height: image.height,
    pixels: context.getImageData(0, 0, image.width, image.height).data,
  }
}

/** How varied a picture is: the spread of its luma and how many distinct (coarse) colours it holds. */
function describePixels(pixels: Uint8ClampedArray) {
  let sum = 0
  let squares = 0
  const colours = new Set<number>()
  const count = pixels.length / 4
  for (let index = 0; index < pixels.length; index += 4) {
    const [red = 0, green = 0, blue = 0] = [pixels[index], pixels[index + 1], pixels[index + 2]]
    const luma = 0.299 * red + 0.587 * green + 0.114 * blue
    sum += luma
    squares += luma * luma
    colours.add(((red >> 4) << 8) | ((green >> 4) << 4) | (blue >> 4))
  }
  const mean = sum / count
  return { lumaSpread: Math.sqrt(squares / count - mean * mean), colours: colours.size }
}

describe('getStillSize', () => {
  it('keeps the aspect ratio with 360 px on the long side', () => {
    expect(getStillSize('9:16')).toEqual({ width: 203, height: 360 })
    expect(getStillSize('16:9')).toEqual({ width: 360, height: 203 })
    expect(getStillSize('1:1')).toEqual({ width: 360, height: 360 })
  })
})

describe('getStillTime', () => {
  it('picks a moment 40 % in, once the title is in and before it fades out', () => {
    expect(getStillTime(5)).toBe(2)
    expect(getStillTime(2)).toBe(1)
    expect(getStillTime(15)).toBe(6)
  })
})

describe('drawSceneStill', () => {
  it.each(ASPECT_RATIOS)('draws a %s WebP of the thumbnail size that is a picture, not a flat fill', async (ratio) => {
    const size = getStillSize(ratio)
    const bytes = await drawSceneStill(engine, SCENE, size)
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF')
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')
    const image = await decode(bytes)
    expect({ width: image.width, height: image.height }).toEqual(size)
    const { lumaSpread, colours } = describePixels(image.pixels)
    expect(lumaSpread).toBeGreaterThan(12)
    expect(colours).toBeGreaterThan(40)
  })

  it('encodes JPEG when asked', async () => {
    const bytes = await drawSceneStill(engine, SCENE, { ...getStillSize('1:1'), format: 'jpeg' })
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
  })

  it('draws the same bytes for the same inputs, and another picture for another seed', async () => {
    const size = getStillSize('9:16')
    const [first, again, rerolled] = await Promise.all([
      drawSceneStill(engine, SCENE, size),
      drawSceneStill(engine, SCENE, size),
      drawSceneStill(engine, { ...SCENE, seed: 98765 }, size),
    ])
    expect(again.equals(first)).toBe(true)
    expect(rerolled.equals(first)).toBe(false)
  })

  it('refuses a size it cannot draw', async () => {
    await expect(drawSceneStill(engine, SCENE, { width: 0, height: 360 })).rejects.toMatchObject({
      kind: 'invalid',
      engine: 'visuals',
    })
  })
})

describe('getSceneStillKey', () => {
  const size = getStillSize('9:16')
  const key = getSceneStillKey('local-illustrator', SCENE, size)

  it('is stable for the same inputs, and safe in file names and URLs', () => {
    expect(getSceneStillKey('local-illustrator', { ...SCENE }, { ...size })).toBe(key)
    expect(key).toMatch(/^[0-9a-f]{32}$/)
  })

  it('changes with every input that changes the picture', () => {
    const changed: SceneStillRequest[] = [
      { ...SCENE, visual: 'A red kite over a beach' },
      { ...SCENE, narration: 'Another line.' },
      { ...SCENE, style: 'anime' },
      { ...SCENE, seed: 1 },
      { ...SCENE, index: 2 },
      { ...SCENE, count: 5 },
      { ...SCENE, duration: 6 },
    ]
    const keys = new Set([key, ...changed.map((request) => getSceneStillKey('local-illustrator', request, size))])
    expect(keys.size).toBe(changed.length + 1)
    expect(getSceneStillKey('local-illustrator', SCENE, getStillSize('16:9'))).not.toBe(key)
    expect(getSceneStillKey('openai-images:gpt-image-1', SCENE, size)).not.toBe(key)
    expect(getSceneStillKey('local-illustrator', SCENE, { ...size, format: 'jpeg' })).not.toBe(key)
  })
})
