/**
 * Where speech is loud enough to hear in a mono clip. Word timings lean on this: the end of a word is where
 * its sound stops, not where the next word starts after a pause (captions would linger), and a hosted
 * clip's timings are anchored on its pauses.
 */

/** 10 ms frames: short enough for caption timing, long enough to smooth over a single voicing period. */
const FRAME_SECONDS = 0.01
/** About -40 dBFS: below breath noise of synthetic speech, above the quietest fricatives. */
const VOICED_RMS = 0.01

export type Levels = { frameSeconds: number; voiced: boolean[] }

export function measureLevels(samples: Float32Array, sampleRate: number): Levels {
  const frame = Math.max(1, Math.round(sampleRate * FRAME_SECONDS))
  const voiced: boolean[] = []
  for (let start = 0; start < samples.length; start += frame) {
    const end = Math.min(samples.length, start + frame)
    let sum = 0
    for (let i = start; i < end; i++) sum += (samples[i] ?? 0) ** 2
    voiced.push(Math.sqrt(sum / (end - start)) >= VOICED_RMS)
  }
  return { frameSeconds: frame / sampleRate, voiced }
}

/** The first and last voiced moments, in seconds; undefined for a silent clip. */
export function findVoicedRange({ frameSeconds, voiced }: Levels): { start: number; end: number } | undefined {
  const first = voiced.indexOf(true)
  if (first < 0) return undefined
  return { start: first * frameSeconds, end: (voiced.lastIndexOf(true) + 1) * frameSeconds }
}

/** The last voiced moment in [from, to), in seconds; `from` when it is silent throughout. */
export function findSoundEnd({ frameSeconds, voiced }: Levels, from: number, to: number): number {
  const first = Math.max(0, Math.floor(from / frameSeconds))
  // Only frames wholly before `to`: the one that holds the next word's onset is voiced by that word.
  for (let i = Math.min(voiced.length, Math.floor(to / frameSeconds)) - 1; i >= first; i--) {
    if (voiced[i]) return Math.max(from, Math.min(to, (i + 1) * frameSeconds))
  }
  return from
}

/** The first voiced moment in [from, to), in seconds; `from` when it is silent throughout. */
export function findSoundStart({ frameSeconds, voiced }: Levels, from: number, to: number): number {
  const last = Math.min(voiced.length, Math.ceil(to / frameSeconds))
  for (let i = Math.max(0, Math.floor(from / frameSeconds)); i < last; i++) {
    if (voiced[i]) return Math.max(from, i * frameSeconds)
  }
  return from
}

/** Silent stretches of at least `minSeconds` between the first and last voiced moments. */
export function findPauses(levels: Levels, minSeconds: number): { start: number; end: number }[] {
  const { frameSeconds, voiced } = levels
  const pauses: { start: number; end: number }[] = []
  const first = voiced.indexOf(true)
  const last = voiced.lastIndexOf(true)
  let runStart = -1
  for (let i = first; i <= last && first >= 0; i++) {
    if (!voiced[i] && runStart < 0) runStart = i
    if (voiced[i] && runStart >= 0) {
      if ((i - runStart) * frameSeconds >= minSeconds)
        pauses.push({ start: runStart * frameSeconds, end: i * frameSeconds })
      runStart = -1
    }
  }
  return pauses
}

/** Keeps at most `lead` seconds of silence before the speech and `tail` after it. */
export function trimSilence(
  samples: Float32Array,
  sampleRate: number,
  { lead = 0.05, tail = 0.15 }: { lead?: number; tail?: number } = {},
): { samples: Float32Array; offset: number } {
  const range = findVoicedRange(measureLevels(samples, sampleRate))
  if (!range) return { samples: samples.subarray(0, 0), offset: 0 }
  const from = Math.max(0, Math.floor((range.start - lead) * sampleRate))
  const to = Math.min(samples.length, Math.ceil((range.end + tail) * sampleRate))
  return { samples: samples.slice(from, to), offset: from / sampleRate }
}

/**
 * Multiplies by a fixed gain (not per-clip normalisation, so every scene of a video is equally loud), rounding
 * off peaks above 0.8 rather than clipping them.
 */
export function amplify(samples: Float32Array, gain: number): Float32Array {
  return samples.map((sample) => {
    const x = sample * gain
    const magnitude = Math.abs(x)
    if (magnitude <= 0.8) return x
    return Math.sign(x) * (0.8 + 0.2 * Math.tanh((magnitude - 0.8) / 0.2))
  })
}
