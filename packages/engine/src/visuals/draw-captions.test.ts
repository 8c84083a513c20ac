import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'

import { CAPTION_STYLES, type CaptionStyle } from '@storyreel/contracts/studio'

import { blendCaptions, drawCaptions } from './draw-captions.ts'
import type { CaptionCue } from './visual-engine.ts'

const WIDTH = 360
const HEIGHT = 640

const CUES: CaptionCue[] = [
  {
    start: 0.5,
    end: 2.5,
    text: 'Every morning the baker wakes early',
    words: [
      { text: 'Every', start: 0.5, end: 0.8 },
      { text: 'morning', start: 0.8, end: 1.2 },
      { text: 'the', start: 1.2, end: 1.35 },
      { text: 'baker', start: 1.35, end: 1.8 },
      { text: 'wakes', start: 1.8, end: 2.1 },
      { text: 'early', start: 2.1, end: 2.5 },
    ],
  },
]

/** Draws captions over a flat mid-grey frame and returns which pixels changed, split above and in the caption area. */
function changed(style: CaptionStyle, time: number) {
  const canvas = createCanvas(WIDTH, HEIGHT)
  const context = canvas.getContext('2d')
  context.fillStyle = 'rgb(90,120,150)'
  context.fillRect(0, 0, WIDTH, HEIGHT)
  drawCaptions(context, { cues: CUES, time, style, width: WIDTH, height: HEIGHT })
  const pixels = context.getImageData(0, 0, WIDTH, HEIGHT).data
  let inArea = 0
  let outside = 0
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const at = (y * WIDTH + x) * 4
      const different = pixels[at] !== 90 || pixels[at + 1] !== 120 || pixels[at + 2] !== 150
      if (!different) continue
      if (y > HEIGHT * 0.6 && y < HEIGHT * 0.9) inArea++
      else outside++
    }
  }
  return { inArea, outside, pixels }
}

describe('drawCaptions', () => {
  for (const style of CAPTION_STYLES) {
    it(`draws the ${style} cue in the lower safe area only while it is active`, () => {
      const active = changed(style, 1.5)
      expect(active.inArea).toBeGreaterThan(500)
      expect(active.outside).toBe(0)
      expect(changed(style, 0.2).inArea).toBe(0)
      expect(changed(style, 3).inArea).toBe(0)
    })
  }

  it('fades a cue in', () => {
    const start = changed('boxed', 0.52).pixels
    const full = changed('boxed', 1.5).pixels
    let weaker = 0
    let stronger = 0
    for (let index = 0; index < start.length; index += 4) {
      weaker += Math.abs((start[index] ?? 0) - 90)
      stronger += Math.abs((full[index] ?? 0) - 90)
    }
    expect(weaker).toBeLessThan(stronger * 0.5)
  })

  it('highlights the spoken word in karaoke, word by word', () => {
    const frames = [0.9, 1.5, 2.3].map((time) => changed('karaoke', time).pixels)
    const differ = (a: Uint8ClampedArray, b: Uint8ClampedArray) => {
      let count = 0
      for (let index = 0; index < a.length; index += 4) if (a[index] !== b[index]) count++
      return count
    }
    expect(differ(frames[0] ?? new Uint8ClampedArray(), frames[1] ?? new Uint8ClampedArray())).toBeGreaterThan(200)
    expect(differ(frames[1] ?? new Uint8ClampedArray(), frames[2] ?? new Uint8ClampedArray())).toBeGreaterThan(200)
    // Within one word's time the frame holds still.
    expect(differ(changed('karaoke', 1.4).pixels, changed('karaoke', 1.7).pixels)).toBe(0)
  })
})

