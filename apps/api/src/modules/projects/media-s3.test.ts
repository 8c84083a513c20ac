import { randomBytes, randomUUID } from 'node:crypto'

import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_PROJECT_SETTINGS, ProjectSchema } from '@storyreel/contracts/studio'

import { createMediaLinks } from '#src/adapters/media/media-links.ts'
import { createS3MediaStore } from '#src/adapters/media/s3-media-store.ts'
import { renderCachePrefix } from '#src/adapters/media/store-render-cache.ts'
import { registerErrorHandler } from '#src/plugins/error-handler.ts'
import { registerRateLimit } from '#src/plugins/rate-limit.ts'
import { registerZodSchemas } from '#src/plugins/zod-schemas.ts'
import { createHeldStillRunner } from '#src/testing/held-still-runner.ts'
import { getFreePort } from '#src/testing/server-process.ts'
import { startS3Server, type S3Server } from '#src/testing/s3-server.ts'
import { createTestApp } from '#src/testing/test-app.ts'

import { registerMediaRoutes } from './media.routes.ts'

const USER = randomUUID()

describe('GET /api/v1/media/* on the S3 store', () => {
  let s3: S3Server
  let app: FastifyInstance
  let redirecting: FastifyInstance
  let downApp: FastifyInstance
  const links = createMediaLinks({ secret: 'b'.repeat(40), ttlSeconds: 3600 })
  const video = randomBytes(300_000)
  const key = 'projects/p9/renders/r9/video.mp4'

  const build = async (store: ReturnType<typeof createS3MediaStore>, delivery: 'proxy' | 'redirect') => {
    const server = Fastify()
    registerZodSchemas(server)
    await registerRateLimit(server, {})
    registerErrorHandler(server)
    registerMediaRoutes(server, { links, media: store, delivery, perMinute: 1000 })
    server.addHook('onClose', () => store.close())
    await server.ready()
    return server
  }

  beforeAll(async () => {
    s3 = await startS3Server()
    const store = createS3MediaStore(s3.config)
    await store.put(key, video)
    await store.put('projects/p9/renders/r9/captions.vtt', Buffer.from('WEBVTT\n'))
    app = await build(store, 'proxy')
    redirecting = await build(createS3MediaStore(s3.config), 'redirect')
    downApp = await build(
      createS3MediaStore({ ...s3.config, endpoint: `http://127.0.0.1:${await getFreePort()}` }),
      'proxy',
    )
  })
  afterAll(async () => {
    await Promise.all([app.close(), redirecting.close(), downApp.close()])
    await s3.stop()
  })

  it('streams a byte range of a stored video through a signed link', async () => {
    const url = links.create(key, USER)
    const response = await app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-1999' } })
    expect(response.statusCode).toBe(206)
    expect(response.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`)
    expect(response.headers['content-type']).toBe('video/mp4')
    expect(response.rawPayload.equals(video.subarray(1000, 2000))).toBe(true)
    const whole = await app.inject({ method: 'GET', url })
    expect(whole.statusCode).toBe(200)
    expect(whole.rawPayload.equals(video)).toBe(true)
    const etag = whole.headers.etag as string
    expect((await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304)
  })

  it('answers 404 in the error shape for a signed link to a file that is not there', async () => {
    const response = await app.inject({ method: 'GET', url: links.create('projects/p9/renders/r0/video.mp4', USER) })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: 'This file is not available.',
    })
  })

  it('answers 503 MEDIA_STORE_UNAVAILABLE while the store is down, and keeps serving', async () => {
    const response = await downApp.inject({ method: 'GET', url: links.create(key, USER) })
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.json()).toMatchObject({ statusCode: 503, code: 'MEDIA_STORE_UNAVAILABLE' })
    expect((await downApp.inject({ method: 'GET', url: links.create(key, USER) })).statusCode).toBe(503)
  })

  it('redirects a video to a short-lived store URL that honours ranges, when set to', async () => {
    const response = await redirecting.inject({ method: 'GET', url: links.create(key, USER) })
    expect(response.statusCode).toBe(302)
    expect(response.headers['cache-control']).toBe('no-store')
    const location = response.headers.location as string
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/${key}?`)).toBe(true)
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300')
    const ranged = await fetch(location, { headers: { range: 'bytes=0-99' } })
    expect(ranged.status).toBe(206)
    expect(Buffer.from(await ranged.arrayBuffer()).equals(video.subarray(0, 100))).toBe(true)
    // A missing file is our 404, an altered link is still refused before any redirect, and captions stay on our origin.
    const missing = await redirecting.inject({ method: 'GET', url: links.create('projects/p9/none.mp4', USER) })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' })
    expect((await redirecting.inject({ method: 'GET', url: `${links.create(key, USER)}x` })).statusCode).toBe(403)
    const captions = await redirecting.inject({
      method: 'GET',
      url: links.create('projects/p9/renders/r9/captions.vtt', USER),
    })
    expect(captions.statusCode).toBe(200)
    expect(captions.body).toBe('WEBVTT\n')
  })
})

