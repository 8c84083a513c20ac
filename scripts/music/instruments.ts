import {
  createSvf,
  envelopeAt,
  filterBuffer,
  oscillator,
  renderPluckedString,
  SAMPLE_RATE,
  secondsToSamples,
  svfProcess,
  type Adsr,
  type Stereo,
  type Waveform,
} from './dsp.ts'
import type { Random } from './random.ts'

/** A rendered note or hit; mono sounds use one array for both sides. */
export type Voice = Stereo

export type Note = { frequency: number; held: number; velocity: number; random: Random }

export type InstrumentName =
  | 'pad'
  | 'warm-pad'
  | 'dark-pad'
  | 'strings'
  | 'brass'
  | 'supersaw'
  | 'pluck'
  | 'piano'
  | 'epiano'
  | 'bell'
  | 'guitar'
  | 'nylon'
  | 'lead'
  | 'soft-lead'
  | 'bass'
  | 'sub-bass'
  | 'lofi-bass'
  | 'pluck-bass'
  | 'marimba'

const mono = (samples: Float32Array): Voice => ({ left: samples, right: samples })

/** Detuned oscillators per side, through a low-pass whose cutoff follows its own envelope. */
function analogVoice(
  { frequency, held, velocity, random }: Note,
  {
    shape,
    detunes,
    amp,
    cutoff,
    cutoffEnvelope,
    cutoffPeak = 0,
    resonance = 0.7,
    vibrato = 0,
    vibratoDelay = 0.3,
    tracking = 0,
  }: {
    shape: Waveform
    detunes: number[]
    amp: Adsr
    cutoff: number
    cutoffEnvelope?: Adsr
    cutoffPeak?: number
    resonance?: number
    vibrato?: number
    vibratoDelay?: number
    tracking?: number
  },
): Voice {
  const length = secondsToSamples(held + amp.release + 0.01)
  const voice = { left: new Float32Array(length), right: new Float32Array(length) }
  const baseCutoff = cutoff + tracking * frequency
  for (const [side, target] of [
    [-1, voice.left],
    [1, voice.right],
  ] as const) {
    const phases = detunes.map(() => random.next())
    const steps = detunes.map(
      (cents, index) => (frequency * Math.pow(2, (cents * (index % 2 === 0 ? 1 : side)) / 1200)) / SAMPLE_RATE,
    )
    const filter = createSvf()
    const gain = velocity / Math.sqrt(detunes.length)
    const vibratoPhase = random.next()
    let cutoff = baseCutoff
    for (let i = 0; i < length; i++) {
      const t = i / SAMPLE_RATE
      const wobble =
        vibrato > 0 && t > vibratoDelay
          ? 1 + vibrato * Math.min(1, t - vibratoDelay) * Math.sin(2 * Math.PI * (5.2 * t + vibratoPhase))
          : 1
      let sum = 0
      for (let o = 0; o < phases.length; o++) {
        const step = (steps[o] ?? 0) * wobble
        let phase = (phases[o] ?? 0) + step
        if (phase >= 1) phase -= 1
        phases[o] = phase
        sum += oscillator(shape, phase, step)
      }
      // The filter sweep moves at a control rate of ~1.4 kHz: smooth to the ear, a tenth of the cost.
      if (cutoffEnvelope && (i & 31) === 0) cutoff = baseCutoff + cutoffPeak * envelopeAt(cutoffEnvelope, t, held)
      const filtered = svfProcess(filter, sum, cutoff, resonance, 'lowpass')
      target[i] = filtered * gain * envelopeAt(amp, t, held)
    }
  }
  return voice
}

/** Frequency modulation: a sine carrier bent by a sine modulator whose depth decays (electric piano, bells). */
function fmVoice(
  { frequency, held, velocity }: Note,
  {
    ratio,
    index,
    indexDecay,
    amp,
    release,
  }: { ratio: number; index: number; indexDecay: number; amp: number; release: number },
): Voice {
  const length = secondsToSamples(held + release)
  const out = new Float32Array(length)
  const indexFall = Math.exp(-6.9 / (indexDecay * SAMPLE_RATE))
  const ampFall = Math.exp(-6.9 / (amp * SAMPLE_RATE))
  const carrierStep = (2 * Math.PI * frequency) / SAMPLE_RATE
  const modulatorStep = carrierStep * ratio
  let depth = index * velocity
  let level = velocity
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE
    const carrier = Math.sin(carrierStep * i + depth * Math.sin(modulatorStep * i))
    const ending = t < held ? 1 : Math.max(0, 1 - (t - held) / release)
    out[i] = carrier * level * ending * Math.min(1, t / 0.003)
    depth *= indexFall
    level *= ampFall
  }
  return mono(out)
}