describe('emoji and bright frames', () => {
  function draw(cue: CaptionCue, style: CaptionStyle, background: string) {
    const canvas = createCanvas(WIDTH, HEIGHT)
    const context = canvas.getContext('2d')
    context.fillStyle = background
    context.fillRect(0, 0, WIDTH, HEIGHT)
    drawCaptions(context, { cues: [cue], time: 1, style, width: WIDTH, height: HEIGHT })
    return context.getImageData(0, 0, WIDTH, HEIGHT).data
  }

  it('draws emoji in the narration in colour, not as missing-glyph boxes', () => {
    const cue: CaptionCue = { start: 0, end: 2, text: 'Fresh 🍋', words: [{ text: 'Fresh 🍋', start: 0, end: 2 }] }
    const pixels = draw(cue, 'classic', 'rgb(40,40,40)')
    // Lemon yellow: strong red and green, little blue, where the frame and white type have none.
    let yellow = 0
    for (let index = 0; index < pixels.length; index += 4) {
      const [red = 0, green = 0, blue = 0] = [pixels[index], pixels[index + 1], pixels[index + 2]]
      if (red > 200 && green > 160 && blue < 90) yellow++
    }
    expect(yellow).toBeGreaterThan(40)
  })

  it('keeps a dark edge on white letters over a bright sky in every style', () => {
    for (const style of CAPTION_STYLES) {
      const pixels = draw(CUES[0] as CaptionCue, style, 'rgb(250,245,220)')
      let dark = 0
      for (let index = 0; index < pixels.length; index += 4) if ((pixels[index] ?? 255) < 80) dark++
      expect(dark, style).toBeGreaterThan(150)
    }
  })

  it('blends into a frame of raw pixels (a clip frame that skips the canvas) as it draws on a canvas', () => {
    for (const style of CAPTION_STYLES) {
      // At full strength and while fading in.
      for (const time of [1.5, 0.55]) {
        const canvas = createCanvas(WIDTH, HEIGHT)
        const context = canvas.getContext('2d')
        const gradient = context.createLinearGradient(0, 0, WIDTH, HEIGHT)
        gradient.addColorStop(0, 'rgb(200,40,40)')
        gradient.addColorStop(1, 'rgb(30,60,220)')
        context.fillStyle = gradient
        context.fillRect(0, 0, WIDTH, HEIGHT)
        const frame = Buffer.from(context.getImageData(0, 0, WIDTH, HEIGHT).data)
        const options = { cues: CUES, time, style, width: WIDTH, height: HEIGHT }
        drawCaptions(context, options)
        blendCaptions(frame, options)
        const drawn = context.getImageData(0, 0, WIDTH, HEIGHT).data
        let worst = 0
        for (let i = 0; i < frame.length; i++) {
          if (i % 4 === 3) continue
          worst = Math.max(worst, Math.abs((frame[i] ?? 0) - (drawn[i] ?? 0)))
        }
        expect(worst, `${style} at ${time} s`).toBeLessThanOrEqual(3)
      }
    }
  })
})

/** RGBA to yuv420p (BT.709, limited range), each chroma sample the mean of its 2×2 pixels: as the encoder sees it. */
function toYuv420(rgba: Uint8Array, width: number, height: number): Float64Array {
  const out = new Float64Array((width * height * 3) / 2)
  const luma = (at: number) => 0.2126 * (rgba[at] ?? 0) + 0.7152 * (rgba[at + 1] ?? 0) + 0.0722 * (rgba[at + 2] ?? 0)
  for (let i = 0; i < width * height; i++) out[i] = 16 + (219 / 255) * luma(i * 4)
  for (let row = 0; row < height / 2; row++) {
    for (let column = 0; column < width / 2; column++) {
      let [u, v] = [0, 0]
      for (const at of [0, 1, width, width + 1].map((step) => (row * 2 * width + column * 2 + step) * 4)) {
        u += (128 + ((224 / 255) * ((rgba[at + 2] ?? 0) - luma(at))) / 1.8556) / 4
        v += (128 + ((224 / 255) * ((rgba[at] ?? 0) - luma(at))) / 1.5748) / 4
      }
      out[width * height + row * (width / 2) + column] = u
      out[(width * height * 5) / 4 + row * (width / 2) + column] = v
    }
  }
  return out
}

describe('captions on a yuv420p frame', () => {
  it('blend as they do on RGBA, once that is made YUV, within two levels', () => {
    for (const style of CAPTION_STYLES) {
      for (const time of [1.5, 0.55]) {
        const canvas = createCanvas(WIDTH, HEIGHT)
        const context = canvas.getContext('2d')
        const gradient = context.createLinearGradient(0, 0, WIDTH, HEIGHT)
        gradient.addColorStop(0, 'rgb(200,40,40)')
        gradient.addColorStop(1, 'rgb(30,60,220)')
        context.fillStyle = gradient
        context.fillRect(0, 0, WIDTH, HEIGHT)
        const rgba = Buffer.from(context.getImageData(0, 0, WIDTH, HEIGHT).data)
        const yuv = Uint8Array.from(toYuv420(rgba, WIDTH, HEIGHT), (value) => Math.round(value))
        const options = { cues: CUES, time, style, width: WIDTH, height: HEIGHT }
        blendCaptions(rgba, options)
        blendCaptions(yuv, options, 'yuv420p')
        const expected = toYuv420(rgba, WIDTH, HEIGHT)
        let [worst, changed] = [0, 0]
        const before = toYuv420(Buffer.from(context.getImageData(0, 0, WIDTH, HEIGHT).data), WIDTH, HEIGHT)
        for (let i = 0; i < yuv.length; i++) {
          worst = Math.max(worst, Math.abs((yuv[i] ?? 0) - (expected[i] ?? 0)))
          if (Math.abs((expected[i] ?? 0) - (before[i] ?? 0)) > 8) changed++
        }
        // The caption is there (many samples moved), and where RGBA put it.
        expect(changed, `${style} at ${time} s`).toBeGreaterThan(500)
        expect(worst, `${style} at ${time} s`).toBeLessThanOrEqual(2)
      }
    }
  })
})
