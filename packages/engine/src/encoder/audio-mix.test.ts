import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { mixSoundtrack, placeClips } from './audio-mix.ts'
import { runFfmpeg } from './ffmpeg-binary.ts'
import { measureLoudness, measurePeakDb, measureRmsDb, measureToneDb } from './loudness.ts'
import { decodeAudio } from './pcm.ts'
import { probeMedia } from './probe.ts'

const RATE = 48_000
const VOICE_RATE = 24_000
const MUSIC_HZ = 200
const VOICE_HZ = 1000

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'audio-mix-test-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A compressed music file made by ffmpeg from one of its test sources. */
async function makeMusic(name: string, source: string): Promise<string> {
  const file = path.join(dir, name)
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', source, '-c:a', 'aac', '-b:a', '128k', '-ac', '2', file])
  return file
}

/** "Speech": a 1 kHz tone that swells and falls like syllables (5 per second), in bursts at the given times. */
function voiceBursts(bursts: [number, number][], duration: number, amplitude = 0.3): Float32Array {
  const samples = new Float32Array(Math.round(duration * VOICE_RATE))
  for (const [from, to] of bursts) {
    for (let i = Math.round(from * VOICE_RATE); i < Math.round(to * VOICE_RATE); i++) {
      const t = i / VOICE_RATE
      const syllable = 0.55 + 0.45 * Math.sin(2 * Math.PI * 5 * t)
      samples[i] = amplitude * syllable * Math.sin(2 * Math.PI * VOICE_HZ * t)
    }
  }
  return samples
}

async function decode(file: string) {
  return decodeAudio(file, { sampleRate: RATE, channels: 2 })
}

describe('placeClips', () => {
  it('puts each clip at its time, resampled to the track rate, and cuts what runs past the end', () => {
    const clip = new Float32Array(100).fill(0.5)
    const track = placeClips(
      [
        { samples: clip, sampleRate: 1000, at: 0.1 },
        { samples: clip, sampleRate: 500, at: 0.95 },
      ],
      1,
      1000,
    )
    expect(track.length).toBe(1000)
    expect(track[99]).toBe(0)
    expect(track[100]).toBe(0.5)
    expect(track[199]).toBe(0.5)
    expect(track[200]).toBe(0)
    expect(track[949]).toBe(0)
    expect(track[999]).toBeCloseTo(0.5)
  })
})

