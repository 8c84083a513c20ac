import { readdir, readFile, stat, truncate } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { mkdtemp, rm } from 'node:fs/promises'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { AssetListSchema, AssetSchema, type Asset } from '@storyreel/contracts/assets'
import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { eq } from '@storyreel/db/operators'
import { projectAssets, projects, renderJobs, users } from '@storyreel/db/schema'
import { TEST_DRIVERS } from '@storyreel/db/testing'
import { probeMedia } from '@storyreel/engine/engine'
import { makeCameraPhoto, makeClip, makePngHeader, makeTurnedCopy } from '@storyreel/engine/testing/upload-fixtures'

import { createMultipartUpload } from '#src/testing/multipart.ts'
import { startS3Server, type S3Server } from '#src/testing/s3-server.ts'
import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

import { createMediaLinks } from '#src/adapters/media/media-links.ts'
import { createLocalMediaStore } from '#src/adapters/media/local-media-store.ts'

import { createAssetsRepository } from './assets.repository.ts'
import { createAssetsService, type PlanLimits } from './assets.service.ts'

/** Small limits, so the edges can be reached with small files. */
const LIMITS: PlanLimits = {
  free: { storageBytes: 400_000, uploadBytes: 150_000, clipSeconds: 3 },
  paid: { storageBytes: 4_000_000, uploadBytes: 2_000_000, clipSeconds: 20 },
}

let fixtures: string
const fixture = (name: string) => path.join(fixtures, name)

beforeAll(async () => {
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'storyreel-asset-fixtures-'))
  await makeClip(fixture('flat.mp4'))
  await makeTurnedCopy(fixture('flat.mp4'), fixture('phone.mov'))
  await makeClip(fixture('long.mp4'), { width: 64, height: 48, fps: 10, seconds: 5 })
  await makeClip(fixture('large.mp4'), { width: 1280, height: 960, fps: 30, seconds: 1 })
  // With its index first, a clip cut short still reads: its conversion finds the frames missing.
  await makeClip(fixture('cut.mp4'), { seconds: 2, faststart: true })
  await truncate(fixture('cut.mp4'), Math.floor((await stat(fixture('cut.mp4'))).size * 0.4))
  // With its index last, cut in half, it cannot even be read.
  await makeClip(fixture('cut-index.mp4'), { seconds: 2 })
  await truncate(fixture('cut-index.mp4'), Math.floor((await stat(fixture('cut-index.mp4'))).size / 2))
})
afterAll(() => rm(fixtures, { recursive: true, force: true }))