describe('deleting an account on the S3 store', () => {
  it("removes the account's projects and its reusable render parts, and nobody else's", async () => {
    const s3 = await startS3Server()
    const test = await createTestApp({ env: s3.env })
    const store = createS3MediaStore(s3.config)
    try {
      const [user, other] = await Promise.all([test.createUser(), test.createUser()])
      const created = await test.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers: test.auth(user.access_token),
        payload: {
          source: { kind: 'script', text: 'A fox walks to the harbour at dawn. The boats come home.' },
          settings: DEFAULT_PROJECT_SETTINGS,
        },
      })
      expect(created.statusCode).toBe(201)
      const projectId = created.json<{ id: string }>().id
      const mine = [`projects/${projectId}/previews/a.mp4`, `${renderCachePrefix(user.id)}/segments/a.mp4`]
      const theirs = `${renderCachePrefix(other.id)}/segments/a.mp4`
      await Promise.all([...mine, theirs].map((key) => store.put(key, Buffer.from(key))))

      const deleted = await test.app.inject({
        method: 'DELETE',
        url: '/api/v1/auth/me',
        headers: test.auth(user.access_token),
      })
      expect(deleted.statusCode).toBe(204)
      expect(await Promise.all(mine.map((key) => store.stat(key)))).toEqual([undefined, undefined])
      expect(await store.stat(theirs)).toBeDefined()
    } finally {
      store.close()
      await test.close()
      await s3.stop()
    }
  })
})

describe('deleting a project on the S3 store while its stills are being drawn', () => {
  it('leaves none of its stills in the bucket, not even those whose drawing ends after the delete', async () => {
    const s3 = await startS3Server()
    const held = createHeldStillRunner()
    const test = await createTestApp({ env: s3.env, deps: { stillRunner: held.runner } })
    const store = createS3MediaStore(s3.config)
    try {
      const headers = test.auth((await test.createUser()).access_token)
      const created = await test.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers,
        payload: {
          source: { kind: 'script', text: 'A fox walks to the harbour at dawn. The boats come home at dusk.' },
          settings: DEFAULT_PROJECT_SETTINGS,
        },
      })
      const project = ProjectSchema.parse(created.json())
      const stills = Object.values(project.scene_thumbnails).map(
        (link) => `projects/${project.id}/thumbnails/${new URL(link, 'http://localhost').searchParams.get('v')}.webp`,
      )
      await held.requested(stills.length)
      const deleted = await test.app.inject({ method: 'DELETE', url: `/api/v1/projects/${project.id}`, headers })
      expect(deleted.statusCode).toBe(204)
      held.release()
      // Every still drawn, then closing waits for each to be stored or given up.
      await held.settled()
      await test.app.close()
      expect(await Promise.all(stills.map((key) => store.stat(key)))).toEqual(stills.map(() => undefined))
    } finally {
      store.close()
      await test.close()
      await s3.stop()
    }
  })
})
