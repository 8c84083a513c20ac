import type { Random } from './random.ts'

export const SAMPLE_RATE = 44_100

export type Stereo = { left: Float32Array; right: Float32Array }

export function createStereo(samples: number): Stereo {
  return { left: new Float32Array(samples), right: new Float32Array(samples) }
}

export const secondsToSamples = (seconds: number) => Math.max(0, Math.round(seconds * SAMPLE_RATE))

export type Waveform = 'sine' | 'saw' | 'square' | 'triangle'

/** PolyBLEP smooths the saw and square steps, so high notes do not alias into inharmonic whistles. */
function polyBlep(phase: number, step: number): number {
  if (phase < step) {
    const t = phase / step
    return t + t - t * t - 1
  }
  if (phase > 1 - step) {
    const t = (phase - 1) / step
    return t * t + t + t + 1
  }
  return 0
}

/** One sample of a band-limited waveform at `phase` in [0, 1); `step` is frequency / sample rate. */
export function oscillator(shape: Waveform, phase: number, step: number): number {
  switch (shape) {
    case 'sine':
      return Math.sin(2 * Math.PI * phase)
    case 'saw':
      return 2 * phase - 1 - polyBlep(phase, step)
    case 'square': {
      const shifted = (phase + 0.5) % 1
      return (phase < 0.5 ? 1 : -1) + polyBlep(phase, step) - polyBlep(shifted, step)
    }
    case 'triangle':
      return 1 - 4 * Math.abs(Math.round(phase - 0.25) - (phase - 0.25))
  }
}

/** A steady tone, for tests and drones. */
export function renderTone(shape: Waveform, frequency: number, seconds: number): Float32Array {
  const out = new Float32Array(secondsToSamples(seconds))
  const step = frequency / SAMPLE_RATE
  let phase = 0
  for (let i = 0; i < out.length; i++) {
    out[i] = oscillator(shape, phase, step)
    phase += step
    if (phase >= 1) phase -= 1
  }
  return out
}

export type Adsr = { attack: number; decay: number; sustain: number; release: number }

/**
 * The amplitude at `time` seconds of a note held for `held` seconds: linear attack, exponential-looking decay
 * to the sustain level, and a release that starts wherever the note was when it was let go.
 */
export function envelopeAt({ attack, decay, sustain, release }: Adsr, time: number, held: number): number {
  if (time < 0) return 0
  const t = time < held ? time : held
  let level: number
  if (t < attack) level = t / attack
  else if (t - attack < decay) {
    const x = (t - attack) / decay
    level = sustain + (1 - sustain) * (1 - x) * (1 - x)
  } else level = sustain
  if (time < held) return level
  const r = time - held
  if (r >= release) return 0
  const x = 1 - r / release
  return level * x * x
}

/** Exponential decay with the given time to fall by 60 dB. */
export const decayAt = (time: number, t60: number) => Math.exp((-6.9 * time) / t60)

/**
 * Topology-preserving state-variable filter (Zavalishin): stays stable while its cutoff moves every
 * sample, which the filter sweeps of plucks and pads need.
 */
export type Svf = { ic1: number; ic2: number; cutoff: number; q: number; k: number; a1: number; a2: number; a3: number }
export const createSvf = (): Svf => ({ ic1: 0, ic2: 0, cutoff: -1, q: -1, k: 0, a1: 0, a2: 0, a3: 0 })

export type SvfMode = 'lowpass' | 'highpass' | 'bandpass'

export function svfProcess(filter: Svf, input: number, cutoff: number, q: number, mode: SvfMode): number {
  // The coefficients cost a tan(); most callers hold the cutoff for many samples, so keep them.
  if (cutoff !== filter.cutoff || q !== filter.q) {
    const g = Math.tan((Math.PI * Math.min(cutoff, SAMPLE_RATE * 0.45)) / SAMPLE_RATE)
    filter.cutoff = cutoff
    filter.q = q
    filter.k = 1 / q
    filter.a1 = 1 / (1 + g * (g + filter.k))
    filter.a2 = g * filter.a1
    filter.a3 = g * filter.a2
  }
  const v3 = input - filter.ic2
  const v1 = filter.a1 * filter.ic1 + filter.a2 * v3
  const v2 = filter.ic2 + filter.a2 * filter.ic1 + filter.a3 * v3
  filter.ic1 = 2 * v1 - filter.ic1
  filter.ic2 = 2 * v2 - filter.ic2
  if (mode === 'lowpass') return v2
  if (mode === 'bandpass') return v1
  return input - filter.k * v1 - v2
}

/** Runs a whole buffer through a fixed filter, in place. */
export function filterBuffer(buffer: Float32Array, cutoff: number, q: number, mode: SvfMode): Float32Array {
  const filter = createSvf()
  for (let i = 0; i < buffer.length; i++) buffer[i] = svfProcess(filter, buffer[i] ?? 0, cutoff, q, mode)
  return buffer
}

