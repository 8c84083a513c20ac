/** RIFF WAVE in and out: what a hosted TTS API answers and what ffmpeg reads from a pipe. */

const PCM = 1
const IEEE_FLOAT = 3
const EXTENSIBLE = 0xfffe

export class WavError extends Error {}

export type DecodedAudio = { samples: Float32Array; sampleRate: number }

/**
 * Decodes 16-bit PCM or 32-bit float WAV, mono or stereo, to mono floats. A streamed WAV's header cannot know
 * the length and says 0xFFFFFFFF (or 0), so the data chunk is read to the end of the buffer.
 */
export function decodeWav(input: Uint8Array): DecodedAudio {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength)
  const tag = (offset: number) => String.fromCharCode(...input.subarray(offset, offset + 4))
  if (input.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new WavError('not a RIFF WAVE file')

  let format: { code: number; channels: number; sampleRate: number; bits: number } | undefined
  let offset = 12
  while (offset + 8 <= input.byteLength) {
    const id = tag(offset)
    const declared = view.getUint32(offset + 4, true)
    const body = offset + 8
    if (id === 'fmt ') {
      if (declared < 16 || body + 16 > input.byteLength) throw new WavError('the fmt chunk is truncated')
      let code = view.getUint16(body, true)
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      if (code === EXTENSIBLE && declared >= 40 && body + 26 <= input.byteLength) code = view.getUint16(body + 24, true)
      format = {
        code,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      }
    } else if (id === 'data') {
      if (!format) throw new WavError('the data chunk comes before the fmt chunk')
      const size = declared === 0 || body + declared > input.byteLength ? input.byteLength - body : declared
      return { samples: readSamples(view, body, size, format), sampleRate: format.sampleRate }
    }
    offset = body + declared + (declared % 2)
  }
  throw new WavError('no data chunk')
}

function readSamples(
  view: DataView,
  start: number,
  size: number,
  { code, channels, sampleRate, bits }: { code: number; channels: number; sampleRate: number; bits: number },
): Float32Array {
  if (channels !== 1 && channels !== 2) throw new WavError(`${channels} channels (only mono and stereo are read)`)
  if (!(sampleRate >= 8000 && sampleRate <= 192000)) throw new WavError(`a sample rate of ${sampleRate} Hz`)
  const isPcm16 = code === PCM && bits === 16
  const isFloat32 = code === IEEE_FLOAT && bits === 32
  if (!isPcm16 && !isFloat32)
    throw new WavError(`format ${code} at ${bits} bits (16-bit PCM and 32-bit float are read)`)
  const bytes = bits / 8
  const frames = Math.floor(size / (bytes * channels))
  const samples = new Float32Array(frames)
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0
    for (let channel = 0; channel < channels; channel++) {
      const at = start + (frame * channels + channel) * bytes
      sum += isPcm16 ? view.getInt16(at, true) / 32768 : view.getFloat32(at, true)
    }
    samples[frame] = sum / channels
  }
  return samples
}

/** Mono WAV: 16-bit PCM (what every player and ffmpeg reads) or 32-bit float (lossless for our floats). */
export function encodeWav(
  samples: Float32Array,
  sampleRate: number,
  { format = 'pcm16' }: { format?: 'pcm16' | 'float32' } = {},
): Buffer {
  const bytes = format === 'pcm16' ? 2 : 4
  const dataSize = samples.length * bytes
  const out = Buffer.alloc(44 + dataSize)
  out.write('RIFF', 0, 'latin1')
  out.writeUInt32LE(36 + dataSize, 4)
  out.write('WAVE', 8, 'latin1')
  out.write('fmt ', 12, 'latin1')
  out.writeUInt32LE(16, 16)
  out.writeUInt16LE(format === 'pcm16' ? PCM : IEEE_FLOAT, 20)
  out.writeUInt16LE(1, 22)
  out.writeUInt32LE(sampleRate, 24)
  out.writeUInt32LE(sampleRate * bytes, 28)
  out.writeUInt16LE(bytes, 32)
  out.writeUInt16LE(bytes * 8, 34)
  out.write('data', 36, 'latin1')
  out.writeUInt32LE(dataSize, 40)
  samples.forEach((sample, index) => {
    const clamped = Math.max(-1, Math.min(1, sample))
    if (format === 'pcm16') out.writeInt16LE(Math.round(clamped * 32767), 44 + index * 2)
    else out.writeFloatLE(clamped, 44 + index * 4)
  })
  return out
}
