import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { DEFAULT_PROJECT_SETTINGS, VoiceListSchema } from '@storyreel/contracts/studio'
import { createVoiceEngine, runFfprobe, type VoiceEngine } from '@storyreel/engine/engine'

import { registerErrorHandler } from '#src/plugins/error-handler.ts'
import { registerRateLimit } from '#src/plugins/rate-limit.ts'
import { registerZodSchemas } from '#src/plugins/zod-schemas.ts'

import { registerVoiceRoutes } from './voices.routes.ts'
import { getPreviewSentence } from './voices.service.ts'

let cacheDir: string
beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(tmpdir(), 'storyreel-voices-'))
})
afterAll(() => rm(cacheDir, { recursive: true, force: true }))

/** The real voice engine, counting what it is asked to say. */
function createCountingEngine() {
  const engine = createVoiceEngine(undefined)
  const said: string[] = []
  const counting: VoiceEngine = {
    ...engine,
    synthesize(request) {
      said.push(request.text)
      return engine.synthesize(request)
    },
  }
  return { engine: counting, said }
}

async function probeAudio(file: string) {
  const probe = await runFfprobe([
    '-show_entries',
    'stream=codec_name,sample_rate:format=duration',
    '-of',
    'json',
    file,
  ])
  const { streams, format } = JSON.parse(probe.stdout.toString()) as {
    streams: { codec_name: string; sample_rate: string }[]
    format: { duration: string }
  }
  return { streams, duration: Number(format.duration) }
}

async function buildVoicesApp(voices: VoiceEngine, perMinute = 1000) {
  const app = Fastify()
  registerZodSchemas(app)
  await registerRateLimit(app, {})
  registerErrorHandler(app)
  registerVoiceRoutes(app, { voices, cacheDir, perMinute })
  await app.ready()
  return app
}

describe('GET /api/v1/voices', () => {
  it('lists the voice library with preview links', async () => {
    const app = await buildVoicesApp(createVoiceEngine(undefined))
    const response = await app.inject('/api/v1/voices')
    expect(response.statusCode).toBe(200)
    const { voices } = VoiceListSchema.parse(response.json())
    expect(voices.length).toBeGreaterThanOrEqual(10)
    expect(voices.find((voice) => voice.id === 'en-us-aria')).toEqual({
      id: 'en-us-aria',
      name: 'Aria',
      language: 'en-US',
      language_label: 'English (US)',
      gender: 'female',
      description: 'Robotic synthetic voice · English (US) · female',
      engine: 'local',
      words_per_second: expect.any(Number) as unknown,
      preview_url: '/api/v1/voices/en-us-aria/preview',
    })
  })

  it('describes every voice by its kind, language and gender, the default Flite voice first among them', async () => {
    const app = await buildVoicesApp(createVoiceEngine(undefined))
    const { voices } = VoiceListSchema.parse((await app.inject('/api/v1/voices')).json())
    for (const voice of voices) {
      expect(voice.description).toBe(
        `${voice.id.includes('flite') ? 'Synthetic voice from recordings' : 'Robotic synthetic voice'} · ${voice.language_label} · ${voice.gender}`,
      )
    }
    expect(voices[0]).toMatchObject({
      id: DEFAULT_PROJECT_SETTINGS.voice_id,
      description: 'Synthetic voice from recordings · English (US) · male',
    })
  })

  it('marks the hosted voices as hosted neural voices when a speech API is configured', async () => {
    const hosted = createVoiceEngine({ url: 'http://127.0.0.1:9', apiKey: undefined, model: 'tts-1' })
    const app = await buildVoicesApp(hosted)
    const { voices } = VoiceListSchema.parse((await app.inject('/api/v1/voices')).json())
    const onyx = voices.find((voice) => voice.id === 'hosted-onyx')
    expect(onyx).toMatchObject({ engine: 'hosted', description: 'Neural synthetic voice · English (US) · male' })
    expect(voices.filter((voice) => voice.engine === 'hosted')).toHaveLength(6)
  })

  it('is rate-limited per client', async () => {
    const app = await buildVoicesApp(createVoiceEngine(undefined), 2)
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await app.inject('/api/v1/voices')).statusCode)
    expect(statuses).toEqual([200, 200, 429])
  })
})

