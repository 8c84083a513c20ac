import { describe, expect, it } from 'vitest'

import { MUSIC_GENRES, MUSIC_MOODS } from '@storyreel/contracts/studio'

import { formSeconds, PEAK_CEILING_DB, renderTrack, TARGET_LUFS } from './composer.ts'
import { measureIntegratedLoudness } from './loudness.ts'
import { parseChord } from './theory.ts'
import { TRACKS } from './tracks.ts'

const short = TRACKS.find((track) => track.id === 'bright-idea-studio')
if (!short) throw new Error('the test track is missing')

/** Byte comparison: a deep equality over a few hundred thousand samples takes seconds. */
const sameSamples = (a: Float32Array, b: Float32Array) =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength))

describe('renderTrack', () => {
  it('renders the same audio for the same definition, and other audio for another seed', () => {
    const a = renderTrack(short, { maxBars: 1 })
    const b = renderTrack(short, { maxBars: 1 })
    expect(sameSamples(b.audio.left, a.audio.left)).toBe(true)
    expect(sameSamples(b.audio.right, a.audio.right)).toBe(true)
    const other = renderTrack({ ...short, seed: short.seed + 1 }, { maxBars: 1 })
    expect(sameSamples(other.audio.left, a.audio.left)).toBe(false)
  })

  it('masters to the target loudness with peaks under the ceiling', () => {
    const { audio, loudness, peak, durationSeconds } = renderTrack(short, { maxBars: 2 })
    expect(loudness).toBeCloseTo(TARGET_LUFS, 0)
    expect(measureIntegratedLoudness(audio)).toBeCloseTo(TARGET_LUFS, 0)
    expect(20 * Math.log10(peak)).toBeLessThanOrEqual(PEAK_CEILING_DB + 0.01)
    expect(durationSeconds).toBeCloseTo(formSeconds(short, [[2, 2]]), 1)
    // Ends in silence rather than being cut off.
    const tail = audio.left.subarray(audio.left.length - 100)
    expect(Math.max(...tail.map(Math.abs))).toBeLessThan(0.01)
  })
})

describe('the track list', () => {
  it('covers every mood and genre at least twice, with unique kebab-case ids', () => {
    for (const mood of MUSIC_MOODS)
      expect(TRACKS.filter((track) => track.mood === mood).length).toBeGreaterThanOrEqual(2)
    for (const genre of MUSIC_GENRES)
      expect(TRACKS.filter((track) => track.genre === genre).length).toBeGreaterThanOrEqual(2)
    expect(new Set(TRACKS.map((track) => track.id)).size).toBe(TRACKS.length)
    for (const track of TRACKS) expect(track.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })

  it('keeps every track between 45 and 75 seconds and between 60 and 170 BPM, every chord readable', () => {
    for (const track of TRACKS) {
      expect(formSeconds(track), track.id).toBeGreaterThanOrEqual(45)
      expect(formSeconds(track), track.id).toBeLessThanOrEqual(75)
      expect(track.bpm).toBeGreaterThanOrEqual(60)
      expect(track.bpm).toBeLessThanOrEqual(170)
      for (const bar of track.progression)
        for (const symbol of bar.split(' ')) expect(() => parseChord(symbol)).not.toThrow()
    }
  })
})
