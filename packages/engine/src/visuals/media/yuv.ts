/** BT.709's luma weights of R, G and B. */
export const BT709_LUMA = [0.2126, 0.7152, 0.0722] as const

const [KR, KG, KB] = BT709_LUMA
/** BT.709 Y'PbPr (Y 0-1, Pb and Pr ±0.5) to R'G'B' (0-1), row by row. */
export const BT709_TO_RGB = [
  [1, 0, 2 * (1 - KR)],
  [1, (-2 * (1 - KB) * KB) / KG, (-2 * (1 - KR) * KR) / KG],
  [1, 2 * (1 - KB), 0],
] as const
/** Limited range in 8-bit levels: Y' spans 219 levels from 16, Cb and Cr 224 around 128. */
export const LUMA_LEVELS = 219
export const CHROMA_LEVELS = 224

/** Fixed point for the per-pixel passes on Y'CbCr planes: each term in 1/1024 of a level. */
export const FIXED_SHIFT = 10
export const FIXED_ONE = 1 << FIXED_SHIFT
/** Levels from -2048 to 2047 clipped to 0-255, at index level + CLIP_OFFSET: beyond any sum those passes reach. */
export const CLIP_OFFSET = 2048
export const CLIP = Uint8Array.from({ length: 2 * CLIP_OFFSET }, (_, index) =>
  Math.max(0, Math.min(255, index - CLIP_OFFSET)),
)

/** A fixed-point term for each 8-bit level: `factor × (level - zero)` levels of RGB. */
const table = (factor: number, zero: number) =>
  Int32Array.from({ length: 256 }, (_, level) => Math.round(factor * (level - zero) * FIXED_ONE))
const [[, , CR_TO_RED], [, CB_TO_GREEN, CR_TO_GREEN], [, CB_TO_BLUE]] = BT709_TO_RGB
const LUMA = table(255 / LUMA_LEVELS, 16)
const RED_V = table((CR_TO_RED * 255) / CHROMA_LEVELS, 128)
const GREEN_U = table((CB_TO_GREEN * 255) / CHROMA_LEVELS, 128)
const GREEN_V = table((CR_TO_GREEN * 255) / CHROMA_LEVELS, 128)
const BLUE_U = table((CB_TO_BLUE * 255) / CHROMA_LEVELS, 128)
/** Where each byte of RGBA sits in a 32-bit word of this machine. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1
const [RED_SHIFT, GREEN_SHIFT, BLUE_SHIFT, ALPHA_SHIFT] = LITTLE_ENDIAN ? [0, 8, 16, 24] : [24, 16, 8, 0]
/**
 * Opaque alpha in its place, as a signed 32-bit value: a small integer to V8, where 0xff000000 (a heap number)
 * made the loop twice as slow.
 */
const ALPHA = 0xff << ALPHA_SHIFT

/**
 * Converts a yuv420p frame (planes Y, Cb, Cr one after another; even width and height) into RGBA in `out`, as
 * swscale does for frames of the same size: each chroma sample serves its 2×2 block of pixels. For the few frames
 * of a clip a canvas needs (a transition's blend, a still), where the rest go to the encoder as YUV: a second
 * ffmpeg decoding the same stretch as RGBA cost more than the frames it gave. One 32-bit write a pixel: twice as
 * quick as four byte writes.
 */
export function yuv420ToRgba(frame: Uint8Array, out: Uint8Array, width: number, height: number): void {
  const pixels = width * height
  if (frame.length < (pixels * 3) / 2 || out.length < pixels * 4 || width % 2 !== 0 || height % 2 !== 0) {
    throw new Error(`A ${width}x${height} frame needs ${(pixels * 3) / 2} bytes in and ${pixels * 4} out`)
  }
  if (out.byteOffset % 4 !== 0) {
    // Words need an aligned view: made in a buffer of its own, then copied.
    const aligned = new Uint8Array(pixels * 4)
    yuv420ToRgba(frame, aligned, width, height)
    out.set(aligned)
    return
  }
  const words = new Uint32Array(out.buffer, out.byteOffset, pixels)
  const chromaWidth = width >> 1
  const uPlane = pixels
  const vPlane = pixels + chromaWidth * (height >> 1)
  const half = FIXED_ONE / 2 + CLIP_OFFSET * FIXED_ONE
  const put = (index: number, red: number, green: number, blue: number) => {
    const luma = (LUMA[frame[index] as number] as number) + half
    words[index] =
      (ALPHA |
        ((CLIP[(luma + blue) >> FIXED_SHIFT] as number) << BLUE_SHIFT) |
        ((CLIP[(luma + green) >> FIXED_SHIFT] as number) << GREEN_SHIFT) |
        ((CLIP[(luma + red) >> FIXED_SHIFT] as number) << RED_SHIFT)) >>>
      0
  }
  for (let row = 0; row < height >> 1; row++) {
    let top = row * 2 * width
    let bottom = top + width
    let at = row * chromaWidth
    for (let column = 0; column < chromaWidth; column++) {
      const u = frame[uPlane + at] as number
      const v = frame[vPlane + at] as number
      const red = RED_V[v] as number
      const green = (GREEN_U[u] as number) + (GREEN_V[v] as number)
      const blue = BLUE_U[u] as number
      put(top, red, green, blue)
      put(top + 1, red, green, blue)
      put(bottom, red, green, blue)
      put(bottom + 1, red, green, blue)
      top += 2
      bottom += 2
      at += 1
    }
  }
}
