import { fileTypeFromFile } from 'file-type'
import sharp, { type Metadata } from 'sharp'
import { z } from 'zod'

import { runFfmpeg, runFfprobe } from '../encoder/ffmpeg-binary.ts'
import { UploadRejectedError } from './upload-rejected-error.ts'

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif'

/** What an upload is, read from its bytes. Sizes are as the file is shown: rotation already applied. */
export type UploadInspection =
  | { kind: 'image'; format: ImageFormat; width: number; height: number }
  | {
      kind: 'video'
      /** The container and video codec: `mp4/h264`, `webm/vp9`. */
      format: string
      width: number
      height: number
      durationSeconds: number
      frameRate: number
      /** 10-bit or more. */
      deepColor: boolean
      /** PQ or HLG: it needs tone mapping to look right in 8-bit SDR. */
      hdr: boolean
      hasAudio: boolean
    }
  | { kind: 'audio'; format: string; durationSeconds: number }

const IMAGE_MIMES: Record<string, ImageFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
}
const HEIC_MIMES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'])
const VIDEO_CODECS = new Set(['h264', 'hevc', 'vp8', 'vp9', 'av1'])
/** 8K (7680 × 4320) and no more: a larger frame costs gigabytes to decode, and no camera people use makes one. */
export const VIDEO_MAX_PIXELS = 7680 * 4320
export const VIDEO_MAX_SIDE = 8192
/** Phones' slow motion records 240 fps; more is a file made to cost decoding time. */
export const VIDEO_MAX_FPS = 240
/** The most reading a file's header and packets may take: a file that stalls the reader is refused. */
const READ_TIMEOUT_MS = 60_000
const AUDIO_CODECS = new Set([
  'aac',
  'mp3',
  'vorbis',
  'opus',
  'flac',
  'alac',
  'pcm_s16le',
  'pcm_s24le',
  'pcm_s32le',
  'pcm_f32le',
  'pcm_u8',
])
/** ffprobe's names of the containers we take, and what we call them. */
const CONTAINERS: Array<[RegExp, string]> = [
  [/^mov,mp4,m4a/, 'mp4'],
  [/^matroska,webm$/, 'webm'],
  [/^mp3$/, 'mp3'],
  [/^wav$/, 'wav'],
  [/^ogg$/, 'ogg'],
  [/^aac$/, 'aac'],
]

export const UNSUPPORTED_MESSAGE =
  'This file is not a photo, clip or sound we can use. Upload a JPEG, PNG, WebP or AVIF photo, an MP4, MOV or WebM clip, or an MP3, M4A, WAV or OGG track.'
const HEIC_MESSAGE =
  'HEIC photos cannot be read here yet. On an iPhone, set Settings › Camera › Formats to "Most Compatible", or share the photo as a JPEG, then upload it again.'
const UNREADABLE_MESSAGE =
  'This file could not be read: it may be damaged or only partly copied. Export it again and upload the new file.'

const numeric = z.coerce.number()
const ProbeSchema = z.object({
  format: z.object({ format_name: z.string(), duration: numeric.optional() }),
  streams: z.array(
    z.object({
      codec_type: z.string(),
      codec_name: z.string().optional(),
      width: z.number().optional(),
      height: z.number().optional(),
      pix_fmt: z.string().optional(),
      color_transfer: z.string().optional(),
      avg_frame_rate: z.string().optional(),
      r_frame_rate: z.string().optional(),
      duration: numeric.optional(),
      disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
      tags: z.record(z.string(), z.string()).optional(),
      side_data_list: z.array(z.object({ rotation: z.number().optional() }).loose()).optional(),
    }),
  ),
})

const toRate = (value: string | undefined) => {
  const [num = 0, den = 1] = (value ?? '').split('/').map(Number)
  return den > 0 && Number.isFinite(num / den) ? num / den : 0
}

/**
 * The seconds a file really runs, from its packets (read, not decoded): a header can say anything, and a
 * browser's recording says nothing. Undefined when the packets cannot be read.
 */
async function measureDuration(path: string): Promise<number | undefined> {
  try {
    const { stdout } = await runFfmpeg(
      ['-i', path, '-map', '0:v:0?', '-map', '0:a:0?', '-c', 'copy', '-f', 'null', '-', '-progress', 'pipe:1'],
      { signal: AbortSignal.timeout(READ_TIMEOUT_MS) },
    )
    const times = [...stdout.toString().matchAll(/^out_time_us=(\d+)$/gm)]
    const seconds = Number(times.at(-1)?.[1] ?? 0) / 1e6
    return seconds > 0 ? seconds : undefined
  } catch {
    return undefined
  }
}

