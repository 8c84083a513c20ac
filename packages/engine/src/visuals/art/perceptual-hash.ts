import { createCanvas, type Canvas } from '@napi-rs/canvas'

/**
 * A 64-bit perceptual hash (pHash): the picture shrunk to 32×32 grey, its 8×8 lowest DCT frequencies
 * compared with their median. Two pictures that look alike differ in few bits.
 */
export function perceptualHash(source: Canvas): bigint {
  const size = 32
  const small = createCanvas(size, size)
  const context = small.getContext('2d')
  context.drawImage(source, 0, 0, size, size)
  const data = context.getImageData(0, 0, size, size).data
  const grey: number[] = []
  for (let index = 0; index < size * size; index++)
    grey.push(0.299 * (data[index * 4] ?? 0) + 0.587 * (data[index * 4 + 1] ?? 0) + 0.114 * (data[index * 4 + 2] ?? 0))
  const coefficients: number[] = []
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      let sum = 0
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          sum +=
            (grey[y * size + x] ?? 0) *
            Math.cos(((2 * x + 1) * u * Math.PI) / (2 * size)) *
            Math.cos(((2 * y + 1) * v * Math.PI) / (2 * size))
        }
      }
      coefficients.push(sum)
    }
  }
  // The DC term says only how bright the picture is: leave it out of the median.
  const median = [...coefficients.slice(1)].sort((a, b) => a - b)[31] ?? 0
  let hash = 0n
  for (const [index, value] of coefficients.entries()) if (index > 0 && value > median) hash |= 1n << BigInt(index)
  return hash
}

export function hammingDistance(a: bigint, b: bigint): number {
  let value = a ^ b
  let count = 0
  while (value > 0n) {
    count += Number(value & 1n)
    value >>= 1n
  }
  return count
}
