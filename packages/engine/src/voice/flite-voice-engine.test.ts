import { describe, expect, it } from 'vitest'

import { EngineError } from '#src/errors.ts'

import { createFliteVoiceEngine } from './flite-voice-engine.ts'
import { findPauses, measureLevels } from './speech-levels.ts'
import { splitWords } from './speech-words.ts'
import type { SpeechClip } from './voice-engine.ts'

const engine = createFliteVoiceEngine()

const duration = (clip: SpeechClip) => clip.samples.length / clip.sampleRate

function rms(clip: SpeechClip, from: number, to: number): number {
  const start = Math.max(0, Math.floor(from * clip.sampleRate))
  const end = Math.min(clip.samples.length, Math.ceil(to * clip.sampleRate))
  let sum = 0
  for (let i = start; i < end; i++) sum += (clip.samples[i] ?? 0) ** 2
  return Math.sqrt(sum / Math.max(1, end - start))
}

function expectTimingsFit(clip: SpeechClip, text: string) {
  expect(clip.words.map((word) => word.text)).toEqual(splitWords(text).map((word) => word.text))
  let previousEnd = 0
  for (const word of clip.words) {
    expect(word.start).toBeGreaterThanOrEqual(previousEnd - 1e-9)
    expect(word.end).toBeGreaterThan(word.start)
    previousEnd = word.end
  }
  expect(previousEnd).toBeLessThanOrEqual(duration(clip) + 1e-9)
}

/**
 * The audio's own word onsets, where they can be told from the sound alone: speech resuming after a silence
 * (no word is heard in it). Each must be where a word of the timings starts, and the word before must have
 * ended where the silence began.
 */
function expectTimingsFollowPauses(clip: SpeechClip) {
  const pauses = findPauses(measureLevels(clip.samples, clip.sampleRate), 0.15)
  expect(pauses.length).toBeGreaterThan(0)
  for (const pause of pauses) {
    const resumes = Math.min(...clip.words.map((word) => Math.abs(word.start - pause.end)))
    const stops = Math.min(...clip.words.map((word) => Math.abs(word.end - pause.start)))
    // A word may start with a breath ("he") or a stop's silent closure ("climbed") before it is loud.
    expect(resumes).toBeLessThan(0.15)
    expect(stops).toBeLessThan(0.1)
  }
}

const STORY =
  'Every night, old Tom climbed the hundred steps of the lighthouse. He lit the lamp, wiped the glass, and watched the dark sea.'

