import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { createCanvas, loadImage } from '@napi-rs/canvas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ASPECT_RATIOS } from '@storyreel/contracts/studio'

import type { BrandOverlay } from '#src/brand/brand-overlay.ts'
import { placeLogo } from '#src/brand/logo-placement.ts'
import { getSafeArea } from '#src/brand/safe-area.ts'
import { EngineError } from '#src/errors.ts'
import { makeLogo } from '#src/testing/media-fixtures.ts'
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

describe('drawSceneStill with a logo', () => {
  let dir = ''
  const brand = (name: string, position: 'top-right' | 'bottom-left' = 'top-right'): BrandOverlay => ({
    logo: { file: path.join(dir, name), position, size: 0.2, opacity: 1 },
  })
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'scene-still-logo-'))
    await Promise.all([makeLogo(path.join(dir, 'red.png')), makeLogo(path.join(dir, 'red.jpg'), { format: 'jpeg' })])
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  const isRed = (pixels: Uint8ClampedArray, at: number) =>
    (pixels[at] as number) > 180 && (pixels[at + 1] as number) < 80 && (pixels[at + 2] as number) < 80
  const isReddish = (pixels: Uint8ClampedArray, at: number) =>
    (pixels[at] as number) > 120 &&
    (pixels[at] as number) > 1.6 * Math.max(pixels[at + 1] as number, pixels[at + 2] as number)

  it.each(ASPECT_RATIOS)(
    'draws the logo over a %s still where the video shows it, inside the safe area',
    async (ratio) => {
      const size = getStillSize(ratio)
      const [plain, branded] = await Promise.all([
        drawSceneStill(engine, SCENE, size).then(decode),
        drawSceneStill(engine, SCENE, { ...size, brand: brand('red.png') }).then(decode),
      ])
      const box = placeLogo({ width: 200, height: 200 }, { position: 'top-right', size: 0.2 }, size, { captions: true })
      const safe = getSafeArea(size.width, size.height)
      expect(box.left + box.width).toBeLessThanOrEqual(safe.right)
      let [inside, outside] = [0, 0]
      for (let y = 0; y < size.height; y++) {
        for (let x = 0; x < size.width; x++) {
          const at = (y * size.width + x) * 4
          // Red the logo brought: the scene's own reds (which the still's compression shifts a little) left aside.
          if (!isRed(branded.pixels, at) || isReddish(plain.pixels, at)) continue
          const inBox = x >= box.left - 1 && x <= box.left + box.width && y >= box.top - 1 && y <= box.top + box.height
          if (inBox) inside += 1
          else outside += 1
        }
      }
      expect(inside).toBeGreaterThan(box.width * box.height * 0.9)
      expect(outside).toBe(0)
    },
  )

  it('refuses a JPEG logo with an EngineError', async () => {
    const drawing = drawSceneStill(engine, SCENE, { ...getStillSize('1:1'), brand: brand('red.jpg') })
    await expect(drawing).rejects.toBeInstanceOf(EngineError)
    await expect(drawing).rejects.toMatchObject({ kind: 'invalid' })
  })

  it('gives a still with a logo a key of its own, by the logo’s version, place, size and opacity', () => {
    const size = getStillSize('9:16')
    const plain = getSceneStillKey('local-illustrator', SCENE, size)
    // Without a logo, the key is the one stills always had.
    expect(getSceneStillKey('local-illustrator', SCENE, { ...size, brand: {}, captions: false })).toBe(plain)
    const keyOf = (logo: Partial<NonNullable<BrandOverlay['logo']>>, captions = true) =>
      getSceneStillKey('local-illustrator', SCENE, {
        ...size,
        captions,
        brand: { logo: { file: '/tmp/a.png', version: 'v1', position: 'top-right', size: 0.2, opacity: 1, ...logo } },
      })
    const branded = keyOf({})
    expect(branded).not.toBe(plain)
    // The version names the file's content; its temporary path does not count.
    expect(keyOf({ file: '/tmp/b.png' })).toBe(branded)
    expect(keyOf({}, false)).toBe(branded)
    const changed = [
      keyOf({ version: 'v2' }),
      keyOf({ position: 'top-left' }),
      keyOf({ size: 0.3 }),
      keyOf({ opacity: 0.5 }),
      keyOf({ position: 'bottom-left' }),
      keyOf({ position: 'bottom-left' }, false),
    ]
    expect(new Set([plain, branded, ...changed]).size).toBe(changed.length + 2)
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
