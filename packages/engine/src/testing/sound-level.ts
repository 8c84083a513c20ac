import { runFfmpeg } from '#src/encoder/ffmpeg-binary.ts'

/** The loudness of a video's soundtrack between two times: its RMS level in dBFS, from the decoded samples. */
export async function levelBetween(video: string, from: number, to: number): Promise<number> {
  const { stdout } = await runFfmpeg([
    ...['-ss', from.toFixed(3), '-t', (to - from).toFixed(3), '-i', video, '-vn'],
    ...['-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1'],
  ])
  const samples = new Int16Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.length / 2))
  let sum = 0
  for (const sample of samples) sum += (sample / 32768) ** 2
  return samples.length === 0 || sum === 0 ? -Infinity : 10 * Math.log10(sum / samples.length)
}
