import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createLocalRenderCache } from '#src/pipeline/render-cache.ts'

import { answerCacheCall, createParentCache, type CacheCall } from './parent-cache.ts'

describe('the render child reaching its parent cache', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-parent-cache-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it("answers has, get and put with the parent's cache, and passes its failures on", async () => {
    const parent = createLocalRenderCache(path.join(dir, 'cache'))
    // The IPC channel, as the runner and the child use it: each call goes over, each reply comes back.
    const child = createParentCache((call: CacheCall) => {
      void answerCacheCall(parent, call).then((reply) => child.receive(reply))
    })
    const source = path.join(dir, 'clip.f32')
    await writeFile(source, 'samples')
    expect(await child.has('voice/abc.f32')).toBe(false)
    expect(await child.get('voice/abc.f32')).toBeUndefined()
    await child.put('voice/abc.f32', source)
    expect(await child.has('voice/abc.f32')).toBe(true)
    const file = await child.get('voice/abc.f32')
    expect(file && (await readFile(file, 'utf8'))).toBe('samples')
    await expect(child.get('../outside')).rejects.toThrow(/Unsafe cache key/)
  })
})
