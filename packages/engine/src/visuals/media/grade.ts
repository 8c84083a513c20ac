import type { VideoStyle } from '@storyreel/contracts/studio'

import {
  BT709_LUMA,
  BT709_TO_RGB,
  CHROMA_LEVELS,
  CLIP,
  CLIP_OFFSET,
  FIXED_ONE,
  FIXED_SHIFT,
  LUMA_LEVELS,
} from './yuv.ts'

/**
 * A style's colour grade for photos and clips: the style colours the owner's picture, it never redraws it. One
 * grade is two steps, applied to a photo on its pixels, once when the scene is prepared (gradePixels), and to a
 * clip's decoded frames on their Y'CbCr planes as one affine map of both steps (gradeYuv420), so both look alike:
 * 1. the saturation around Rec. 709 luma: in RGB, `(1 - s) × Y + s × channel`; in BT.709 Y'CbCr it is exactly
 *    Cb and Cr scaled by s;
 * 2. a curve per channel: `(gain × v - 0.5) × contrast + 0.5 + offset`, clipped to 0-1, where gains on red and
 *    blue are the warmth. A higher contrast in red than in blue, with blue lifted, is the teal-and-orange of the
 *    cinematic style: cooler shadows, warmer highlights.
 */
export type ColourGrade = {
  saturation: number
  /** Gains on red and blue: 0.04 is red × 1.04, blue × 0.96. */
  warmth: number
  contrast: [number, number, number]
  offset: [number, number, number]
}

const uniform = (value: number): [number, number, number] => [value, value, value]

/** Kept subtle: red stays red, a face stays a face; the style is felt in the whole, not seen in one colour. */
export const STYLE_GRADES: Record<VideoStyle, ColourGrade> = {
  realistic: { saturation: 1, warmth: 0, contrast: uniform(1), offset: uniform(0) },
  cinematic: { saturation: 0.94, warmth: 0, contrast: [1.12, 1.05, 0.95], offset: [0.005, 0.005, 0.02] },
  anime: { saturation: 1.25, warmth: 0, contrast: uniform(1.05), offset: uniform(0.035) },
  '3d-cartoon': { saturation: 1.3, warmth: 0.04, contrast: uniform(1.06), offset: uniform(0.02) },
  watercolor: { saturation: 0.8, warmth: 0.02, contrast: uniform(0.85), offset: [0.06, 0.055, 0.045] },
  comic: { saturation: 1.35, warmth: 0, contrast: uniform(1.2), offset: uniform(0) },
}

/** Raised whenever a grade or the way it is applied changes: part of the cache keys of graded scenes. */
export const GRADE_VERSION = 3

/** The saturation as a matrix on R, G, B, row by row (output red from input R, G, B first). */
export function getSaturationMatrix(saturation: number): number[] {
  const matrix: number[] = []
  for (let row = 0; row < 3; row += 1) {
    for (let column = 0; column < 3; column += 1) {
      matrix.push((1 - saturation) * (BT709_LUMA[column] as number) + (row === column ? saturation : 0))
    }
  }
  return matrix
}

const gainsOf = (grade: ColourGrade): [number, number, number] => [1 + grade.warmth, 1, 1 - grade.warmth]

const isIdentity = (grade: ColourGrade) =>
  grade.saturation === 1 &&
  grade.warmth === 0 &&
  grade.contrast.every((value) => value === 1) &&
  grade.offset.every((value) => value === 0)

/** The curve of each channel as a table of 256 bytes. */
function getCurves(grade: ColourGrade): Uint8Array[] {
  const gains = gainsOf(grade)
  return ([0, 1, 2] as const).map((channel) => {
    const table = new Uint8Array(256)
    for (let value = 0; value < 256; value += 1) {
      const gained = (gains[channel] * value) / 255
      const graded = (gained - 0.5) * grade.contrast[channel] + 0.5 + grade.offset[channel]
      table[value] = Math.round(Math.max(0, Math.min(1, graded)) * 255)
    }
    return table
  })
}

