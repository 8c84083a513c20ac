import type { Canvas } from '@napi-rs/canvas'

/** The rows and columns of a canvas that hold paint, inclusive; undefined when it is blank. */
export type PaintBounds = { left: number; top: number; right: number; bottom: number }

/**
 * Where a canvas holds paint. The pixels come as one 32-bit word each: a pixel holds paint when its word is not
 * zero (premultiplied alpha). Each row is scanned from both ends only as far as its first painted pixel.
 */
export function paintBounds(source: Canvas, pixels?: Uint32Array): PaintBounds | undefined {
  const { width, height } = source
  let words = pixels
  if (!words) {
    const data = source.data()
    words = new Uint32Array(data.buffer, data.byteOffset, width * height)
  }
  let top = height
  let bottom = -1
  let left = width
  let right = -1
  for (let y = 0; y < height; y++) {
    const row = y * width
    let first = -1
    for (let x = 0; x < width; x++) {
      if (words[row + x] !== 0) {
        first = x
        break
      }
    }
    if (first < 0) continue
    let last = first
    for (let x = width - 1; x > first; x--) {
      if (words[row + x] !== 0) {
        last = x
        break
      }
    }
    if (y < top) top = y
    bottom = y
    if (first < left) left = first
    if (last > right) right = last
  }
  return bottom < 0 ? undefined : { left, top, right, bottom }
}
