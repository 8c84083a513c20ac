import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { removeStaleWork, STALE_WORK_MS } from './stale-work.ts'

describe('removeStaleWork', () => {
  let root = ''
  afterAll(() => rm(root, { recursive: true, force: true }))

  it('removes old render folders and half-written segments, and nothing fresh or unrelated', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'stale-work-test-'))
    const tempDir = path.join(root, 'tmp')
    const cacheDir = path.join(root, 'cache')
    const segmentsDir = path.join(cacheDir, 'segments')
    const old = new Date(Date.now() - STALE_WORK_MS - 60_000)
    const entries = {
      oldRender: path.join(tempDir, 'storyreel-render-abc'),
      freshRender: path.join(tempDir, 'storyreel-render-def'),
      otherTool: path.join(tempDir, 'someone-else-123'),
      oldPart: path.join(segmentsDir, 'f00.mp4.123.abcd1234.part'),
      oldSegment: path.join(segmentsDir, 'f00.mp4'),
    }
    await mkdir(entries.oldRender, { recursive: true })
    await mkdir(entries.freshRender, { recursive: true })
    await mkdir(entries.otherTool, { recursive: true })
    await mkdir(segmentsDir, { recursive: true })
    await writeFile(entries.oldPart, 'x')
    await writeFile(entries.oldSegment, 'x')
    for (const target of [entries.oldRender, entries.otherTool, entries.oldPart, entries.oldSegment]) {
      await utimes(target, old, old)
    }
    const removed = await removeStaleWork({ tempDir, cacheDir })
    expect(removed.toSorted()).toEqual([entries.oldPart, entries.oldRender].toSorted())
    expect(existsSync(entries.freshRender)).toBe(true)
    expect(existsSync(entries.otherTool)).toBe(true)
    expect(existsSync(entries.oldSegment)).toBe(true)
  })
})
