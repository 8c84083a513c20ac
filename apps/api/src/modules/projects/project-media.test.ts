import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { makeClip } from '@storyreel/engine/testing/upload-fixtures'

import { createLocalMediaStore } from '#src/adapters/media/local-media-store.ts'
import type { MediaStore } from '#src/adapters/media/media-store.ts'
import { createS3MediaStore } from '#src/adapters/media/s3-media-store.ts'
import { startS3Server, type S3Server } from '#src/testing/s3-server.ts'

import { clipProxyKey } from '#src/modules/assets/assets.service.ts'

import { createAssetFileCache, downloadMediaFiles } from './project-media.ts'
import type { RenderMedia } from './render-spec.ts'

const USER = randomUUID()
const OTHER = randomUUID()
const PHOTO = randomUUID()
const CLIP = randomUUID()
const GONE = randomUUID()
const FOREIGN = randomUUID()

const photoBytes = randomBytes(40_000)
const proxyBytes = randomBytes(30_000)
let clipBytes: Buffer
let work: string

const entry = (kind: RenderMedia['kind'], fileKey: string, name: string): RenderMedia & { fileKey: string } => ({
  kind,
  name,
  fileKey,
  width: kind === 'audio' ? null : 64,
  height: kind === 'audio' ? null : 48,
  durationSeconds: kind === 'image' ? null : 1,
})

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-project-media-'))
  await makeClip(path.join(work, 'clip.mp4'), { width: 64, height: 48, fps: 10, seconds: 1 })
  clipBytes = await readFile(path.join(work, 'clip.mp4'))
})
afterAll(() => rm(work, { recursive: true, force: true }))

/** Fetching the owner's copies works the same from local disk and from a bucket. */
const stores: Array<{ name: string; open: () => Promise<{ store: MediaStore; close: () => Promise<void> }> }> = [
  {
    name: 'local disk',
    open: async () => {
      const root = await mkdtemp(path.join(work, 'store-'))
      return { store: createLocalMediaStore(root), close: () => rm(root, { recursive: true, force: true }) }
    },
  },
  {
    name: 'S3',
    open: async () => {
      const s3: S3Server = await startS3Server()
      const store = createS3MediaStore(s3.config)
      return {
        store,
        close: async () => {
          store.close()
          await s3.stop()
        },
      }
    },
  },
]

/** Whether a file is no longer there. */
const isGone = (file: string | undefined) =>
  readFile(file ?? '').then(
    () => false,
    () => true,
  )