/**
 * Karplus-Strong: a burst of noise circulating in a delay line one period long, averaged each pass, decays
 * like a plucked string. `brightness` (0..1) shapes the pick, `damping` (0..1) how fast the highs die.
 */
export function renderPluckedString(
  frequency: number,
  seconds: number,
  random: Random,
  { brightness = 0.6, damping = 0.5 }: { brightness?: number; damping?: number } = {},
): Float32Array {
  const out = new Float32Array(secondsToSamples(seconds))
  const stretch = 0.5 + 0.5 * (1 - damping) * 0.98
  // The averaging filter delays by (1 - stretch) samples; the rest of the period that is not a whole
  // sample goes into an all-pass, so strings stay in tune at high pitches.
  const period = SAMPLE_RATE / frequency - (1 - stretch)
  const length = Math.max(2, Math.floor(period - 0.1))
  const fraction = period - length
  const allpass = (1 - fraction) / (1 + fraction)
  const line = new Float32Array(length)
  let previous = 0
  for (let i = 0; i < length; i++) {
    const noise = random.next() * 2 - 1
    previous = previous + brightness * (noise - previous)
    line[i] = previous
  }
  let index = 0
  let apState = 0
  let apIn = 0
  for (let i = 0; i < out.length; i++) {
    const current = line[index] ?? 0
    const next = line[(index + 1) % length] ?? 0
    const averaged = (stretch * current + (1 - stretch) * next) * 0.9985
    const tuned = allpass * averaged + apIn - allpass * apState
    apIn = averaged
    apState = tuned
    line[index] = tuned
    out[i] = current
    index = (index + 1) % length
  }
  return out
}

const COMB_TUNING = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617]
const ALLPASS_TUNING = [556, 441, 341, 225]
const STEREO_SPREAD = 23

/** Freeverb (Jezar's Schroeder-Moorer design): eight damped combs and four all-passes per side. */
export function applyReverb(input: Stereo, { size = 0.84, damping = 0.3, preDelay = 0.02 } = {}): Stereo {
  const length = input.left.length
  const out = createStereo(length)
  const pre = secondsToSamples(preDelay)
  const feedback = 0.7 + 0.28 * size
  for (const [channel, source, target] of [
    [0, input.left, out.left],
    [1, input.right, out.right],
  ] as const) {
    const offset = channel * STEREO_SPREAD
    const combs = COMB_TUNING.map((n) => ({ buffer: new Float32Array(n + offset), index: 0, store: 0 }))
    const allpasses = ALLPASS_TUNING.map((n) => ({ buffer: new Float32Array(n + offset), index: 0 }))
    for (let i = 0; i < length; i++) {
      const x = (i >= pre ? (source[i - pre] ?? 0) : 0) * 0.015
      let sum = 0
      for (const comb of combs) {
        const y = comb.buffer[comb.index] ?? 0
        comb.store = y * (1 - damping) + comb.store * damping
        comb.buffer[comb.index] = x + comb.store * feedback
        comb.index = comb.index + 1 === comb.buffer.length ? 0 : comb.index + 1
        sum += y
      }
      for (const allpass of allpasses) {
        const buffered = allpass.buffer[allpass.index] ?? 0
        allpass.buffer[allpass.index] = sum + buffered * 0.5
        sum = buffered - sum
        allpass.index = allpass.index + 1 === allpass.buffer.length ? 0 : allpass.index + 1
      }
      target[i] = sum
    }
  }
  return out
}

/** A ping-pong echo whose repeats lose their highs, like tape. */
export function applyDelay(
  input: Stereo,
  { time, feedback = 0.35, tone = 3500 }: { time: number; feedback?: number; tone?: number },
): Stereo {
  const length = input.left.length
  const out = createStereo(length)
  const delay = Math.max(1, secondsToSamples(time))
  const lineL = new Float32Array(delay)
  const lineR = new Float32Array(delay)
  const toneL = createSvf()
  const toneR = createSvf()
  let index = 0
  for (let i = 0; i < length; i++) {
    const dl = lineL[index] ?? 0
    const dr = lineR[index] ?? 0
    out.left[i] = dl
    out.right[i] = dr
    // Each side feeds the other, so repeats bounce between the speakers.
    lineL[index] = svfProcess(
      toneL,
      (input.left[i] ?? 0) + (input.right[i] ?? 0) * 0.5 + dr * feedback,
      tone,
      0.6,
      'lowpass',
    )
    lineR[index] = svfProcess(toneR, dl * feedback, tone, 0.6, 'lowpass')
    index = index + 1 === delay ? 0 : index + 1
  }
  return out
}

/** Gentle saturation: unity for small signals, rounding peaks instead of clipping them. */
export const softClip = (x: number) =>
  Math.abs(x) < 0.5 ? x : Math.sign(x) * (0.5 + 0.5 * Math.tanh((Math.abs(x) - 0.5) / 0.5))
