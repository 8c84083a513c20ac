import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CreatedApiKeySchema, type ApiKeyScope } from '@storyreel/contracts/api-keys'
import { ProjectSchema, RenderJobSchema } from '@storyreel/contracts/studio'
import { CreatedVideoSchema } from '@storyreel/contracts/videos'
import { eq } from '@storyreel/db/operators'
import { idempotencyKeys, projects, renderJobs, sessions, users } from '@storyreel/db/schema'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { createAccessToken } from '#src/modules/auth/token.ts'
import { expectApiError } from '#src/testing/api-error.ts'
import { createTestApp, uniqueEmail, type TestApp } from '#src/testing/test-app.ts'

const DAY_MS = 24 * 3600_000
const SCRIPT =
  'The lighthouse keeper climbs the spiral stairs at dusk. ' +
  'Waves crash against the black rocks below, throwing white spray into the wind. ' +
  'He lights the great lamp, and its beam sweeps across the stormy sea. ' +
  'Far away, a small fishing boat turns toward the light and heads for home.'
const PROMPT = 'a short story about a lighthouse keeper who guides a small fishing boat home through a storm'
/** One short paragraph for each of the four scenes of the built-in 15 s product ad. */
const AD_SCRIPT =
  'Tired every morning?\n\nMeet Brewly, fresh coffee.\n\nIt grinds each cup fresh.\n\nOrder yours today.'

type Account = { id: string; headers: { authorization: string } }

