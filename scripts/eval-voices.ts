import { execSync } from 'node:child_process'
import { parseArgs } from 'node:util'

import { createVoiceEngine, type SpeechClip } from '@storyreel/engine/engine'

/**
 * `npm run eval:voices -- [voice-id-prefix …]`: measures every local English voice (or those whose id starts with
 * a prefix) on three narrations, with the figures of decision 028: sample rate, bandwidth, spectral rolloff and
 * change, pitch movement, pace, and word timings against the audio's own onsets. Prints a Markdown table.
 * Run by hand (about a minute); the pace itself is held by `voice-pace.test.ts`.
 */
const USAGE = 'npm run eval:voices -- [voice-id-prefix …]'

const NARRATIONS = [
  'Every night, old Tom climbed the hundred steps of the lighthouse. He lit the lamp, wiped the glass, and watched the dark sea. One stormy morning, a green bottle washed up on the rocks below. Inside was a letter, folded small and sealed with wax. It was addressed to him, and it was written fifty years ago.',
  'Meet the coffee shop on the corner, where every cup is roasted in small batches. Come in for a warm croissant, and stay for the quiet. Our baristas know your name and your order. We are open every day from seven until late. Stop by this week, and your second cup is on us.',
  'Solar panels turn sunlight into electricity. Each panel is made of cells, thin slices of silicon. When light hits a cell, it frees electrons, and that flow is an electric current. An inverter changes it into the kind of power your home uses. On a sunny day, a small roof can run a whole house.',
]
const FRAME_SECONDS = 0.01
/** Silences under this level (after normalising speech to -20 dBFS) and this long are pauses. */
const PAUSE_DB = -55
const PAUSE_SECONDS = 0.15

const at = (values: ArrayLike<number>, index: number) => values[index] ?? 0

function fft(re: Float64Array, im: Float64Array) {
  const n = re.length
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1
    for (; j & bit; bit >>= 1) j ^= bit
    j ^= bit
    if (i < j) {
      ;[re[i], re[j]] = [at(re, j), at(re, i)]
      ;[im[i], im[j]] = [at(im, j), at(im, i)]
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const [cos, sin] = [Math.cos(angle * k), Math.sin(angle * k)]
        const [a, b] = [start + k, start + k + size / 2]
        const br = at(re, b) * cos - at(im, b) * sin
        const bi = at(re, b) * sin + at(im, b) * cos
        ;[re[b], im[b]] = [at(re, a) - br, at(im, a) - bi]
        ;[re[a], im[a]] = [at(re, a) + br, at(im, a) + bi]
      }
    }
  }
}

/** Power spectrum of `n` Hann-windowed samples from `start`, and their level in dBFS. */
function spectrum(samples: Float32Array, start: number, n: number) {
  const re = new Float64Array(n)
  const im = new Float64Array(n)
  let energy = 0
  for (let i = 0; i < n; i++) {
    const x = at(samples, start + i)
    energy += x * x
    re[i] = x * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1)))
  }
  fft(re, im)
  const power = new Float64Array(n / 2)
  for (let k = 0; k < n / 2; k++) power[k] = at(re, k) ** 2 + at(im, k) ** 2
  return { power, db: 10 * Math.log10(energy / n + 1e-12) }
}

function levelsDb(samples: Float32Array, rate: number): number[] {
  const frame = Math.round(rate * FRAME_SECONDS)
  const levels: number[] = []
  for (let start = 0; start + frame <= samples.length; start += frame) {
    let energy = 0
    for (let i = start; i < start + frame; i++) energy += at(samples, i) ** 2
    levels.push(10 * Math.log10(energy / frame + 1e-12))
  }
  return levels
}

/** Scales speech (frames above -50 dBFS) to an RMS of -20 dBFS, so levels mean the same for every voice. */
function normalise(samples: Float32Array, rate: number): Float32Array {
  const loud = levelsDb(samples, rate).filter((db) => db > -50)
  const power = loud.reduce((sum, db) => sum + 10 ** (db / 10), 0) / Math.max(1, loud.length)
  const gain = Math.sqrt(0.01 / power)
  return samples.map((x) => x * gain)
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return at(sorted, Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1))))
}

