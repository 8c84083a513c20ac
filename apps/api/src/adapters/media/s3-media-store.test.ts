import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { getFreePort } from '#src/testing/server-process.ts'
import { startS3Server, type S3Server } from '#src/testing/s3-server.ts'

import { getMediaSources } from './create-media-store.ts'
import { MediaStoreUnavailableError } from './media-store.ts'
import { createS3MediaStore, getS3Origin } from './s3-media-store.ts'
import { createStoreRenderCache, renderCachePrefix } from './store-render-cache.ts'

const MiB = 1024 * 1024
const USER = randomUUID()

const readAll = async (stream: NodeJS.ReadableStream | undefined) => {
  const chunks: Buffer[] = []
  for await (const chunk of stream ?? []) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('the S3 media store, against an S3 server on 127.0.0.1', () => {
  let s3: S3Server
  let work: string
  let store: ReturnType<typeof createS3MediaStore>
  // A video-sized file: 11 MiB in 5 MiB parts is a multipart upload of three parts.
  const video = randomBytes(11 * MiB)

  beforeAll(async () => {
    ;[s3, work] = await Promise.all([startS3Server(), mkdtemp(path.join(os.tmpdir(), 'storyreel-s3-test-'))])
    store = createS3MediaStore(s3.config, { partSize: 5 * MiB })
    await writeFile(path.join(work, 'video.mp4'), video)
  })
  afterAll(async () => {
    store.close()
    await s3.stop()
    await rm(work, { recursive: true, force: true })
  })

  it('uploads a large file in parts and reads it back whole and by byte range', async () => {
    const key = 'projects/p1/renders/r1/video.mp4'
    await store.putFile(key, path.join(work, 'video.mp4'))
    const parts = s3.requests.filter((line) => line.startsWith('PUT') && line.includes('partNumber='))
    expect(parts).toHaveLength(3)
    expect(await store.stat(key)).toMatchObject({ size: video.length })
    expect((await store.get(key))?.equals(video)).toBe(true)
    const middle = await readAll(await store.openReadStream(key, { start: 6 * MiB, end: 6 * MiB + 99 }))
    expect(middle.equals(video.subarray(6 * MiB, 6 * MiB + 100))).toBe(true)
    await store.download(key, path.join(work, 'copy.mp4'))
    expect((await readFile(path.join(work, 'copy.mp4'))).equals(video)).toBe(true)
  })

  it('answers undefined for a key that is not there', async () => {
    expect(await store.stat('projects/p1/nothing.mp4')).toBeUndefined()
    expect(await store.get('projects/p1/nothing.mp4')).toBeUndefined()
    expect(await store.openReadStream('projects/p1/nothing.mp4')).toBeUndefined()
    expect(await store.download('projects/p1/nothing.mp4', path.join(work, 'nothing'))).toBe(false)
  })

  it('deletes a folder with everything under it, and nothing beside it', async () => {
    const keys = Array.from({ length: 5 }, (_, index) => `projects/p2/renders/r${index}/poster.jpg`)
    await Promise.all([...keys, 'projects/p22/poster.jpg'].map((key) => store.put(key, Buffer.from(key))))
    await store.deletePrefix('projects/p2')
    expect(await Promise.all(keys.map((key) => store.stat(key)))).toEqual(keys.map(() => undefined))
    expect(await store.get('projects/p22/poster.jpg')).toEqual(Buffer.from('projects/p22/poster.jpg'))
  })

  it('keeps render parts per owner, for any worker, and leaves none on the worker once a task is done', async () => {
    const source = path.join(work, 'segment.mp4')
    await writeFile(source, 'a scene segment')
    const first = await createStoreRenderCache({ media: store, userId: USER })
    await first.put('segments/abc.mp4', source)
    await first.dispose()
    // Another worker, another task: the part comes from the store.
    const second = await createStoreRenderCache({ media: store, userId: USER })
    expect(await second.has('segments/abc.mp4')).toBe(true)
    const file = await second.get('segments/abc.mp4')
    expect(file && (await readFile(file, 'utf8'))).toBe('a scene segment')
    expect(await second.get('segments/other.mp4')).toBeUndefined()
    await second.dispose()
    await expect(readFile(file ?? '')).rejects.toThrow(/ENOENT/)
    // Someone else's cache does not see it.
    const stranger = await createStoreRenderCache({ media: store, userId: randomUUID() })
    expect(await stranger.get('segments/abc.mp4')).toBeUndefined()
    await stranger.dispose()
    expect(await store.stat(`${renderCachePrefix(USER)}/segments/abc.mp4`)).toBeDefined()
  })

  it('fails fast with MediaStoreUnavailableError when the store is down', async () => {
    const down = createS3MediaStore({ ...s3.config, endpoint: `http://127.0.0.1:${await getFreePort()}` })
    const started = Date.now()
    await expect(down.stat('projects/p1/video.mp4')).rejects.toBeInstanceOf(MediaStoreUnavailableError)
    await expect(down.put('projects/p1/a.json', Buffer.from('{}'))).rejects.toBeInstanceOf(MediaStoreUnavailableError)
    await expect(down.deletePrefix('projects/p1')).rejects.toBeInstanceOf(MediaStoreUnavailableError)
    expect(Date.now() - started).toBeLessThan(5000)
    // A cache on a store that is down is a miss, not a failed render.
    const errors: unknown[] = []
    const cache = await createStoreRenderCache({ media: down, userId: USER, onError: (error) => errors.push(error) })
    expect(await cache.get('segments/abc.mp4')).toBeUndefined()
    await cache.put('segments/abc.mp4', path.join(work, 'segment.mp4'))
    await cache.dispose()
    expect(errors).toHaveLength(2)
    down.close()
  })

  it('calls a store that refuses our access key unavailable', async () => {
    const stranger = createS3MediaStore({
      ...s3.config,
      credentials: { accessKeyId: 'SOMEONE', secretAccessKey: 'ELSE' },
    })
    await expect(stranger.get('projects/p1/renders/r1/video.mp4')).rejects.toBeInstanceOf(MediaStoreUnavailableError)
    stranger.close()
  })
})

describe('the page sources for redirected media', () => {
  const s3 = {
    endpoint: undefined,
    region: 'eu-west-3',
    bucket: 'media',
    credentials: undefined,
    forcePathStyle: false,
  }

  it('names the origin presigned URLs point at, only when media links redirect there', () => {
    expect(getS3Origin(s3)).toBe('https://media.s3.eu-west-3.amazonaws.com')
    expect(getS3Origin({ ...s3, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })).toBe(
      'http://127.0.0.1:9000',
    )
    expect(getMediaSources({ s3, mediaDelivery: 'redirect' })).toEqual({
      img: ['https://media.s3.eu-west-3.amazonaws.com'],
      media: ['https://media.s3.eu-west-3.amazonaws.com'],
    })
    expect(getMediaSources({ s3, mediaDelivery: 'proxy' })).toEqual({})
    expect(getMediaSources({ s3: undefined, mediaDelivery: 'proxy' })).toEqual({})
  })
})
