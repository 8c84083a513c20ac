/**
 * BT.709 limited-range Y'CbCr to RGB, in 8-bit levels: Y' spans 16-235 (219 levels), Cb and Cr 16-240 around
 * 128 (224 levels). The factors are those of the matrix a player uses on our videos.
 */
const LUMA_SCALE = 255 / 219
const CR_TO_RED = (1.5748 * 255) / 224
const CB_TO_GREEN = (-0.1873 * 255) / 224
const CR_TO_GREEN = (-0.4681 * 255) / 224
const CB_TO_BLUE = (1.8556 * 255) / 224

/** Fixed point: each term in 1/256 of a level, so a pixel is integer additions and a shift. */
const ONE = 256
const table = (factor: number, zero: number) =>
  Int32Array.from({ length: 256 }, (_, level) => Math.round(factor * (level - zero) * ONE))
const LUMA = table(LUMA_SCALE, 16)
const RED_V = table(CR_TO_RED, 128)
const GREEN_U = table(CB_TO_GREEN, 128)
const GREEN_V = table(CR_TO_GREEN, 128)
const BLUE_U = table(CB_TO_BLUE, 128)
/** Levels from -512 to 767 (every sum reachable) clipped to 0-255, at index level + 512. */
const CLIP_OFFSET = 512
const CLIP = Uint8Array.from({ length: 1280 }, (_, index) => Math.max(0, Math.min(255, index - CLIP_OFFSET)))
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1

/**
 * Converts a yuv420p frame (planes Y, Cb, Cr one after another; even width and height) into RGBA in `out`, as
 * swscale does for frames of the same size: each chroma sample serves its 2×2 block of pixels. For the few frames
 * of a clip a canvas needs (a transition's blend, a still), where the rest go to the encoder as YUV: a second
 * ffmpeg decoding the same stretch as RGBA cost more than the frames it gave.
 */
export function yuv420ToRgba(frame: Uint8Array, out: Uint8Array, width: number, height: number): void {
  const pixels = width * height
  if (frame.length < (pixels * 3) / 2 || out.length < pixels * 4 || width % 2 !== 0 || height % 2 !== 0) {
    throw new Error(`A ${width}x${height} frame needs ${(pixels * 3) / 2} bytes in and ${pixels * 4} out`)
  }
  if (!LITTLE_ENDIAN || out.byteOffset % 4 !== 0) {
    yuv420ToRgbaBytes(frame, out, width, height)
    return
  }
  // One 32-bit write a pixel: red in the low byte, alpha in the high one.
  const words = new Uint32Array(out.buffer, out.byteOffset, pixels)
  const chromaWidth = width >> 1
  const uPlane = pixels
  const vPlane = pixels + chromaWidth * (height >> 1)
  const half = ONE / 2 + CLIP_OFFSET * ONE
  const put = (index: number, red: number, green: number, blue: number) => {
    const luma = (LUMA[frame[index] as number] as number) + half
    words[index] =
      (0xff000000 |
        ((CLIP[(luma + blue) >> 8] as number) << 16) |
        ((CLIP[(luma + green) >> 8] as number) << 8) |
        (CLIP[(luma + red) >> 8] as number)) >>>
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

/** The same, a byte at a time: for a buffer not aligned to 4 bytes (or a big-endian machine). */
function yuv420ToRgbaBytes(frame: Uint8Array, out: Uint8Array, width: number, height: number): void {
  const pixels = width * height
  const chromaWidth = width >> 1
  const half = ONE / 2 + CLIP_OFFSET * ONE
  for (let index = 0; index < pixels; index++) {
    const [x, y] = [index % width, Math.floor(index / width)]
    const at = (y >> 1) * chromaWidth + (x >> 1)
    const u = frame[pixels + at] as number
    const v = frame[pixels + chromaWidth * (height >> 1) + at] as number
    const luma = (LUMA[frame[index] as number] as number) + half
    out[index * 4] = CLIP[(luma + (RED_V[v] as number)) >> 8] as number
    out[index * 4 + 1] = CLIP[(luma + (GREEN_U[u] as number) + (GREEN_V[v] as number)) >> 8] as number
    out[index * 4 + 2] = CLIP[(luma + (BLUE_U[u] as number)) >> 8] as number
    out[index * 4 + 3] = 255
  }
}
