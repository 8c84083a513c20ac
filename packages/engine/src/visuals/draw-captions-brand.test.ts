import { createCanvas } from '@napi-rs/canvas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { CaptionStyle } from '@storyreel/contracts/studio'

import { acquireBrandFont, type HeldBrandFont } from '#src/brand/brand-font.ts'
import { FONT_FILES } from '#src/testing/font-fixtures.ts'

import { CAPTION_PLATE_OPACITY, drawCaptions } from './draw-captions.ts'
import type { CaptionBrand, CaptionCue } from './visual-engine.ts'

const [WIDTH, HEIGHT] = [360, 640]
const GROUND = [60, 90, 120]
const PRIMARY = '#9d174d'
const ACCENT = '#0f766e'
const OUR_HIGHLIGHT = [0x7c, 0x3a, 0xed]

const cueOf = (text: string): CaptionCue => ({
  start: 0,
  end: 3,
  text,
  words: text.split(' ').map((word, index) => ({ text: word, start: index * 0.5, end: index * 0.5 + 0.5 })),
})
const WORDS = cueOf('Every morning the baker wakes early')

/** A caption drawn over a flat frame at 0.2 s (the first word spoken, the cue fully faded in), as RGBA. */
function draw(style: CaptionStyle, brand?: CaptionBrand, cue = WORDS) {
  const canvas = createCanvas(WIDTH, HEIGHT)
  const context = canvas.getContext('2d')
  context.fillStyle = `rgb(${GROUND.join(',')})`
  context.fillRect(0, 0, WIDTH, HEIGHT)
  drawCaptions(context, { cues: [cue], time: 0.2, style, width: WIDTH, height: HEIGHT, brand })
  return context.getImageData(0, 0, WIDTH, HEIGHT).data
}

const rgbOf = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))
const near = (pixels: Uint8ClampedArray, at: number, rgb: number[], tolerance = 2) =>
  rgb.every((value, channel) => Math.abs((pixels[at + channel] ?? 0) - value) <= tolerance)
const countOf = (pixels: Uint8ClampedArray, rgb: number[]) => {
  let count = 0
  for (let at = 0; at < pixels.length; at += 4) if (near(pixels, at, rgb)) count++
  return count
}

/** The columns a caption drew into: its left and right edges. */
function drawnColumns(pixels: Uint8ClampedArray) {
  let [left, right] = [WIDTH, 0]
  for (let at = 0; at < pixels.length; at += 4) {
    if (near(pixels, at, GROUND, 0)) continue
    const x = (at / 4) % WIDTH
    left = Math.min(left, x)
    right = Math.max(right, x + 1)
  }
  return { left, right }
}

let font: HeldBrandFont
beforeAll(async () => {
  // Patrick Hand: much narrower letters than our Inter Black.
  font = await acquireBrandFont({ file: FONT_FILES.ttf })
})
afterAll(() => font.release())

describe('captions in a brand’s colours and font', () => {
  it('light the spoken word in the accent in karaoke, instead of our violet', () => {
    const ours = draw('karaoke')
    const branded = draw('karaoke', { highlight: ACCENT })
    expect(countOf(ours, OUR_HIGHLIGHT)).toBeGreaterThan(200)
    expect(countOf(branded, OUR_HIGHLIGHT)).toBe(0)
    expect(countOf(branded, rgbOf(ACCENT))).toBeGreaterThan(200)
  })

  it('set the boxed plate in the primary, opaque enough for white type', () => {
    const branded = draw('boxed', { plate: PRIMARY })
    const { left } = drawnColumns(branded)
    // Inside the plate's padding, halfway down the caption band: plate over ground, no letters.
    let row = HEIGHT - 1
    while (row > 0 && near(branded, (row * WIDTH + left + 4) * 4, GROUND, 0)) row--
    const at = ((row - 12) * WIDTH + left + 4) * 4
    const expected = rgbOf(PRIMARY).map(
      (value, channel) => value * CAPTION_PLATE_OPACITY + (GROUND[channel] ?? 0) * (1 - CAPTION_PLATE_OPACITY),
    )
    expect(near(branded, at, expected, 2), `${[...branded.subarray(at, at + 3)].join(',')}`).toBe(true)
    expect(CAPTION_PLATE_OPACITY).toBeGreaterThanOrEqual(0.85)
  })

  it('leave the styles that use no colour of the brand as they are', () => {
    for (const style of ['classic', 'bold'] as const) {
      expect(Buffer.from(draw(style)).equals(Buffer.from(draw(style, {})))).toBe(true)
    }
  })

  it('set the words in the brand font, its letters narrower than ours', () => {
    const line = cueOf('Every morning')
    for (const style of ['classic', 'bold', 'karaoke', 'boxed'] as const) {
      const ours = drawnColumns(draw(style, undefined, line))
      const branded = drawnColumns(draw(style, { font: { family: font.family, file: font.file } }, line))
      expect(branded.right - branded.left, style).toBeLessThan((ours.right - ours.left) * 0.85)
    }
  })

  it('draw what the brand font lacks from ours: Devanagari as without it, emoji in colour', () => {
    const face = { font: { family: font.family, file: font.file } }
    const hindi = cueOf('नमस्ते')
    const ours = draw('classic', undefined, hindi)
    const branded = draw('classic', face, hindi)
    // The same glyphs, from our Devanagari (the brand's own metrics only move the line a little).
    const white = countOf(ours, [255, 255, 255])
    expect(white).toBeGreaterThan(100)
    expect(Math.abs(countOf(branded, [255, 255, 255]) - white)).toBeLessThan(white * 0.05)
    expect(drawnColumns(branded)).toEqual(drawnColumns(ours))
    const lemon = draw('classic', face, cueOf('Fresh 🍋'))
    let yellow = 0
    for (let at = 0; at < lemon.length; at += 4) {
      if ((lemon[at] ?? 0) > 200 && (lemon[at + 1] ?? 0) > 160 && (lemon[at + 2] ?? 0) < 90) yellow++
    }
    expect(yellow).toBeGreaterThan(40)
  })
})
