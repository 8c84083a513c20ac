import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { UserSchema } from '@storyreel/contracts/auth'
import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { DEFAULT_PROJECT_SETTINGS, ProjectSchema } from '@storyreel/contracts/studio'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { createTestApp, GOOD_PASSWORD, uniqueEmail, type TestApp } from '#src/testing/test-app.ts'

const CONTROL = 'must not contain control characters'
const SURROGATE = 'must not contain unpaired surrogate characters (broken Unicode text)'
const ADMIN = 'hygiene-admin@example.com'
const SCRIPT =
  'The lighthouse keeper climbs the spiral stairs at dusk. Waves crash against the black rocks below. ' +
  'He lights the great lamp, and its beam sweeps across the stormy sea.'

// NUL bytes and unpaired surrogates once reached the database and answered 500 on both drivers.
for (const { name, url } of TEST_DRIVERS) {
  describe(`control characters and unpaired surrogates in requests on ${name}`, () => {
    let t: TestApp
    let headers: { authorization: string }
    let adminHeaders: { authorization: string }

    beforeAll(async () => {
      t = await createTestApp({
        databaseUrl: url,
        env: { ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT_PER_MINUTE: '10000', STUDIO_RATE_LIMIT_PER_MINUTE: '10000' },
      })
      const [user] = await Promise.all([t.createUser({ firstName: 'Ana' }), t.createUser({ email: ADMIN })])
      headers = t.auth(user.access_token)
      const login = await t.app.inject({
        method: 'POST',
        url: '/admin/login',
        payload: { email: ADMIN, password: GOOD_PASSWORD },
      })
      expect(login.statusCode, login.body).toBe(200)
      adminHeaders = t.auth(login.json<{ access_token: string }>().access_token)
    })
    afterAll(() => t.close())

    const expectRefused = async (options: InjectOptions, messages: string[]) => {
      const response = await t.app.inject(options)
      expect(response.statusCode, response.body).toBe(400)
      expect(ApiErrorSchema.parse(response.json())).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        message: messages,
      })
    }

    const createProject = async (payload: Record<string, unknown> = {}) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers,
        payload: { source: { kind: 'script', text: SCRIPT }, settings: DEFAULT_PROJECT_SETTINGS, ...payload },
      })
      expect(response.statusCode, response.body).toBe(201)
      return ProjectSchema.parse(response.json())
    }
    const getProject = async (id: string) =>
      ProjectSchema.parse((await t.app.inject({ url: `/api/v1/projects/${id}`, headers })).json())

    it('refuses a NUL byte in a name at sign-up, and writes no account', async () => {
      const email = uniqueEmail('nul-name')
      await expectRefused(
        {
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: { email, password: GOOD_PASSWORD, first_name: 'a\u0000b', last_name: 'a\u0000b' },
        },
        [`first_name: ${CONTROL}`, `last_name: ${CONTROL}`],
      )
      const clean = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email, password: GOOD_PASSWORD, first_name: 'Ana' },
      })
      expect(clean.statusCode, clean.body).toBe(201)
    })

    it('refuses a NUL byte and an unpaired surrogate in a profile change, and keeps the old name', async () => {
      const patch = (payload: object) => ({ method: 'PATCH' as const, url: '/api/v1/auth/profile', headers, payload })
      await expectRefused(patch({ first_name: '\u0000' }), [`first_name: ${CONTROL}`])
      await expectRefused(patch({ last_name: '\udc00' }), [`last_name: ${SURROGATE}`])
      await expectRefused(patch({ first_name: 'A\u0085na' }), [`first_name: ${CONTROL}`])
      const me = await t.app.inject({ url: '/api/v1/auth/me', headers })
      expect(UserSchema.parse(me.json()).first_name).toBe('Ana')
    })

    it('refuses a NUL byte in a project title or script', async () => {
      const body = { source: { kind: 'script', text: SCRIPT }, settings: DEFAULT_PROJECT_SETTINGS }
      await expectRefused({ method: 'POST', url: '/api/v1/projects', headers, payload: { ...body, title: '\u0000' } }, [
        `title: ${CONTROL}`,
      ])
      await expectRefused(
        {
          method: 'POST',
          url: '/api/v1/projects',
          headers,
          payload: { ...body, source: { kind: 'prompt', text: 'A lighthouse\u0000 at night' } },
        },
        [`source.text: ${CONTROL}`],
      )
      const list = await t.app.inject({ url: '/api/v1/projects', headers })
      expect(list.json<{ projects: unknown[] }>().projects).toEqual([])
    })

    it('refuses an unpaired surrogate in a scene, and keeps the storyboard', async () => {
      const project = await createProject()
      const [first] = project.scenes
      if (!first) throw new Error('the storyboard has no scenes')
      const patch = (scene: object) => ({
        method: 'PATCH' as const,
        url: `/api/v1/projects/${project.id}`,
        headers,
        payload: { scenes: [{ ...first, ...scene }] },
      })
      await expectRefused(patch({ visual: '\ud800' }), [`scenes.0.visual: ${SURROGATE}`])
      await expectRefused(patch({ narration: 'Waves\u0000' }), [`scenes.0.narration: ${CONTROL}`])
      await expectRefused(
        { method: 'PATCH', url: `/api/v1/projects/${project.id}`, headers, payload: { title: 'a\u001b' } },
        [`title: ${CONTROL}`],
      )
      expect((await getProject(project.id)).scenes).toEqual(project.scenes)
    })

    it('refuses a NUL byte in a search term and in path ids', async () => {
      await expectRefused({ url: '/admin/users?q=%00', headers: adminHeaders }, [`q: ${CONTROL}`])
      await expectRefused({ url: '/api/v1/music?q=a%00', headers }, [`q: ${CONTROL}`])
      await expectRefused({ url: '/api/v1/projects/a%00b', headers }, [`id: ${CONTROL}`])
      await expectRefused(
        { method: 'PATCH', url: '/admin/users/%00', headers: adminHeaders, payload: { plan: 'paid' } },
        [`id: ${CONTROL}`],
      )
      const project = await createProject()
      await expectRefused({ url: `/api/v1/projects/${project.id}/renders/%7F`, headers }, [`renderId: ${CONTROL}`])
    })

    it('stores Windows line breaks in a script and in scenes as \\n', async () => {
      const project = await createProject({ source: { kind: 'script', text: `${SCRIPT}\r\n\r\nThe end.\rReally.` } })
      expect((await getProject(project.id)).source.text).toBe(`${SCRIPT}\n\nThe end.\nReally.`)

      const [first] = project.scenes
      if (!first) throw new Error('the storyboard has no scenes')
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/projects/${project.id}`,
        headers,
        payload: { scenes: [{ ...first, narration: 'One.\r\nTwo.', visual: 'Sea\r\n\tand sky' }] },
      })
      expect(response.statusCode, response.body).toBe(200)
      const [stored] = (await getProject(project.id)).scenes
      expect(stored).toMatchObject({ id: first.id, narration: 'One.\nTwo.', visual: 'Sea\n\tand sky' })
    })
  })
}