/** Additive piano: slightly stretched partials, the higher ones dying first, plus the hammer's thump. */
function pianoVoice({ frequency, held, velocity, random }: Note): Voice {
  const ring = Math.max(1.2, 7 - Math.log2(frequency / 110) * 1.4)
  const length = secondsToSamples(Math.min(held, ring) + 0.35)
  const voice = { left: new Float32Array(length), right: new Float32Array(length) }
  const partials = frequency > 1000 ? 4 : frequency > 400 ? 6 : 8
  const inharmonicity = 0.0004
  const brightness = 0.6 + 0.8 * velocity
  for (let n = 1; n <= partials; n++) {
    const f = frequency * n * Math.sqrt(1 + inharmonicity * n * n)
    if (f > SAMPLE_RATE * 0.45) break
    const amplitude = Math.pow(brightness, n - 1) / Math.pow(n, 1.1)
    const t60 = ring / (1 + 0.45 * (n - 1))
    // Two strings per note, a hair apart, beat slowly: that shimmer is most of what says "piano".
    const detune = 1 + (n === 1 ? 0.0007 : 0.0004)
    // Sines by rotating phasors and decays by repeated multiplication: no sin() or exp() per sample.
    const phase = 2 * Math.PI * random.next()
    const rotateA = (2 * Math.PI * f) / SAMPLE_RATE
    const rotateB = rotateA * detune
    let ar = Math.cos(phase)
    let ai = Math.sin(phase)
    let br = ar
    let bi = ai
    const [ca, sa, cb, sb] = [Math.cos(rotateA), Math.sin(rotateA), Math.cos(rotateB), Math.sin(rotateB)]
    const fall = Math.exp(-6.9 / (t60 * SAMPLE_RATE))
    const heldSamples = held * SAMPLE_RATE
    const releaseSamples = 0.35 * SAMPLE_RATE
    let level = amplitude
    for (let i = 0; i < length; i++) {
      const ending = i < heldSamples ? 1 : Math.max(0, 1 - (i - heldSamples) / releaseSamples)
      const env = level * ending * Math.min(1, i / 88)
      voice.left[i] = (voice.left[i] ?? 0) + env * ai
      voice.right[i] = (voice.right[i] ?? 0) + env * bi
      const nar = ar * ca - ai * sa
      ai = ar * sa + ai * ca
      ar = nar
      const nbr = br * cb - bi * sb
      bi = br * sb + bi * cb
      br = nbr
      level *= fall
    }
  }
  const thump = secondsToSamples(0.03)
  for (let i = 0; i < Math.min(thump, length); i++) {
    const noise = (random.next() * 2 - 1) * 0.15 * (1 - i / thump)
    voice.left[i] = (voice.left[i] ?? 0) + noise
    voice.right[i] = (voice.right[i] ?? 0) + noise
  }
  for (const side of [voice.left, voice.right]) {
    filterBuffer(side, 900 + 5000 * velocity, 0.7, 'lowpass')
    for (let i = 0; i < length; i++) side[i] = (side[i] ?? 0) * velocity * 0.45
  }
  return voice
}

function stringVoice(
  note: Note,
  { damping, brightness, gain }: { damping: number; brightness: number; gain: number },
): Voice {
  const ring = Math.min(note.held + 0.25, 4)
  const samples = renderPluckedString(note.frequency, ring + 0.1, note.random, {
    damping,
    brightness: brightness * (0.5 + 0.5 * note.velocity),
  })
  // A body resonance and a gentle fade at the note's end, as a finger would mute the string.
  const body = filterBuffer(samples.slice(), 220, 1.2, 'bandpass')
  const fadeStart = secondsToSamples(ring - 0.08)
  for (let i = 0; i < samples.length; i++) {
    const fade = i < fadeStart ? 1 : Math.max(0, 1 - (i - fadeStart) / secondsToSamples(0.18))
    samples[i] = ((samples[i] ?? 0) + 0.6 * (body[i] ?? 0)) * gain * note.velocity * fade
  }
  return mono(samples)
}

