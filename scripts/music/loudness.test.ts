import { describe, expect, it } from 'vitest'

import { renderTone } from './dsp.ts'
import { limit, measureIntegratedLoudness, measurePeak } from './loudness.ts'

const stereo = (samples: Float32Array, gain: number) => {
  const scaled = samples.map((x) => x * gain)
  return { left: scaled, right: scaled.slice() }
}

describe('measureIntegratedLoudness', () => {
  it('reads a 1 kHz sine on both channels at its peak level in dBFS, as BS.1770 defines', () => {
    const tone = renderTone('sine', 997, 3)
    expect(measureIntegratedLoudness(stereo(tone, 0.1))).toBeCloseTo(-20, 0)
    expect(measureIntegratedLoudness(stereo(tone, 0.5))).toBeCloseTo(-6.02, 0)
  })

  it('gates out silence, so a pause does not lower the reading', () => {
    const tone = renderTone('sine', 997, 3)
    const padded = new Float32Array(tone.length * 2)
    padded.set(tone)
    expect(measureIntegratedLoudness(stereo(padded, 0.1))).toBeCloseTo(-20, 0)
  })

  it('weighs low frequencies less, as the ear does', () => {
    const low = measureIntegratedLoudness(stereo(renderTone('sine', 40, 3), 0.1))
    expect(low).toBeLessThan(-21)
  })
})

describe('limit', () => {
  it('keeps every sample under the ceiling and leaves quiet passages alone', () => {
    const tone = renderTone('sine', 220, 2)
    const audio = stereo(tone, 0.2)
    for (let i = 44_100; i < 44_200; i++) audio.left[i] = 1.5
    limit(audio, 0.8)
    expect(measurePeak(audio)).toBeLessThanOrEqual(0.8)
    expect(Math.abs((audio.left[10_000] ?? 0) - 0.2 * (tone[10_000] ?? 0))).toBeLessThan(1e-6)
    // A second after the peak the gain is back within 0.1 % of unity.
    expect(Math.abs((audio.right[88_000] ?? 0) - 0.2 * (tone[88_000] ?? 0))).toBeLessThan(0.2e-3)
  })
})
