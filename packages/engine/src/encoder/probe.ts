import { z } from 'zod'

import { runFfprobe } from './ffmpeg-binary.ts'

export type MediaStream = {
  type: 'video' | 'audio'
  codec: string
  width?: number
  height?: number
  /** Video only, e.g. yuv420p. */
  pixelFormat?: string
  /** Video only, e.g. high. */
  profile?: string
  sampleRate?: number
  channels?: number
}

export type MediaInfo = {
  durationSeconds: number
  sizeBytes: number
  /** Bits per second over the whole file. */
  bitRate: number
  streams: MediaStream[]
}

// ffprobe prints numbers as strings in `format` and leaves fields out that do not apply.
const numeric = z.coerce.number()
const FfprobeSchema = z.object({
  format: z.object({ duration: numeric, size: numeric, bit_rate: numeric.optional() }),
  streams: z.array(
    z.object({
      codec_type: z.string(),
      codec_name: z.string().optional(),
      profile: z.string().optional(),
      width: z.number().optional(),
      height: z.number().optional(),
      pix_fmt: z.string().optional(),
      sample_rate: numeric.optional(),
      channels: z.number().optional(),
    }),
  ),
})

/** What ffprobe says about a media file; streams other than video and audio (data, subtitles) are left out. */
export async function probeMedia(path: string): Promise<MediaInfo> {
  const { stdout } = await runFfprobe(['-print_format', 'json', '-show_format', '-show_streams', path])
  const { format, streams } = FfprobeSchema.parse(JSON.parse(stdout.toString()))
  return {
    durationSeconds: format.duration,
    sizeBytes: format.size,
    bitRate: format.bit_rate ?? Math.round((format.size * 8) / Math.max(format.duration, 1e-3)),
    streams: streams.flatMap((stream): MediaStream[] => {
      const codec = stream.codec_name ?? 'unknown'
      if (stream.codec_type === 'video') {
        return [
          {
            type: 'video',
            codec,
            width: stream.width,
            height: stream.height,
            pixelFormat: stream.pix_fmt,
            profile: stream.profile,
          },
        ]
      }
      if (stream.codec_type === 'audio') {
        return [{ type: 'audio', codec, sampleRate: stream.sample_rate, channels: stream.channels }]
      }
      return []
    }),
  }
}
