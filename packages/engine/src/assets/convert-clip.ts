import { rm } from 'node:fs/promises'

import sharp from 'sharp'

import { runFfmpeg } from '../encoder/ffmpeg-binary.ts'
import { probeMedia } from '../encoder/probe.ts'
import { runFfmpegWithProgress } from './ffmpeg-progress.ts'
import { THUMBNAIL_MAX_SIDE } from './normalize-image.ts'
import { UploadRejectedError } from './upload-rejected-error.ts'

export const CLIP_FPS = 30
/** The copy is at most 1080p: 1920 × 1080 lying down, 1080 × 1920 standing up. */
const LONG_SIDE_MAX = 1920
const SHORT_SIDE_MAX = 1080
/** A copy this much shorter than the clip said it was stopped decoding part-way. */
const SHORTFALL_ALLOWED = 0.9

export type ClipSource = { width: number; height: number; durationSeconds: number; hdr: boolean; hasAudio: boolean }

/** Threads ffmpeg may use to decode and to encode: a clip's memory does not grow with the machine's cores. */
const THREADS = 2
/** A conversion still running after this many times its clip's length (and a minute) is stopped. */
const DEADLINE_PER_SECOND = 6

/** Whether ffmpeg stopped because it was killed (out of memory, a restart), not because of the file. */
const wasKilled = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { exitCode?: number | null }).exitCode === null
export type ConvertedClip = { width: number; height: number; durationSeconds: number }

/** The copy's frame: the shown size scaled down to fit 1080p, even on both sides (H.264 needs it). */
export function getClipSize({ width, height }: { width: number; height: number }): { width: number; height: number } {
  const [long, short] = width >= height ? [width, height] : [height, width]
  const scale = Math.min(1, LONG_SIDE_MAX / long, SHORT_SIDE_MAX / short)
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2)
  return { width: even(width), height: even(height) }
}

/**
 * The filter chain: HDR (PQ or HLG) tone-mapped to SDR BT.709 through linear light, scaled to the copy's
 * frame, conformed to a constant 30 fps (phones record 60 fps and variable rates), 8-bit 4:2:0.
 */
export function getClipFilters(source: ClipSource): string {
  const { width, height } = getClipSize(source)
  // Frames are dropped to 30 fps and scaled down first: tone mapping works in 32-bit float per pixel, and a 4K
  // 60 fps clip has eight times the pixels of its 1080p 30 fps copy.
  const frame = [`fps=${CLIP_FPS}`]
  if (!source.hdr) return [...frame, `scale=${width}:${height}:flags=lanczos`, 'format=yuv420p', 'setsar=1'].join(',')
  return [
    ...frame,
    `zscale=w=${width}:h=${height}:f=lanczos`,
    'zscale=t=linear:npl=100',
    'format=gbrpf32le',
    'zscale=p=bt709',
    'tonemap=tonemap=hable:desat=0',
    'zscale=t=bt709:m=bt709:r=tv',
    'format=yuv420p',
    'setsar=1',
  ].join(',')
}

/**
 * The copy of a clip scenes and renders use: H.264 8-bit at 30 fps, no larger than 1080p, upright (the
 * rotation a phone records is applied), tone-mapped when HDR, with its sound as AAC and every bit of
 * metadata gone; plus a poster frame and a WebP thumbnail. A clip that stops decoding part-way is refused
 * as unreadable, in words a person can act on.
 */
export async function convertClip({
  input,
  output,
  poster,
  thumbnail,
  source,
  maxSeconds = Number.POSITIVE_INFINITY,
  onProgress,
  signal,
}: {
  input: string
  output: string
  poster: string
  thumbnail: string
  source: ClipSource
  /** The copy stops here whatever the file claims (the plan's longest clip). */
  maxSeconds?: number
  onProgress?: (share: number) => void
  signal?: AbortSignal
}): Promise<ConvertedClip> {
  const deadline = AbortSignal.timeout((Math.min(source.durationSeconds, maxSeconds) * DEADLINE_PER_SECOND + 60) * 1000)
  const stop = signal ? AbortSignal.any([signal, deadline]) : deadline
  try {
    await runFfmpegWithProgress(
      [
        '-y',
        '-threads',
        String(THREADS),
        '-i',
        input,
        '-map',
        '0:v:0',
        ...(source.hasAudio ? ['-map', '0:a:0'] : []),
        '-vf',
        getClipFilters(source),
        ...(Number.isFinite(maxSeconds) ? ['-t', String(maxSeconds)] : []),
        '-threads',
        String(THREADS),
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        // A keyframe every second: a render starts reading at a scene's in point, the next scene's blend reads
        // its last frames and each still one frame, and every start decodes from the keyframe before it (with
        // x264's default of 250 frames, up to eight seconds of 1080p to throw away each time).
        '-g',
        String(CLIP_FPS),
        '-crf',
        '20',
        '-profile:v',
        'high',
        '-pix_fmt',
        'yuv420p',
        '-color_primaries',
        'bt709',
        '-color_trc',
        'bt709',
        '-colorspace',
        'bt709',
        ...(source.hasAudio ? ['-c:a', 'aac', '-b:a', '160k', '-ac', '2', '-ar', '48000'] : []),
        '-map_metadata',
        '-1',
        '-map_chapters',
        '-1',
        '-metadata:s:v:0',
        'rotate=0',
        '-movflags',
        '+faststart',
        output,
      ],
      { durationSeconds: source.durationSeconds, onProgress, signal: stop },
    )
  } catch (error) {
    await rm(output, { force: true })
    if (signal?.aborted) throw error
    if (deadline.aborted) {
      throw new UploadRejectedError(
        'unreadable',
        'This clip took far too long to convert. Export it again at 4K or less, 60 frames a second or less, and upload the new file.',
      )
    }
    // Killed (memory, a restart): the server's trouble, not the file's; the worker tries it again.
    if (wasKilled(error)) throw error
    throw unreadable()
  }
  const converted = await probeMedia(output)
  const video = converted.streams.find((stream) => stream.type === 'video')
  if (!video?.width || !video.height || converted.durationSeconds < source.durationSeconds * SHORTFALL_ALLOWED) {
    await rm(output, { force: true })
    throw unreadable()
  }
  const at = Math.min(1, converted.durationSeconds / 3)
  await runFfmpeg(['-y', '-ss', at.toFixed(2), '-i', output, '-frames:v', '1', '-q:v', '3', '-f', 'image2', poster], {
    signal,
  })
  await sharp(poster)
    .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72 })
    .toFile(thumbnail)
  return { width: video.width, height: video.height, durationSeconds: converted.durationSeconds }
}

const unreadable = () =>
  new UploadRejectedError(
    'unreadable',
    'This clip could not be read to the end: it may be damaged or only partly copied. Export it again from your phone or editor and upload the new file.',
  )
