import { createCanvas, type Canvas } from '@napi-rs/canvas'

import type { CaptionStyle } from '@storyreel/contracts/studio'

import { useBrandFont } from '#src/brand/brand-font.ts'

import { FONT, getCanvasFont, registerFonts } from './fonts.ts'
import { drawWord, measureWord } from './text-pieces.ts'
import type { CaptionBrand, CaptionCue, DrawCaptions } from './visual-engine.ts'

const FADE_SECONDS = 0.15

/**
 * The boxed captions' plate in a brand's primary colour: a little more opaque than our dark plate, since a
 * brand's colour is lighter, so white type on it stays legible over any picture.
 */
export const CAPTION_PLATE_OPACITY = 0.88

type Look = { font: (typeof FONT)[keyof typeof FONT]; size: number; upper: boolean }

/** `#rrggbb` at an opacity, as a CSS colour. */
function withOpacity(hex: string, opacity: number): string {
  const [red, green, blue] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))
  return `rgba(${red},${green},${blue},${opacity})`
}

const LOOKS: Record<CaptionStyle, Look> = {
  classic: { font: FONT.sans, size: 5.2, upper: false },
  bold: { font: FONT.sansBlack, size: 6.6, upper: true },
  karaoke: { font: FONT.sansBlack, size: 5.8, upper: false },
  boxed: { font: FONT.sans, size: 5, upper: false },
}

type Layout = {
  lines: { words: { text: string; x: number; width: number; index: number }[]; width: number }[]
  size: number
  lineHeight: number
}

/** Greedy wrap to at most two lines; the font shrinks until the cue fits in two. */
function layoutCue(cue: CaptionCue, look: Look, width: number, unit: number, brandFamily?: string): Layout {
  const measure = createCanvas(8, 8).getContext('2d')
  const words = (cue.words.length > 0 ? cue.words.map((word) => word.text) : cue.text.split(/\s+/u)).map((word) =>
    look.upper ? word.toUpperCase() : word,
  )
  const maxWidth = width * 0.84
  let size = look.size * unit
  for (;;) {
    measure.font = getCanvasFont(look.font, size, brandFamily)
    const space = measure.measureText(' ').width
    const lines: Layout['lines'] = []
    let current: Layout['lines'][number] = { words: [], width: 0 }
    words.forEach((text, index) => {
      const wordWidth = measureWord(measure, text, size)
      const next = current.width + (current.words.length ? space : 0) + wordWidth
      if (current.words.length && next > maxWidth) {
        lines.push(current)
        current = { words: [], width: 0 }
      }
      const x = current.width + (current.words.length ? space : 0)
      current.words.push({ text, x, width: wordWidth, index })
      current.width = x + wordWidth
    })
    if (current.words.length) lines.push(current)
    const fits = lines.length <= 2 && lines.every((line) => line.width <= maxWidth)
    if (fits || size < unit * 2.5) return { lines: lines.slice(0, 2), size, lineHeight: size * 1.25 }
    size *= 0.9
  }
}

/** One cue drawn into its own canvas (per active word for karaoke), so a frame only places a bitmap. */
function renderCue(
  cue: CaptionCue,
  style: CaptionStyle,
  width: number,
  height: number,
  active: number,
  brand: CaptionBrand | undefined,
): Canvas {
  registerFonts()
  if (brand?.font) useBrandFont(brand.font)
  const unit = Math.min(width, height) / 100
  const look = LOOKS[style]
  const layout = layoutCue(cue, look, width, unit, brand?.font?.family)
  const pad = unit * 2.4
  const blockWidth = Math.max(...layout.lines.map((line) => line.width))
  const canvas = createCanvas(
    Math.ceil(blockWidth + pad * 2),
    Math.ceil(layout.lineHeight * layout.lines.length + pad * 2),
  )
  const context = canvas.getContext('2d')
  context.font = getCanvasFont(look.font, layout.size, brand?.font?.family)
  context.textBaseline = 'middle'
  context.lineJoin = 'round'
  if (style === 'boxed') {
    context.fillStyle = brand?.plate ? withOpacity(brand.plate, CAPTION_PLATE_OPACITY) : 'rgba(12,12,20,0.78)'
    context.beginPath()
    context.roundRect(0, 0, canvas.width, canvas.height, unit * 2)
    context.fill()
  }
  layout.lines.forEach((line, lineIndex) => {
    const left = (canvas.width - line.width) / 2
    const y = pad + layout.lineHeight * (lineIndex + 0.5)
    for (const word of line.words) {
      const x = left + word.x
      if (style === 'karaoke' && word.index === active) {
        context.fillStyle = brand?.highlight ?? '#7c3aed'
        context.beginPath()
        context.roundRect(
          x - unit * 0.9,
          y - layout.size * 0.62,
          word.width + unit * 1.8,
          layout.size * 1.24,
          unit * 1.2,
        )
        context.fill()
      }
      drawWord(context, word.text, x, y, layout.size, (text, pieceX, pieceY) => {
        // Every style keeps a dark edge on its letters, so a bright sky never swallows them.
        if (style !== 'boxed') {
          context.strokeStyle = 'rgba(0,0,0,0.9)'
          context.lineWidth = layout.size * (style === 'bold' ? 0.22 : style === 'karaoke' ? 0.14 : 0.13)
          context.strokeText(text, pieceX, pieceY)
        }
        if (style === 'classic') {
          context.shadowColor = 'rgba(0,0,0,0.85)'
          context.shadowBlur = unit * 1.2
          context.shadowOffsetY = unit * 0.25
        }
        context.fillStyle =
          style === 'bold'
            ? '#ffe14d'
            : style === 'karaoke' && word.index > active
              ? 'rgba(255,255,255,0.72)'
              : '#ffffff'
        context.fillText(text, pieceX, pieceY)
        context.shadowColor = 'rgba(0,0,0,0)'
      })
    }
  })
  return canvas
}