describe('GET /api/v1/voices/:id/preview', () => {
  it('answers an AAC sample in the voice, synthesised once for concurrent and later requests', async () => {
    const { engine, said } = createCountingEngine()
    const app = await buildVoicesApp(engine)
    const responses = await Promise.all([1, 2, 3].map(() => app.inject('/api/v1/voices/fr-fr-camille/preview')))
    for (const response of responses) {
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('audio/mp4')
      expect(response.headers['cache-control']).toMatch(/public, max-age=\d{6,}/)
      expect(response.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp')
    }
    expect(said).toEqual(["Bonjour, je m'appelle Camille. Je vais raconter votre histoire."])
    expect((await app.inject('/api/v1/voices/fr-fr-camille/preview')).rawPayload).toEqual(responses[0]?.rawPayload)
    expect(said).toHaveLength(1)

    const [file] = (await readdir(cacheDir)).filter((name) => name.startsWith('fr-fr-camille-'))
    if (!file) throw new Error('no cached preview')
    const probe = await probeAudio(path.join(cacheDir, file))
    expect(probe.streams.map((stream) => stream.codec_name)).toEqual(['aac'])
    expect(probe.duration).toBeGreaterThan(1.5)
    expect(probe.duration).toBeLessThan(8)

    // A restarted server finds the sample on disk.
    const restarted = createCountingEngine()
    const again = await (await buildVoicesApp(restarted.engine)).inject('/api/v1/voices/fr-fr-camille/preview')
    expect(again.rawPayload).toEqual(responses[0]?.rawPayload)
    expect(restarted.said).toEqual([])
  })

  it('speaks the default voice’s sample with Flite, as a render would', async () => {
    const { engine, said } = createCountingEngine()
    const app = await buildVoicesApp(engine)
    const response = await app.inject(`/api/v1/voices/${DEFAULT_PROJECT_SETTINGS.voice_id}/preview`)
    expect(response.statusCode).toBe(200)
    expect(said).toEqual(["Hi, I'm Ryan. I'll narrate your story."])
    const file = path.join(cacheDir, 'default-preview.m4a')
    await writeFile(file, response.rawPayload)
    const probe = await probeAudio(file)
    // Flite's voices are 16 kHz (eSpeak NG's 22.05 kHz): the sample is the engine the video will use.
    expect(probe.streams.map((stream) => stream.sample_rate)).toEqual(['16000'])
    expect(probe.duration).toBeGreaterThan(1.5)
    expect(probe.duration).toBeLessThan(5)
  })

  it('answers 404 VOICE_NOT_FOUND for an unknown voice', async () => {
    const app = await buildVoicesApp(createVoiceEngine(undefined))
    const response = await app.inject('/api/v1/voices/nobody/preview')
    expect(response.statusCode).toBe(404)
    expect(ApiErrorSchema.parse(response.json())).toMatchObject({ code: 'VOICE_NOT_FOUND' })
  })
})

describe('getPreviewSentence', () => {
  it('introduces the voice in its language, with Hindi and Portuguese in the voice’s gender', () => {
    expect(getPreviewSentence({ name: 'Aria', language: 'en-US', gender: 'female' })).toBe(
      "Hi, I'm Aria. I'll narrate your story.",
    )
    expect(getPreviewSentence({ name: 'Priya', language: 'hi-IN', gender: 'female' })).toContain('सुनाऊँगी')
    expect(getPreviewSentence({ name: 'Rafael', language: 'pt-BR', gender: 'male' })).toBe(
      'Oi, eu sou o Rafael. Vou narrar a sua história.',
    )
  })
})