// ffmpeg shares the 2 cores with the rest of the suite; each mix takes a second or two alone.
describe('mixSoundtrack', { timeout: 60_000 }, () => {
  it('ducks the music by at least 10 dB while the voice speaks and brings it back in the pauses', async () => {
    const duration = 12
    const music = await makeMusic('tone.m4a', `sine=frequency=${MUSIC_HZ}:duration=14:sample_rate=${RATE}`)
    const outPath = path.join(dir, 'ducked.m4a')
    await mixSoundtrack({
      voice: {
        samples: voiceBursts(
          [
            [3, 5.5],
            [7.5, 9.5],
          ],
          duration,
        ),
        sampleRate: VOICE_RATE,
      },
      durationSeconds: duration,
      voiceVolume: 1,
      music: { path: music, volume: 1 },
      outPath,
    })
    const mix = await decode(outPath)
    const musicAt = (from: number, to: number) => measureToneDb(mix, RATE, MUSIC_HZ, from, to, 2)
    const before = musicAt(1.5, 2.9)
    const under = [musicAt(3.3, 5.4), musicAt(7.8, 9.4)]
    const between = musicAt(6.3, 7.4)
    for (const level of under) {
      expect(before - level).toBeGreaterThan(10)
      expect(between - level).toBeGreaterThan(10)
    }
    // Recovered within the pause: the level between phrases is that before the first one.
    expect(Math.abs(between - before)).toBeLessThan(1.5)
    // The voice itself comes through on top.
    expect(measureToneDb(mix, RATE, VOICE_HZ, 3.3, 5.4, 2)).toBeGreaterThan(under[0] ?? 0)
  })

  it('loops a short track to the full length without a gap and fades it out over the last 2 s', async () => {
    const duration = 10
    const music = await makeMusic(
      'noise.m4a',
      `anoisesrc=duration=3:color=white:amplitude=0.3:seed=7:sample_rate=${RATE}`,
    )
    const outPath = path.join(dir, 'looped.m4a')
    await mixSoundtrack({
      voice: { samples: new Float32Array(duration * VOICE_RATE), sampleRate: VOICE_RATE },
      durationSeconds: duration,
      voiceVolume: 1,
      music: { path: music, volume: 0.6 },
      outPath,
    })
    const mix = await decode(outPath)
    expect(mix.length / 2 / RATE).toBeCloseTo(duration, 1)
    // 50 ms windows from after the fade-in to before the fade-out, across both seams (near 1.5 s and 3 s in):
    // white noise keeps a steady level unless a seam drops out or doubles up.
    const windows: number[] = []
    for (let t = 1.2; t < duration - 2.2; t += 0.05) windows.push(measureRmsDb(mix, RATE, t, t + 0.05, 2))
    const median = [...windows].sort((a, b) => a - b)[Math.floor(windows.length / 2)] ?? 0
    expect(Math.min(...windows)).toBeGreaterThan(median - 2)
    expect(Math.max(...windows)).toBeLessThan(median + 2)
    // Not even 5 ms of silence anywhere between the fades (an encoder-priming gap would be about 21 ms).
    let quietRun = 0
    for (let i = Math.round(1.2 * RATE) * 2; i < Math.round((duration - 2.2) * RATE) * 2; i += 2) {
      quietRun = Math.abs(mix[i] ?? 0) < 0.001 ? quietRun + 1 : 0
      expect(quietRun).toBeLessThan(0.005 * RATE)
    }
    // Fading out: full level 2.5 s before the end, down by 6 dB a second before it, silent at the end.
    expect(measureRmsDb(mix, RATE, duration - 2.5, duration - 2.1, 2)).toBeGreaterThan(median - 2)
    expect(measureRmsDb(mix, RATE, duration - 1.1, duration - 0.9, 2)).toBeLessThan(median - 4)
    expect(measureRmsDb(mix, RATE, duration - 0.1, duration, 2)).toBeLessThan(median - 25)
    // Fading in: quiet in the first 100 ms.
    expect(measureRmsDb(mix, RATE, 0, 0.1, 2)).toBeLessThan(median - 15)
  })

  it('brings a hot mix to about -16 LUFS with peaks under -0.5 dBFS in a 48 kHz stereo AAC file', async () => {
    const duration = 5
    const music = await makeMusic('loud.m4a', `sine=frequency=${MUSIC_HZ}:duration=5:sample_rate=${RATE}`)
    const outPath = path.join(dir, 'hot.m4a')
    await mixSoundtrack({
      voice: {
        samples: voiceBursts(
          [
            [1, 2.5],
            [3, 4.5],
          ],
          duration,
          0.99,
        ),
        sampleRate: VOICE_RATE,
      },
      durationSeconds: duration,
      voiceVolume: 2,
      music: { path: music, volume: 1 },
      outPath,
    })
    const mix = await decode(outPath)
    expect(measurePeakDb(mix)).toBeLessThan(-0.5)
    expect(measureLoudness(mix, RATE, 2)).toBeGreaterThan(-17.5)
    expect(measureLoudness(mix, RATE, 2)).toBeLessThan(-14.5)
    const probe = await probeMedia(outPath)
    expect(probe.streams).toEqual([{ type: 'audio', codec: 'aac', sampleRate: 48_000, channels: 2 }])
    expect(probe.durationSeconds).toBeCloseTo(duration, 1)
    // 160 kbit/s is the ceiling; the encoder spends less on pure tones.
    expect(probe.bitRate).toBeLessThan(200_000)
  })

  it('without music, brings a quiet voice alone to -16 LUFS', async () => {
    const duration = 6
    const voice = voiceBursts([[1, 5]], duration, 0.02)
    const loud = path.join(dir, 'voice-only.m4a')
    await mixSoundtrack({
      voice: { samples: voice, sampleRate: VOICE_RATE },
      durationSeconds: duration,
      voiceVolume: 1,
      outPath: loud,
    })
    const mix = await decode(loud)
    expect(measureLoudness(mix, RATE, 2)).toBeGreaterThan(-17.5)
    expect(measureLoudness(mix, RATE, 2)).toBeLessThan(-14.5)
    expect(measureToneDb(mix, RATE, MUSIC_HZ, 1.5, 4.5, 2)).toBeLessThan(-60)
  })

  it('decodes only the start of a long track that a video can play, so a 20-minute upload stays small', async () => {
    const long = path.join(dir, 'long.m4a')
    await runFfmpeg(
      ['-y', '-f', 'lavfi', '-i', `sine=frequency=${MUSIC_HZ}:duration=1200`, '-c:a', 'aac'].concat([
        '-b:a',
        '24k',
        '-ac',
        '2',
        long,
      ]),
    )
    // In a process of its own, whose peak memory is this music's alone: 20 minutes decoded whole would be
    // 460 MB of float samples and several copies of them.
    const script = path.join(dir, 'long-music.ts')
    await writeFile(
      script,
      `import { prepareMusic } from ${JSON.stringify(path.resolve(import.meta.dirname, 'audio-mix.ts'))}\n` +
        `const out = await prepareMusic(${JSON.stringify(long)}, { frames: ${RATE * 90}, gainDb: -20 })\n` +
        `console.log(JSON.stringify({ frames: out.length / 2, rssMb: process.resourceUsage().maxRSS / 1024 }))\n`,
    )
    const { stdout } = await promisify(execFile)(process.execPath, [script])
    const { frames, rssMb } = JSON.parse(stdout) as { frames: number; rssMb: number }
    expect(frames).toBe(RATE * 90)
    // Decoded whole, the track took 2.3-2.8 GB at its peak; decoded to 30 s past the video, 0.38-1.0 GB, as
    // the collector happens to run (on a busy machine it waits longer): the bound sits between the two.
    expect(rssMb).toBeLessThan(1500)
  })

  it('stops ffmpeg when the signal aborts', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(
      mixSoundtrack({
        voice: { samples: new Float32Array(VOICE_RATE), sampleRate: VOICE_RATE },
        durationSeconds: 1,
        voiceVolume: 1,
        outPath: path.join(dir, 'aborted.m4a'),
        signal: controller.signal,
      }),
    ).rejects.toThrow(/abort/i)
  })
})
