import { runFfmpeg } from './ffmpeg-binary.ts'
import { fromDb, measureLoudness } from './loudness.ts'
import { bytesToFloats, decodeAudio, floatsToBytes } from './pcm.ts'

export const OUTPUT_RATE = 48_000
const AAC_BITRATE = '160k'
/** The finished soundtrack's integrated loudness: the common target for web and mobile video. */
export const TARGET_LUFS = -16
/** Music at volume 1 sits this far under the voice where nobody speaks; 0.6 (the default) puts it 6.4 LU under. */
const MUSIC_BELOW_VOICE_LU = 2
/** Peak ceiling of the limiter, with room for the AAC encoder's overshoot so decoded peaks stay under -0.5 dBFS. */
const LIMIT_DBFS = -1.5
const MUSIC_FADE_IN_SECONDS = 1
const MUSIC_FADE_OUT_SECONDS = 2
/** A loop's end and start overlap this long, with equal-power curves, so the seam has neither gap nor bump. */
const LOOP_CROSSFADE_SECONDS = 1.5
/** Music decoded past the video's length, for the silence a track may start with (cut before it plays). */
const MUSIC_DECODE_MARGIN_SECONDS = 30
/** Samples below this (-60 dBFS) at either end of a track are silence to cut before looping. */
const SILENCE_AMPLITUDE = 0.001
/** A voice track quieter than this is not raised further: it is silence or noise, not speech. */
const MAX_VOICE_GAIN_DB = 30

/**
 * Ducking, so the music never drowns the voice. The compressor is keyed by the voice after a +24 dB boost
 * and a limiter, so every spoken word, loud or soft, presents the same key level and ducks the music by the
 * same depth, about 16 dB; a -70 dBFS noise floor stays under the threshold. Fast attack, 300 ms release: the
 * music stays down between words of a phrase and comes back in the pauses between phrases.
 */
const DUCKING = {
  keyBoostDb: 24,
  keyLimit: 0.5,
  threshold: 0.063,
  ratio: 12,
  attackMs: 5,
  releaseMs: 300,
}

export type VoiceTrack = { samples: Float32Array; sampleRate: number }

export type Clip = VoiceTrack & { at: number }

export type MixOptions = {
  /** Mono speech already placed on the timeline (placeClips). */
  voice: VoiceTrack
  durationSeconds: number
  /** 0-2; 1 is the voice normalised. */
  voiceVolume: number
  /** volume 0-1, before ducking. */
  music?: { path: string; volume: number }
  /**
   * Other sound under the voice (the clips' own sound, placeClipSounds), ducked with the music: interleaved
   * stereo at 48 kHz, as long as the video.
   */
  sounds?: Float32Array
  outPath: string
  signal?: AbortSignal
}

/**
 * Lays speech clips on a silent mono timeline of the given length, resampling any clip recorded at another
 * rate; overlapping clips add up, and whatever runs past the end is cut.
 */
export function placeClips(clips: Clip[], durationSeconds: number, sampleRate: number): Float32Array {
  const track = new Float32Array(Math.max(0, Math.round(durationSeconds * sampleRate)))
  for (const clip of clips) {
    const samples = clip.sampleRate === sampleRate ? clip.samples : resample(clip.samples, clip.sampleRate, sampleRate)
    const offset = Math.round(clip.at * sampleRate)
    const start = Math.max(0, -offset)
    const end = Math.min(samples.length, track.length - offset)
    for (let i = start; i < end; i++) track[offset + i] = (track[offset + i] ?? 0) + (samples[i] ?? 0)
  }
  return track
}

/** Linear interpolation: enough for speech moved between 22.05, 24 and 48 kHz before ffmpeg resamples again. */
function resample(samples: Float32Array, from: number, to: number): Float32Array {
  const out = new Float32Array(Math.round((samples.length * to) / from))
  const ratio = from / to
  for (let i = 0; i < out.length; i++) {
    const position = i * ratio
    const index = Math.floor(position)
    const fraction = position - index
    out[i] = (samples[index] ?? 0) * (1 - fraction) + (samples[index + 1] ?? samples[index] ?? 0) * fraction
  }
  return out
}

/**
 * Writes the soundtrack as AAC (.m4a, 48 kHz stereo, 160 kbit/s): the voice normalised and scaled by its
 * volume, the music looped to length, faded and ducked under the voice, the whole at TARGET_LUFS under a
 * peak limiter.
 */
