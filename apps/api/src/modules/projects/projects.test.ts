import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import {
  DEFAULT_PROJECT_SETTINGS,
  ProjectListSchema,
  ProjectSchema,
  RenderJobSchema,
  SavedProjectSchema,
  UsageSchema,
  VoiceListSchema,
  type Project,
} from '@storyreel/contracts/studio'
import { eq } from '@storyreel/db/operators'
import { renderJobs } from '@storyreel/db/schema'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { createTestApp, uniqueEmail, GOOD_PASSWORD, type TestApp } from '#src/testing/test-app.ts'

const SCRIPT =
  'The lighthouse keeper climbs the spiral stairs at dusk. ' +
  'Waves crash against the black rocks below, throwing white spray into the wind. ' +
  'He lights the great lamp, and its beam sweeps across the stormy sea. ' +
  'Far away, a small fishing boat turns toward the light and heads for home.'

for (const { name, url } of TEST_DRIVERS) {
  describe(`/api/v1/projects on ${name}`, () => {
    let t: TestApp
    let headers: { authorization: string }
    let otherHeaders: { authorization: string }

    const createProject = async (overrides: Record<string, unknown> = {}) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers,
        payload: { source: { kind: 'script', text: SCRIPT }, settings: DEFAULT_PROJECT_SETTINGS, ...overrides },
      })
      expect(response.statusCode, response.body).toBe(201)
      return ProjectSchema.parse(response.json())
    }

    beforeAll(async () => {
      // No render worker: queued renders stay queued, which is what the limit checks need.
      t = await createTestApp({ databaseUrl: url, env: { STUDIO_RATE_LIMIT_PER_MINUTE: '100000' } })
      headers = t.auth((await t.createUser()).access_token)
      otherHeaders = t.auth((await t.createUser()).access_token)
    })
    afterAll(() => t.close())

    it('turns a script into a storyboard of scenes drawn from its sentences', async () => {
      const project = await createProject()
      expect(project.status).toBe('draft')
      expect(project).toMatchObject({ script_engine: 'local-writer', script_writer: 'offline' })
      expect(project.scenes.length).toBeGreaterThanOrEqual(2)
      const narration = project.scenes.map((scene) => scene.narration).join(' ')
      expect(narration).toContain('lighthouse keeper')
      expect(narration).toContain('heads for home')
      for (const scene of project.scenes) {
        expect(scene.visual.length).toBeGreaterThan(10)
        expect(scene.duration).toBeGreaterThanOrEqual(2)
        expect(scene.duration).toBeLessThanOrEqual(15)
      }
      expect(project.latest_render).toBeNull()
    })

    it("lengthens a short script's scenes to the 15-second minimum, in proportion", async () => {
      const project = await createProject({ source: { kind: 'script', text: 'A cat sleeps. The sun rises.' } })
      const total = project.scenes.reduce((sum, scene) => sum + scene.duration, 0)
      expect(total).toBeGreaterThanOrEqual(15)
      expect(total).toBeLessThan(16)
    })

    it('saves an edited storyboard in the order sent, keeping seeds and giving new scenes ids', async () => {
      const project = await createProject()
      const [first, second] = project.scenes as [Project['scenes'][0], Project['scenes'][0]]
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/projects/${project.id}`,
        headers,
        payload: {
          title: 'Storm night',
          scenes: [
            { ...second, narration: 'A new first line.' },
            { narration: 'A brand new scene.', visual: 'A lantern on a wooden table', duration: 4 },
            first,
          ],
        },
      })
      expect(response.statusCode, response.body).toBe(200)
      const saved = ProjectSchema.parse(response.json())
      expect(saved.title).toBe('Storm night')
      expect(saved.scenes.map((scene) => scene.id).slice(0, 1)).toEqual([second.id])
      expect(saved.scenes[0]?.seed).toBe(second.seed)
      expect(saved.scenes[0]?.narration).toBe('A new first line.')
      expect(saved.scenes[1]?.id).not.toBe(first.id)
      expect(saved.scenes[2]).toEqual(first)
    })

    it('re-rolls one scene to a new seed and leaves the others alone', async () => {
      const project = await createProject()
      const target = project.scenes[1]
      if (!target) throw new Error('expected two scenes')
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${project.id}/scenes/${target.id}/reroll`,
        headers,
      })
      const rerolled = ProjectSchema.parse(response.json())
      expect(rerolled.scenes[1]?.seed).not.toBe(target.seed)
      expect(rerolled.scenes[0]).toEqual(project.scenes[0])
    })

    it('lists, duplicates and deletes projects', async () => {
      const project = await createProject({ title: 'To copy' })
      const copy = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${project.id}/duplicate`, headers })
      expect(copy.statusCode).toBe(201)
      const duplicate = ProjectSchema.parse(copy.json())
      expect(duplicate.title).toBe('To copy (copy)')
      expect(duplicate.scenes.map((scene) => scene.narration)).toEqual(project.scenes.map((scene) => scene.narration))
      const list = ProjectListSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/v1/projects', headers })).json(),
      )
      expect(list.projects[0]?.id).toBe(duplicate.id)
      expect(list.projects.some((item) => item.id === project.id)).toBe(true)

      const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/projects/${project.id}`, headers })
      expect(removed.statusCode).toBe(204)
      const gone = await t.app.inject({ method: 'GET', url: `/api/v1/projects/${project.id}`, headers })
      expect(gone.statusCode).toBe(404)
      expect(ApiErrorSchema.parse(gone.json()).code).toBe('PROJECT_NOT_FOUND')
    })

    it("answers 404 for another user's project, whatever the call", async () => {
      const project = await createProject()
      const scene = project.scenes[0]?.id ?? ''
      const calls = [
        { method: 'GET', url: `/api/v1/projects/${project.id}` },
        { method: 'PATCH', url: `/api/v1/projects/${project.id}`, payload: { title: 'Mine now' } },
        { method: 'DELETE', url: `/api/v1/projects/${project.id}` },
        { method: 'POST', url: `/api/v1/projects/${project.id}/duplicate` },
        { method: 'POST', url: `/api/v1/projects/${project.id}/scenes/${scene}/reroll` },
        { method: 'GET', url: `/api/v1/projects/${project.id}/scenes/${scene}/thumbnail` },
        { method: 'POST', url: `/api/v1/projects/${project.id}/renders`, payload: {} },
      ] as const
      for (const call of calls) {
        const response = await t.app.inject({ ...call, headers: otherHeaders })
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(404)
      }
      const still = ProjectSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/v1/projects/${project.id}`, headers })).json(),
      )
      expect(still.title).toBe(project.title)
    })

    it('refuses bad input with a 4xx in the one error shape and keeps the project as it was', async () => {
      const project = await createProject()
      const cases = [
        { payload: { scenes: [{ narration: 'x', visual: '', duration: 4 }] }, status: 400 },
        { payload: { scenes: [{ narration: 'x', visual: 'a cat', duration: 99 }] }, status: 400 },
        { payload: { settings: { ...DEFAULT_PROJECT_SETTINGS, aspect_ratio: '4:3' } }, status: 400 },
        { payload: { settings: { ...DEFAULT_PROJECT_SETTINGS, voice_id: 'no-such-voice' } }, status: 404 },
        { payload: { settings: { ...DEFAULT_PROJECT_SETTINGS, music_id: 'no-such-track' } }, status: 404 },
        { payload: {}, status: 400 },
      ]
      for (const { payload, status } of cases) {
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/projects/${project.id}`,
          headers,
          payload,
        })
        expect(response.statusCode, JSON.stringify(payload)).toBe(status)
        ApiErrorSchema.parse(response.json())
      }
      const after = ProjectSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/v1/projects/${project.id}`, headers })).json(),
      )
      expect(after).toEqual(project)
    })

    it('asks an unconfirmed account to confirm its e-mail first', async () => {
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: uniqueEmail('unconfirmed'), password: GOOD_PASSWORD },
      })
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/projects',
        headers: t.auth(registered.json<{ access_token: string }>().access_token),
      })
      expect(response.statusCode).toBe(403)
      expect(ApiErrorSchema.parse(response.json()).code).toBe('ACCOUNT_NOT_CONFIRMED')
    })

    it('enforces the free plan: 720p only, one render per project at a time, three a day', async () => {
      const user = t.auth((await t.createUser()).access_token)
      const make = async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/projects',
          headers: user,
          payload: { source: { kind: 'script', text: SCRIPT }, settings: DEFAULT_PROJECT_SETTINGS },
        })
        return ProjectSchema.parse(response.json())
      }
      const render = (id: string, resolution = '720p') =>
        t.app.inject({ method: 'POST', url: `/api/v1/projects/${id}/renders`, headers: user, payload: { resolution } })

      const first = await make()
      const hd = await render(first.id, '1080p')
      expect(hd.statusCode).toBe(403)
      expect(ApiErrorSchema.parse(hd.json()).code).toBe('RESOLUTION_NOT_IN_PLAN')

      const queued = await render(first.id)
      expect(queued.statusCode, queued.body).toBe(202)
      const job = RenderJobSchema.parse(queued.json())
      expect(job).toMatchObject({ status: 'queued', stage: 'queued', progress: 0, resolution: '720p' })
      const again = await render(first.id)
      expect(again.statusCode).toBe(409)
      expect(ApiErrorSchema.parse(again.json()).code).toBe('RENDER_IN_PROGRESS')

      // A canceled render does not count against the day.
      const canceled = await t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${first.id}/renders/${job.id}/cancel`,
        headers: user,
      })
      expect(RenderJobSchema.parse(canceled.json()).status).toBe('canceled')
      const retried = await t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${first.id}/renders/${job.id}/retry`,
        headers: user,
      })
      expect(retried.statusCode).toBe(202)
      expect(RenderJobSchema.parse(retried.json()).id).not.toBe(job.id)

      for (let count = 0; count < 2; count += 1) expect((await render((await make()).id)).statusCode).toBe(202)
      const usage = UsageSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/v1/usage', headers: user })).json(),
      )
      expect(usage).toMatchObject({ plan: 'free', renders_today: 3, renders_per_day: 3, max_resolution: '720p' })

      const fourth = await render((await make()).id)
      expect(fourth.statusCode).toBe(429)
      const error = ApiErrorSchema.parse(fourth.json())
      expect(error.code).toBe('RENDER_LIMIT_REACHED')
      expect(error.message).toContain('3 renders')
    })

    it('streams a render’s events with the security headers of every other answer', async () => {
      const project = await createProject()
      const queued = await t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${project.id}/renders`,
        headers,
        payload: {},
      })
      const job = RenderJobSchema.parse(queued.json())
      await t.app.inject({ method: 'POST', url: `/api/v1/projects/${project.id}/renders/${job.id}/cancel`, headers })
      const events = await t.app.inject({
        method: 'GET',
        url: `/api/v1/projects/${project.id}/renders/${job.id}/events`,
        headers,
      })
      expect(events.statusCode).toBe(200)
      expect(events.headers).toMatchObject({
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      })
      const [, data = ''] = /^event: render\ndata: (.*)\n\n$/.exec(events.body) ?? []
      expect(RenderJobSchema.parse(JSON.parse(data)).status).toBe('canceled')
    })

    it('refuses to render a storyboard shorter than 15 seconds, naming the problem', async () => {
      const project = await createProject()
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/projects/${project.id}`,
        headers,
        payload: { scenes: [{ narration: 'Short.', visual: 'A cat on a roof', duration: 5 }] },
      })
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${project.id}/renders`,
        headers,
        payload: {},
      })
      expect(response.statusCode).toBe(422)
      const error = ApiErrorSchema.parse(response.json())
      expect(error.code).toBe('STORYBOARD_INVALID')
      expect(error.message).toEqual([expect.stringContaining('at least 15 s')])
    })

    it('lengthens a scene too short for its narration and says so, and refuses a narration no scene can hold', async () => {
      const project = await createProject()
      const voices = VoiceListSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/v1/voices', headers })).json(),
      ).voices
      const pace = voices.find((voice) => voice.id === project.settings.voice_id)?.words_per_second ?? 0
      expect(pace).toBeGreaterThan(1.5)
      const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ')
      const [first, ...rest] = project.scenes as [Project['scenes'][0], ...Project['scenes']]
      const patch = (narration: string) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/v1/projects/${project.id}`,
          headers,
          payload: { scenes: [{ ...first, narration, duration: 3 }, ...rest] },
        })

      const fitted = await patch(words(20))
      expect(fitted.statusCode, fitted.body).toBe(200)
      const saved = SavedProjectSchema.parse(fitted.json())
      const needed = Math.ceil((0.25 + 20 / pace + 0.35) * 10) / 10
      expect(saved.lengthened_scenes).toEqual([{ scene_id: first.id, from_seconds: 3, to_seconds: needed }])
      expect(saved.scenes[0]?.duration).toBe(needed)
      expect(saved.scenes.slice(1).map((scene) => scene.duration)).toEqual(rest.map((scene) => scene.duration))

      const refused = await patch(words(Math.ceil(16 * pace)))
      expect(refused.statusCode).toBe(422)
      const error = ApiErrorSchema.parse(refused.json())
      expect(error.code).toBe('NARRATION_TOO_LONG')
      expect(String(error.message)).toMatch(/^Scene 1: its narration has \d+ words, about [\d.]+ s/)
      const after = ProjectSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/v1/projects/${project.id}`, headers })).json(),
      )
      expect(after.scenes[0]?.narration).toBe(words(20))
    })

    it('refuses to save narration of very long words, timing them by their letters, naming each scene', async () => {
      const project = await createProject()
      // Six 65-letter words a scene: six words, but a voice spells them out for about a minute.
      const runs = Array.from({ length: 6 }, (_, index) => String.fromCharCode(97 + index).repeat(65)).join(' ')
      const scenes = Array.from({ length: 6 }, (_, index) => ({
        narration: runs,
        visual: `Scene ${index}`,
        duration: 15,
      }))
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/projects/${project.id}`,
        headers,
        payload: { scenes },
      })
      expect(response.statusCode, response.body).toBe(422)
      const error = ApiErrorSchema.parse(response.json())
      expect(error.code).toBe('NARRATION_TOO_LONG')
      expect(error.message).toHaveLength(6)
      expect(error.message[0]).toMatch(
        /^Scene 1: its narration has 6 words of 390 letters in all, which a voice spells out, about [\d.]+ s/,
      )
      const after = ProjectSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/v1/projects/${project.id}`, headers })).json(),
      )
      expect(after.scenes).toEqual(project.scenes)
    })

    it('renders exactly the last finished storyboard again without using a render of the day', async () => {
      const user = t.auth((await t.createUser()).access_token)
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers: user,
        payload: { source: { kind: 'script', text: SCRIPT }, settings: DEFAULT_PROJECT_SETTINGS },
      })
      const project = ProjectSchema.parse(created.json())
      const render = async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/v1/projects/${project.id}/renders`,
          headers: user,
          payload: { resolution: '720p' },
        })
        expect(response.statusCode, response.body).toBe(202)
        const job = RenderJobSchema.parse(response.json())
        // No worker runs here: the render is finished as a worker would leave it.
        await t.db.db
          .update(renderJobs)
          .set({ status: 'succeeded', finishedAt: new Date() })
          .where(eq(renderJobs.id, job.id))
        return job
      }
      const usage = async () =>
        UsageSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/usage', headers: user })).json())
          .renders_today

      expect((await render()).counts_toward_limit).toBe(true)
      expect(await usage()).toBe(1)
      const again = await render()
      expect(again.counts_toward_limit).toBe(false)
      expect(await usage()).toBe(1)

      const edited = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/projects/${project.id}`,
        headers: user,
        payload: {
          scenes: project.scenes.map((scene, index) => (index === 0 ? { ...scene, visual: 'A red door' } : scene)),
        },
      })
      expect(edited.statusCode).toBe(200)
      expect((await render()).counts_toward_limit).toBe(true)
      expect(await usage()).toBe(2)
    })
  })
}
