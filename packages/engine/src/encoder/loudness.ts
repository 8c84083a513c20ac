/**
 * Level measurements on float PCM: integrated loudness (ITU-R BS.1770-4) to set the soundtrack's gain, and
 * the peak, RMS and single-tone levels the tests use to check ducking, fades and clipping.
 */

type Biquad = { b0: number; b1: number; b2: number; a1: number; a2: number }

const ABSOLUTE_GATE_LUFS = -70
const RELATIVE_GATE_LU = -10
const BLOCK_SECONDS = 0.4
const BLOCK_STEP_SECONDS = 0.1

/** The K-weighting pre-filter (a 4 dB high shelf and a 38 Hz high pass) derived for any sample rate. */
function kWeighting(sampleRate: number): [Biquad, Biquad] {
  // Constants that reproduce the standard's 48 kHz coefficient table through the bilinear transform.
  const gain = 3.99984385397
  const shelfQ = 0.7071752369554193
  const shelfFc = 1681.974450955533
  const a = 10 ** (gain / 40)
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
  const highPass: Biquad = {
    b0: (1 + cos) / 2 / a0,
    b1: -(1 + cos) / a0,
    b2: (1 + cos) / 2 / a0,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha) / a0,
  }
  return [shelf, highPass]
}

/**
 * Adds the K-weighted square of each sample of one channel (read with a stride from interleaved audio) into
 * `power`. The two biquads are unrolled into locals: this runs over every sample of a 90 s soundtrack.
 */
function addWeightedSquares(
  samples: Float32Array,
  channels: number,
  channel: number,
  stages: [Biquad, Biquad],
  power: Float64Array,
) {
  const [p, q] = stages
  let px1 = 0,
    px2 = 0,
    py1 = 0,
    py2 = 0,
    qx1 = 0,
    qx2 = 0,
    qy1 = 0,
    qy2 = 0
  for (let i = 0; i < power.length; i++) {
    const x = samples[i * channels + channel] as number
    const y = p.b0 * x + p.b1 * px1 + p.b2 * px2 - p.a1 * py1 - p.a2 * py2
    px2 = px1
    px1 = x
    py2 = py1
    py1 = y
    const z = q.b0 * y + q.b1 * qx1 + q.b2 * qx2 - q.a1 * qy1 - q.a2 * qy2
    qx2 = qx1
    qx1 = y
    qy2 = qy1
    qy1 = z
    power[i] = (power[i] as number) + z * z
  }
}

/**
 * Integrated loudness in LUFS of interleaved audio (all channels weighted 1, as for mono and stereo), with
 * 400 ms blocks, 75 % overlap and the absolute and relative gates. `-Infinity` for silence.
 */
export function measureLoudness(samples: Float32Array, sampleRate: number, channels = 1): number {
  const stages = kWeighting(sampleRate)
  const frames = Math.floor(samples.length / channels)
  const power = new Float64Array(frames)
  for (let channel = 0; channel < channels; channel++) addWeightedSquares(samples, channels, channel, stages, power)
  const block = Math.round(BLOCK_SECONDS * sampleRate)
  const step = Math.round(BLOCK_STEP_SECONDS * sampleRate)
  // Running sums make each block O(1): one prefix sum of the channel-summed power.
  const prefix = new Float64Array(frames + 1)
  for (let i = 0; i < frames; i++) prefix[i + 1] = (prefix[i] as number) + (power[i] as number)
  const blocks: number[] = []
  for (let start = 0; start + block <= frames; start += step) {
    blocks.push(((prefix[start + block] ?? 0) - (prefix[start] ?? 0)) / block)
  }
  const toLufs = (power: number) => -0.691 + 10 * Math.log10(power)
  const fromLufs = (lufs: number) => 10 ** ((lufs + 0.691) / 10)
  const aboveAbsolute = blocks.filter((power) => power > fromLufs(ABSOLUTE_GATE_LUFS))
  if (aboveAbsolute.length === 0) return -Infinity
  const relativeGate = toLufs(mean(aboveAbsolute)) + RELATIVE_GATE_LU
  const gated = aboveAbsolute.filter((power) => power > fromLufs(relativeGate))
  return toLufs(mean(gated))
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length
}

/** The highest absolute sample in dBFS. */
export function measurePeakDb(samples: Float32Array): number {
  let peak = 0
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample))
  return toDb(peak)
}

/** RMS in dBFS of interleaved audio between two times (all channels together). */
export function measureRmsDb(samples: Float32Array, sampleRate: number, from: number, to: number, channels = 1) {
  const start = Math.max(0, Math.floor(from * sampleRate)) * channels
  const end = Math.min(samples.length, Math.floor(to * sampleRate) * channels)
  let sum = 0
  for (let i = start; i < end; i++) sum += (samples[i] ?? 0) ** 2
  return toDb(Math.sqrt(sum / Math.max(1, end - start)))
}

/**
 * The amplitude in dBFS of one sine frequency in the first channel between two times (Goertzel). Lets a test
 * follow the music (a tone) under a voice at another frequency in the same mix.
 */
export function measureToneDb(
  samples: Float32Array,
  sampleRate: number,
  frequency: number,
  from: number,
  to: number,
  channels = 1,
): number {
  const start = Math.max(0, Math.floor(from * sampleRate))
  const end = Math.min(Math.floor(samples.length / channels), Math.floor(to * sampleRate))
  const count = end - start
  if (count <= 0) return -Infinity
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate)
  let s1 = 0
  let s2 = 0
  for (let i = start; i < end; i++) {
    const s0 = (samples[i * channels] ?? 0) + coefficient * s1 - s2
    s2 = s1
    s1 = s0
  }
  const power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
  return toDb((2 * Math.sqrt(Math.max(0, power))) / count)
}

export function toDb(amplitude: number): number {
  return 20 * Math.log10(amplitude)
}

export function fromDb(db: number): number {
  return 10 ** (db / 20)
}
