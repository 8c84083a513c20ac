import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createLocalMediaStore } from './local-media-store.ts'

describe('the local media store', () => {
  let root = ''
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'storyreel-local-media-'))
  })
  afterAll(() => rm(root, { recursive: true, force: true }))

  it('removes a folder while files keep being written into it, without failing', async () => {
    const store = createLocalMediaStore(root)
    for (let round = 0; round < 5; round += 1) {
      const folder = `projects/p${round}`
      await Promise.all(
        Array.from({ length: 200 }, (_, index) => store.put(`${folder}/thumbnails/${index}.webp`, Buffer.from('x'))),
      )
      // Four writers go on storing stills in the folder for as long as it is being removed.
      let removing = true
      const writers = Array.from({ length: 4 }, async (_, writer) => {
        for (let index = 0; removing; index += 1) {
          await store.put(`${folder}/thumbnails/late-${writer}-${index}.webp`, Buffer.from('y')).catch(() => undefined)
        }
      })
      try {
        await store.deletePrefix(folder)
      } finally {
        removing = false
        await Promise.all(writers)
      }
      // What the writers stored after the folder went is theirs to remove; nothing was left half-deleted.
      expect((await readdir(path.join(root, 'projects'))).filter((name) => name.includes('.deleting-'))).toEqual([])
      await store.deletePrefix(folder)
      await expect(store.stat(`${folder}/thumbnails/0.webp`)).resolves.toBeUndefined()
    }
  })

  it('removes nothing but the folder named, and a folder that is not there is no error', async () => {
    const store = createLocalMediaStore(root)
    await store.put('projects/keep/a.webp', Buffer.from('a'))
    await store.put('projects/keep-not/a.webp', Buffer.from('b'))
    await store.deletePrefix('projects/keep-not/')
    await store.deletePrefix('projects/never-made')
    expect(await store.get('projects/keep/a.webp')).toEqual(Buffer.from('a'))
    expect(await store.stat('projects/keep-not/a.webp')).toBeUndefined()
  })
})
