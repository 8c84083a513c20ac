import { describe, expect, it } from 'vitest'

import { EngineError } from '#src/errors.ts'

import { createEspeakVoiceEngine } from './espeak-voice-engine.ts'
import { splitWords } from './speech-words.ts'
import type { SpeechClip } from './voice-engine.ts'

const engine = createEspeakVoiceEngine()

function rms(clip: SpeechClip, from: number, to: number): number {
  const start = Math.max(0, Math.floor(from * clip.sampleRate))
  const end = Math.min(clip.samples.length, Math.ceil(to * clip.sampleRate))
  let sum = 0
  for (let i = start; i < end; i++) sum += (clip.samples[i] ?? 0) ** 2
  return Math.sqrt(sum / Math.max(1, end - start))
}

const duration = (clip: SpeechClip) => clip.samples.length / clip.sampleRate

function expectTimingsFit(clip: SpeechClip, text: string) {
  expect(clip.words.map((word) => word.text)).toEqual(splitWords(text).map((word) => word.text))
  let previousEnd = 0
  for (const word of clip.words) {
    expect(word.start).toBeGreaterThanOrEqual(previousEnd - 1e-9)
    expect(word.end).toBeGreaterThanOrEqual(word.start)
    previousEnd = word.end
  }
  expect(previousEnd).toBeLessThanOrEqual(duration(clip) + 1e-9)
}

