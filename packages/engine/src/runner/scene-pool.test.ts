import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { probeMedia } from '#src/encoder/probe.ts'
import type { SceneDrawing } from '#src/pipeline/scene-segments.ts'
import type { SceneArtRequest } from '#src/visuals/visual-engine.ts'

import { createScenePool } from './scene-pool.ts'

const REQUEST: SceneArtRequest = {
  visual: 'A lighthouse keeper climbs the stairs at dusk',
  narration: 'Every evening the keeper lit the lamp.',
  style: 'anime',
  seed: 5,
  index: 1,
  count: 2,
  width: 160,
  height: 288,
  duration: 2,
}

function drawingInto(dir: string, frames: number): SceneDrawing {
  return {
    request: REQUEST,
    previous: { request: { ...REQUEST, index: 0, seed: 9, visual: 'A boat on a calm sea' }, duration: 2 },
    transition: 'push',
    parts: [
      { first: 0, end: 12, outPath: path.join(dir, 'lead-in.mp4'), blendsIn: true },
      { first: 12, end: frames, outPath: path.join(dir, 'body.mp4'), blendsIn: false },
    ],
    captions: null,
    width: REQUEST.width,
    height: REQUEST.height,
    fps: 30,
    stillAt: 1,
  }
}

describe('the scene pool', () => {
  const pool = createScenePool({ musicDir: os.tmpdir(), cacheDir: os.tmpdir() }, 2)
  const dirs: string[] = []
  afterAll(async () => {
    await pool.close()
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
  })
  const workDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-scene-pool-'))
    dirs.push(dir)
    return dir
  }

  it('draws a scene in a thread: each part a complete video, the still a JPEG, progress to the last frame', async () => {
    const dir = await workDir()
    const progress: number[] = []
    const { still } = await pool.draw(drawingInto(dir, 60), { onFrames: (done) => progress.push(done) })
    const [leadIn, body] = await Promise.all([
      probeMedia(path.join(dir, 'lead-in.mp4')),
      probeMedia(path.join(dir, 'body.mp4')),
    ])
    expect(leadIn.durationSeconds).toBeCloseTo(12 / 30, 1)
    expect(body.durationSeconds).toBeCloseTo(48 / 30, 1)
    expect(still?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
    expect(progress.at(-1)).toBe(60)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
  })

  it('stops a drawing when its signal aborts, and leaves no part behind', async () => {
    const dir = await workDir()
    const controller = new AbortController()
    const drawing = pool.draw(drawingInto(dir, 600), {
      signal: controller.signal,
      onFrames: (done) => {
        if (done >= 20) controller.abort()
      },
    })
    await expect(drawing).rejects.toMatchObject({ name: 'EngineError', kind: 'aborted' })
    expect(await readdir(dir)).toEqual([])
  })
})
