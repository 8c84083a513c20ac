import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import {
  DEFAULT_PROJECT_SETTINGS,
  getScenesAwaitingWords,
  OWN_WORDS_PROMPT,
  ProjectSchema,
  type Project,
} from '@storyreel/contracts/studio'
import { TemplateListSchema, TemplateSchema } from '@storyreel/contracts/templates'

import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

const SCENES = [
  { narration: 'Fresh bread every morning at six.', visual: 'A bakery shop front at dawn', duration: 4 },
  { narration: 'Every loaf is shaped by hand.', visual: 'Hands shaping dough on a floured table', duration: 5 },
  { narration: 'Our sourdough rests for two days.', visual: 'Loaves rising in baskets', duration: 3.5 },
  { narration: 'Try our cinnamon buns on Sundays.', visual: 'Cinnamon buns on a tray', duration: 6 },
  { narration: 'Come by and taste the difference.', visual: 'A smiling baker at the counter', duration: 4.5 },
]

describe('/api/v1/templates', () => {
  let t: TestApp
  let headers: { authorization: string }
  let project: Project

  const post = (url: string, payload: object, as = headers) =>
    t.app.inject({ method: 'POST', url, headers: as, payload })

  beforeAll(async () => {
    t = await createTestApp({ env: { STUDIO_RATE_LIMIT_PER_MINUTE: '100000' } })
    headers = t.auth((await t.createUser()).access_token)
    const created = await post('/api/v1/projects', {
      title: 'The bakery',
      source: { kind: 'script', text: SCENES.map((scene) => scene.narration).join(' ') },
      settings: { ...DEFAULT_PROJECT_SETTINGS, style: 'watercolor', aspect_ratio: '1:1', target_seconds: 23 },
    })
    expect(created.statusCode, created.body).toBe(201)
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${ProjectSchema.parse(created.json()).id}`,
      headers,
      payload: { scenes: SCENES },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    project = ProjectSchema.parse(patched.json())
  })
  afterAll(() => t.close())

  it('lists eight built-in templates, each a structure whose scenes ask for the owner’s words', async () => {
    const response = await t.app.inject({ url: '/api/v1/templates', headers })
    expect(response.statusCode, response.body).toBe(200)
    const list = TemplateListSchema.parse(response.json())
    const builtin = list.templates.filter((template) => template.kind === 'builtin')
    expect(builtin.map((template) => template.name)).toEqual([
      '15 s product ad',
      '30 s shop promo',
      'Real-estate listing',
      'Recipe',
      'Event announcement',
      '9:16 story',
      '60 s explainer',
      'Customer quote',
    ])
    expect(list.own).toEqual({ count: 0, limit: 3 })
    for (const template of builtin) {
      const seconds = template.scenes.reduce((sum, scene) => sum + scene.duration, 0)
      expect(seconds, template.name).toBe(template.settings.target_seconds)
      expect(getScenesAwaitingWords(template.scenes)).toHaveLength(template.scenes.length)
      expect(template.still_url).toBe(`/api/v1/templates/${template.id}/still`)
    }
    expect(builtin.find((template) => template.name === '9:16 story')?.settings.aspect_ratio).toBe('9:16')
    expect(builtin.find((template) => template.name === '60 s explainer')?.settings.target_seconds).toBe(60)
  })

  it('draws each built-in template’s still once, in its frame’s shape, for anyone', async () => {
    const response = await t.app.inject({ url: '/api/v1/templates/builtin-real-estate-listing/still' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('image/webp')
    expect(response.headers['cache-control']).toMatch(/public/u)
    const { width = 0, height = 0, format } = await sharp(response.rawPayload).metadata()
    expect(format).toBe('webp')
    expect(width / height).toBeCloseTo(16 / 9, 1)
    // Kept: asked again, the same bytes.
    const again = await t.app.inject({ url: '/api/v1/templates/builtin-real-estate-listing/still' })
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true)
    expect((await t.app.inject({ url: '/api/v1/templates/builtin-nothing/still' })).statusCode).toBe(404)
    expect((await t.app.inject({ url: `/api/v1/templates/${project.id}/still` })).statusCode).toBe(404)
  })

  it('saves a project of 5 scenes without its words, and a new project from it has 5 scenes of its lengths', async () => {
    const saved = await post('/api/v1/templates', { project_id: project.id, name: 'Bakery week', with_words: false })
    expect(saved.statusCode, saved.body).toBe(201)
    const template = TemplateSchema.parse(saved.json())
    expect(template).toMatchObject({ kind: 'own', name: 'Bakery week', with_words: false, still_url: null })
    expect(template.settings).toMatchObject({ style: 'watercolor', aspect_ratio: '1:1' })
    expect(template.scenes.map((scene) => scene.duration)).toEqual(SCENES.map((scene) => scene.duration))
    expect(template.scenes.map((scene) => scene.visual)).toEqual(SCENES.map((scene) => scene.visual))
    for (const scene of template.scenes) {
      expect(scene.narration).toMatch(OWN_WORDS_PROMPT)
      expect(scene.narration).not.toMatch(/bread|loaf|sourdough/u)
    }
    // Each placeholder says what belongs there: the scene's picture, and about as many words as it had.
    expect(template.scenes[1]?.narration).toBe(
      '[In your own words, about 6 words: what this scene says over “Hands shaping dough on a floured table”]',
    )

    const started = await post(`/api/v1/templates/${template.id}/projects`, { title: 'Bakery, week 2' })
    expect(started.statusCode, started.body).toBe(201)
    const fromTemplate = ProjectSchema.parse(started.json())
    expect(fromTemplate.title).toBe('Bakery, week 2')
    expect(fromTemplate.scenes).toHaveLength(5)
    expect(fromTemplate.scenes.map((scene) => scene.duration)).toEqual(SCENES.map((scene) => scene.duration))
    expect(fromTemplate.settings).toMatchObject({ style: 'watercolor', aspect_ratio: '1:1' })
    // Its placeholders hold the render back until each is replaced, as the offline writer's prompts do.
    const render = await post(`/api/v1/projects/${fromTemplate.id}/renders`, {})
    expect(render.statusCode).toBe(422)
    expect(JSON.stringify(render.json())).toMatch(/own words/iu)
  })

  it('keeps the words when asked, and starts from a built-in template with the create form’s settings', async () => {
    const saved = TemplateSchema.parse(
      (await post('/api/v1/templates', { project_id: project.id, name: 'Bakery, as is', with_words: true })).json(),
    )
    expect(saved.scenes.map((scene) => scene.narration)).toEqual(SCENES.map((scene) => scene.narration))

    const started = await post('/api/v1/templates/builtin-product-ad-15/projects', {
      settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 15, style: 'anime', voice_id: undefined },
    })
    expect(started.statusCode, started.body).toBe(201)
    const ad = ProjectSchema.parse(started.json())
    expect(ad.title).toBe('15 s product ad')
    expect(ad.settings).toMatchObject({ style: 'anime', language: 'en', voice_id: DEFAULT_PROJECT_SETTINGS.voice_id })
    expect(ad.scenes.map((scene) => scene.duration)).toEqual([3, 4, 4, 4])
    expect(getScenesAwaitingWords(ad.scenes)).toEqual([1, 2, 3, 4])
  })

  it('keeps three of its own on the free plan, and says how to make room', async () => {
    const third = await post('/api/v1/templates', { project_id: project.id, name: 'Third', with_words: false })
    expect(third.statusCode).toBe(201)
    const fourth = await post('/api/v1/templates', { project_id: project.id, name: 'Fourth', with_words: false })
    expect(fourth.statusCode).toBe(403)
    const error = ApiErrorSchema.parse(fourth.json())
    expect(error.code).toBe('TEMPLATE_LIMIT_REACHED')
    expect(error.message).toMatch(/3 templates.*Delete one/u)
    const list = TemplateListSchema.parse((await t.app.inject({ url: '/api/v1/templates', headers })).json())
    expect(list.own).toEqual({ count: 3, limit: 3 })
  })

  it('renames and deletes its own, never a built-in one or another account’s', async () => {
    const list = TemplateListSchema.parse((await t.app.inject({ url: '/api/v1/templates', headers })).json())
    const own = list.templates.find((template) => template.name === 'Third')
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/templates/${own?.id ?? ''}`,
      headers,
      payload: { name: '  Sunday special  ' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(TemplateSchema.parse(renamed.json()).name).toBe('Sunday special')

    const builtin = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/templates/builtin-recipe',
      headers,
      payload: { name: 'Mine now' },
    })
    expect(builtin.statusCode).toBe(403)
    expect(ApiErrorSchema.parse(builtin.json()).code).toBe('TEMPLATE_BUILT_IN')
    const deleteBuiltin = await t.app.inject({ method: 'DELETE', url: '/api/v1/templates/builtin-recipe', headers })
    expect(deleteBuiltin.statusCode).toBe(403)

    const stranger = t.auth((await t.createUser()).access_token)
    expect((await t.app.inject({ url: `/api/v1/templates/${own?.id ?? ''}`, headers: stranger })).statusCode).toBe(404)
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/templates/${own?.id ?? ''}`,
      headers: stranger,
    })
    expect(theirs.statusCode).toBe(404)
    const started = await post(`/api/v1/templates/${own?.id ?? ''}/projects`, {}, stranger)
    expect(started.statusCode).toBe(404)

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/templates/${own?.id ?? ''}`, headers })
    expect(deleted.statusCode).toBe(204)
    expect((await t.app.inject({ url: `/api/v1/templates/${own?.id ?? ''}`, headers })).statusCode).toBe(404)
  })

  it('answers only signed-in, confirmed accounts, and refuses a project that is not theirs', async () => {
    expect((await t.app.inject({ url: '/api/v1/templates' })).statusCode).toBe(401)
    const stranger = t.auth((await t.createUser()).access_token)
    const response = await post(
      '/api/v1/templates',
      { project_id: project.id, name: 'Theirs', with_words: true },
      stranger,
    )
    expect(response.statusCode).toBe(404)
    expect(ApiErrorSchema.parse(response.json()).code).toBe('PROJECT_NOT_FOUND')
  })
})