const cache = new WeakMap<CaptionCue, Map<string, Canvas>>()

function getCueImage(
  cue: CaptionCue,
  style: CaptionStyle,
  width: number,
  height: number,
  active: number,
  brand: CaptionBrand | undefined,
): Canvas {
  let images = cache.get(cue)
  if (!images) {
    images = new Map()
    cache.set(cue, images)
  }
  const branded = brand ? `:${brand.highlight ?? ''}:${brand.plate ?? ''}:${brand.font?.family ?? ''}` : ''
  const key = `${style}:${width}x${height}:${active}${branded}`
  let image = images.get(key)
  if (!image) {
    image = renderCue(cue, style, width, height, active, brand)
    images.set(key, image)
  }
  return image
}

/** The word being spoken: the last one whose start has passed (a pause keeps the previous word lit). */
function activeWord(cue: CaptionCue, time: number): number {
  let active = 0
  cue.words.forEach((word, index) => {
    if (time >= word.start) active = index
  })
  return active
}

/**
 * Burns the cue active at `time` into the frame, centred in the lower safe area (above the cinematic
 * letterbox and the players' controls), fading in and out.
 */
/** The cue shown at `time`, its image, where it goes and how opaque it is; undefined when none shows. */
function placeCue({ cues, time, style, width, height, brand }: Parameters<DrawCaptions>[1]) {
  const cue = cues.find((candidate) => time >= candidate.start && time < candidate.end)
  if (!cue) return undefined
  const alpha = Math.max(0, Math.min(1, (time - cue.start) / FADE_SECONDS, (cue.end - time) / FADE_SECONDS))
  const image = getCueImage(cue, style, width, height, style === 'karaoke' ? activeWord(cue, time) : -1, brand)
  const bottom = height * 0.86
  return { image, alpha, x: Math.round((width - image.width) / 2), y: Math.round(bottom - image.height) }
}

export const drawCaptions: DrawCaptions = (context, options) => {
  const placed = placeCue(options)
  if (!placed) return
  context.save()
  context.setTransform(1, 0, 0, 1, 0, 0)
  context.globalAlpha = placed.alpha
  context.drawImage(placed.image, placed.x, placed.y)
  context.restore()
}

const cuePixels = new WeakMap<Canvas, Uint8ClampedArray>()

/**
 * The same caption as drawCaptions, blended into a frame of raw RGBA pixels (a clip's decoded frame) instead of
 * a canvas: only the caption's own rectangle is touched, so the frame needs no trip through a canvas.
 */
