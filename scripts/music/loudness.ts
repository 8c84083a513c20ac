import { SAMPLE_RATE, type Stereo } from './dsp.ts'

type Biquad = { b0: number; b1: number; b2: number; a1: number; a2: number }

/** The two K-weighting stages of ITU-R BS.1770, derived for our sample rate rather than the 48 kHz table. */
function kWeighting(sampleRate: number): [Biquad, Biquad] {
  const shelfGain = 3.99984385397
  const shelfQ = 0.7071752369554193
  const shelfFc = 1681.974450955533
  const a = Math.pow(10, shelfGain / 40)
  let w0 = (2 * Math.PI * shelfFc) / sampleRate
  let alpha = Math.sin(w0) / (2 * shelfQ)
  let cos = Math.cos(w0)
  const sq = 2 * Math.sqrt(a) * alpha
  let a0 = a + 1 - (a - 1) * cos + sq
  const shelf: Biquad = {
    b0: (a * (a + 1 + (a - 1) * cos + sq)) / a0,
    b1: (-2 * a * (a - 1 + (a + 1) * cos)) / a0,
    b2: (a * (a + 1 + (a - 1) * cos - sq)) / a0,
    a1: (2 * (a - 1 - (a + 1) * cos)) / a0,
    a2: (a + 1 - (a - 1) * cos - sq) / a0,
  }
  const passQ = 0.5003270373238773
  const passFc = 38.13547087602444
  w0 = (2 * Math.PI * passFc) / sampleRate
  alpha = Math.sin(w0) / (2 * passQ)
  cos = Math.cos(w0)
  a0 = 1 + alpha
  const highpass: Biquad = {
    b0: (1 + cos) / 2 / a0,
    b1: -(1 + cos) / a0,
    b2: (1 + cos) / 2 / a0,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha) / a0,
  }
  return [shelf, highpass]
}

function weigh(channel: Float32Array, stages: [Biquad, Biquad]): Float64Array {
  const out = new Float64Array(channel.length)
  for (let i = 0; i < channel.length; i++) out[i] = channel[i] ?? 0
  for (const { b0, b1, b2, a1, a2 } of stages) {
    let x1 = 0
    let x2 = 0
    let y1 = 0
    let y2 = 0
    for (let i = 0; i < out.length; i++) {
      const x = out[i] ?? 0
      const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
      x2 = x1
      x1 = x
      y2 = y1
      y1 = y
      out[i] = y
    }
  }
  return out
}

/** Integrated loudness in LUFS (BS.1770-4: 400 ms blocks, 75 % overlap, absolute and relative gates). */
export function measureIntegratedLoudness(audio: Stereo, sampleRate = SAMPLE_RATE): number {
  const stages = kWeighting(sampleRate)
  const left = weigh(audio.left, stages)
  const right = weigh(audio.right, stages)
  const block = Math.round(0.4 * sampleRate)
  const hop = Math.round(0.1 * sampleRate)
  const powers: number[] = []
  for (let start = 0; start + block <= left.length; start += hop) {
    let sum = 0
    for (let i = start; i < start + block; i++) sum += (left[i] ?? 0) ** 2 + (right[i] ?? 0) ** 2
    powers.push(sum / block)
  }
  const loudness = (power: number) => -0.691 + 10 * Math.log10(power)
  const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / values.length
  const absolute = powers.filter((power) => loudness(power) > -70)
  if (absolute.length === 0) return -Infinity
  const threshold = loudness(mean(absolute)) - 10
  const gated = absolute.filter((power) => loudness(power) > threshold)
  return loudness(mean(gated))
}

export function measurePeak(audio: Stereo): number {
  let peak = 0
  for (const channel of [audio.left, audio.right])
    for (let i = 0; i < channel.length; i++) peak = Math.max(peak, Math.abs(channel[i] ?? 0))
  return peak
}

/**
 * The largest of a sample and three points interpolated (Catmull-Rom) towards the next one: a cheap
 * estimate of the inter-sample peak a decoder's reconstruction filter will produce.
 */
function truePeakAt(channel: Float32Array, i: number): number {
  const p0 = channel[i - 1] ?? 0
  const p1 = channel[i] ?? 0
  const p2 = channel[i + 1] ?? 0
  const p3 = channel[i + 2] ?? 0
  let peak = Math.abs(p1)
  for (const t of [0.25, 0.5, 0.75]) {
    const value =
      0.5 *
      (2 * p1 + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t + (-p0 + 3 * p1 - 3 * p2 + p3) * t * t * t)
    peak = Math.max(peak, Math.abs(value))
  }
  return peak
}

/**
 * A look-ahead peak limiter: the gain starts falling `lookahead` seconds before a peak so that it reaches
 * the ceiling exactly there, then recovers over `release` seconds. No sample leaves above the ceiling.
 */
export function limit(audio: Stereo, ceiling: number, { lookahead = 0.005, release = 0.12 } = {}): void {
  const length = audio.left.length
  const window = Math.max(1, Math.round(lookahead * SAMPLE_RATE))
  const required = new Float32Array(length)
  for (let i = 0; i < length; i++) {
    const peak = Math.max(truePeakAt(audio.left, i), truePeakAt(audio.right, i))
    required[i] = peak > ceiling ? ceiling / peak : 1
  }
  // Minimum over the next `window` samples, with a monotonic queue of indices (minimum at the head).
  const ahead = new Float32Array(length)
  const queue = new Int32Array(length)
  let head = 0
  let tail = 0
  for (let j = length - 1; j >= 0; j--) {
    const value = required[j] ?? 1
    while (tail > head && (required[queue[tail - 1] ?? 0] ?? 1) >= value) tail--
    queue[tail++] = j
    while ((queue[head] ?? 0) > j + window - 1) head++
    ahead[j] = required[queue[head] ?? 0] ?? 1
  }
  // A moving average of the look-ahead minimum ramps the gain down smoothly and still meets each peak.
  const releaseCoefficient = 1 - Math.exp(-1 / (release * SAMPLE_RATE))
  let sum = 0
  let gain = 1
  for (let i = 0; i < length; i++) {
    sum += ahead[i] ?? 1
    if (i >= window) sum -= ahead[i - window] ?? 1
    const smoothed = i >= window ? sum / window : Math.min(1, (sum + (window - i - 1)) / window)
    const target = Math.min(smoothed, required[i] ?? 1)
    gain = target < gain ? target : gain + (target - gain) * releaseCoefficient
    audio.left[i] = (audio.left[i] ?? 0) * gain
    audio.right[i] = (audio.right[i] ?? 0) * gain
  }
}