export async function mixSoundtrack({
  voice,
  durationSeconds,
  voiceVolume,
  music,
  sounds,
  outPath,
  signal,
}: MixOptions): Promise<void> {
  const frames = Math.max(1, Math.round(durationSeconds * OUTPUT_RATE))
  const duration = frames / OUTPUT_RATE
  // Normalising the voice first makes the key level, and so the depth of the ducking, the same for any voice.
  const voiceLoudness = measureLoudness(voice.samples, voice.sampleRate) + 3.01 // dual mono on two channels
  const voiceGainDb = Number.isFinite(voiceLoudness) ? Math.min(MAX_VOICE_GAIN_DB, TARGET_LUFS - voiceLoudness) : 0
  const normalisedVoice = scale(voice.samples, fromDb(voiceGainDb))
  const voiceInput = ['-f', 'f32le', '-ar', String(voice.sampleRate), '-ac', '1', '-i', 'pipe:0']
  const toStereo = 'pan=stereo|c0=c0|c1=c0'
  const voiceChain = `aresample=${OUTPUT_RATE},${toStereo}`

  let graph: string
  const extraInputs: Buffer[] = []
  const args = [...voiceInput]
  const track =
    music && music.volume > 0
      ? await prepareMusic(music.path, {
          frames,
          gainDb: TARGET_LUFS - MUSIC_BELOW_VOICE_LU + 20 * Math.log10(music.volume),
          signal,
        })
      : undefined
  const bed = addTracks(track, sounds, frames * 2)
  if (bed) {
    extraInputs.push(floatsToBytes(bed))
    args.push('-f', 'f32le', '-ar', String(OUTPUT_RATE), '-ac', '2', '-i', 'pipe:3')
    const duck = [
      `threshold=${DUCKING.threshold}`,
      `ratio=${DUCKING.ratio}`,
      `attack=${DUCKING.attackMs}`,
      `release=${DUCKING.releaseMs}`,
      'detection=peak',
      'link=maximum',
    ].join(':')
    const keyChain = `volume=${DUCKING.keyBoostDb}dB,alimiter=limit=${DUCKING.keyLimit}:attack=1:release=20:level=0`
    graph = [
      `[0:a]${voiceChain},asplit=2[voice][key]`,
      `[voice]volume=${voiceVolume},apad[spoken]`,
      `[key]${keyChain},apad[keyed]`,
      // A muted voice ducks nothing: the music then plays as if there were no narration.
      voiceVolume > 0 ? `[1:a][keyed]sidechaincompress=${duck}[ducked]` : `[1:a]anull[ducked]`,
      voiceVolume > 0 ? '' : '[keyed]anullsink',
      // amerge + pan sums the two exactly; amix would halve each input.
      '[spoken][ducked]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[mix]',
    ]
      .filter(Boolean)
      .join(';')
  } else {
    graph = `[0:a]${voiceChain},volume=${voiceVolume},apad[mix]`
  }

  const { stdout } = await runFfmpeg(
    [...args, '-filter_complex', graph, '-map', '[mix]', '-t', duration.toFixed(6), '-f', 'f32le', 'pipe:1'],
    { input: floatsToBytes(normalisedVoice), extraInputs, signal },
  )
  const mix = bytesToFloats(stdout)
  const mixLoudness = measureLoudness(mix, OUTPUT_RATE, 2)
  const gainDb = Number.isFinite(mixLoudness) ? TARGET_LUFS - mixLoudness : 0
  await runFfmpeg(
    [
      '-y',
      '-f',
      'f32le',
      '-ar',
      String(OUTPUT_RATE),
      '-ac',
      '2',
      '-i',
      'pipe:0',
      '-af',
      `volume=${gainDb.toFixed(3)}dB,alimiter=limit=${fromDb(LIMIT_DBFS).toFixed(4)}:attack=5:release=50:level=0`,
      '-c:a',
      'aac',
      '-b:a',
      AAC_BITRATE,
      '-ar',
      String(OUTPUT_RATE),
      '-ac',
      '2',
      '-t',
      duration.toFixed(6),
      '-movflags',
      '+faststart',
      outPath,
    ],
    { input: floatsToBytes(mix), signal },
  )
}

/** The sum of the tracks there are (each cut or padded to `length` samples), or undefined when none. */
function addTracks(a: Float32Array | undefined, b: Float32Array | undefined, length: number) {
  if (!a && !b) return undefined
  const out = new Float32Array(length)
  for (const track of [a, b]) {
    if (!track) continue
    const end = Math.min(length, track.length)
    for (let i = 0; i < end; i++) out[i] = (out[i] as number) + (track[i] as number)
  }
  return out
}