for (const { name, url } of TEST_DRIVERS) {
  describe(`the media library on ${name}`, () => {
    let t: TestApp

    beforeAll(async () => {
      t = await createTestApp({ databaseUrl: url, deps: { planLimits: LIMITS } })
    })
    afterAll(() => t.close())

    const upload = (token: string, content: Buffer, options?: Parameters<typeof createMultipartUpload>[1]) => {
      const { payload, headers } = createMultipartUpload(content, options)
      return t.app.inject({ method: 'POST', url: '/api/v1/assets', payload, headers: { ...headers, ...t.auth(token) } })
    }
    const list = async (token: string, query = '') => {
      const response = await t.app.inject({ url: `/api/v1/assets${query}`, headers: t.auth(token) })
      expect(response.statusCode).toBe(200)
      return AssetListSchema.parse(response.json())
    }
    /** The bytes a signed media link serves. */
    const fetchMedia = async (link: string | null) => {
      expect(link).toBeTruthy()
      const response = await t.app.inject({ url: link ?? '' })
      expect(response.statusCode).toBe(200)
      return response.rawPayload
    }
    /** Every file under the account's folder of the media store, and in the scratch folder. */
    const storedFiles = async (userId: string) => {
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
        const nested = await Promise.all(
          entries.map((entry) =>
            entry.isDirectory() ? walk(path.join(dir, entry.name)) : Promise.resolve([path.join(dir, entry.name)]),
          ),
        )
        return nested.flat()
      }
      return [
        ...(await walk(path.join(t.dataDir, 'media', 'assets', userId))),
        ...(await walk(path.join(t.dataDir, 'media', 'scratch'))),
      ]
    }

    it('takes a camera photo and serves it upright, without its GPS position or camera serial', async () => {
      const user = await t.createUser()
      const photo = await makeCameraPhoto()
      expect(photo.includes('SN-4242-CAMERA')).toBe(true)
      const response = await upload(user.access_token, photo, {
        filename: 'C:\\Photos\\Shop front.jpg',
        contentType: 'text/plain',
      })
      expect(response.statusCode).toBe(201)
      const asset = AssetSchema.parse(response.json())
      expect(asset).toMatchObject({
        kind: 'image',
        status: 'ready',
        name: 'Shop front.jpg',
        size_bytes: photo.length,
        width: 40,
        height: 120,
        projects: [],
      })
      const served = await fetchMedia(asset.url)
      const meta = await sharp(served).metadata()
      expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 120 })
      expect(meta.exif).toBeUndefined()
      expect(served.includes('SN-4242-CAMERA')).toBe(false)
      expect(served.includes('Pixelphone')).toBe(false)
      expect((await sharp(await fetchMedia(asset.thumbnail_url)).metadata()).format).toBe('webp')
      const { usage, assets } = await list(user.access_token)
      expect(assets.map((item) => item.id)).toEqual([asset.id])
      expect(usage).toMatchObject({ used_bytes: photo.length, quota_bytes: LIMITS.free.storageBytes })
    })

    it('refuses each bad file with its own clear error and stores nothing', async () => {
      const user = await t.createUser()
      const cases: Array<[string, Buffer, string, number, string]> = [
        [
          'a text file named .jpg',
          Buffer.from('Not a photo at all.\n'.repeat(30)),
          'notes.jpg',
          415,
          'UNSUPPORTED_FILE_TYPE',
        ],
        [
          'an SVG',
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect width="9" height="9"/></svg>',
          ),
          'logo.png',
          415,
          'UNSUPPORTED_FILE_TYPE',
        ],
        ['a truncated MP4', await readFile(fixture('cut-index.mp4')), 'clip.mp4', 422, 'FILE_UNREADABLE'],
        ['a 20,000 × 20,000 PNG', makePngHeader(20_000, 20_000), 'huge.png', 413, 'TOO_MANY_PIXELS'],
        [
          'a zip',
          Buffer.concat([Buffer.from('504b0304140000000000', 'hex'), Buffer.alloc(300, 1)]),
          'photos.zip',
          415,
          'UNSUPPORTED_FILE_TYPE',
        ],
        [
          'a file over the plan size',
          Buffer.alloc(LIMITS.free.uploadBytes + 50_000, 9),
          'big.mov',
          413,
          'FILE_TOO_LARGE',
        ],
        ['a clip over the plan length', await readFile(fixture('long.mp4')), 'long.mp4', 413, 'MEDIA_TOO_LONG'],
        ['an empty file', Buffer.alloc(0), 'empty.jpg', 422, 'FILE_EMPTY'],
      ]
      for (const [label, content, filename, status, code] of cases) {
        const response = await upload(user.access_token, content, { filename })
        expect(response.statusCode, label).toBe(status)
        const error = ApiErrorSchema.parse(response.json())
        expect(error.code, label).toBe(code)
        expect(error.message, label).toMatch(/\.$/)
      }
      const { assets, usage } = await list(user.access_token)
      expect(assets).toEqual([])
      expect(usage.used_bytes).toBe(0)
      expect(await storedFiles(user.id)).toEqual([])
    })

    it('keeps ten concurrent uploads at the edge of the quota within it', async () => {
      const user = await t.createUser()
      const photo = await makeCameraPhoto()
      // Room for a few of them, not ten.
      const answers = await Promise.all(Array.from({ length: 10 }, () => upload(user.access_token, photo)))
      const statuses = answers.map((answer) => answer.statusCode)
      expect(statuses.every((status) => status === 201 || status === 413)).toBe(true)
      const refused = answers.filter((answer) => answer.statusCode === 413)
      for (const answer of refused) expect(ApiErrorSchema.parse(answer.json()).code).toBe('QUOTA_EXCEEDED')
      const { usage, total } = await list(user.access_token)
      expect(total).toBe(statuses.filter((status) => status === 201).length)
      expect(usage.used_bytes).toBeLessThanOrEqual(LIMITS.free.storageBytes)
      expect(usage.used_bytes).toBe(total * photo.length)
    })

    it('answers another account 404 for an asset, and lists only its own', async () => {
      const owner = await t.createUser()
      const stranger = await t.createUser()
      const asset = AssetSchema.parse((await upload(owner.access_token, await makeCameraPhoto())).json())
      for (const [method, payload] of [
        ['GET', undefined],
        ['PATCH', { name: 'Mine now' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await t.app.inject({
          method,
          url: `/api/v1/assets/${asset.id}`,
          headers: t.auth(stranger.access_token),
          ...(payload ? { payload } : {}),
        })
        expect(response.statusCode, method).toBe(404)
        expect(ApiErrorSchema.parse(response.json()).code).toBe('ASSET_NOT_FOUND')
      }
      expect((await list(stranger.access_token)).assets).toEqual([])
      expect((await list(owner.access_token)).assets[0]?.name).toBe('upload.bin')
    })

    it('renames, filters by kind, searches names and pages', async () => {
      const user = await t.createUser()
      await t.db.db.update(users).set({ plan: 'paid' }).where(eq(users.id, user.id))
      const photo = await makeCameraPhoto()
      const ids: string[] = []
      for (const filename of ['bakery-front.jpg', 'bread.jpg', 'team.jpg']) {
        ids.push(AssetSchema.parse((await upload(user.access_token, photo, { filename })).json()).id)
      }
      const renamed = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/assets/${ids[2] ?? ''}`,
        headers: t.auth(user.access_token),
        payload: { name: '  Bakery team  ' },
      })
      expect(AssetSchema.parse(renamed.json()).name).toBe('Bakery team')
      const blank = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/assets/${ids[2] ?? ''}`,
        headers: t.auth(user.access_token),
        payload: { name: '   ' },
      })
      expect(blank.statusCode).toBe(400)
      expect((await list(user.access_token, '?q=bakery')).assets.map((asset) => asset.name).sort()).toEqual([
        'Bakery team',
        'bakery-front.jpg',
      ])
      expect((await list(user.access_token, '?kind=video')).total).toBe(0)
      const page = await list(user.access_token, '?page=2&page_size=2')
      expect(page).toMatchObject({ total: 3, page: 2, page_size: 2 })
      expect(page.assets).toHaveLength(1)
      expect(page.usage.quota_bytes).toBe(LIMITS.paid.storageBytes)
    })

    it('deletes an asset with its files, and names the projects that use it', async () => {
      const user = await t.createUser()
      const asset = AssetSchema.parse((await upload(user.access_token, await makeCameraPhoto())).json())
      const [project] = await t.db.db
        .insert(projects)
        .values({
          userId: user.id,
          title: 'Spring sale',
          sourceKind: 'prompt',
          sourceText: 'A spring sale',
          settings: {},
          scenes: [],
          scriptEngine: 'offline',
        })
        .returning()
      await t.db.db.insert(projectAssets).values({ projectId: project?.id ?? '', assetId: asset.id })
      const used = await t.app.inject({ url: `/api/v1/assets/${asset.id}`, headers: t.auth(user.access_token) })
      expect(AssetSchema.parse(used.json()).projects).toEqual([{ id: project?.id, title: 'Spring sale' }])
      expect((await storedFiles(user.id)).length).toBe(2)
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/assets/${asset.id}`,
        headers: t.auth(user.access_token),
      })
      expect(deleted.statusCode).toBe(204)
      expect((await list(user.access_token)).assets).toEqual([])
      expect(await storedFiles(user.id)).toEqual([])
    })

    it('keeps a deleted file for a render that still needs it, then removes it', async () => {
      const user = await t.createUser()
      const asset = AssetSchema.parse((await upload(user.access_token, await makeCameraPhoto())).json())
      const [project] = await t.db.db
        .insert(projects)
        .values({
          userId: user.id,
          title: 'Open day',
          sourceKind: 'prompt',
          sourceText: 'An open day',
          settings: {},
          scenes: [],
          scriptEngine: 'offline',
        })
        .returning()
      const projectId = project?.id ?? ''
      await t.db.db.insert(projectAssets).values({ projectId, assetId: asset.id })
      const [job] = await t.db.db
        .insert(renderJobs)
        .values({ projectId, userId: user.id, resolution: '720p', spec: {}, status: 'running' })
        .returning()
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/assets/${asset.id}`,
        headers: t.auth(user.access_token),
      })
      expect(deleted.statusCode).toBe(204)
      // Out of the library at once, its space freed, its files kept for the render.
      expect((await list(user.access_token)).total).toBe(0)
      expect((await list(user.access_token)).usage.used_bytes).toBe(0)
      expect((await storedFiles(user.id)).length).toBe(2)
      const housekeeping = createAssetsService({
        assets: createAssetsRepository(t.db.db),
        media: createLocalMediaStore(path.join(t.dataDir, 'media')),
        links: createMediaLinks({ secret: 'x'.repeat(40), ttlSeconds: 60 }),
        scratchDir: path.join(t.dataDir, 'media', 'scratch'),
        log: t.app.log,
        onConversionQueued: () => undefined,
      })
      await housekeeping.purgeDeleted()
      expect((await storedFiles(user.id)).length).toBe(2)
      await t.db.db
        .update(renderJobs)
        .set({ status: 'succeeded' })
        .where(eq(renderJobs.id, job?.id ?? ''))
      await housekeeping.purgeDeleted()
      expect(await storedFiles(user.id)).toEqual([])
    })

    it('leaves no file behind when the account is deleted', async () => {
      const user = await t.createUser()
      await upload(user.access_token, await makeCameraPhoto())
      expect((await storedFiles(user.id)).length).toBe(2)
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/auth/me',
        headers: t.auth(user.access_token),
      })
      expect(deleted.statusCode).toBe(204)
      expect(await storedFiles(user.id)).toEqual([])
    })

    it('takes only signed-in, confirmed accounts, and only multipart bodies', async () => {
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/v1/assets',
        ...createMultipartUpload(Buffer.from('x')),
      })
      expect(anonymous.statusCode).toBe(401)
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: `unconfirmed-${Date.now()}@example.com`, password: 'violet-harbor-ladder-42' },
      })
      const unconfirmed = registered.json<{ access_token: string }>().access_token
      expect((await upload(unconfirmed, await makeCameraPhoto())).statusCode).toBe(403)
      const user = await t.createUser()
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/v1/assets',
        headers: t.auth(user.access_token),
        payload: { file: 'not-a-file' },
      })
      expect(json.statusCode).toBe(415)
      expect(ApiErrorSchema.parse(json.json()).code).toBeTruthy()
      const wrongField = await upload(user.access_token, await makeCameraPhoto(), { field: 'photo' })
      expect(wrongField.statusCode).toBe(400)
      for (const payload of [
        '""',
        '--fuzz\r\n',
        '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
      ]) {
        const malformed = await t.app.inject({
          method: 'POST',
          url: '/api/v1/assets',
          headers: { ...t.auth(user.access_token), 'content-type': 'multipart/form-data; boundary=fuzz' },
          payload,
        })
        expect(malformed.statusCode, payload).toBe(400)
        expect(ApiErrorSchema.parse(malformed.json()).code).toBe('BAD_REQUEST')
      }
      expect((await list(user.access_token)).total).toBe(0)
    })
  })
}