describe('Flite voice engine', () => {
  it('offers US English male and female voices and a Scottish English male voice, described by what they are', () => {
    expect(
      engine
        .listVoices()
        .map(({ id, language, gender, description, engine: kind }) => ({ id, language, gender, description, kind })),
    ).toEqual([
      {
        id: 'en-us-flite-rms',
        language: 'en-US',
        gender: 'male',
        description: 'Synthetic voice from recordings · English (US) · male',
        kind: 'local',
      },
      {
        id: 'en-us-flite-slt',
        language: 'en-US',
        gender: 'female',
        description: 'Synthetic voice from recordings · English (US) · female',
        kind: 'local',
      },
      {
        id: 'en-gb-flite-awb',
        language: 'en-GB-scotland',
        gender: 'male',
        description: 'Synthetic voice from recordings · English (Scotland) · male',
        kind: 'local',
      },
    ])
    for (const voice of engine.listVoices()) {
      expect(voice).not.toHaveProperty('flite')
      expect(voice.licence).toMatch(/Flite.*commercially/)
    }
  })

  it.each(['en-us-flite-slt', 'en-us-flite-rms', 'en-gb-flite-awb'])(
    'speaks %s at 16 kHz with word timings that follow the audio',
    async (voiceId) => {
      const clip = await engine.synthesize({ text: STORY, voiceId, speed: 1 })
      expect(clip.sampleRate).toBe(16000)
      expect(rms(clip, 0, duration(clip))).toBeGreaterThan(0.05)
      expectTimingsFit(clip, STORY)
      expectTimingsFollowPauses(clip)
      // The first word starts where the (trimmed) clip does, and the last ends with the sound.
      expect(clip.words[0]?.start).toBeLessThan(0.1)
      expect(duration(clip) - (clip.words.at(-1)?.end ?? 0)).toBeLessThan(0.25)
      expect(rms(clip, 0, 0.1)).toBeGreaterThan(0.005)
    },
  )

  it('leaves the pause between two sentences to no word', async () => {
    const text = 'The storm had finally passed. Morning light poured over the hills.'
    const clip = await engine.synthesize({ text, voiceId: 'en-us-flite-rms', speed: 1 })
    expectTimingsFit(clip, text)
    const passed = clip.words.find((word) => word.text === 'passed.')
    const morning = clip.words.find((word) => word.text === 'Morning')
    if (!passed || !morning) throw new Error('words missing')
    expect(morning.start - passed.end).toBeGreaterThan(0.15)
    expect(rms(clip, passed.end + 0.02, morning.start - 0.02)).toBeLessThan(0.005)
    expect(rms(clip, morning.start, morning.start + 0.1)).toBeGreaterThan(0.02)
  })

  it('times numbers, symbols, accents, typographic punctuation and emoji', async () => {
    const text = 'Fish & chips <3 cost $3.50 in 1999 — at “Café Naïve”, [really]! 🙂 Dr. Lee agreed: it’s e.g. cheap.'
    const clip = await engine.synthesize({ text, voiceId: 'en-us-flite-slt', speed: 1 })
    expectTimingsFit(clip, text)
    // A number is said as several words and keeps them all: "1999" takes longer than "in".
    const year = clip.words.find((word) => word.text.startsWith('1999'))
    const before = clip.words.find((word) => word.text === 'in')
    expect((year?.end ?? 0) - (year?.start ?? 0)).toBeGreaterThan(2 * ((before?.end ?? 0) - (before?.start ?? 0)))
  })

  it('speaks faster at speed 1.5 and slower at speed 0.75', async () => {
    const text = 'Every great journey begins with a single step into the unknown.'
    const [slow, normal, fast] = await Promise.all(
      [0.75, 1, 1.5].map((speed) => engine.synthesize({ text, voiceId: 'en-us-flite-slt', speed })),
    )
    if (!slow || !normal || !fast) throw new Error('clips missing')
    expect(duration(fast) / duration(normal)).toBeLessThan(0.8)
    expect(duration(slow) / duration(normal)).toBeGreaterThan(1.15)
  })

  it('synthesises narration several times faster than it plays, even on a busy machine', async () => {
    const text = `${STORY} Morning came grey and slow, and the gulls were the first to see the bottle.`
    const started = performance.now()
    const clip = await engine.synthesize({ text, voiceId: 'en-us-flite-rms', speed: 1 })
    const seconds = (performance.now() - started) / 1000
    expect(duration(clip)).toBeGreaterThan(10)
    expectTimingsFit(clip, text)
    expect(seconds).toBeLessThan(duration(clip) / 3)
    console.info(`Flite: ${duration(clip).toFixed(1)} s of speech in ${seconds.toFixed(2)} s`)
  })

  it('rejects an unknown voice', async () => {
    await expect(engine.synthesize({ text: 'Hello', voiceId: 'nobody', speed: 1 })).rejects.toEqual(
      new EngineError('not-found', 'voice', 'There is no voice "nobody" in the voice library.'),
    )
  })

  it('refuses a narration with no word it can read, rather than saying nothing', async () => {
    await expect(
      engine.synthesize({ text: 'Привет, мир. 你好。', voiceId: 'en-us-flite-rms', speed: 1 }),
    ).rejects.toMatchObject({ kind: 'invalid', message: expect.stringMatching(/^Ryan speaks English only/) as unknown })
  })

  it('answers an empty clip for text without words', async () => {
    const clip = await engine.synthesize({ text: '  ', voiceId: 'en-us-flite-rms', speed: 1 })
    expect(clip.words).toEqual([])
    expect(clip.samples.length).toBe(0)
  })
})
