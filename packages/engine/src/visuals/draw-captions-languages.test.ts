import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'

import { CAPTION_STYLES } from '@storyreel/contracts/studio'

import { drawCaptions } from './draw-captions.ts'
import { FONT, getCanvasFont, registerFonts } from './fonts.ts'
import type { CaptionCue } from './visual-engine.ts'

const ACCENTS = 'Mañana, Ça, Grüße, São, Één'
const HINDI = 'हर सुबह प्रिया अपनी फूलों की दुकान खोलती है'
/** Unassigned in Unicode: no font has it, so it draws as the font's "no glyph" box. */
const NO_SUCH_CHARACTER = '\u0378'

const graphemes = (text: string) =>
  [
    ...new Set([...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((part) => part.segment)),
  ].filter((grapheme) => /\p{L}/u.test(grapheme))

/** One text drawn white on black in a canvas `font`, as raw pixels. */
function pixelsOf(text: string, font: string): Buffer {
  registerFonts()
  const canvas = createCanvas(160, 100)
  const context = canvas.getContext('2d')
  context.fillStyle = '#000'
  context.fillRect(0, 0, 160, 100)
  context.fillStyle = '#fff'
  context.textBaseline = 'middle'
  context.font = font
  context.fillText(text, 20, 50)
  return Buffer.from(context.getImageData(0, 0, 160, 100).data)
}

function widthOf(text: string, font: string): number {
  registerFonts()
  const context = createCanvas(8, 8).getContext('2d')
  context.font = font
  return context.measureText(text).width
}

const CAPTION_FAMILIES = [FONT.sans, FONT.sansBlack] as const

describe('caption fonts', () => {
  it.each(CAPTION_FAMILIES)('draw every accented letter from %s itself, none as a missing glyph', (family) => {
    const font = getCanvasFont(family, 48)
    const missing = pixelsOf(NO_SUCH_CHARACTER, font)
    for (const letter of graphemes(ACCENTS)) {
      const drawn = pixelsOf(letter, font)
      expect(drawn.equals(missing), `${letter} is drawn as a missing glyph`).toBe(false)
      const base = letter.normalize('NFD').replace(/\p{M}/gu, '')
      if (base !== letter) expect(drawn.equals(pixelsOf(base, font)), `${letter} lost its accent`).toBe(false)
    }
    // The Latin family draws them all: the Devanagari fallback takes no Latin letter's place.
    expect(widthOf(ACCENTS, font)).toBe(widthOf(ACCENTS, `48px "${family}"`))
  })

  it.each(CAPTION_FAMILIES)('set Hindi in Devanagari behind %s, and would not without it', (family) => {
    const font = getCanvasFont(family, 48)
    const latinOnly = `48px "${family}"`
    const missing = pixelsOf(NO_SUCH_CHARACTER, font)
    let missingWithoutFallback = 0
    for (const letter of graphemes(HINDI)) {
      expect(pixelsOf(letter, font).equals(missing), `${letter} is drawn as a missing glyph`).toBe(false)
      // Without it, each code point of the letter (a consonant and its vowel sign) is a missing-glyph box.
      const boxes = NO_SUCH_CHARACTER.repeat([...letter].length)
      if (pixelsOf(letter, latinOnly).equals(pixelsOf(boxes, latinOnly))) missingWithoutFallback++
    }
    expect(missingWithoutFallback).toBe(graphemes(HINDI).length)
    // Mixed words: the name keeps the Latin family's letters.
    expect(widthOf('नमस्ते Lucía', font) - widthOf('नमस्ते ', font)).toBeCloseTo(widthOf('Lucía', latinOnly), 3)
  })
})

describe('captions in other languages', () => {
  it.each(CAPTION_STYLES)('draws an accented and a Hindi cue in the %s style', (style) => {
    for (const text of [ACCENTS, HINDI]) {
      const words = text.split(' ').map((word, index) => ({ text: word, start: index * 0.3, end: index * 0.3 + 0.3 }))
      const cue: CaptionCue = { start: 0, end: 3, text, words }
      const canvas = createCanvas(360, 640)
      const context = canvas.getContext('2d')
      context.fillStyle = 'rgb(90,120,150)'
      context.fillRect(0, 0, 360, 640)
      drawCaptions(context, { cues: [cue], time: 1, style, width: 360, height: 640 })
      const pixels = context.getImageData(0, 0, 360, 640).data
      let changed = 0
      for (let at = 0; at < pixels.length; at += 4) if (pixels[at] !== 90 || pixels[at + 2] !== 150) changed++
      expect(changed, text).toBeGreaterThan(1000)
    }
  })
})
