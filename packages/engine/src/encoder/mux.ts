import { runFfmpeg } from './ffmpeg-binary.ts'
import { BT709_TAGS, getX264Args } from './frame-encoder.ts'

/** A picture laid over every frame of the video: a PNG whose alpha says how much of it shows. */
export type VideoOverlay = {
  imagePath: string
  left: number
  top: number
  /** The video's frame size and rate, which set its bitrate ceiling and keyframe interval. */
  frame: { width: number; height: number; fps: number }
}

export type MuxOptions = {
  videoPath: string
  audioPath: string
  outPath: string
  durationSeconds: number
  /** Laid over the video, which is then encoded again; without one the video is copied as it is. */
  overlay?: VideoOverlay | undefined
  signal?: AbortSignal
}

/**
 * The overlay converted to BT.709 limited-range YUV with alpha, as the frames were (left to itself, ffmpeg would
 * convert it with the BT.601 matrix and shift its colours), then blended into the 4:2:0 frames.
 */
const overlayGraph = ({ left, top }: VideoOverlay) =>
  `[2:v]scale=out_color_matrix=bt709:out_range=tv,format=yuva420p[overlay];` +
  `[0:v][overlay]overlay=x=${left}:y=${top}:format=yuv420:eof_action=repeat[video]`

/**
 * One MP4 with the video and the soundtrack. `-t` cuts both to the storyboard's length, and faststart puts the
 * index first so the page can play it before it has downloaded. Both streams are copied as they are, unless an
 * overlay is given: the video is then decoded, the overlay laid over it and the result encoded with the segments'
 * own x264 settings, in the same single pass.
 */
export async function muxVideoAudio({
  videoPath,
  audioPath,
  outPath,
  durationSeconds,
  overlay,
  signal,
}: MuxOptions): Promise<void> {
  const video = overlay
    ? [
        '-filter_complex',
        overlayGraph(overlay),
        '-map',
        '[video]',
        '-map',
        '1:a:0',
        // x264's own threads: this encoder runs alone, after the scene threads are done.
        ...getX264Args(overlay.frame),
        '-color_range',
        'tv',
        ...BT709_TAGS,
      ]
    : ['-map', '0:v:0', '-map', '1:a:0', '-c:v', 'copy']
  await runFfmpeg(
    [
      '-y',
      '-i',
      videoPath,
      '-i',
      audioPath,
      ...(overlay ? ['-i', overlay.imagePath] : []),
      ...video,
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