/** The level the clips' own sound is brought to: that of a music track at full volume, before ducking. */
export const CLIP_SOUND_LUFS = TARGET_LUFS - MUSIC_BELOW_VOICE_LU

/**
 * The music as interleaved stereo floats of exactly `frames` frames: silence trimmed from both ends, brought
 * to a loudness, looped with a crossfade when shorter than the video, faded in and out.
 */
export async function prepareMusic(
  path: string,
  { frames, gainDb, signal }: { frames: number; gainDb: number; signal?: AbortSignal },
): Promise<Float32Array> {
  // Only the start a video this long can play is decoded: an owner's track may last 20 minutes, and a
  // whole one as float samples would take gigabytes of the renderer's memory for 90 seconds of music.
  const maxSeconds = frames / OUTPUT_RATE + MUSIC_DECODE_MARGIN_SECONDS
  const decoded = trimSilence(await decodeAudio(path, { sampleRate: OUTPUT_RATE, channels: 2, maxSeconds, signal }), 2)
  const out = new Float32Array(frames * 2)
  if (decoded.length === 0) return out
  const loudness = measureLoudness(decoded, OUTPUT_RATE, 2)
  const track = scale(decoded, Number.isFinite(loudness) ? fromDb(gainDb - loudness) : 0)
  const length = track.length / 2
  const crossfade = Math.min(Math.round(LOOP_CROSSFADE_SECONDS * OUTPUT_RATE), Math.floor(length / 4))
  out.set(track.subarray(0, Math.min(track.length, out.length)))
  // Each further copy starts `crossfade` frames before the previous one ends; across the overlap the old one
  // fades out as the new one fades in.
  for (let start = length - crossfade; start < frames && length > crossfade; start += length - crossfade) {
    for (let i = 0; i < crossfade && start + i < frames; i++) {
      const angle = ((i / crossfade) * Math.PI) / 2
      const [fadeOut, fadeIn] = [Math.cos(angle), Math.sin(angle)]
      const at = (start + i) * 2
      out[at] = (out[at] as number) * fadeOut + (track[i * 2] as number) * fadeIn
      out[at + 1] = (out[at + 1] as number) * fadeOut + (track[i * 2 + 1] as number) * fadeIn
    }
    const rest = Math.min(length, frames - start)
    if (rest > crossfade) out.set(track.subarray(crossfade * 2, rest * 2), (start + crossfade) * 2)
  }
  applyFades(out, frames)
  return out
}

function applyFades(out: Float32Array, frames: number) {
  const fadeIn = Math.min(Math.round(MUSIC_FADE_IN_SECONDS * OUTPUT_RATE), Math.floor(frames / 4))
  const fadeOut = Math.min(Math.round(MUSIC_FADE_OUT_SECONDS * OUTPUT_RATE), Math.floor(frames / 3))
  for (let i = 0; i < fadeIn; i++) {
    const gain = Math.sin(((i / fadeIn) * Math.PI) / 2) ** 2
    out[i * 2] = (out[i * 2] ?? 0) * gain
    out[i * 2 + 1] = (out[i * 2 + 1] ?? 0) * gain
  }
  for (let i = 0; i < fadeOut; i++) {
    const frame = frames - fadeOut + i
    const gain = Math.cos(((i / fadeOut) * Math.PI) / 2) ** 2
    out[frame * 2] = (out[frame * 2] ?? 0) * gain
    out[frame * 2 + 1] = (out[frame * 2 + 1] ?? 0) * gain
  }
}

/** Cuts near-silent frames (encoder priming, a trailing tail) from both ends of interleaved audio. */
function trimSilence(samples: Float32Array, channels: number): Float32Array {
  let first = 0
  while (first < samples.length && Math.abs(samples[first] as number) <= SILENCE_AMPLITUDE) first++
  let last = samples.length - 1
  while (last > first && Math.abs(samples[last] as number) <= SILENCE_AMPLITUDE) last--
  // Whole frames only, so the channels stay in step.
  return samples.subarray(first - (first % channels), last + channels - (last % channels))
}

function scale(samples: Float32Array, gain: number): Float32Array {
  const out = new Float32Array(samples.length)
  for (let i = 0; i < samples.length; i++) out[i] = (samples[i] ?? 0) * gain
  return out
}