/** Long-term spectrum: where it falls 50 dB under its peak (bandwidth) and under which 95 % of the energy lies. */
function measureSpectrum(samples: Float32Array, rate: number) {
  const n = 1024
  const total = new Float64Array(n / 2)
  for (let start = 0; start + n <= samples.length; start += n) {
    const { power, db } = spectrum(samples, start, n)
    if (db >= -40) power.forEach((value, k) => (total[k] = at(total, k) + value))
  }
  const peak = Math.max(...total)
  let band = 0
  for (let k = n / 2 - 1; k > 0 && !band; k--) if (10 * Math.log10(at(total, k) / peak) > -50) band = (k * rate) / n
  const sum = total.reduce((a, b) => a + b, 0)
  let running = 0
  let rolloff = rate / 2
  for (let k = 0; k < n / 2; k++) {
    running += at(total, k)
    if (running >= 0.95 * sum) {
      rolloff = (k * rate) / n
      break
    }
  }
  return { band, rolloff }
}

/** Mean RMS change (dB) of the 0-5 kHz log spectrum between consecutive 10 ms frames of speech. */
function spectralChange(samples: Float32Array, rate: number): number {
  const n = 512
  const bins = Math.floor((5000 * n) / rate)
  let previous: number[] | undefined
  let sum = 0
  let count = 0
  for (let start = 0; start + n <= samples.length; start += Math.round(rate * FRAME_SECONDS)) {
    const { power, db } = spectrum(samples, start, n)
    if (db < -35) {
      previous = undefined
      continue
    }
    const current = Array.from({ length: bins }, (_, k) => 10 * Math.log10(at(power, k + 1) + 1e-9))
    if (previous) {
      const last = previous
      sum += Math.sqrt(current.reduce((total, value, k) => total + (value - at(last, k)) ** 2, 0) / bins)
      count += 1
    }
    previous = current
  }
  return sum / Math.max(1, count)
}

/** F0 every 10 ms by YIN (cumulative mean normalised difference under 0.15), 60-450 Hz; voiced frames only. */
function trackPitch(samples: Float32Array, rate: number): number[] {
  const window = Math.round(0.03 * rate)
  const [minLag, maxLag] = [Math.floor(rate / 450), Math.ceil(rate / 60)]
  const pitches: number[] = []
  const difference = new Float64Array(maxLag + 1)
  for (let start = 0; start + window + maxLag < samples.length; start += Math.round(rate * FRAME_SECONDS)) {
    let energy = 0
    for (let i = 0; i < window; i++) energy += at(samples, start + i) ** 2
    if (Math.sqrt(energy / window) < 0.01) continue
    for (let lag = 1; lag <= maxLag; lag++) {
      let sum = 0
      for (let i = 0; i < window; i++) sum += (at(samples, start + i) - at(samples, start + i + lag)) ** 2
      difference[lag] = sum
    }
    let running = 0
    for (let lag = 1; lag <= maxLag; lag++) {
      running += at(difference, lag)
      const normalised = (at(difference, lag) * lag) / (running || 1)
      if (lag >= minLag && normalised < 0.15) {
        let best = lag
        while (best < maxLag && at(difference, best + 1) < at(difference, best)) best += 1
        pitches.push(rate / best)
        break
      }
    }
  }
  return pitches
}

/** Silences of speech, and energy onsets (a rise of 9 dB over the quietest of the 50 ms before). */
function findEdges(levels: number[]) {
  const pauses: { start: number; end: number }[] = []
  const first = levels.findIndex((db) => db >= PAUSE_DB)
  let run = -1
  for (let i = first; i >= 0 && i < levels.length; i++) {
    const silent = at(levels, i) < PAUSE_DB
    if (silent && run < 0) run = i
    if (!silent && run >= 0) {
      if ((i - run) * FRAME_SECONDS >= PAUSE_SECONDS)
        pauses.push({ start: run * FRAME_SECONDS, end: i * FRAME_SECONDS })
      run = -1
    }
  }
  const rise = levels.map((db, i) => (db < -40 ? 0 : db - Math.min(...levels.slice(Math.max(0, i - 5), i), db)))
  const onsets: number[] = []
  rise.forEach((value, i) => {
    if (value >= 9 && at(rise, i - 1) < 9) {
      let k = i
      while (k > Math.max(0, i - 5) && at(levels, k - 1) < at(levels, k)) k -= 1
      onsets.push(k * FRAME_SECONDS)
    }
  })
  return { pauses, onsets, firstSound: first * FRAME_SECONDS }
}

