import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import {
  ALL_OF_THE_BRAND_KIT,
  DEFAULT_PROJECT_SETTINGS,
  ProjectSchema,
  SourceCheckSchema,
  type ProjectSettings,
} from '@storyreel/contracts/studio'
import { TEST_DRIVERS } from '@storyreel/db/testing'
import { startChatStandIn, type ChatStandIn } from '@storyreel/engine/testing/chat-stand-in'

import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

const SPANISH_SCRIPT =
  'Cada mañana, Lucía abre su pequeña floristería en Sevilla. Vende rosas y girasoles a los vecinos del barrio. ' +
  'Los sábados, la tienda se llena de color y de música.'
const HINDI_SCRIPT = 'हर सुबह, प्रिया अपनी छोटी सी फूलों की दुकान खोलती है। वह गुलाब और सूरजमुखी बेचती है।'
const { voice_id: _voice, ...WITHOUT_VOICE } = DEFAULT_PROJECT_SETTINGS

for (const { name, url } of TEST_DRIVERS) {
  describe(`languages through /api/v1/projects on ${name}`, () => {
    let t: TestApp
    let headers: { authorization: string }

    const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/projects', headers, payload })
    const check = (kind: 'prompt' | 'script', text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/projects/source-check',
        headers,
        payload: { source: { kind, text } },
      })

    beforeAll(async () => {
      t = await createTestApp({ databaseUrl: url, env: { STUDIO_RATE_LIMIT_PER_MINUTE: '100000' } })
      headers = t.auth((await t.createUser()).access_token)
    })
    afterAll(() => t.close())

    it('reads the language, its voice and a prompt’s length before the project exists', async () => {
      const spanish = await check('script', SPANISH_SCRIPT)
      expect(spanish.statusCode, spanish.body).toBe(200)
      expect(SourceCheckSchema.parse(spanish.json())).toEqual({
        language: 'es',
        language_confident: true,
        voice_id: 'es-es-lucia',
        prompt_length: null,
      })
      expect((await check('script', HINDI_SCRIPT)).json()).toMatchObject({ language: 'hi', voice_id: 'hi-in-priya' })
      expect((await check('prompt', 'a 20 second ad for my flower shop in Seville')).json()).toEqual({
        language: 'en',
        language_confident: true,
        voice_id: 'en-us-flite-rms',
        prompt_length: { phrase: '20 second', asked_seconds: 20, seconds: 20 },
      })
      expect((await check('prompt', 'a 2 minute documentary about bees')).json()).toMatchObject({
        prompt_length: { asked_seconds: 120, seconds: 90 },
      })
      expect((await check('prompt', 'Hola amigos')).json()).toMatchObject({ language_confident: false })
    })

    it('gives a Spanish script without a voice a Spanish voice, and records its language', async () => {
      const response = await create({ source: { kind: 'script', text: SPANISH_SCRIPT }, settings: WITHOUT_VOICE })
      expect(response.statusCode, response.body).toBe(201)
      const project = ProjectSchema.parse(response.json())
      expect(project.settings).toMatchObject({ language: 'es', voice_id: 'es-es-lucia' })
      expect(project.scenes.map((scene) => scene.narration).join(' ')).toContain('Cada mañana, Lucía')
    })

    it('keeps a voice the request chooses, and the language it names', async () => {
      const english = await create({
        source: { kind: 'script', text: SPANISH_SCRIPT },
        settings: { ...DEFAULT_PROJECT_SETTINGS, voice_id: 'en-gb-olivia' },
      })
      expect(ProjectSchema.parse(english.json()).settings).toMatchObject({ language: 'es', voice_id: 'en-gb-olivia' })
      const named = await create({
        source: { kind: 'script', text: SPANISH_SCRIPT },
        settings: { ...WITHOUT_VOICE, language: 'pt' },
      })
      expect(ProjectSchema.parse(named.json()).settings).toMatchObject({ language: 'pt', voice_id: 'pt-br-beatriz' })
    })

    it('takes an older app’s English project as English, and keeps the language through a save without one', async () => {
      const old = await create({
        source: { kind: 'script', text: 'The storm rolled in at dusk. Mara climbed the stairs one last time.' },
        settings: DEFAULT_PROJECT_SETTINGS,
      })
      expect(ProjectSchema.parse(old.json()).settings).toMatchObject({ language: 'en', voice_id: 'en-us-flite-rms' })

      const spanish = ProjectSchema.parse(
        (await create({ source: { kind: 'script', text: SPANISH_SCRIPT }, settings: WITHOUT_VOICE })).json(),
      )
      const { language: _language, ...olderSettings } = spanish.settings
      const saved = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/projects/${spanish.id}`,
        headers,
        payload: { settings: { ...olderSettings, voice_speed: 1.1 } satisfies ProjectSettings },
      })
      expect(saved.statusCode, saved.body).toBe(200)
      expect(ProjectSchema.parse(saved.json()).settings).toMatchObject({ language: 'es', voice_speed: 1.1 })
    })

    it('gives a new project every part of the brand kit, and keeps its choices through a save without them', async () => {
      const created = ProjectSchema.parse(
        (await create({ source: { kind: 'script', text: SPANISH_SCRIPT }, settings: WITHOUT_VOICE })).json(),
      )
      expect(created.settings.brand).toEqual(ALL_OF_THE_BRAND_KIT)
      const chosen = { ...ALL_OF_THE_BRAND_KIT, logo: false, closing_card: false }
      const switched = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/projects/${created.id}`,
        headers,
        payload: { settings: { ...created.settings, brand: chosen } },
      })
      expect(ProjectSchema.parse(switched.json()).settings.brand).toEqual(chosen)
      const { brand: _brand, ...olderSettings } = created.settings
      const older = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/projects/${created.id}`,
        headers,
        payload: { settings: { ...olderSettings, voice_speed: 1.2 } },
      })
      expect(ProjectSchema.parse(older.json()).settings).toMatchObject({ brand: chosen, voice_speed: 1.2 })
    })

    it('refuses a prompt in another language where the offline writer drafts, saying what works instead', async () => {
      const response = await create({
        source: { kind: 'prompt', text: 'Un anuncio de veinte segundos para mi floristería en Sevilla, con rosas.' },
        settings: WITHOUT_VOICE,
      })
      expect(response.statusCode).toBe(422)
      const error = ApiErrorSchema.parse(response.json())
      expect(error.code).toBe('PROMPT_LANGUAGE_UNSUPPORTED')
      expect(error.message).toMatch(/in Spanish.*English only.*a script in Spanish is pictured and voiced in Spanish/)
      // The same from an English prompt for a project the request says is Spanish.
      const named = await create({
        source: { kind: 'prompt', text: 'An ad for my flower shop in Seville' },
        settings: { ...WITHOUT_VOICE, language: 'es' },
      })
      expect(named.json()).toMatchObject({ statusCode: 422, code: 'PROMPT_LANGUAGE_UNSUPPORTED' })
    })

    it('sets the length a prompt names when asked to, within the bounds, and otherwise keeps the chosen one', async () => {
      const prompt = 'a 20 second ad for my flower shop in Seville, with roses and sunflowers, open Saturdays'
      const asked = await create({
        source: { kind: 'prompt', text: prompt },
        settings: DEFAULT_PROJECT_SETTINGS,
        length_from_prompt: true,
      })
      expect(asked.statusCode, asked.body).toBe(201)
      expect(ProjectSchema.parse(asked.json()).settings.target_seconds).toBe(20)

      const clamped = await create({
        source: { kind: 'prompt', text: 'a 5 second teaser for our bakery' },
        settings: DEFAULT_PROJECT_SETTINGS,
        length_from_prompt: true,
      })
      expect(ProjectSchema.parse(clamped.json()).settings.target_seconds).toBe(15)

      const chosen = await create({ source: { kind: 'prompt', text: prompt }, settings: DEFAULT_PROJECT_SETTINGS })
      expect(ProjectSchema.parse(chosen.json()).settings.target_seconds).toBe(DEFAULT_PROJECT_SETTINGS.target_seconds)

      const silent = await create({
        source: { kind: 'prompt', text: 'an ad for my flower shop in Seville' },
        settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 45 },
        length_from_prompt: true,
      })
      expect(ProjectSchema.parse(silent.json()).settings.target_seconds).toBe(45)
    })
  })
}

describe('languages with a hosted writer', () => {
  let t: TestApp
  let chat: ChatStandIn

  beforeAll(async () => {
    chat = await startChatStandIn({ apiKey: 'test-key' })
    t = await createTestApp({ env: { SCRIPT_API_URL: chat.url, SCRIPT_API_KEY: 'test-key' } })
  })
  afterAll(async () => {
    await t.close()
    await chat.close()
  })

  it('drafts from a prompt in another language, with a voice of that language', async () => {
    const headers = t.auth((await t.createUser()).access_token)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: {
        source: { kind: 'prompt', text: 'Un anuncio para mi floristería en Sevilla, con rosas y girasoles.' },
        settings: WITHOUT_VOICE,
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(ProjectSchema.parse(response.json())).toMatchObject({
      script_writer: 'hosted',
      settings: { language: 'es', voice_id: 'es-es-lucia' },
    })
  })
})
