import { runFfmpeg } from './ffmpeg-binary.ts'

export type MuxOptions = {
  videoPath: string
  audioPath: string
  outPath: string
  durationSeconds: number
  signal?: AbortSignal
}

/**
 * One MP4 with the video and the soundtrack, both copied as they are. `-t` cuts both to the storyboard's
 * length, and faststart puts the index first so the page can play it before it has downloaded.
 */
export async function muxVideoAudio({
  videoPath,
  audioPath,
  outPath,
  durationSeconds,
  signal,
}: MuxOptions): Promise<void> {
  await runFfmpeg(
    [
      '-y',
      '-i',
      videoPath,
      '-i',
      audioPath,
      '-map',
      '0:v:0',
      '-map',
      '1:a:0',
      '-c:v',
      'copy',
      '-c:a',
      'copy',
      '-t',
      durationSeconds.toFixed(3),
      '-movflags',
      '+faststart',
      outPath,
    ],
    { signal },
  )
}
