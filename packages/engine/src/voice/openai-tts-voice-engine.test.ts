import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startTtsStandIn, type TtsStandIn } from '#src/testing/tts-stand-in.ts'

import { createVoiceEngine } from './create-voice-engine.ts'
import { createEspeakVoiceEngine } from './espeak-voice-engine.ts'
import { createOpenAiTtsVoiceEngine } from './openai-tts-voice-engine.ts'

const API_KEY = 'sk-test-stand-in-key'
const TEXT = 'The fox looked up at the stars. Tonight, he whispered, we find the way home.'

let standIn: TtsStandIn
beforeAll(async () => {
  standIn = await startTtsStandIn({ apiKey: API_KEY })
})
afterAll(() => standIn.close())

const engineFor = (overrides: { apiKey?: string; url?: string } = {}) =>
  createOpenAiTtsVoiceEngine({ url: standIn.url, apiKey: API_KEY, model: 'tts-1', ...overrides })

describe('OpenAI TTS voice engine', () => {
  it('offers the hosted voices', () => {
    const voices = engineFor().listVoices()
    expect(voices.map((voice) => voice.id)).toEqual([
      'hosted-alloy',
      'hosted-echo',
      'hosted-fable',
      'hosted-onyx',
      'hosted-nova',
      'hosted-shimmer',
    ])
    for (const voice of voices) expect(voice).toMatchObject({ engine: 'hosted', language: 'en-US' })
  })

  it('sends the speech request with the key, decodes the WAV and estimates word timings', async () => {
    standIn.requests.length = 0
    const clip = await engineFor().synthesize({ text: TEXT, voiceId: 'hosted-alloy', speed: 1.25 })
    expect(standIn.requests).toEqual([
      {
        authorization: `Bearer ${API_KEY}`,
        contentType: 'application/json',
        body: { model: 'tts-1', voice: 'alloy', input: TEXT, response_format: 'wav', speed: 1.25 },
      },
    ])
    expect(clip.sampleRate).toBe(24000)
    expect(clip.samples.length / clip.sampleRate).toBeGreaterThan(2.5)
    expect(clip.words.map((word) => word.text)).toEqual(TEXT.split(' '))
    let previousEnd = 0
    for (const word of clip.words) {
      expect(word.start).toBeGreaterThanOrEqual(previousEnd)
      expect(word.end).toBeGreaterThan(word.start)
      previousEnd = word.end
    }

    // The stand-in speaks with eSpeak (alloy is Aria there), whose exact timings are the truth to compare with.
    const truth = await createEspeakVoiceEngine().synthesize({ text: TEXT, voiceId: 'en-us-aria', speed: 1.25 })
    const errors = clip.words.map((word, i) => Math.abs(word.start - (truth.words[i]?.start ?? Infinity)))
    expect(Math.max(...errors)).toBeLessThan(0.2)
    expect(errors.reduce((sum, error) => sum + error, 0) / errors.length).toBeLessThan(0.1)
  })

  it('turns a wrong key, a server error, unreadable audio and an unreachable server into 502s', async () => {
    await expect(
      engineFor({ apiKey: 'sk-wrong' }).synthesize({ text: TEXT, voiceId: 'hosted-nova', speed: 1 }),
    ).rejects.toMatchObject({
      kind: 'unavailable',
      engine: 'voice',
      message: expect.stringContaining('HTTP 401: Incorrect API key') as unknown,
    })
    try {
      standIn.setMode('server-error')
      await expect(engineFor().synthesize({ text: TEXT, voiceId: 'hosted-nova', speed: 1 })).rejects.toMatchObject({
        kind: 'unavailable',
        message: expect.stringContaining('HTTP 500') as unknown,
      })
      standIn.setMode('not-audio')
      await expect(engineFor().synthesize({ text: TEXT, voiceId: 'hosted-nova', speed: 1 })).rejects.toMatchObject({
        kind: 'unavailable',
        message: expect.stringContaining('could not be read') as unknown,
      })
    } finally {
      standIn.setMode('speech')
    }
    await expect(
      engineFor({ url: 'http://127.0.0.1:9' }).synthesize({ text: TEXT, voiceId: 'hosted-nova', speed: 1 }),
    ).rejects.toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('could not reach') as unknown,
    })
  })

  it('is answered 400 in OpenAI’s error shape for a bad body by the stand-in', async () => {
    const response = await fetch(`${standIn.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', voice: 'nobody', input: 'Hi' }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'voice' } })
  })
})

describe('createVoiceEngine', () => {
  it('offers the local voices, and the hosted ones only when a TTS API is configured', () => {
    const local = createVoiceEngine(undefined)
    expect(local.listVoices().every((voice) => voice.engine === 'local')).toBe(true)
    const both = createVoiceEngine({ url: standIn.url, apiKey: API_KEY, model: 'tts-1' })
    expect(both.listVoices().length).toBe(local.listVoices().length + 6)
    expect(both.getVoice('hosted-onyx')?.engine).toBe('hosted')
    expect(both.getVoice('en-us-aria')?.engine).toBe('local')
  })

  it('routes each voice to its engine and rejects an unknown one', async () => {
    const engine = createVoiceEngine({ url: standIn.url, apiKey: API_KEY, model: 'tts-1' })
    standIn.requests.length = 0
    expect((await engine.synthesize({ text: 'Hello there.', voiceId: 'hosted-onyx', speed: 1 })).sampleRate).toBe(24000)
    expect((await engine.synthesize({ text: 'Hello there.', voiceId: 'en-us-aria', speed: 1 })).sampleRate).toBe(22050)
    expect(standIn.requests).toHaveLength(1)
    await expect(engine.synthesize({ text: 'Hello', voiceId: 'hosted-nobody', speed: 1 })).rejects.toMatchObject({
      kind: 'not-found',
      engine: 'voice',
    })
  })
})
