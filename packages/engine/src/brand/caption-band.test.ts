import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'

import { CAPTION_STYLES } from '@storyreel/contracts/studio'

import { drawCaptions } from '#src/visuals/draw-captions.ts'
import type { CaptionCue } from '#src/visuals/visual-engine.ts'

import { getAboveCaptions, getCaptionBand } from './caption-band.ts'

const WORDS = 'Every morning 🍞 the baker wakes early and opens her little shop on the corner of the old market square'
/** Cues from one word to more than two lines' worth, so every wrap and every shrink of the font is drawn. */
const CUES: CaptionCue[] = [1, 2, 4, 6, 9, 12, 15, 19].map((count) => {
  const words = WORDS.split(' ').slice(0, count)
  return {
    start: 0,
    end: 2,
    text: words.join(' '),
    words: words.map((text, index) => ({ text, start: index * 0.1, end: index * 0.1 + 0.1 })),
  }
})
const FRAMES = [
  { width: 720, height: 1280 },
  { width: 1280, height: 720 },
  { width: 720, height: 720 },
  { width: 202, height: 360 },
]

/** The first and last rows a caption drew anything into. */
function drawnRows(cue: CaptionCue, style: (typeof CAPTION_STYLES)[number], width: number, height: number) {
  const canvas = createCanvas(width, height)
  const context = canvas.getContext('2d')
  drawCaptions(context, { cues: [cue], time: 1, style, width, height })
  const pixels = context.getImageData(0, 0, width, height).data
  let [first, last] = [height, -1]
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((pixels[(y * width + x) * 4 + 3] as number) === 0) continue
      first = Math.min(first, y)
      last = y
      break
    }
  }
  return { first, last }
}

describe('getCaptionBand', () => {
  it('holds every caption draw-captions draws, in every style and frame shape', () => {
    for (const { width, height } of FRAMES) {
      const band = getCaptionBand(width, height)
      for (const style of CAPTION_STYLES) {
        for (const cue of CUES) {
          const rows = drawnRows(cue, style, width, height)
          const label = `${style} ${width}x${height} "${cue.text}"`
          expect(rows.last, label).toBeGreaterThan(0)
          expect(rows.first, label).toBeGreaterThanOrEqual(band.top)
          expect(rows.last, label).toBeLessThanOrEqual(band.bottom)
        }
      }
    }
  })

  it('leaves a gap between a logo above it and the captions', () => {
    for (const { width, height } of FRAMES) {
      expect(getAboveCaptions(width, height)).toBeLessThan(getCaptionBand(width, height).top)
    }
  })
})