async function inspectImage(path: string, format: ImageFormat, maxPixels: number): Promise<UploadInspection> {
  let meta: Metadata
  try {
    // The header only: nothing is decoded, so a decompression bomb costs nothing here.
    meta = await sharp(path, { limitInputPixels: false }).metadata()
  } catch {
    throw new UploadRejectedError('unreadable', UNREADABLE_MESSAGE)
  }
  const actual = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format
  if (actual === 'heic') throw new UploadRejectedError('heic', HEIC_MESSAGE)
  // The decoder must agree with the signature: a PNG header on a JPEG body is not a PNG.
  if (actual !== format || !meta.width || !meta.height)
    throw new UploadRejectedError('unsupported', UNSUPPORTED_MESSAGE)
  if (meta.width * meta.height > maxPixels) {
    throw new UploadRejectedError(
      'too-many-pixels',
      `This photo is ${meta.width.toLocaleString('en-US')} × ${meta.height.toLocaleString('en-US')} pixels, more than the ${Math.round(maxPixels / 1e6)} megapixels a photo may have. Resize it and upload it again.`,
    )
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: it is shown with width and height swapped.
  const turned = (meta.orientation ?? 1) >= 5
  return { kind: 'image', format, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height }
}

async function inspectMedia(path: string, limits: { maxVideoSeconds: number; maxAudioSeconds: number }) {
  let probed: z.infer<typeof ProbeSchema>
  try {
    const { stdout } = await runFfprobe(['-print_format', 'json', '-show_format', '-show_streams', path], {
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    })
    probed = ProbeSchema.parse(JSON.parse(stdout.toString()))
  } catch {
    throw new UploadRejectedError('unreadable', UNREADABLE_MESSAGE)
  }
  const container = CONTAINERS.find(([pattern]) => pattern.test(probed.format.format_name))?.[1]
  if (!container) throw new UploadRejectedError('unsupported', UNSUPPORTED_MESSAGE)
  const video = probed.streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic)
  const audio = probed.streams.find((stream) => stream.codec_type === 'audio')
  const stated = probed.format.duration ?? video?.duration ?? audio?.duration ?? 0
  // The longer of what the header says and what the packets run: a header may claim one second of an hour.
  const durationSeconds = Math.max(stated, (await measureDuration(path)) ?? 0)
  if (!(durationSeconds > 0)) throw new UploadRejectedError('unreadable', UNREADABLE_MESSAGE)
  const tooLong = (max: number, what: string) =>
    new UploadRejectedError(
      'too-long',
      `This ${what} runs ${formatMinutes(durationSeconds)}, longer than the ${formatMinutes(max)} allowed. Trim it and upload it again.`,
    )

  if (video) {
    const codec = video.codec_name ?? ''
    if (!VIDEO_CODECS.has(codec) || !video.width || !video.height) {
      throw new UploadRejectedError('unsupported', UNSUPPORTED_MESSAGE)
    }
    if (audio && !AUDIO_CODECS.has(audio.codec_name ?? ''))
      throw new UploadRejectedError('unsupported', UNSUPPORTED_MESSAGE)
    if (durationSeconds > limits.maxVideoSeconds) throw tooLong(limits.maxVideoSeconds, 'clip')
    const frameRate = toRate(video.avg_frame_rate) || toRate(video.r_frame_rate)
    if (
      video.width * video.height > VIDEO_MAX_PIXELS ||
      Math.max(video.width, video.height) > VIDEO_MAX_SIDE ||
      frameRate > VIDEO_MAX_FPS
    ) {
      throw new UploadRejectedError(
        'too-many-pixels',
        `This clip is ${video.width} × ${video.height} at ${Math.round(frameRate)} fps, more than 8K or ${VIDEO_MAX_FPS} frames a second. Export it at 4K or less and upload it again.`,
      )
    }
    const rotation =
      video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? Number(video.tags?.rotate ?? 0)
    const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1
    return {
      kind: 'video' as const,
      format: `${container}/${codec}`,
      width: quarterTurn ? video.height : video.width,
      height: quarterTurn ? video.width : video.height,
      durationSeconds,
      frameRate,
      deepColor: /p1[0-6]/.test(video.pix_fmt ?? ''),
      hdr: video.color_transfer === 'smpte2084' || video.color_transfer === 'arib-std-b67',
      hasAudio: audio !== undefined,
    }
  }
  if (!audio || !AUDIO_CODECS.has(audio.codec_name ?? ''))
    throw new UploadRejectedError('unsupported', UNSUPPORTED_MESSAGE)
  if (durationSeconds > limits.maxAudioSeconds) throw tooLong(limits.maxAudioSeconds, 'track')
  return { kind: 'audio' as const, format: container === 'mp4' ? 'm4a' : container, durationSeconds }
}

function formatMinutes(seconds: number): string {
  const whole = Math.round(seconds)
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  if (minutes === 0) return `${rest} seconds`
  return rest === 0
    ? `${minutes} minute${minutes === 1 ? '' : 's'}`
    : `${minutes}:${String(rest).padStart(2, '0')} minutes`
}

/**
 * Decides what an uploaded file is from its content alone: its signature picks the decoder, and the
 * decoder must read it as that type. The name and the client's Content-Type are never asked. Throws
 * UploadRejectedError with a message for people.
 */
export async function inspectUpload(
  path: string,
  limits: { maxImagePixels: number; maxVideoSeconds: number; maxAudioSeconds: number },
): Promise<UploadInspection> {
  const sniffed = await fileTypeFromFile(path)
  if (!sniffed) throw new UploadRejectedError('unsupported', UNSUPPORTED_MESSAGE)
  if (HEIC_MIMES.has(sniffed.mime)) throw new UploadRejectedError('heic', HEIC_MESSAGE)
  const imageFormat = IMAGE_MIMES[sniffed.mime]
  if (imageFormat) return inspectImage(path, imageFormat, limits.maxImagePixels)
  if (sniffed.mime.startsWith('video/') || sniffed.mime.startsWith('audio/')) return inspectMedia(path, limits)
  throw new UploadRejectedError('unsupported', UNSUPPORTED_MESSAGE)
}