export function blendCaptions(
  frame: Uint8Array,
  options: Parameters<DrawCaptions>[1],
  format: 'rgba' | 'yuv420p' = 'rgba',
): void {
  const placed = placeCue(options)
  if (!placed || placed.alpha <= 0) return
  const { image, alpha, x, y } = placed
  let pixels = cuePixels.get(image)
  if (!pixels) {
    pixels = image.getContext('2d').getImageData(0, 0, image.width, image.height).data
    cuePixels.set(image, pixels)
  }
  const { width, height } = options
  if (format === 'yuv420p') {
    blendYuv(frame, width, height, getCueYuv(image, pixels), alpha, x, y)
    return
  }
  // The canvas's size is read once: each read is a call into the native canvas.
  const [imageWidth, imageHeight] = [image.width, image.height]
  for (let row = Math.max(0, -y); row < imageHeight && y + row < height; row++) {
    for (let column = Math.max(0, -x); column < imageWidth && x + column < width; column++) {
      const from = (row * imageWidth + column) * 4
      const opacity = ((pixels[from + 3] as number) / 255) * alpha
      if (opacity === 0) continue
      const to = ((y + row) * width + x + column) * 4
      for (let channel = 0; channel < 3; channel++) {
        const under = frame[to + channel] as number
        frame[to + channel] = Math.round(under + ((pixels[from + channel] as number) - under) * opacity)
      }
    }
  }
}

/** A caption's pixels in BT.709 limited-range Y'CbCr, each with its opacity (0-1): what blendYuv mixes in. */
type CueYuv = { width: number; height: number; y: Float32Array; u: Float32Array; v: Float32Array; a: Float32Array }

const cueYuv = new WeakMap<Canvas, CueYuv>()

function getCueYuv(image: Canvas, pixels: Uint8ClampedArray): CueYuv {
  const known = cueYuv.get(image)
  if (known) return known
  const [width, height] = [image.width, image.height]
  const count = width * height
  const cue = {
    width,
    height,
    y: new Float32Array(count),
    u: new Float32Array(count),
    v: new Float32Array(count),
    a: new Float32Array(count),
  }
  for (let i = 0; i < count; i++) {
    const [r, g, b] = [pixels[i * 4] as number, pixels[i * 4 + 1] as number, pixels[i * 4 + 2] as number]
    const luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
    cue.y[i] = 16 + (219 / 255) * luma
    cue.u[i] = 128 + ((224 / 255) * (b - luma)) / 1.8556
    cue.v[i] = 128 + ((224 / 255) * (r - luma)) / 1.5748
    cue.a[i] = (pixels[i * 4 + 3] as number) / 255
  }
  cueYuv.set(image, cue)
  return cue
}

/**
 * Blends a caption at (x, y) into a YUV 4:2:0 frame (planes Y, U, V one after another): each luma pixel as the
 * RGBA blend does, each chroma sample by the mean of the 2×2 pixels it covers, as an RGB blend would come out
 * once subsampled. Only the caption's box is touched.
 */
function blendYuv(frame: Uint8Array, width: number, height: number, cue: CueYuv, alpha: number, x: number, y: number) {
  const [top, bottom] = [Math.max(0, y), Math.min(height, y + cue.height)]
  const [left, right] = [Math.max(0, x), Math.min(width, x + cue.width)]
  if (top >= bottom || left >= right) return
  for (let row = top; row < bottom; row++) {
    const from = (row - y) * cue.width - x
    for (let column = left; column < right; column++) {
      const opacity = (cue.a[from + column] as number) * alpha
      if (opacity === 0) continue
      const to = row * width + column
      const under = frame[to] as number
      frame[to] = Math.round(under + ((cue.y[from + column] as number) - under) * opacity)
    }
  }
  const chromaWidth = width / 2
  const uPlane = width * height
  const vPlane = uPlane + chromaWidth * (height / 2)
  for (let row = top >> 1; row < (bottom + 1) >> 1; row++) {
    for (let column = left >> 1; column < (right + 1) >> 1; column++) {
      let [opacity, u, v] = [0, 0, 0]
      for (let dy = 0; dy < 2; dy++) {
        const cueRow = row * 2 + dy - y
        if (cueRow < 0 || cueRow >= cue.height) continue
        for (let dx = 0; dx < 2; dx++) {
          const cueColumn = column * 2 + dx - x
          if (cueColumn < 0 || cueColumn >= cue.width) continue
          const at = cueRow * cue.width + cueColumn
          const a = cue.a[at] as number
          opacity += a
          u += a * (cue.u[at] as number)
          v += a * (cue.v[at] as number)
        }
      }
      if (opacity === 0) continue
      const to = row * chromaWidth + column
      const [keep, mix] = [1 - (opacity / 4) * alpha, alpha / 4]
      frame[uPlane + to] = Math.round((frame[uPlane + to] as number) * keep + u * mix)
      frame[vPlane + to] = Math.round((frame[vPlane + to] as number) * keep + v * mix)
    }
  }
}
