import { rm } from 'node:fs/promises'

import { probeMedia } from '../encoder/probe.ts'
import { runFfmpegWithProgress } from './ffmpeg-progress.ts'
import { UploadRejectedError } from './upload-rejected-error.ts'

/**
 * The copy of a track a video's music uses: AAC at 192 kb/s, 48 kHz stereo, in an M4A without metadata
 * (tags and cover art gone). A track that stops decoding part-way is refused as unreadable.
 */
export async function convertAudio({
  input,
  output,
  durationSeconds,
  onProgress,
  signal,
}: {
  input: string
  output: string
  durationSeconds: number
  onProgress?: (share: number) => void
  signal?: AbortSignal
}): Promise<{ durationSeconds: number }> {
  const unreadable = new UploadRejectedError(
    'unreadable',
    'This track could not be read to the end: it may be damaged or only partly copied. Export it again and upload the new file.',
  )
  try {
    await runFfmpegWithProgress(
      [
        '-y',
        '-i',
        input,
        '-map',
        '0:a:0',
        '-vn',
        '-c:a',
        'aac',
        '-b:a',
        '192k',
        '-ar',
        '48000',
        '-ac',
        '2',
        '-map_metadata',
        '-1',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        output,
      ],
      { durationSeconds, onProgress, signal },
    )
  } catch (error) {
    await rm(output, { force: true })
    if (signal?.aborted || (error as { exitCode?: number | null }).exitCode === null) throw error
    throw unreadable
  }
  const converted = await probeMedia(output)
  if (converted.durationSeconds < durationSeconds * 0.9) {
    await rm(output, { force: true })
    throw unreadable
  }
  return { durationSeconds: converted.durationSeconds }
}
