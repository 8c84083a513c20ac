import { measureLoudness } from '@storyreel/engine/loudness'

import { SAMPLE_RATE, type Stereo } from './dsp.ts'

/**
 * Integrated loudness in LUFS (BS.1770-4), measured by the same meter that levels the studio's soundtracks,
 * so a track mastered to -16 LUFS here sits where the mixer expects it.
 */
export function measureIntegratedLoudness(audio: Stereo, sampleRate = SAMPLE_RATE): number {
  const interleaved = new Float32Array(audio.left.length * 2)
  for (let i = 0; i < audio.left.length; i++) {
    interleaved[2 * i] = audio.left[i] ?? 0
    interleaved[2 * i + 1] = audio.right[i] ?? 0
  }
  return measureLoudness(interleaved, sampleRate, 2)
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