function measureClip(clip: SpeechClip) {
  const samples = normalise(clip.samples, clip.sampleRate)
  const { pauses, onsets, firstSound } = findEdges(levelsDb(samples, clip.sampleRate))
  const nearest = (time: number, times: number[]) => Math.min(...times.map((other) => Math.abs(other - time)))
  const starts = clip.words.map((word) => word.start)
  const ends = clip.words.map((word) => word.end)
  const edgeErrors = [
    Math.abs(at(starts, 0) - firstSound),
    ...pauses.flatMap((pause) => [nearest(pause.end, starts), nearest(pause.start, ends)]),
  ]
  return {
    ...measureSpectrum(samples, clip.sampleRate),
    change: spectralChange(samples, clip.sampleRate),
    pitches: trackPitch(samples, clip.sampleRate),
    edgeErrors,
    startsAtOnset: starts.filter((start) => nearest(start, onsets) <= 0.1).length,
  }
}

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} })
  const engine = createVoiceEngine(undefined)
  const voices = engine
    .listVoices()
    .filter((voice) => voice.language.startsWith('en'))
    .filter((voice) => positionals.length === 0 || positionals.some((prefix) => voice.id.startsWith(prefix)))
  if (voices.length === 0) throw new Error(`No local English voice matches. Usage: ${USAGE}`)
  const rows = [
    '| Voice | Rate | Band (−50 dB) | Rolloff 95 % | Spectral change | F0 range / SD | Pace | Pause-edge error median / p95 / max | Starts at an onset | Speed |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ]
  for (const voice of voices) {
    await engine.synthesize({ text: 'Warm up.', voiceId: voice.id, speed: 1 })
    const measures: ReturnType<typeof measureClip>[] = []
    let [words, seconds, working, rate] = [0, 0, 0, 0]
    for (const text of NARRATIONS) {
      const started = performance.now()
      const clip = await engine.synthesize({ text, voiceId: voice.id, speed: 1 })
      working += (performance.now() - started) / 1000
      words += clip.words.length
      seconds += clip.samples.length / clip.sampleRate
      rate = clip.sampleRate
      measures.push(measureClip(clip))
    }
    const mean = (pick: (m: (typeof measures)[number]) => number) =>
      measures.reduce((sum, m) => sum + pick(m), 0) / measures.length
    const semitones = measures.flatMap((m) => {
      const median = quantile(m.pitches, 0.5)
      return m.pitches.map((hz) => 12 * Math.log2(hz / median))
    })
    const average = semitones.reduce((a, b) => a + b, 0) / semitones.length
    const spread = Math.sqrt(semitones.reduce((sum, st) => sum + (st - average) ** 2, 0) / semitones.length)
    const errors = measures.flatMap((m) => m.edgeErrors).map((error) => Math.round(error * 1000))
    rows.push(
      `| ${voice.name} (${voice.description}) | ${(rate / 1000).toFixed(1)} kHz | ${(mean((m) => m.band) / 1000).toFixed(1)} kHz | ${(mean((m) => m.rolloff) / 1000).toFixed(1)} kHz | ${mean((m) => m.change).toFixed(1)} dB | ${(quantile(semitones, 0.95) - quantile(semitones, 0.05)).toFixed(1)} / ${spread.toFixed(1)} st | ${Math.round((words / seconds) * 60)} wpm | ${quantile(errors, 0.5)} / ${quantile(errors, 0.95)} / ${Math.max(...errors)} ms | ${Math.round((measures.reduce((sum, m) => sum + m.startsAtOnset, 0) / words) * 100)} % | ${(working / seconds).toFixed(3)} × |`,
    )
  }
  console.log(rows.join('\n'))
  console.log(`\n${execSync('uptime').toString().trim()}`)
}

await main()