for (const { name, open } of stores) {
  describe(`the owner's media files from ${name}`, () => {
    let store: MediaStore
    let close: () => Promise<void>
    const photoKey = `assets/${USER}/${PHOTO}/photo.jpg`
    const clipKey = `assets/${USER}/${CLIP}/clip.mp4`
    const foreignKey = `assets/${OTHER}/${FOREIGN}/photo.jpg`

    beforeAll(async () => {
      ;({ store, close } = await open())
      await store.put(photoKey, photoBytes)
      await store.put(clipKey, clipBytes)
      await store.put(foreignKey, randomBytes(100))
    })
    afterAll(() => close())

    it('downloads only the named copies in the owner’s folders, and leaves out what is gone', async () => {
      const dir = await mkdtemp(path.join(work, 'render-media-'))
      const missing: Array<[string, string]> = []
      const files = await downloadMediaFiles({
        media: store,
        userId: USER,
        dir,
        entries: [
          [PHOTO, entry('image', photoKey, 'Shop front.jpg')],
          [CLIP, entry('video', clipKey, 'Oven.mp4')],
          [GONE, entry('image', `assets/${USER}/${GONE}/photo.jpg`, 'Old sign.jpg')],
          // Another account's file, and a key of another asset's folder: never read.
          [FOREIGN, entry('image', foreignKey, 'Theirs.jpg')],
          [PHOTO, entry('image', `assets/${USER}/${CLIP}/clip.mp4`, 'Mixed up.jpg')],
        ],
        onMissing: (assetId, reason) => missing.push([assetId, reason]),
      })
      expect(Object.keys(files).sort()).toEqual([PHOTO, CLIP].sort())
      expect(files[PHOTO]).toMatchObject({ kind: 'image', version: photoKey, name: 'Shop front.jpg', width: 64 })
      // The version is the store key of the immutable copy, never the temporary path.
      expect(files[PHOTO]?.path.startsWith(dir)).toBe(true)
      expect(await readFile(files[PHOTO]?.path ?? '')).toEqual(photoBytes)
      // A test pattern clip made without sound.
      expect(files[CLIP]).toMatchObject({ kind: 'video', version: clipKey, durationSeconds: 1, hasAudio: false })
      expect(missing.map(([assetId]) => assetId)).toEqual([GONE, FOREIGN, PHOTO])
      expect(await readdir(dir)).toHaveLength(2)
      await rm(dir, { recursive: true, force: true })
    })

    it('brings a clip’s 720p proxy to a 720p render only, and goes on without one where there is none', async () => {
      // A 1080p copy (as the row says) with its proxy beside it, and one converted before proxies.
      const big = { ...entry('video', clipKey, 'Oven.mp4'), width: 1080, height: 1920 }
      const older = `assets/${USER}/${GONE}/clip.mp4`
      await store.put(clipProxyKey(clipKey), proxyBytes)
      await store.put(older, clipBytes)
      const fetch = async (frame: { width: number; height: number }) => {
        const dir = await mkdtemp(path.join(work, 'render-media-'))
        const files = await downloadMediaFiles({
          media: store,
          userId: USER,
          dir,
          frame,
          entries: [
            [CLIP, big],
            [GONE, { ...big, fileKey: older }],
            [PHOTO, entry('image', photoKey, 'Shop front.jpg')],
          ],
          onMissing: () => undefined,
        })
        return { dir, files }
      }
      const small = await fetch({ width: 720, height: 1280 })
      expect(small.files[CLIP]?.proxy).toMatchObject({ width: 720, height: 1280 })
      expect(small.files[CLIP]?.proxy?.path.startsWith(small.dir)).toBe(true)
      expect(await readFile(small.files[CLIP]?.proxy?.path ?? '')).toEqual(proxyBytes)
      // The copy stays what the scene's sound, previews and the cache key name.
      expect(small.files[CLIP]).toMatchObject({ version: clipKey, width: 1080, height: 1920 })
      expect(small.files[GONE]?.proxy).toBeUndefined()
      expect(small.files[PHOTO]?.proxy).toBeUndefined()
      expect(await readdir(small.dir)).toHaveLength(4)
      const large = await fetch({ width: 1080, height: 1920 })
      expect(large.files[CLIP]?.proxy).toBeUndefined()
      expect(await readdir(large.dir)).toHaveLength(3)
      await Promise.all([small.dir, large.dir].map((dir) => rm(dir, { recursive: true, force: true })))
    })

    it('keeps copies for stills in a cache bounded in size, never dropping one being read', async () => {
      const cache = createAssetFileCache({ media: store, maxBytes: photoBytes.length + 10 })
      const [first, again] = await Promise.all([
        cache.acquire(USER, PHOTO, entry('image', photoKey, 'Shop front.jpg')),
        cache.acquire(USER, PHOTO, entry('image', photoKey, 'Shop front.jpg')),
      ])
      expect(first?.file.path).toBe(again?.file.path)
      expect(await readFile(first?.file.path ?? '')).toEqual(photoBytes)
      // Over the bound while both are held: nothing is dropped under a reader.
      const clip = await cache.acquire(USER, CLIP, entry('video', clipKey, 'Oven.mp4'))
      expect(clip?.file.hasAudio).toBe(false)
      expect(cache.sizeBytes).toBe(photoBytes.length + clipBytes.length)
      first?.release()
      again?.release()
      clip?.release()
      // Released, the least recently used go until the cache fits.
      await expect.poll(() => cache.sizeBytes).toBeLessThanOrEqual(photoBytes.length + 10)
      expect(await cache.acquire(USER, FOREIGN, entry('image', foreignKey, 'Theirs.jpg'))).toBeUndefined()
      expect(await cache.acquire(USER, GONE, entry('image', `assets/${USER}/${GONE}/photo.jpg`, 'x'))).toBeUndefined()
      // A deleted asset's copy goes: at once when idle, after its last reader otherwise.
      const reading = await cache.acquire(USER, CLIP, entry('video', clipKey, 'Oven.mp4'))
      await cache.forget(`assets/${USER}/${CLIP}`)
      expect(await readFile(reading?.file.path ?? '')).toEqual(clipBytes)
      reading?.release()
      // Removed in the background: waited for, not slept on, so a busy machine cannot fail it.
      await expect.poll(() => isGone(reading?.file.path)).toBe(true)
      // Deleted while its copy is being fetched: the request waiting for it gets it, and it is not kept after.
      const fetching = cache.acquire(USER, CLIP, entry('video', clipKey, 'Oven.mp4'))
      await cache.forget(`assets/${USER}/${CLIP}`)
      const late = await fetching
      expect(await readFile(late?.file.path ?? '')).toEqual(clipBytes)
      late?.release()
      await expect.poll(() => isGone(late?.file.path)).toBe(true)
      expect(cache.sizeBytes).toBeLessThanOrEqual(photoBytes.length + 10)
      const fresh = await cache.acquire(USER, CLIP, entry('video', clipKey, 'Oven.mp4'))
      expect(fresh?.file.path).not.toBe(late?.file.path)
      fresh?.release()
      const held = (await cache.acquire(USER, PHOTO, entry('image', photoKey, 'Shop front.jpg')))?.file.path ?? ''
      await cache.close()
      await expect(readFile(held)).rejects.toThrow()
    })
  })
}
