import { describe, expect, it } from 'vitest'

import {
  applyReverb,
  createStereo,
  envelopeAt,
  filterBuffer,
  renderPluckedString,
  renderTone,
  SAMPLE_RATE,
  type Waveform,
} from './dsp.ts'
import { createRandom } from './random.ts'

/** Upward zero crossings per second: the frequency of a periodic wave with one crossing per cycle. */
function measureFrequency(samples: Float32Array, skip = 0): number {
  let crossings = 0
  for (let i = skip + 1; i < samples.length; i++) if ((samples[i - 1] ?? 0) < 0 && (samples[i] ?? 0) >= 0) crossings++
  return crossings / ((samples.length - skip) / SAMPLE_RATE)
}

/** The period, in samples, where the signal best matches itself: robust for harmonically rich tones. */
function autocorrelationPeriod(samples: Float32Array, minLag: number, maxLag: number): number {
  let best = minLag
  let bestScore = -Infinity
  for (let lag = minLag; lag <= maxLag; lag++) {
    let score = 0
    for (let i = 0; i + lag < samples.length; i++) score += (samples[i] ?? 0) * (samples[i + lag] ?? 0)
    if (score > bestScore) {
      bestScore = score
      best = lag
    }
  }
  return best
}

const rms = (samples: Float32Array, from = 0, to = samples.length) => {
  let sum = 0
  for (let i = from; i < to; i++) sum += (samples[i] ?? 0) ** 2
  return Math.sqrt(sum / (to - from))
}

describe('oscillators', () => {
  it.each<[Waveform, number]>([
    ['sine', 440],
    ['saw', 220],
    ['square', 330],
    ['triangle', 98],
  ])('a %s at %d Hz crosses zero that many times a second', (shape, frequency) => {
    expect(measureFrequency(renderTone(shape, frequency, 1))).toBeCloseTo(frequency, -0.5)
  })

  it('stay within [-1.1, 1.1] even with band-limiting corrections', () => {
    for (const shape of ['saw', 'square'] as const) {
      const tone = renderTone(shape, 3000, 0.2)
      expect(Math.max(...tone.map(Math.abs))).toBeLessThan(1.1)
    }
  })
})

describe('envelopeAt', () => {
  const adsr = { attack: 0.1, decay: 0.2, sustain: 0.5, release: 0.4 }

  it('rises linearly, decays to the sustain level, holds, and releases to silence', () => {
    expect(envelopeAt(adsr, 0, 1)).toBe(0)
    expect(envelopeAt(adsr, 0.05, 1)).toBeCloseTo(0.5)
    expect(envelopeAt(adsr, 0.1, 1)).toBeCloseTo(1)
    expect(envelopeAt(adsr, 0.2, 1)).toBeGreaterThan(0.5)
    expect(envelopeAt(adsr, 0.2, 1)).toBeLessThan(1)
    expect(envelopeAt(adsr, 0.6, 1)).toBe(0.5)
    expect(envelopeAt(adsr, 1.2, 1)).toBeLessThan(0.5)
    expect(envelopeAt(adsr, 1.4, 1)).toBeCloseTo(0, 9)
    expect(envelopeAt(adsr, 1.5, 1)).toBe(0)
  })

  it('releases from wherever a short note was let go, without a jump', () => {
    const held = 0.05
    expect(envelopeAt(adsr, held + 1e-6, held)).toBeCloseTo(envelopeAt(adsr, held - 1e-6, held), 3)
    expect(envelopeAt(adsr, held + 1e-6, held)).toBeCloseTo(0.5, 2)
  })
})

describe('filterBuffer', () => {
  it('low-pass keeps a low tone and removes a high one', () => {
    const low = filterBuffer(renderTone('sine', 200, 0.5), 1000, 0.7, 'lowpass')
    const high = filterBuffer(renderTone('sine', 8000, 0.5), 1000, 0.7, 'lowpass')
    expect(rms(low, 2000)).toBeGreaterThan(0.65)
    expect(rms(high, 2000)).toBeLessThan(0.02)
  })

  it('high-pass does the opposite', () => {
    expect(rms(filterBuffer(renderTone('sine', 50, 0.5), 2000, 0.7, 'highpass'), 2000)).toBeLessThan(0.01)
    expect(rms(filterBuffer(renderTone('sine', 9000, 0.5), 2000, 0.7, 'highpass'), 2000)).toBeGreaterThan(0.65)
  })
})

describe('renderPluckedString', () => {
  it('rings at the requested pitch and dies away', () => {
    for (const frequency of [110, 220, 440]) {
      const string = renderPluckedString(frequency, 2, createRandom(7))
      const expected = SAMPLE_RATE / frequency
      const period = autocorrelationPeriod(
        string.subarray(2000, 12_000),
        Math.floor(expected * 0.8),
        Math.ceil(expected * 1.2),
      )
      expect(Math.abs(period - expected)).toBeLessThanOrEqual(1)
      expect(rms(string, 84_000, 88_000)).toBeLessThan(rms(string, 0, 4000) / 3)
    }
  })

  it('is the same for the same seed and differs for another', () => {
    const a = renderPluckedString(196, 0.3, createRandom(1))
    expect(Array.from(renderPluckedString(196, 0.3, createRandom(1)))).toEqual(Array.from(a))
    expect(Array.from(renderPluckedString(196, 0.3, createRandom(2)))).not.toEqual(Array.from(a))
  })
})

describe('applyReverb', () => {
  it('turns a click into a decaying tail on both sides', () => {
    const input = createStereo(SAMPLE_RATE * 2)
    input.left[0] = 1
    input.right[0] = 1
    const { left, right } = applyReverb(input, { size: 0.8 })
    const early = rms(left, 2000, 10_000)
    const late = rms(left, 70_000, 80_000)
    expect(early).toBeGreaterThan(0)
    expect(late).toBeLessThan(early)
    expect(right.some((value, index) => value !== left[index])).toBe(true)
  })
})
