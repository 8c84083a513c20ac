import { createSvf, decayAt, SAMPLE_RATE, secondsToSamples, svfProcess } from './dsp.ts'
import type { Random } from './random.ts'

export type DrumName =
  | 'kick'
  | 'soft-kick'
  | 'lofi-kick'
  | 'snare'
  | 'lofi-snare'
  | 'rim'
  | 'clap'
  | 'hat'
  | 'open-hat'
  | 'shaker'
  | 'taiko'
  | 'tom'
  | 'crash'
  | 'impact'

/** A sine whose pitch falls from `from` to `to` Hz: the body of kicks, toms and taiko. */
function sweep(length: number, from: number, to: number, drop: number, t60: number): Float32Array {
  const out = new Float32Array(length)
  let phase = 0
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE
    const frequency = to + (from - to) * Math.exp(-t / drop)
    phase += frequency / SAMPLE_RATE
    out[i] = Math.sin(2 * Math.PI * phase) * decayAt(t, t60) * Math.min(1, t / 0.001)
  }
  return out
}

/** Filtered noise with an exponential tail: snares, hats, claps and cymbals. */
function noiseBurst(
  length: number,
  random: Random,
  { cutoff, q, mode, t60 }: { cutoff: number; q: number; mode: 'highpass' | 'bandpass' | 'lowpass'; t60: number },
): Float32Array {
  const out = new Float32Array(length)
  const filter = createSvf()
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE
    out[i] = svfProcess(filter, random.next() * 2 - 1, cutoff, q, mode) * decayAt(t, t60)
  }
  return out
}

function mix(...layers: [Float32Array, number][]): Float32Array {
  const length = Math.max(...layers.map(([layer]) => layer.length))
  const out = new Float32Array(length)
  for (const [layer, gain] of layers)
    for (let i = 0; i < layer.length; i++) out[i] = (out[i] ?? 0) + (layer[i] ?? 0) * gain
  return out
}

export function playDrum(name: DrumName, random: Random, velocity = 1): Float32Array {
  const n = (seconds: number) => secondsToSamples(seconds)
  let hit: Float32Array
  switch (name) {
    case 'kick':
      hit = mix(
        [sweep(n(0.5), 160, 48, 0.035, 0.45), 1],
        [noiseBurst(n(0.01), random, { cutoff: 3000, q: 0.7, mode: 'lowpass', t60: 0.01 }), 0.4],
      )
      break
    case 'soft-kick':
      hit = sweep(n(0.4), 110, 50, 0.03, 0.35)
      break
    case 'lofi-kick': {
      hit = mix([sweep(n(0.35), 120, 52, 0.03, 0.3), 1])
      const filter = createSvf()
      for (let i = 0; i < hit.length; i++)
        hit[i] = svfProcess(filter, Math.tanh(2 * (hit[i] ?? 0)) * 0.6, 900, 0.7, 'lowpass')
      break
    }
    case 'snare':
      hit = mix(
        [sweep(n(0.15), 260, 185, 0.02, 0.1), 0.5],
        [noiseBurst(n(0.25), random, { cutoff: 3800, q: 0.5, mode: 'bandpass', t60: 0.22 }), 1.1],
      )
      break
    case 'lofi-snare':
      hit = mix(
        [sweep(n(0.12), 230, 180, 0.02, 0.08), 0.45],
        [noiseBurst(n(0.22), random, { cutoff: 2200, q: 0.6, mode: 'bandpass', t60: 0.2 }), 0.9],
      )
      break
    case 'rim':
      hit = mix(
        [sweep(n(0.05), 1700, 1600, 0.01, 0.04), 0.6],
        [noiseBurst(n(0.03), random, { cutoff: 4000, q: 2, mode: 'bandpass', t60: 0.02 }), 0.5],
      )
      break
    case 'clap': {
      // Several hands a few milliseconds apart, then the room.
      const burst = noiseBurst(n(0.3), random, { cutoff: 1400, q: 1.2, mode: 'bandpass', t60: 0.25 })
      hit = new Float32Array(burst.length)
      for (let i = 0; i < burst.length; i++) {
        const t = i / SAMPLE_RATE
        const flutter = t < 0.03 ? 0.5 + 0.5 * Math.cos(2 * Math.PI * t * 100) : 0.7
        hit[i] = (burst[i] ?? 0) * flutter * 1.8
      }
      break
    }
    case 'hat':
      hit = noiseBurst(n(0.06), random, { cutoff: 8000, q: 0.7, mode: 'highpass', t60: 0.045 })
      break
    case 'open-hat':
      hit = noiseBurst(n(0.35), random, { cutoff: 7500, q: 0.7, mode: 'highpass', t60: 0.3 })
      break
    case 'shaker': {
      hit = noiseBurst(n(0.09), random, { cutoff: 6000, q: 0.8, mode: 'bandpass', t60: 0.08 })
      for (let i = 0; i < hit.length; i++) hit[i] = (hit[i] ?? 0) * Math.min(1, i / n(0.02))
      break
    }
    case 'taiko':
      hit = mix(
        [sweep(n(1.4), 110, 55, 0.08, 1.2), 1.2],
        [noiseBurst(n(0.2), random, { cutoff: 600, q: 0.8, mode: 'lowpass', t60: 0.18 }), 0.5],
      )
      break
    case 'tom':
      hit = mix(
        [sweep(n(0.7), 190, 95, 0.05, 0.55), 1],
        [noiseBurst(n(0.08), random, { cutoff: 1500, q: 0.8, mode: 'lowpass', t60: 0.07 }), 0.3],
      )
      break
    case 'crash':
      hit = noiseBurst(n(2.5), random, { cutoff: 5000, q: 0.5, mode: 'highpass', t60: 2.2 })
      break
    case 'impact':
      hit = mix(
        [sweep(n(3), 90, 32, 0.25, 2.6), 1.3],
        [noiseBurst(n(1.5), random, { cutoff: 300, q: 0.7, mode: 'lowpass', t60: 1.3 }), 0.8],
      )
      break
  }
  if (velocity !== 1) for (let i = 0; i < hit.length; i++) hit[i] = (hit[i] ?? 0) * velocity
  return hit
}

/** Rising filtered noise that leads into a section: the cinematic and dance build-up. */
export function renderRiser(seconds: number, random: Random): Float32Array {
  const length = secondsToSamples(seconds)
  const out = new Float32Array(length)
  const filter = createSvf()
  for (let i = 0; i < length; i++) {
    const x = i / length
    out[i] = svfProcess(filter, random.next() * 2 - 1, 300 + 7000 * x * x, 2, 'bandpass') * x * x
  }
  return out
}

/** Record-surface noise for lo-fi: a soft hiss plus sparse clicks and pops. */
export function renderVinyl(seconds: number, random: Random): Float32Array {
  const length = secondsToSamples(seconds)
  const out = new Float32Array(length)
  const hiss = createSvf()
  let click = 0
  for (let i = 0; i < length; i++) {
    if (random.chance(0.0004)) click = (random.next() * 2 - 1) * random.range(0.3, 1)
    const crackle = click
    click *= 0.6
    out[i] = svfProcess(hiss, random.next() * 2 - 1, 3000, 0.5, 'bandpass') * 0.05 + crackle * 0.35
  }
  return out
}
