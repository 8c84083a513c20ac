import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { VoiceListSchema } from '@storyreel/contracts/studio'
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
      description: expect.any(String) as unknown,
      engine: 'local',
      words_per_second: expect.any(Number) as unknown,
      preview_url: '/api/v1/voices/en-us-aria/preview',
    })
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
    const probe = await runFfprobe([
      '-show_entries',
      'stream=codec_name:format=duration',
      '-of',
      'json',
      path.join(cacheDir, file),
    ])
    const { streams, format } = JSON.parse(probe.stdout.toString()) as {
      streams: { codec_name: string }[]
      format: { duration: string }
    }
    expect(streams.map((stream) => stream.codec_name)).toEqual(['aac'])
    expect(Number(format.duration)).toBeGreaterThan(1.5)
    expect(Number(format.duration)).toBeLessThan(8)

    // A restarted server finds the sample on disk.
    const restarted = createCountingEngine()
    const again = await (await buildVoicesApp(restarted.engine)).inject('/api/v1/voices/fr-fr-camille/preview')
    expect(again.rawPayload).toEqual(responses[0]?.rawPayload)
    expect(restarted.said).toEqual([])
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
