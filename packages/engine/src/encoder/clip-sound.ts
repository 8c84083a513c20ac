import type { ClipFill } from '@storyreel/contracts/studio'

import { getSlowRate, type ClipStretch } from '#src/visuals/media/clip-timing.ts'

import { CLIP_SOUND_LUFS, OUTPUT_RATE } from './audio-mix.ts'
import { runFfmpeg } from './ffmpeg-binary.ts'
import { fromDb, measureLoudness } from './loudness.ts'
import { bytesToFloats } from './pcm.ts'

/** Each placed piece of sound fades in and out this long, so a cut (a loop's seam, the scene's end) never clicks. */
const EDGE_FADE_SECONDS = 0.02

/** A clip whose own sound plays under the voice, where its scene is on the timeline. */
export type ClipSound = {
  path: string
  stretch: ClipStretch
  fill: ClipFill
  /** Where its scene starts in the video, and how long the scene lasts. */
  at: number
  sceneSeconds: number
}

/** atempo takes 0.5-2 per filter: a quarter speed is two halvings. */
function tempoFilters(rate: number): string[] {
  const filters: string[] = []
  let rest = rate
  while (rest < 0.5) {
    filters.push('atempo=0.5')
    rest /= 0.5
  }
  if (Math.abs(rest - 1) > 1e-3) filters.push(`atempo=${rest.toFixed(5)}`)
  return filters
}

/**
 * The stretch of a clip's sound its scene plays, as interleaved stereo at 48 kHz, timed as its picture is:
 * played once and then silent while the last frame holds ("hold"); played again and again ("loop"); slowed with
 * the picture, its pitch kept, by ffmpeg's atempo ("slow"), then silent. Brought to CLIP_SOUND_LUFS, the level
 * of a music track at full volume, so it sits under the voice as music does.
 */
async function decodeStretch(clip: ClipSound, signal?: AbortSignal): Promise<Float32Array> {
  const rate = clip.fill === 'slow' ? getSlowRate(clip.stretch.length, clip.sceneSeconds) : 1
  const filters = tempoFilters(rate)
  const { stdout } = await runFfmpeg(
    [
      '-ss',
      clip.stretch.start.toFixed(4),
      '-t',
      clip.stretch.length.toFixed(4),
      '-i',
      clip.path,
      '-vn',
      ...(filters.length > 0 ? ['-af', filters.join(',')] : []),
      '-f',
      'f32le',
      '-acodec',
      'pcm_f32le',
      '-ac',
      '2',
      '-ar',
      String(OUTPUT_RATE),
      'pipe:1',
    ],
    { signal },
  )
  const samples = bytesToFloats(stdout)
  const loudness = measureLoudness(samples, OUTPUT_RATE, 2)
  const gain = Number.isFinite(loudness) ? fromDb(CLIP_SOUND_LUFS - loudness) : 0
  for (let i = 0; i < samples.length; i++) samples[i] = (samples[i] as number) * gain
  return samples
}

/** Adds `piece` (stereo) into `track` from frame `at`, at most `frames` frames of it, with short fades at both ends. */
function addPiece(track: Float32Array, piece: Float32Array, at: number, frames: number) {
  const length = Math.min(piece.length / 2, frames, track.length / 2 - at)
  const fade = Math.min(Math.round(EDGE_FADE_SECONDS * OUTPUT_RATE), Math.floor(length / 2))
  for (let i = 0; i < length; i++) {
    const gain = i < fade ? i / fade : i >= length - fade ? (length - 1 - i) / fade : 1
    const to = (at + i) * 2
    if (to < 0) continue
    track[to] = (track[to] as number) + (piece[i * 2] as number) * gain
    track[to + 1] = (track[to + 1] as number) + (piece[i * 2 + 1] as number) * gain
  }
}

/**
 * The clips' own sound on one stereo 48 kHz timeline of `durationSeconds`, each in its scene and cut at the
 * scene's end, or undefined when there is none to mix.
 */
export async function placeClipSounds(
  clips: ClipSound[],
  durationSeconds: number,
  signal?: AbortSignal,
): Promise<Float32Array | undefined> {
  if (clips.length === 0) return undefined
  const track = new Float32Array(Math.max(1, Math.round(durationSeconds * OUTPUT_RATE)) * 2)
  const pieces = await Promise.all(clips.map((clip) => decodeStretch(clip, signal)))
  clips.forEach((clip, index) => {
    const piece = pieces[index] as Float32Array
    const pieceFrames = piece.length / 2
    if (pieceFrames === 0) return
    const start = Math.round(clip.at * OUTPUT_RATE)
    const sceneFrames = Math.round(clip.sceneSeconds * OUTPUT_RATE)
    if (clip.fill !== 'loop') {
      addPiece(track, piece, start, sceneFrames)
      return
    }
    for (let offset = 0; offset < sceneFrames; offset += pieceFrames) {
      addPiece(track, piece, start + offset, Math.min(pieceFrames, sceneFrames - offset))
    }
  })
  return track
}
