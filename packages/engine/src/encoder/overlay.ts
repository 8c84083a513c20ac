import { runFfmpeg } from './ffmpeg-binary.ts'
import { BT709_TAGS, getX264Args } from './frame-encoder.ts'

export type OverlayOptions = {
  /** A segment made by createFrameEncoder. */
  videoPath: string
  /** A PNG laid over every frame at (left, top); its alpha says how much of it shows. */
  imagePath: string
  left: number
  top: number
  /** The segment's frame size and rate, which set its bitrate ceiling and keyframe interval. */
  frame: { width: number; height: number; fps: number }
  outPath: string
  signal?: AbortSignal
}

/**
 * A segment with a picture laid over every frame, encoded again with the settings createFrameEncoder uses, so it
 * joins the others with `-c copy`. The picture is converted to BT.709 limited-range YUV with alpha first, as the
 * frames were (left to itself, ffmpeg would use the BT.601 matrix and shift its colours), then blended into the
 * 4:2:0 frames.
 */
export async function overlayImage({
  videoPath,
  imagePath,
  left,
  top,
  frame,
  outPath,
  signal,
}: OverlayOptions): Promise<void> {
  const graph =
    `[1:v]scale=out_color_matrix=bt709:out_range=tv,format=yuva420p[image];` +
    `[0:v][image]overlay=x=${left}:y=${top}:format=yuv420:eof_action=repeat[video]`
  await runFfmpeg(
    [
      '-y',
      '-i',
      videoPath,
      '-i',
      imagePath,
      '-filter_complex',
      graph,
      '-map',
      '[video]',
      '-an',
      ...getX264Args(frame),
      '-color_range',
      'tv',
      ...BT709_TAGS,
      '-movflags',
      '+faststart',
      outPath,
    ],
    { signal },
  )
}