/** Grades RGBA (or RGB, `channels` 3) pixels in place. */
export function gradePixels(pixels: Uint8Array | Uint8ClampedArray, grade: ColourGrade, channels = 4): void {
  if (isIdentity(grade)) return
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = getSaturationMatrix(grade.saturation) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const [red, green, blue] = getCurves(grade) as [Uint8Array, Uint8Array, Uint8Array]
  const clamp = (value: number) => (value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value))
  for (let i = 0; i < pixels.length; i += channels) {
    const r = pixels[i] as number
    const g = pixels[i + 1] as number
    const b = pixels[i + 2] as number
    pixels[i] = red[clamp(m0 * r + m1 * g + m2 * b)] as number
    pixels[i + 1] = green[clamp(m3 * r + m4 * g + m5 * b)] as number
    pixels[i + 2] = blue[clamp(m6 * r + m7 * g + m8 * b)] as number
  }
}

/**
 * The grade as one affine map on BT.709 limited-range Y'CbCr: both of its steps are affine in RGB (a matrix,
 * then per channel a gain and an offset), so in Y'CbCr they are a 3×3 matrix and an offset, which moves a clip
 * frame's planes without a trip to RGB and back (ffmpeg's two conversions cost more than the grade). The one
 * difference is where a channel leaves 0-1: there the RGB grade clips it, while here the player's conversion to
 * RGB clips it; the same, except for the saturation's own clipping above 1, a few levels on the most saturated
 * colours, and for a source pixel already outside the RGB gamut (a pure yellow's blue below 0 after H.264): RGB
 * clips it before grading, this carries the overshoot through, so such a channel lands up to about 8 levels
 * lower (a yellow bar of the test pattern: blue 4 against 12). Clipping such blocks as RGB here cost 2-4 times
 * the whole pass in JS. Rows: Y', Cb, Cr; columns: Y - 16, Cb - 128, Cr - 128, then the constant, all in 8-bit levels.
 */
export function getYuvGradeMatrix(grade: ColourGrade): number[][] {
  const [kr, kg, kb] = BT709_LUMA
  // RGB (0-1) to Y (0-1), Pb, Pr (-0.5-0.5), and back.
  const [pb, pr] = [2 * (1 - kb), 2 * (1 - kr)]
  const toYuv = [
    [kr, kg, kb],
    [-kr / pb, -kg / pb, (1 - kb) / pb],
    [(1 - kr) / pr, -kg / pr, -kb / pr],
  ]
  const toRgb = BT709_TO_RGB.map((row) => [...row])
  const saturation = getSaturationMatrix(grade.saturation)
  const gains = gainsOf(grade)
  // The RGB step: rgb' = D · S · rgb + offset.
  const rgbMatrix = ([0, 1, 2] as const).map((row) =>
    [0, 1, 2].map((column) => gains[row] * grade.contrast[row] * (saturation[row * 3 + column] as number)),
  )
  const rgbOffset = ([0, 1, 2] as const).map((row) => 0.5 * (1 - grade.contrast[row]) + grade.offset[row])
  const multiply = (a: number[][], b: number[][]) =>
    a.map((row) => [0, 1, 2].map((column) => row.reduce((sum, value, k) => sum + value * (b[k]?.[column] ?? 0), 0)))
  const matrix = multiply(multiply(toYuv, rgbMatrix), toRgb)
  const offset = toYuv.map((row) => row.reduce((sum, value, k) => sum + value * (rgbOffset[k] as number), 0))
  // From Y 0-1 / P ±0.5 to 8-bit levels: Y spans 219 levels, Cb and Cr 224.
  const range = [LUMA_LEVELS, CHROMA_LEVELS, CHROMA_LEVELS]
  return [0, 1, 2].map((row) => [
    ...[0, 1, 2].map((column) => ((matrix[row]?.[column] ?? 0) * (range[row] as number)) / (range[column] as number)),
    (offset[row] as number) * (range[row] as number),
  ])
}

type YuvGradeTables = {
  lumaFromY: Int32Array
  lumaFromU: Int32Array
  lumaFromV: Int32Array
  uFromSum: Int32Array
  uFromU: Int32Array
  uFromV: Int32Array
  vFromSum: Int32Array
  vFromU: Int32Array
  vFromV: Int32Array
}
const tablesByGrade = new WeakMap<ColourGrade, YuvGradeTables>()

/**
 * getYuvGradeMatrix as tables of fixed-point terms, one per input level: a pixel is then additions, a shift and
 * a lookup that clips. The constants (and the half that rounds) are folded into the luma and block-sum tables.
 */
