import { describe, expect, it } from 'vitest'

import { decodeWav, encodeWav, WavError } from './wav.ts'

const tone = Float32Array.from({ length: 2400 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 24000))

describe('WAV codec', () => {
  it('reads back 16-bit PCM and 32-bit float mono', () => {
    const pcm = decodeWav(encodeWav(tone, 24000))
    expect(pcm.sampleRate).toBe(24000)
    expect(pcm.samples.length).toBe(tone.length)
    pcm.samples.forEach((sample, i) => expect(Math.abs(sample - (tone[i] ?? 0))).toBeLessThan(1e-4))
    const float = decodeWav(encodeWav(tone, 22050, { format: 'float32' }))
    expect(float.sampleRate).toBe(22050)
    expect(Array.from(float.samples)).toEqual(Array.from(tone))
  })

  it('mixes stereo down to mono', () => {
    // Two frames: (0.5, -0.5) and (0.25, 0.75), as 16-bit PCM.
    const wav = encodeWav(Float32Array.from([0.5, -0.5, 0.25, 0.75]), 16000)
    wav.writeUInt16LE(2, 22) // channels
    wav.writeUInt32LE(16000 * 4, 28)
    wav.writeUInt16LE(4, 32)
    const { samples, sampleRate } = decodeWav(wav)
    expect(sampleRate).toBe(16000)
    expect(samples.length).toBe(2)
    expect(samples[0]).toBeCloseTo(0, 3)
    expect(samples[1]).toBeCloseTo(0.5, 3)
  })

  it('reads a streamed WAV whose header gives no length, and skips unknown chunks', () => {
    const plain = encodeWav(tone, 24000)
    const list = Buffer.from('LIST\u0004\u0000\u0000\u0000INFO', 'latin1')
    const wav = Buffer.concat([plain.subarray(0, 36), list, plain.subarray(36)])
    wav.writeUInt32LE(0xffffffff, 4)
    wav.writeUInt32LE(0xffffffff, 36 + list.length + 4)
    expect(decodeWav(wav).samples.length).toBe(tone.length)
  })

  it('rejects what it cannot read', () => {
    expect(() => decodeWav(Buffer.from('<html>Bad gateway</html>'))).toThrow(WavError)
    const eightBit = encodeWav(tone, 24000)
    eightBit.writeUInt16LE(8, 34)
    expect(() => decodeWav(eightBit)).toThrow(/16-bit PCM and 32-bit float/)
    expect(() => decodeWav(encodeWav(tone, 24000).subarray(0, 30))).toThrow(WavError)
  })
})