describe('clips and tracks are converted by the render workers', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp({ env: { RENDER_WORKERS: '1' }, deps: { planLimits: LIMITS } })
  })
  afterAll(() => t.close())

  const waitUntilDone = async (token: string, id: string): Promise<Asset> => {
    let asset: Asset | undefined
    for (let waited = 0; waited < 30_000; waited += 200) {
      const response = await t.app.inject({ url: `/api/v1/assets/${id}`, headers: t.auth(token) })
      asset = AssetSchema.parse(response.json())
      if (asset.status !== 'processing') return asset
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new Error(`asset ${id} still processing: ${JSON.stringify(asset)}`)
  }
  const upload = (token: string, content: Buffer, filename: string) => {
    const { payload, headers } = createMultipartUpload(content, { filename })
    return t.app.inject({ method: 'POST', url: '/api/v1/assets', payload, headers: { ...headers, ...t.auth(token) } })
  }

  it('makes an upright copy of a rotated phone clip, with a poster', async () => {
    const user = await t.createUser()
    const response = await upload(user.access_token, await readFile(fixture('phone.mov')), 'IMG_2041.MOV')
    expect(response.statusCode).toBe(201)
    const queued = AssetSchema.parse(response.json())
    expect(queued).toMatchObject({ kind: 'video', status: 'processing', width: 120, height: 160, url: null })
    const done = await waitUntilDone(user.access_token, queued.id)
    expect(done).toMatchObject({ status: 'ready', width: 120, height: 160, progress: 1 })
    const clip = await t.app.inject({ url: done.url ?? '' })
    expect(clip.statusCode).toBe(200)
    expect(clip.headers['content-type']).toBe('video/mp4')
    const poster = await t.app.inject({ url: done.thumbnail_url ?? '' })
    expect((await sharp(poster.rawPayload).metadata()).width).toBeLessThan(
      (await sharp(poster.rawPayload).metadata()).height ?? 0,
    )
  })

  it('keeps a 720p proxy of a clip larger than 900p beside its copy, for renders, and deletes it with the asset', async () => {
    const user = await t.createUser()
    const response = await upload(user.access_token, await readFile(fixture('large.mp4')), 'Shop floor.mp4')
    const done = await waitUntilDone(user.access_token, AssetSchema.parse(response.json()).id)
    expect(done).toMatchObject({ status: 'ready', width: 1280, height: 960 })
    const folder = path.join(t.dataDir, 'media', 'assets', user.id, done.id)
    expect((await readdir(folder)).sort()).toEqual(['clip-proxy.mp4', 'clip.mp4', 'thumb.webp', 'poster.jpg'].sort())
    const proxy = await probeMedia(path.join(folder, 'clip-proxy.mp4'))
    expect(proxy.streams).toEqual([expect.objectContaining({ type: 'video', width: 960, height: 720 })])
    // The library serves the copy, never the proxy.
    expect(done.url).toContain('clip.mp4')
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/assets/${done.id}`,
      headers: t.auth(user.access_token),
    })
    expect(deleted.statusCode).toBe(204)
    expect(await readdir(folder).catch(() => [])).toEqual([])
  })

  it('fails a clip that stops part-way, saying so', async () => {
    const user = await t.createUser()
    await t.db.db.update(users).set({ plan: 'paid' }).where(eq(users.id, user.id))
    const { payload, headers } = createMultipartUpload(await readFile(fixture('cut.mp4')), { filename: 'cut.mp4' })
    // A file whose index reads but whose frames stop: accepted, then refused by the conversion.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assets',
      payload,
      headers: { ...headers, ...t.auth(user.access_token) },
    })
    expect(response.statusCode).toBe(201)
    const done = await waitUntilDone(user.access_token, AssetSchema.parse(response.json()).id)
    expect(done.status).toBe('failed')
    expect(done.error).toMatch(/could not be read to the end/)
  })
})

describe('the media library on S3', () => {
  let s3: S3Server
  let t: TestApp

  beforeAll(async () => {
    s3 = await startS3Server()
    t = await createTestApp({ env: s3.env, deps: { planLimits: LIMITS } })
  })
  afterAll(async () => {
    await t.close()
    await s3.stop()
  })

  it('stores uploads in the bucket and leaves no object behind when the account is deleted', async () => {
    const user = await t.createUser()
    const { payload, headers } = createMultipartUpload(await makeCameraPhoto(), { filename: 'shop.jpg' })
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assets',
      payload,
      headers: { ...headers, ...t.auth(user.access_token) },
    })
    expect(response.statusCode).toBe(201)
    const objects = () => s3.listKeys(`assets/${user.id}/`)
    expect((await objects()).length).toBe(2)
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/me', headers: t.auth(user.access_token) })
    expect(deleted.statusCode).toBe(204)
    expect(await objects()).toEqual([])
  })
})