describe('eSpeak NG voice engine', () => {
  it('offers at least ten voices in six languages, with the default en-US female voice', () => {
    const voices = engine.listVoices()
    expect(voices.length).toBeGreaterThanOrEqual(10)
    expect(new Set(voices.map((voice) => voice.language.split('-')[0])).size).toBeGreaterThanOrEqual(6)
    expect(new Set(voices.map((voice) => voice.id)).size).toBe(voices.length)
    for (const voice of voices) {
      expect(voice.id).toMatch(/^[a-z0-9][a-z0-9-]{1,63}$/)
      expect(voice).not.toHaveProperty('espeak')
      expect(voice.engine).toBe('local')
    }
    expect(engine.getVoice('en-us-aria')).toMatchObject({ language: 'en-US', gender: 'female', engine: 'local' })
    expect(
      voices
        .filter((voice) => voice.language === 'en-US')
        .map((voice) => voice.gender)
        .sort(),
    ).toEqual(expect.arrayContaining(['female', 'male']))
  })

  it.each([
    ['en-us-aria', 'The old lighthouse keeper climbed the stairs every night, counting each step aloud.'],
    ['es-es-lucia', 'El viejo farero subía las escaleras cada noche, contando cada escalón en voz alta.'],
    ['fr-fr-camille', 'Le vieux gardien du phare montait les marches chaque soir, en comptant chaque pas.'],
    ['de-de-jonas', 'Der alte Leuchtturmwärter stieg jede Nacht die Treppe hinauf und zählte jede Stufe.'],
    ['hi-in-priya', 'बूढ़ा चौकीदार हर रात सीढ़ियाँ चढ़ता था और हर कदम गिनता था।'],
  ])('speaks %s with word timings that fit the audio', async (voiceId, text) => {
    const clip = await engine.synthesize({ text, voiceId, speed: 1 })
    const voice = engine.getVoice(voiceId)
    const words = splitWords(text).length
    expect(clip.sampleRate).toBe(22050)
    // Plausible length for the voice's pace, and loud speech, not silence or a click.
    expect(duration(clip)).toBeGreaterThan((0.5 * words) / (voice?.wordsPerSecond ?? 1))
    expect(duration(clip)).toBeLessThan((2 * words) / (voice?.wordsPerSecond ?? 1))
    expect(rms(clip, 0, duration(clip))).toBeGreaterThan(0.05)
    expectTimingsFit(clip, text)
    // Each word starts where there is sound (silence measures under 0.005), and the first starts at the (trimmed) start of the clip.
    expect(clip.words[0]?.start).toBeLessThan(0.1)
    for (const word of clip.words) expect(rms(clip, word.start, word.start + 0.08)).toBeGreaterThan(0.01)
    // Leading and trailing silence is trimmed.
    expect(rms(clip, 0, 0.1)).toBeGreaterThan(0.005)
    expect(duration(clip) - (clip.words.at(-1)?.end ?? 0)).toBeLessThan(0.25)
  })

  it('puts the pause between two sentences between their words', async () => {
    const text = 'The storm had finally passed. Morning light poured over the hills.'
    const clip = await engine.synthesize({ text, voiceId: 'en-us-marcus', speed: 1 })
    expectTimingsFit(clip, text)
    const passed = clip.words.find((word) => word.text === 'passed.')
    const morning = clip.words.find((word) => word.text === 'Morning')
    if (!passed || !morning) throw new Error('words missing')
    // The sentence break is a silence of at least 150 ms, and the timings leave it to no word.
    expect(morning.start - passed.end).toBeGreaterThan(0.15)
    expect(rms(clip, passed.end + 0.02, morning.start - 0.02)).toBeLessThan(0.005)
    expect(rms(clip, passed.end - 0.1, passed.end)).toBeGreaterThan(0.01)
    expect(rms(clip, morning.start, morning.start + 0.08)).toBeGreaterThan(0.02)
  })

  it('times words eSpeak runs together, and text with markup characters', async () => {
    const text = 'Fish & chips <3 was one of the best [meals] in 1999 — really!'
    const clip = await engine.synthesize({ text, voiceId: 'en-gb-olivia', speed: 1 })
    expectTimingsFit(clip, text)
    // "of the" is one eSpeak word event; both words still get a share of the time.
    const of = clip.words.find((word) => word.text === 'of')
    const the = clip.words.find((word) => word.text === 'the')
    expect((of?.end ?? 0) - (of?.start ?? 0)).toBeGreaterThan(0.03)
    expect((the?.end ?? 0) - (the?.start ?? 0)).toBeGreaterThan(0.03)
  })

  it('speaks faster at speed 1.5 and slower at speed 0.75', async () => {
    const text = 'Every great journey begins with a single step into the unknown.'
    const [slow, normal, fast] = await Promise.all(
      [0.75, 1, 1.5].map((speed) => engine.synthesize({ text, voiceId: 'en-us-aria', speed })),
    )
    if (!slow || !normal || !fast) throw new Error('clips missing')
    expect(duration(fast) / duration(normal)).toBeLessThan(0.8)
    expect(duration(slow) / duration(normal)).toBeGreaterThan(1.15)
  })

  it('synthesises thirty seconds of narration in a few seconds', async () => {
    const sentence =
      'Once upon a time, in a quiet village at the edge of a great forest, there lived a young girl named Mira. '
    const text = sentence.repeat(5)
    const started = performance.now()
    const clip = await engine.synthesize({ text, voiceId: 'en-us-aria', speed: 1 })
    const seconds = (performance.now() - started) / 1000
    expect(duration(clip)).toBeGreaterThan(25)
    expectTimingsFit(clip, text)
    expect(seconds).toBeLessThan(5)
    console.info(`eSpeak NG: ${duration(clip).toFixed(1)} s of speech in ${seconds.toFixed(2)} s`)
  })

  it('rejects an unknown voice', async () => {
    await expect(engine.synthesize({ text: 'Hello', voiceId: 'nobody', speed: 1 })).rejects.toEqual(
      new EngineError('not-found', 'voice', 'There is no voice "nobody" in the voice library.'),
    )
  })

  it('answers an empty clip for text without words', async () => {
    const clip = await engine.synthesize({ text: '  ', voiceId: 'en-us-aria', speed: 1 })
    expect(clip.words).toEqual([])
    expect(clip.samples.length).toBe(0)
  })
})
