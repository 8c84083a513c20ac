import { runFfmpeg } from './ffmpeg-binary.ts'

/** Decodes any audio file ffmpeg reads into interleaved 32-bit floats at the given rate and channel count. */
export async function decodeAudio(
  path: string,
  {
    sampleRate,
    channels,
    maxSeconds,
    signal,
  }: {
    sampleRate: number
    channels: number
    /** Decodes at most this many seconds from the start (a long track is never held whole). */
    maxSeconds?: number
    signal?: AbortSignal
  },
): Promise<Float32Array> {
  const { stdout } = await runFfmpeg(
    [
      '-i',
      path,
      ...(maxSeconds !== undefined ? ['-t', maxSeconds.toFixed(3)] : []),
      '-vn',
      '-f',
      'f32le',
      '-acodec',
      'pcm_f32le',
      '-ac',
      String(channels),
      '-ar',
      String(sampleRate),
      'pipe:1',
    ],
    { signal },
  )
  return bytesToFloats(stdout)
}

/** Copies, because a Buffer from a pipe may start at an offset a Float32Array cannot view. */
export function bytesToFloats(bytes: Buffer): Float32Array {
  const floats = new Float32Array(Math.floor(bytes.length / 4))
  new Uint8Array(floats.buffer).set(bytes.subarray(0, floats.length * 4))
  return floats
}

export function floatsToBytes(samples: Float32Array): Buffer {
  return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)
}
