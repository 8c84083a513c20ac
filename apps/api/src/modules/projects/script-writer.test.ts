import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { PublicConfigSchema } from '@storyreel/contracts/public-config'
import {
  DEFAULT_PROJECT_SETTINGS,
  getScenesAwaitingWords,
  ProjectSchema,
  type Project,
  type ProjectSettings,
} from '@storyreel/contracts/studio'
import { TEST_DRIVERS } from '@storyreel/db/testing'
import { createVoiceEngine } from '@storyreel/engine/engine'
import { startChatStandIn, type ChatStandIn } from '@storyreel/engine/testing/chat-stand-in'

import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

/** The default voice's pace, read from the voice library as the API reads it (its figures may change). */
const WORDS_PER_SECOND = createVoiceEngine(undefined).getVoice(DEFAULT_PROJECT_SETTINGS.voice_id)?.wordsPerSecond ?? 0
const SENTENCE = 'The old keeper climbs the stairs to light the lamp.' // ten words
const scriptOf = (words: number) =>
  Array.from({ length: Math.ceil(words / 10) }, () => SENTENCE)
    .join(' ')
    .split(' ')
    .slice(0, words)
    .join(' ')
    .replace(/[^.]$/, (last) => `${last}.`)

for (const { name, url } of TEST_DRIVERS) {
  describe(`the script writer through /api/v1/projects on ${name}`, () => {
    let t: TestApp
    let headers: { authorization: string }

    const post = (text: string, kind: 'prompt' | 'script', settings: Partial<ProjectSettings> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers,
        payload: { source: { kind, text }, settings: { ...DEFAULT_PROJECT_SETTINGS, ...settings } },
      })

    /** The storyboard written again from the project's source, after its target length is changed. */
    const redraftAt = async (project: Project, targetSeconds: number) => {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/projects/${project.id}`,
        headers,
        payload: { settings: { ...project.settings, target_seconds: targetSeconds } },
      })
      return t.app.inject({ method: 'POST', url: `/api/v1/projects/${project.id}/storyboard`, headers })
    }

    beforeAll(async () => {
      t = await createTestApp({ databaseUrl: url, env: { STUDIO_RATE_LIMIT_PER_MINUTE: '100000' } })
      headers = t.auth((await t.createUser()).access_token)
    })
    afterAll(() => t.close())

    it('says the offline writer drafts, and drafts a prompt to its target length', async () => {
      const config = PublicConfigSchema.parse((await t.app.inject({ url: '/api/v1/config' })).json())
      expect(config.studio.script_writer).toBe('offline')
      expect(config.studio.hosted_images).toBe(false)
      const response = await post('A 45 second ad for our family bakery in Lisbon', 'prompt', { target_seconds: 45 })
      expect(response.statusCode, response.body).toBe(201)
      const project = ProjectSchema.parse(response.json())
      expect(project).toMatchObject({ script_engine: 'local-writer', script_writer: 'offline' })
      expect(project.title).toBe('Our Family Bakery in Lisbon')
      expect(project.duration_seconds).toBeGreaterThanOrEqual(45 * 0.9)
      expect(project.duration_seconds).toBeLessThanOrEqual(45 * 1.1)
      expect(project.scenes[0]?.narration).toMatch(/^Welcome to our family bakery in Lisbon\./)
    })

    it('keeps a script longer than its target at its natural length, up to 1.5 times the words that fit', async () => {
      const fit = Math.floor(20 * WORDS_PER_SECOND)
      const words = Math.floor(fit * 1.4)
      const response = await post(scriptOf(words), 'script', { target_seconds: 20 })
      expect(response.statusCode, response.body).toBe(201)
      const project = ProjectSchema.parse(response.json())
      expect(project.duration_seconds).toBeGreaterThan(20)
      expect(project.scenes.map((scene) => scene.narration).join(' ')).toBe(scriptOf(words))
    })

    it('refuses at creation a script that needs more than 1.5 times the words its target holds', async () => {
      const fit = Math.floor(20 * WORDS_PER_SECOND)
      const words = Math.floor(fit * 1.5) + 5
      const response = await post(scriptOf(words), 'script', { target_seconds: 20 })
      expect(response.statusCode).toBe(422)
      const error = ApiErrorSchema.parse(response.json())
      expect(error.code).toBe('SCRIPT_TOO_LONG')
      expect(error.message).toContain(`This script has ${words} words`)
      expect(error.message).toContain(`a 20 s video fits about ${fit}`)
      expect(error.message).toContain(`${Math.floor(fit * 1.5)} words (1.5 times that)`)
    })

    it('refuses at creation a 1,000-word script, whatever its target, naming the 90 s limit', async () => {
      const response = await post(scriptOf(1000), 'script', { target_seconds: 90 })
      expect(response.statusCode).toBe(422)
      const error = ApiErrorSchema.parse(response.json())
      expect(error).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity', code: 'SCRIPT_TOO_LONG' })
      expect(error.message).toContain('This script has 1,000 words')
      expect(error.message).toContain(
        `a video lasts at most 90 s, which fits about ${Math.floor(90 * WORDS_PER_SECOND)} words`,
      )
      const list = await t.app.inject({ url: '/api/v1/projects', headers })
      expect(JSON.stringify(list.json())).not.toContain('old keeper climbs')
    })

    it('refuses to redraft a script that no longer fits a shorter target', async () => {
      const words = Math.floor(60 * WORDS_PER_SECOND * 0.8)
      const created = await post(scriptOf(words), 'script', { target_seconds: 60 })
      const redraft = await redraftAt(ProjectSchema.parse(created.json()), 15)
      expect(redraft.statusCode).toBe(422)
      expect(ApiErrorSchema.parse(redraft.json()).code).toBe('SCRIPT_TOO_LONG')
    })

    it('answers a prompt of one long word with 422 SOURCE_UNUSABLE in the one error shape, and keeps nothing', async () => {
      for (const length of [350, 6000]) {
        const response = await post('a'.repeat(length), 'prompt')
        expect(response.statusCode, response.body).toBe(422)
        const error = ApiErrorSchema.parse(response.json())
        expect(error).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity', code: 'SOURCE_UNUSABLE' })
        expect(error.message).toContain(`a word of ${length.toLocaleString('en')} characters`)
      }
      const list = await t.app.inject({ url: '/api/v1/projects', headers })
      expect(list.body).not.toContain('aaaaaaaaaa')
    })

    it('refuses to redraft a script whose long words no longer fit a shorter target, counting their letters', async () => {
      const script = `${Array.from({ length: 6 }, () => 'b'.repeat(65)).join(' ')}.`
      const created = await post(script, 'script', { target_seconds: 90 })
      expect(created.statusCode, created.body).toBe(201)
      const project = ProjectSchema.parse(created.json())
      expect(
        project.scenes
          .map((scene) => scene.narration)
          .join('')
          .replace(/\s+/g, ''),
      ).toBe(script.replace(/\s+/g, ''))
      const redraft = await redraftAt(project, 15)
      expect(redraft.statusCode, redraft.body).toBe(422)
      const error = ApiErrorSchema.parse(redraft.json())
      expect(error.code).toBe('SCRIPT_TOO_LONG')
      expect(error.message).toContain('This script has 6 words, long enough to take as long to say as 65')
    })

    it('refuses to render or preview a scene that still holds a prompt for your own words, naming it', async () => {
      const user = t.auth((await t.createUser()).access_token)
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers: user,
        payload: { source: { kind: 'prompt', text: 'How solar panels work' }, settings: DEFAULT_PROJECT_SETTINGS },
      })
      const project = ProjectSchema.parse(created.json())
      const awaiting = getScenesAwaitingWords(project.scenes)
      expect(awaiting.length).toBeGreaterThan(0)
      const first = awaiting[0] ?? 0

      const render = await t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${project.id}/renders`,
        headers: user,
        payload: {},
      })
      expect(render.statusCode).toBe(422)
      const error = ApiErrorSchema.parse(render.json())
      expect(error.code).toBe('STORYBOARD_INVALID')
      const lines = Array.isArray(error.message) ? error.message : [error.message]
      expect(lines).toHaveLength(awaiting.length)
      awaiting.forEach((number, index) =>
        expect(lines[index]).toContain(`Scene ${number} still holds a prompt for your own words`),
      )

      const sceneId = project.scenes[first - 1]?.id ?? ''
      const preview = await t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${project.id}/scenes/${sceneId}/preview`,
        headers: user,
      })
      expect(preview.statusCode).toBe(422)
      expect(JSON.stringify(preview.json())).toContain(`Scene ${first} still holds a prompt for your own words`)

      // Once the user's own words are in, the render is taken.
      const scenes = project.scenes.map((scene) =>
        getScenesAwaitingWords([scene]).length > 0
          ? { ...scene, narration: 'Panels on the roof turn light into power for the house.' }
          : scene,
      )
      const saved = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/projects/${project.id}`,
        headers: user,
        payload: { scenes },
      })
      expect(saved.statusCode, saved.body).toBe(200)
      const accepted = await t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${project.id}/renders`,
        headers: user,
        payload: {},
      })
      expect(accepted.statusCode, accepted.body).toBe(202)
    })
  })
}

describe('the script writer with SCRIPT_API_URL set', () => {
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

  it('says a hosted writer drafts, in the config and on each project', async () => {
    const config = PublicConfigSchema.parse((await t.app.inject({ url: '/api/v1/config' })).json())
    expect(config.studio.script_writer).toBe('hosted')
    const headers = t.auth((await t.createUser()).access_token)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: { source: { kind: 'prompt', text: 'How solar panels work' }, settings: DEFAULT_PROJECT_SETTINGS },
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(ProjectSchema.parse(response.json())).toMatchObject({ script_writer: 'hosted' })
  })
})
