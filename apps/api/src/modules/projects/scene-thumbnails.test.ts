import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { DEFAULT_PROJECT_SETTINGS, ProjectSchema, type Project } from '@storyreel/contracts/studio'
import { createStillRunner, EngineError, planScene, type StillRunner } from '@storyreel/engine/engine'

import { createHeldStillRunner } from '#src/testing/held-still-runner.ts'
import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

const SCRIPT =
  'The lighthouse keeper climbs the spiral stairs at dusk. ' +
  'Waves crash against the black rocks below, throwing white spray into the wind. ' +
  'He lights the great lamp, and its beam sweeps across the stormy sea.'

/** The real still runner, counting what it draws, and made busy or failing on demand. */
function createObservedRunner() {
  const real = createStillRunner({ images: undefined })
  const drawn: string[] = []
  const requests: Parameters<StillRunner['draw']>[0][] = []
  const control: { busy: boolean; failWith: EngineError | undefined } = { busy: false, failWith: undefined }
  const runner: StillRunner = {
    visualsName: real.visualsName,
    keyOf: real.keyOf,
    get pending() {
      return control.busy ? 1000 : real.pending
    },
    draw(request, options) {
      if (control.failWith) return Promise.reject(control.failWith)
      drawn.push(real.keyOf(request, options))
      requests.push(request)
      return real.draw(request, options)
    },
    close: () => real.close(),
  }
  return { runner, drawn, requests, control }
}

const versionOf = (link: string) => new URL(link, 'http://localhost').searchParams.get('v') ?? ''

