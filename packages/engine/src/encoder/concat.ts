import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { runFfmpeg } from './ffmpeg-binary.ts'

/**
 * Joins segments made by createFrameEncoder with the same settings into one MP4 without re-encoding: they
 * share codec parameters and each starts on a keyframe, so the concat demuxer with `-c copy` is exact.
 */
export async function concatSegments(paths: string[], outPath: string, signal?: AbortSignal): Promise<void> {
  if (paths.length === 0) throw new Error('concatSegments needs at least one segment')
  const dir = await mkdtemp(path.join(tmpdir(), 'storyreel-concat-'))
  try {
    const list = path.join(dir, 'segments.txt')
    // The list format quotes with single quotes; a quote inside a path is written as '\''.
    const lines = paths.map((file) => `file '${path.resolve(file).replaceAll("'", "'\\''")}'`)
    await writeFile(list, `${lines.join('\n')}\n`)
    await runFfmpeg(
      ['-y', '-f', 'concat', '-safe', '0', '-i', list, '-map', '0:v', '-c', 'copy', '-movflags', '+faststart', outPath],
      { signal },
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
