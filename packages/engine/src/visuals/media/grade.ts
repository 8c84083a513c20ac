import type { VideoStyle } from '@storyreel/contracts/studio'

/**
 * A style's colour grade for photos and clips: the style colours the owner's picture, it never redraws it. One
 * grade is two steps, applied the same way to a photo (here, on its pixels, once when the scene is prepared) and
 * to a clip (by ffmpeg as it decodes, `getGradeFilters`), so both look alike:
 * 1. the saturation around Rec. 709 luma: in RGB, `(1 - s) × Y + s × channel`; in BT.709 Y'CbCr it is exactly
 *    Cb and Cr scaled by s, so a clip has it done on its small chroma planes before it becomes RGB;
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
export const GRADE_VERSION = 2

const LUMA = [0.2126, 0.7152, 0.0722] as const

/** The saturation as a matrix on R, G, B, row by row (output red from input R, G, B first). */
export function getSaturationMatrix(saturation: number): number[] {
  const matrix: number[] = []
  for (let row = 0; row < 3; row += 1) {
    for (let column = 0; column < 3; column += 1) {
      matrix.push((1 - saturation) * (LUMA[column] as number) + (row === column ? saturation : 0))
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
 * The same grade as ffmpeg filters: `yuv` for frames still in BT.709 Y'CbCr of limited range (lutyuv scaling
 * the chroma: the saturation), `rgb` for them as RGB(A) (lutrgb: the gains and curves). Each is empty where it
 * would change nothing.
 */
export function getGradeFilters(grade: ColourGrade): { yuv: string; rgb: string } {
  if (isIdentity(grade)) return { yuv: '', rgb: '' }
  const s = grade.saturation.toFixed(4)
  const yuv = grade.saturation === 1 ? '' : `lutyuv=u='128+(val-128)*${s}':v='128+(val-128)*${s}'`
  const gains = gainsOf(grade)
  // lutrgb truncates: + 0.5 rounds, as the photo's tables do.
  const curve = (channel: 0 | 1 | 2) =>
    `clip((val*${gains[channel].toFixed(4)}/255-0.5)*${grade.contrast[channel].toFixed(4)}` +
    `+0.5+${grade.offset[channel].toFixed(4)}\\,0\\,1)*255+0.5`
  return { yuv, rgb: `lutrgb=r='${curve(0)}':g='${curve(1)}':b='${curve(2)}'` }
}