export function playInstrument(name: InstrumentName, note: Note): Voice {
  switch (name) {
    case 'pad':
      return analogVoice(note, {
        shape: 'saw',
        detunes: [-9, 0, 8],
        amp: { attack: 1.2, decay: 1, sustain: 0.85, release: 2.2 },
        cutoff: 900,
        tracking: 1.2,
        resonance: 0.8,
      })
    case 'warm-pad':
      return analogVoice(note, {
        shape: 'triangle',
        detunes: [-6, 0, 7],
        amp: { attack: 0.9, decay: 1, sustain: 0.9, release: 2.5 },
        cutoff: 1400,
        tracking: 0.5,
      })
    case 'dark-pad':
      return analogVoice(note, {
        shape: 'saw',
        detunes: [-14, -3, 11],
        amp: { attack: 2.5, decay: 1, sustain: 0.9, release: 3 },
        cutoff: 380,
        cutoffEnvelope: { attack: 4, decay: 3, sustain: 0.4, release: 3 },
        cutoffPeak: 500,
        resonance: 1.4,
      })
    case 'strings':
      return analogVoice(note, {
        shape: 'saw',
        detunes: [-12, -4, 5, 13],
        amp: { attack: 0.35, decay: 0.5, sustain: 0.9, release: 0.9 },
        cutoff: 2200,
        tracking: 0.8,
        vibrato: 0.004,
      })
    case 'brass':
      return analogVoice(note, {
        shape: 'saw',
        detunes: [-6, 5],
        amp: { attack: 0.08, decay: 0.4, sustain: 0.8, release: 0.4 },
        cutoff: 500,
        cutoffEnvelope: { attack: 0.12, decay: 0.6, sustain: 0.45, release: 0.4 },
        cutoffPeak: 2600,
        vibrato: 0.003,
        vibratoDelay: 0.5,
      })
    case 'supersaw':
      return analogVoice(note, {
        shape: 'saw',
        detunes: [-18, -9, -3, 4, 10, 17],
        amp: { attack: 0.01, decay: 0.3, sustain: 0.8, release: 0.25 },
        cutoff: 3800,
        tracking: 1,
      })
    case 'pluck':
      return analogVoice(note, {
        shape: 'saw',
        detunes: [-5, 6],
        amp: { attack: 0.002, decay: 0.35, sustain: 0.0, release: 0.15 },
        cutoff: 300,
        cutoffEnvelope: { attack: 0.001, decay: 0.18, sustain: 0, release: 0.1 },
        cutoffPeak: 5200,
        resonance: 1.1,
        tracking: 0.8,
      })
    case 'lead':
      return analogVoice(note, {
        shape: 'square',
        detunes: [-4, 5],
        amp: { attack: 0.01, decay: 0.25, sustain: 0.75, release: 0.18 },
        cutoff: 1200,
        cutoffEnvelope: { attack: 0.005, decay: 0.3, sustain: 0.5, release: 0.2 },
        cutoffPeak: 3500,
        vibrato: 0.006,
        vibratoDelay: 0.22,
      })
    case 'soft-lead':
      return analogVoice(note, {
        shape: 'triangle',
        detunes: [-3, 3],
        amp: { attack: 0.04, decay: 0.3, sustain: 0.8, release: 0.35 },
        cutoff: 2600,
        vibrato: 0.005,
        vibratoDelay: 0.3,
      })
    case 'bass':
      return analogVoice(note, {
        shape: 'saw',
        detunes: [0],
        amp: { attack: 0.005, decay: 0.3, sustain: 0.7, release: 0.08 },
        cutoff: 180,
        cutoffEnvelope: { attack: 0.003, decay: 0.2, sustain: 0.2, release: 0.1 },
        cutoffPeak: 700,
        resonance: 0.9,
      })
    case 'pluck-bass':
      return analogVoice(note, {
        shape: 'square',
        detunes: [0],
        amp: { attack: 0.003, decay: 0.25, sustain: 0.3, release: 0.06 },
        cutoff: 160,
        cutoffEnvelope: { attack: 0.002, decay: 0.12, sustain: 0, release: 0.05 },
        cutoffPeak: 1200,
      })
    case 'sub-bass':
      return analogVoice(note, {
        shape: 'sine',
        detunes: [0],
        amp: { attack: 0.01, decay: 0.2, sustain: 0.9, release: 0.12 },
        cutoff: 400,
      })
    case 'lofi-bass':
      return analogVoice(note, {
        shape: 'triangle',
        detunes: [0],
        amp: { attack: 0.008, decay: 0.5, sustain: 0.55, release: 0.12 },
        cutoff: 320,
      })
    case 'piano':
      return pianoVoice(note)
    case 'epiano':
      return fmVoice(note, { ratio: 1, index: 1.6, indexDecay: 0.9, amp: 3.2, release: 0.25 })
    case 'bell':
      return fmVoice(note, { ratio: 3.5, index: 2.2, indexDecay: 1.2, amp: 2.6, release: 0.8 })
    case 'marimba':
      return fmVoice(note, { ratio: 4, index: 1.2, indexDecay: 0.08, amp: 0.7, release: 0.1 })
    case 'guitar':
      return stringVoice(note, { damping: 0.35, brightness: 0.75, gain: 0.7 })
    case 'nylon':
      return stringVoice(note, { damping: 0.6, brightness: 0.45, gain: 0.8 })
  }
}