describe('GET /api/v1/projects/:id/scenes/:sceneId/thumbnail', () => {
  let t: TestApp
  let headers: { authorization: string }
  let otherHeaders: { authorization: string }
  const observed = createObservedRunner()

  const createProject = async (): Promise<Project> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: { source: { kind: 'script', text: SCRIPT }, settings: DEFAULT_PROJECT_SETTINGS },
    })
    expect(response.statusCode, response.body).toBe(201)
    return ProjectSchema.parse(response.json())
  }
  const linkOf = (project: Project, index: number) => {
    const scene = project.scenes[index]
    const link = scene && project.scene_thumbnails[scene.id]
    if (!scene || !link) throw new Error(`expected a thumbnail link for scene ${index + 1}`)
    return { scene, link }
  }
  const get = (url: string, extra: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: extra })
  const expectError = (response: { statusCode: number; json: () => unknown }, status: number, code: string) => {
    expect(response.statusCode).toBe(status)
    expect(ApiErrorSchema.parse(response.json())).toMatchObject({ statusCode: status, code })
  }

  beforeAll(async () => {
    t = await createTestApp({
      env: { STUDIO_RATE_LIMIT_PER_MINUTE: '100000' },
      deps: { stillRunner: observed.runner },
    })
    headers = t.auth((await t.createUser()).access_token)
    otherHeaders = t.auth((await t.createUser()).access_token)
  })
  afterAll(() => t.close())

  it('serves a WebP still of every scene through the link in the project, with no token', async () => {
    const project = await createProject()
    expect(Object.keys(project.scene_thumbnails).sort()).toEqual(project.scenes.map((scene) => scene.id).sort())
    for (const [index] of project.scenes.entries()) {
      const { link } = linkOf(project, index)
      expect(link).toMatch(/^\/api\/v1\/projects\/[0-9a-f-]{36}\/scenes\/[0-9a-f-]{36}\/thumbnail\?v=[0-9a-f]{32}&u=/)
      const response = await get(link)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['content-type']).toBe('image/webp')
      expect(response.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP')
      expect(response.rawPayload.length).toBeGreaterThan(2000)
      expect(response.headers.etag).toBe(`"${versionOf(link)}"`)
      expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/)
    }
  })

  it('draws a Spanish script from its Spanish words: the stills show what it names, not text cards', async () => {
    const script =
      'Cada mañana, Lucía abre su pequeña floristería en Sevilla. ' +
      'Entre rosas y girasoles, prepara ramos para sus vecinos. ' +
      'Los sábados, la tienda se llena de gente y de color.'
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: {
        source: { kind: 'script', text: script },
        settings: { ...DEFAULT_PROJECT_SETTINGS, voice_id: undefined },
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const project = ProjectSchema.parse(created.json())
    expect(project.settings.language).toBe('es')
    const { scene, link } = linkOf(project, 0)
    const response = await get(link)
    expect(response.statusCode, response.body).toBe(200)
    const request = observed.requests.find((item) => item.narration === scene.narration)
    expect(request?.language).toBe('es')
    const plans = project.scenes.map((item) =>
      planScene({ visual: '', narration: item.narration, seed: 1, language: 'es' }).subjects.map(
        (subject) => subject.id,
      ),
    )
    // What the words name is drawn: the roses and sunflowers of the scene that names them.
    expect(plans.flat()).toEqual(expect.arrayContaining(['rose', 'sunflower']))
    for (const ids of plans) expect(ids.length).toBeGreaterThan(0)
  })

  it('draws each still once, keeps it in the media store and answers repeated views from there', async () => {
    const project = await createProject()
    const { link } = linkOf(project, 1)
    const version = versionOf(link)
    const answers = await Promise.all([get(link), get(link)])
    const again = await get(link)
    for (const answer of [...answers, again]) expect(answer.statusCode).toBe(200)
    expect(again.rawPayload.equals(answers[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true)
    expect(observed.drawn.filter((key) => key === version)).toHaveLength(1)
    const stored = await stat(path.join(t.dataDir, 'media', 'projects', project.id, 'thumbnails', `${version}.webp`))
    expect(stored.size).toBe(again.rawPayload.length)
    const unchanged = await get(link, { 'if-none-match': `"${version}"` })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.body).toBe('')
  })

  it('gives an edited or re-rolled scene a new link and leaves the other scenes alone', async () => {
    const project = await createProject()
    const first = linkOf(project, 0)
    const second = linkOf(project, 1)
    const edited = ProjectSchema.parse(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/projects/${project.id}`,
          headers,
          payload: {
            scenes: project.scenes.map((scene, index) =>
              index === 0 ? { ...scene, narration: 'A red kite climbs over the harbour wall.' } : scene,
            ),
          },
        })
      ).json(),
    )
    const firstAfterEdit = linkOf(edited, 0).link
    expect(versionOf(firstAfterEdit)).not.toBe(versionOf(first.link))
    expect(linkOf(edited, 1).link).toBe(second.link)
    const [before, after] = await Promise.all([get(first.link), get(firstAfterEdit)])
    expect(after.statusCode).toBe(200)
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false)

    const rerolled = ProjectSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/projects/${project.id}/scenes/${second.scene.id}/reroll`,
          headers,
        })
      ).json(),
    )
    expect(versionOf(linkOf(rerolled, 1).link)).not.toBe(versionOf(second.link))
    expect(linkOf(rerolled, 0).link).toBe(firstAfterEdit)
    expect((await get(linkOf(rerolled, 1).link)).statusCode).toBe(200)
  })

  it('answers the current picture to the owner’s session token, checked again through its ETag', async () => {
    const project = await createProject()
    const { scene, link } = linkOf(project, 0)
    const url = `/api/v1/projects/${project.id}/scenes/${scene.id}/thumbnail`
    const current = await get(url, headers)
    expect(current.statusCode).toBe(200)
    expect(current.headers['cache-control']).toBe('private, no-cache')
    expect(current.headers.etag).toBe(`"${versionOf(link)}"`)
    expect((await get(url, { ...headers, 'if-none-match': `"${versionOf(link)}"` })).statusCode).toBe(304)
    expect((await get(`${url}?v=${versionOf(link)}`, headers)).headers['cache-control']).toMatch(/immutable/)
  })

  it('shows a project’s pictures to its owner only', async () => {
    const project = await createProject()
    const { scene, link } = linkOf(project, 0)
    const url = `/api/v1/projects/${project.id}/scenes/${scene.id}/thumbnail`
    expectError(await get(url), 401, 'UNAUTHORIZED')
    expectError(await get(url, otherHeaders), 404, 'PROJECT_NOT_FOUND')
    const other = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: otherHeaders })).json<{
      id: string
    }>()
    const forged = new URL(link, 'http://localhost')
    forged.searchParams.set('u', other.id)
    expectError(await get(`${forged.pathname}${forged.search}`), 403, 'MEDIA_LINK_INVALID')
    // A link made for one scene opens no other.
    const elsewhere = link.replace(scene.id, linkOf(project, 1).scene.id)
    expectError(await get(elsewhere), 403, 'MEDIA_LINK_INVALID')
  })

  it('answers 404 in the one error shape for ids and versions that name nothing', async () => {
    const project = await createProject()
    const { scene } = linkOf(project, 0)
    const base = `/api/v1/projects/${project.id}/scenes`
    expectError(
      await get(`/api/v1/projects/not-a-project/scenes/${scene.id}/thumbnail`, headers),
      404,
      'PROJECT_NOT_FOUND',
    )
    expectError(
      await get(`/api/v1/projects/${crypto.randomUUID()}/scenes/${scene.id}/thumbnail`, headers),
      404,
      'PROJECT_NOT_FOUND',
    )
    expectError(await get(`${base}/${crypto.randomUUID()}/thumbnail`, headers), 404, 'SCENE_NOT_FOUND')
    expectError(await get(`${base}/not-a-scene/thumbnail`, headers), 404, 'SCENE_NOT_FOUND')
    expectError(await get(`${base}/${scene.id}/thumbnail?v=${'a'.repeat(32)}`, headers), 404, 'THUMBNAIL_OUTDATED')
    expectError(await get(`${base}/${scene.id}/thumbnail?v=short`, headers), 400, 'VALIDATION_FAILED')
  })

  it('says so in the one error shape when pictures are busy or the visual engine fails', async () => {
    const project = await createProject()
    const url = (index: number) => `/api/v1/projects/${project.id}/scenes/${linkOf(project, index).scene.id}/thumbnail`
    // Let the project's own drawing finish first, then ask for a version nobody has drawn yet.
    await Promise.all(project.scenes.map((_scene, index) => get(url(index), headers)))
    // Busy before the change, so the new versions are not drawn ahead of the request either.
    observed.control.busy = true
    const patched = ProjectSchema.parse(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/projects/${project.id}`,
          headers,
          payload: { settings: { ...DEFAULT_PROJECT_SETTINGS, style: 'comic' } },
        })
      ).json(),
    )
    expect(versionOf(linkOf(patched, 0).link)).not.toBe(versionOf(linkOf(project, 0).link))
    try {
      const busy = await get(url(0), headers)
      expectError(busy, 503, 'THUMBNAIL_BUSY')
      expect(busy.headers.etag).toBeUndefined()
      expect(busy.headers['cache-control']).toBeUndefined()
      observed.control.busy = false
      observed.control.failWith = new EngineError('unavailable', 'visuals', 'The image API did not answer.')
      expectError(await get(url(0), headers), 502, 'VISUAL_ENGINE_UNAVAILABLE')
    } finally {
      observed.control.busy = false
      observed.control.failWith = undefined
    }
    expect((await get(url(0), headers)).statusCode).toBe(200)
  })
})

/** Every file under a folder, by its path inside it; none when the folder is gone. */
async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
}

describe('DELETE /api/v1/projects/:id while its stills are being drawn', () => {
  const env = { STUDIO_RATE_LIMIT_PER_MINUTE: '100000' }
  const create = async (t: TestApp, headers: { authorization: string }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: { source: { kind: 'script', text: SCRIPT }, settings: DEFAULT_PROJECT_SETTINGS },
    })
    return ProjectSchema.parse(response.json())
  }

  it('answers 204 and leaves no still behind, not even one whose drawing ends after the delete', async () => {
    const held = createHeldStillRunner()
    const t = await createTestApp({ env, deps: { stillRunner: held.runner } })
    try {
      const headers = t.auth((await t.createUser()).access_token)
      const project = await create(t, headers)
      // The stills the project's links name are being drawn ahead of the browser's requests.
      await held.requested(project.scenes.length)
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/projects/${project.id}`, headers })
      expect(deleted.statusCode).toBe(204)
      held.release()
      // Every still drawn, then closing waits for each to be stored or given up.
      await held.settled()
      await t.app.close()
      expect(await listFiles(path.join(t.dataDir, 'media', 'projects', project.id))).toEqual([])
    } finally {
      await t.close()
    }
  })

  it('removes a still that another instance finishes after the delete, and answers its request 404', async () => {
    const [heldA, heldB] = [createHeldStillRunner(), createHeldStillRunner()]
    const a = await createTestApp({ env, deps: { stillRunner: heldA.runner } })
    const b = await createTestApp({ env, deps: { stillRunner: heldB.runner }, sharing: a })
    try {
      const headers = a.auth((await a.createUser()).access_token)
      const project = await create(a, headers)
      const scene = project.scenes[0]
      if (!scene) throw new Error('expected a scene')
      const asked = b.app.inject({
        method: 'GET',
        url: `/api/v1/projects/${project.id}/scenes/${scene.id}/thumbnail`,
        headers,
      })
      await heldB.requested(1)
      const deleted = await a.app.inject({ method: 'DELETE', url: `/api/v1/projects/${project.id}`, headers })
      expect(deleted.statusCode).toBe(204)
      heldA.release()
      heldB.release()
      await Promise.all([heldA.settled(), heldB.settled()])
      const answer = await asked
      expect(answer.statusCode).toBe(404)
      expect(ApiErrorSchema.parse(answer.json())).toMatchObject({ code: 'PROJECT_NOT_FOUND' })
      await Promise.all([a.app.close(), b.app.close()])
      expect(await listFiles(path.join(a.dataDir, 'media', 'projects', project.id))).toEqual([])
    } finally {
      await b.close()
      await a.close()
    }
  })
})