function getYuvGradeTables(grade: ColourGrade): YuvGradeTables {
  const cached = tablesByGrade.get(grade)
  if (cached) return cached
  const [[y0, y1, y2, y3], [u0, u1, u2, u3], [v0, v1, v2, v3]] = getYuvGradeMatrix(grade) as [
    [number, number, number, number],
    [number, number, number, number],
    [number, number, number, number],
  ]
  const constant = (value: number) => value * FIXED_ONE + FIXED_ONE / 2 + CLIP_OFFSET * FIXED_ONE
  const table = (length: number, term: (level: number) => number) =>
    Int32Array.from({ length }, (_, level) => Math.round(term(level)))
  // Luma: y0 (Y - 16) + y1 (Cb - 128) + y2 (Cr - 128) + y3 + 16. Chroma from the block's mean luma, sum / 4.
  const tables: YuvGradeTables = {
    lumaFromY: table(256, (level) => y0 * (level - 16) * FIXED_ONE + constant(y3 + 16)),
    lumaFromU: table(256, (level) => y1 * (level - 128) * FIXED_ONE),
    lumaFromV: table(256, (level) => y2 * (level - 128) * FIXED_ONE),
    uFromSum: table(1021, (sum) => u0 * (sum / 4 - 16) * FIXED_ONE + constant(u3 + 128)),
    uFromU: table(256, (level) => u1 * (level - 128) * FIXED_ONE),
    uFromV: table(256, (level) => u2 * (level - 128) * FIXED_ONE),
    vFromSum: table(1021, (sum) => v0 * (sum / 4 - 16) * FIXED_ONE + constant(v3 + 128)),
    vFromU: table(256, (level) => v1 * (level - 128) * FIXED_ONE),
    vFromV: table(256, (level) => v2 * (level - 128) * FIXED_ONE),
  }
  tablesByGrade.set(grade, tables)
  return tables
}

/**
 * Grades a yuv420p frame (BT.709, limited range; planes Y, Cb, Cr one after another) in place: the same grade
 * as gradePixels, see getYuvGradeMatrix. A chroma sample uses the mean luma of its four pixels, as it would come
 * out of grading in RGB and subsampling. In fixed point, through tables (getYuvGradeTables): it runs 230,400 times
 * a 720p frame, and with floating point and a clamped array's rounding it took twice as long.
 */
export function gradeYuv420(frame: Uint8Array, width: number, height: number, grade: ColourGrade): void {
  if (isIdentity(grade)) return
  const { lumaFromY, lumaFromU, lumaFromV, uFromSum, uFromU, uFromV, vFromSum, vFromU, vFromV } =
    getYuvGradeTables(grade)
  const chromaWidth = width >> 1
  const uPlane = width * height
  const vOffset = chromaWidth * (height >> 1)
  for (let row = 0; row < height >> 1; row++) {
    let top = row * 2 * width
    let bottom = top + width
    let at = uPlane + row * chromaWidth
    for (let column = 0; column < chromaWidth; column++) {
      const u = frame[at] as number
      const v = frame[at + vOffset] as number
      const a = frame[top] as number
      const b = frame[top + 1] as number
      const c = frame[bottom] as number
      const d = frame[bottom + 1] as number
      // Luma gets the chroma's share once per block, each pixel its own luma; chroma the block's mean luma.
      const shared = (lumaFromU[u] as number) + (lumaFromV[v] as number)
      frame[top] = CLIP[((lumaFromY[a] as number) + shared) >> FIXED_SHIFT] as number
      frame[top + 1] = CLIP[((lumaFromY[b] as number) + shared) >> FIXED_SHIFT] as number
      frame[bottom] = CLIP[((lumaFromY[c] as number) + shared) >> FIXED_SHIFT] as number
      frame[bottom + 1] = CLIP[((lumaFromY[d] as number) + shared) >> FIXED_SHIFT] as number
      const sum = a + b + c + d
      frame[at] = CLIP[
        ((uFromSum[sum] as number) + (uFromU[u] as number) + (uFromV[v] as number)) >> FIXED_SHIFT
      ] as number
      frame[at + vOffset] = CLIP[
        ((vFromSum[sum] as number) + (vFromU[u] as number) + (vFromV[v] as number)) >> FIXED_SHIFT
      ] as number
      top += 2
      bottom += 2
      at += 1
    }
  }
}