for (const { name, url } of TEST_DRIVERS) {
  describe(`POST /api/v1/videos on ${name}`, () => {
    let t: TestApp

    /** A confirmed account and a session for it, written straight to the database. */
    async function createAccount(plan: 'free' | 'paid' = 'paid'): Promise<Account> {
      const [user] = await t.db.db
        .insert(users)
        .values({ email: uniqueEmail('videos'), confirmed: true, plan })
        .returning()
      if (!user) throw new Error('no user')
      const { token, tokenHash } = createAccessToken()
      await t.db.db
        .insert(sessions)
        .values({ userId: user.id, tokenHash, kind: 'user', expiresAt: new Date(Date.now() + DAY_MS) })
      return { id: user.id, headers: { authorization: `Bearer ${token}` } }
    }

    async function createKey(account: Account, scopes: ApiKeyScope[]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: account.headers,
        payload: { name: 'Zapier', scopes },
      })
      expect(response.statusCode, response.body).toBe(201)
      return { authorization: `Bearer ${CreatedApiKeySchema.parse(response.json()).secret}` }
    }

    const postVideo = (headers: Record<string, string>, payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/v1/videos', headers, payload: payload as Record<string, unknown> })

    const countOf = async (account: Account) => ({
      projects: (await t.db.db.select().from(projects).where(eq(projects.userId, account.id))).length,
      renders: (await t.db.db.select().from(renderJobs).where(eq(renderJobs.userId, account.id))).length,
    })

    beforeAll(async () => {
      // RENDER_WORKERS is 0 in test apps: a queued render stays queued.
      t = await createTestApp({
        databaseUrl: url,
        env: { STUDIO_RATE_LIMIT_PER_MINUTE: '100000', API_KEY_RATE_LIMIT_PER_MINUTE: '100000' },
      })
    })
    afterAll(() => t.close())

    it('drafts a prompt and queues its render for a key with both scopes', async () => {
      const account = await createAccount()
      const key = await createKey(account, ['projects:write', 'renders:write'])
      const response = await postVideo(key, { prompt: PROMPT, title: 'The keeper' })
      expect(response.statusCode, response.body).toBe(202)
      const video = CreatedVideoSchema.parse(response.json())
      expect(video.status_url).toBe(`/api/v1/projects/${video.project_id}/renders/${video.render_id}`)
      const render = RenderJobSchema.parse(
        (await t.app.inject({ url: video.status_url, headers: account.headers })).json(),
      )
      expect(render).toMatchObject({ id: video.render_id, project_id: video.project_id, status: 'queued' })
      const project = ProjectSchema.parse(
        (await t.app.inject({ url: `/api/v1/projects/${video.project_id}`, headers: account.headers })).json(),
      )
      expect(project).toMatchObject({ title: 'The keeper', status: 'queued' })
      expect(project.source.kind).toBe('prompt')
      expect(project.settings.brand).toEqual({
        logo: true,
        colours: true,
        font: true,
        opening_card: true,
        closing_card: true,
      })
    })

    it('splits a script, with the settings and brand choice sent, for a session too', async () => {
      const account = await createAccount()
      const brand = { logo: false, colours: true, font: true, opening_card: false, closing_card: false }
      const response = await postVideo(account.headers, {
        script: SCRIPT,
        settings: { aspect_ratio: '16:9', style: 'anime' },
        brand,
      })
      expect(response.statusCode, response.body).toBe(202)
      const video = CreatedVideoSchema.parse(response.json())
      const project = ProjectSchema.parse(
        (await t.app.inject({ url: `/api/v1/projects/${video.project_id}`, headers: account.headers })).json(),
      )
      expect(project.settings).toMatchObject({ aspect_ratio: '16:9', style: 'anime', brand })
      expect(project.scenes.map((scene) => scene.narration).join(' ')).toContain('heads for home')
      expect(await countOf(account)).toEqual({ projects: 1, renders: 1 })
    })

    it("lays a script's paragraphs into a built-in template's scenes", async () => {
      const account = await createAccount()
      const response = await postVideo(account.headers, { script: AD_SCRIPT, template_id: 'builtin-product-ad-15' })
      expect(response.statusCode, response.body).toBe(202)
      const video = CreatedVideoSchema.parse(response.json())
      const project = ProjectSchema.parse(
        (await t.app.inject({ url: `/api/v1/projects/${video.project_id}`, headers: account.headers })).json(),
      )
      expect(project.scenes.map((scene) => scene.narration)).toEqual(AD_SCRIPT.split('\n\n'))
      expect(project.scenes.map((scene) => scene.duration)).toEqual([3, 4, 4, 4])
      expect(project.settings).toMatchObject({ voice_id: 'en-us-jenna', music_id: 'sunlit-rooftop' })
    })

    it('keeps a template draft with placeholders left, renders nothing and names the project', async () => {
      const account = await createAccount()
      const response = await postVideo(account.headers, {
        script: 'Tired every morning?',
        template_id: 'builtin-product-ad-15',
      })
      const error = expectApiError(response, 422, 'STORYBOARD_INVALID')
      const [project] = await t.db.db.select().from(projects).where(eq(projects.userId, account.id))
      expect(project?.status).toBe('draft')
      expect(String(error.message)).toContain(`project ${project?.id}`)
      expect(await countOf(account)).toEqual({ projects: 1, renders: 0 })
      expectApiError(
        await postVideo(account.headers, { script: `${AD_SCRIPT}\n\nOne more.`, template_id: 'builtin-product-ad-15' }),
        422,
        'SCRIPT_DOES_NOT_FIT_TEMPLATE',
      )
      expectApiError(
        await postVideo(account.headers, { script: SCRIPT, template_id: 'builtin-no-such' }),
        404,
        'TEMPLATE_NOT_FOUND',
      )
    })

    it('refuses a key without renders:write, naming it', async () => {
      const account = await createAccount()
      const key = await createKey(account, ['projects:write'])
      const error = expectApiError(await postVideo(key, { prompt: PROMPT }), 403, 'API_KEY_SCOPE')
      expect(error.message).toContain('renders:write')
      expect(error.message).not.toContain('projects:write')
      expect(await countOf(account)).toEqual({ projects: 0, renders: 0 })
    })

    it('makes one project and one render from 20 concurrent calls with one Idempotency-Key', async () => {
      const account = await createAccount()
      const headers = { ...account.headers, 'idempotency-key': 'order-4711' }
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => postVideo(headers, { script: SCRIPT, title: 'Once' })),
      )
      for (const response of responses) expect(response.statusCode, response.body).toBe(202)
      expect(new Set(responses.map((response) => response.body)).size).toBe(1)
      expect(await countOf(account)).toEqual({ projects: 1, renders: 1 })
    })

    it('answers a retry with the first answer, and the key with another body with 422', async () => {
      const account = await createAccount()
      const headers = { ...account.headers, 'idempotency-key': 'retry me: 1' }
      const first = await postVideo(headers, { script: SCRIPT })
      expect(first.statusCode, first.body).toBe(202)
      // The same body with its keys in another order is the same request.
      const again = await postVideo(headers, { script: SCRIPT })
      expect(again.statusCode).toBe(202)
      expect(again.body).toBe(first.body)
      expectApiError(await postVideo(headers, { script: `${SCRIPT} The end.` }), 422, 'IDEMPOTENCY_KEY_REUSED')
      expect(await countOf(account)).toEqual({ projects: 1, renders: 1 })

      const other = await createAccount()
      const theirs = await postVideo({ ...other.headers, 'idempotency-key': 'retry me: 1' }, { script: SCRIPT })
      expect(theirs.statusCode, theirs.body).toBe(202)
      expect(CreatedVideoSchema.parse(theirs.json()).project_id).not.toBe(
        CreatedVideoSchema.parse(first.json()).project_id,
      )
      expect(await countOf(other)).toEqual({ projects: 1, renders: 1 })
    })

    it('stores a final refusal as the answer: the retry gets the same 422, no second project', async () => {
      const account = await createAccount()
      const headers = { ...account.headers, 'idempotency-key': 'template-draft' }
      const body = { script: 'Tired every morning?', template_id: 'builtin-product-ad-15' }
      const first = await postVideo(headers, body)
      expectApiError(first, 422, 'STORYBOARD_INVALID')
      const again = await postVideo(headers, body)
      expect(again.statusCode).toBe(422)
      expect(again.body).toBe(first.body)
      expect(await countOf(account)).toEqual({ projects: 1, renders: 0 })
    })

    it("refuses a call past the day's renders before making anything, and frees its key", async () => {
      const account = await createAccount('free')
      for (let render = 0; render < 3; render += 1) {
        const response = await postVideo(account.headers, { script: SCRIPT })
        expect(response.statusCode, response.body).toBe(202)
      }
      const headers = { ...account.headers, 'idempotency-key': 'over-the-limit' }
      expectApiError(await postVideo(headers, { script: SCRIPT }), 429, 'RENDER_LIMIT_REACHED')
      expectApiError(
        await postVideo(account.headers, { script: SCRIPT, resolution: '1080p' }),
        403,
        'RESOLUTION_NOT_IN_PLAN',
      )
      expect(await countOf(account)).toEqual({ projects: 3, renders: 3 })
      expect(await t.db.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, account.id))).toEqual([])
    })

    it('is described in the OpenAPI document with its header, body and answer', async () => {
      const document = (await t.app.inject('/api/docs/openapi.json')).json<{
        paths: Record<string, Record<string, Record<string, unknown>>>
      }>()
      const operation = document.paths['/api/v1/videos']?.post
      expect(operation?.parameters).toEqual([
        expect.objectContaining({ name: 'idempotency-key', in: 'header', required: false }),
      ])
      expect(operation?.requestBody).toBeDefined()
      expect(Object.keys(operation?.responses ?? {})).toEqual(['202', 'default'])
      expect(operation?.['x-api-key-scope']).toEqual(['projects:write', 'renders:write'])
    })

    it('refuses bad bodies and keys with 400 in the one error shape', async () => {
      const account = await createAccount()
      const bad = [
        { prompt: PROMPT, script: SCRIPT },
        {},
        { title: 'Only a title' },
        { script: 'x'.repeat(6001) },
        { prompt: PROMPT, template_id: 'builtin-product-ad-15' },
        { script: 'Nul \u0000 inside' },
        { script: SCRIPT, settings: { target_seconds: 5 } },
        { script: SCRIPT, extra: true },
      ]
      for (const payload of bad) expectApiError(await postVideo(account.headers, payload), 400, 'VALIDATION_FAILED')
      for (const key of ['k'.repeat(256), 'tab\there']) {
        expectApiError(
          await postVideo({ ...account.headers, 'idempotency-key': key }, { script: SCRIPT }),
          400,
          'VALIDATION_FAILED',
        )
      }
      expect(await countOf(account)).toEqual({ projects: 0, renders: 0 })
    })
  })
}
