import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { drawSceneStill, getStillSize, type SceneStillRequest } from '#src/pipeline/scene-still.ts'
import { makeLogo } from '#src/testing/media-fixtures.ts'
import { createLocalVisualEngine } from '#src/visuals/local-visual-engine.ts'

import { createStillRunner } from './still-runner.ts'

const SCENE: SceneStillRequest = {
  visual: 'A baker pulls golden bread from a stone oven at dawn',
  narration: 'Every morning the baker wakes before the city.',
  style: 'watercolor',
  seed: 77,
  index: 0,
  count: 3,
  duration: 4,
}

describe('the still runner', () => {
  const runner = createStillRunner({ images: undefined, threads: 1 })
  afterAll(() => runner.close())

  it('draws in a thread exactly what drawSceneStill draws in the caller', async () => {
    const size = getStillSize('9:16')
    const [threaded, direct] = await Promise.all([
      runner.draw(SCENE, size),
      drawSceneStill(createLocalVisualEngine(), SCENE, size),
    ])
    expect(threaded.equals(direct)).toBe(true)
    expect(runner.visualsName).toBe('local-illustrator')
    expect(runner.keyOf(SCENE, size)).toMatch(/^[0-9a-f]{32}$/)
  })

  it('draws a still with the owner’s logo in a thread as drawSceneStill does, under a key of its own', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'still-runner-logo-'))
    try {
      await makeLogo(path.join(dir, 'logo.webp'), { format: 'webp', clearRight: true })
      const logo = { file: path.join(dir, 'logo.webp'), position: 'bottom-left', size: 0.2, opacity: 0.8 } as const
      const options = { ...getStillSize('9:16'), brand: { logo }, captions: true }
      const [threaded, direct] = await Promise.all([
        runner.draw(SCENE, options),
        drawSceneStill(createLocalVisualEngine(), SCENE, options),
      ])
      expect(threaded.equals(direct)).toBe(true)
      expect(runner.keyOf(SCENE, options)).not.toBe(runner.keyOf(SCENE, getStillSize('9:16')))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('queues tasks beyond its threads and answers each one', async () => {
    const size = getStillSize('1:1')
    const tasks = [1, 2, 3, 4].map((seed) => runner.draw({ ...SCENE, seed }, size))
    expect(runner.pending).toBe(4)
    const stills = await Promise.all(tasks)
    expect(new Set(stills.map((still) => still.toString('base64'))).size).toBe(4)
    expect(runner.pending).toBe(0)
  })

  it('drops a waiting task when its signal is aborted, and draws the others', async () => {
    const size = getStillSize('9:16')
    const stop = new AbortController()
    const first = runner.draw({ ...SCENE, seed: 5 }, size)
    const dropped = runner.draw({ ...SCENE, seed: 6 }, size, { signal: stop.signal })
    stop.abort()
    await expect(dropped).rejects.toMatchObject({ name: 'EngineError', kind: 'aborted' })
    expect((await first).length).toBeGreaterThan(1000)
    await expect(runner.draw(SCENE, size, { signal: stop.signal })).rejects.toMatchObject({ kind: 'aborted' })
  })

  it("passes the engine's error on with its kind", async () => {
    await expect(runner.draw(SCENE, { width: 1, height: 1 })).rejects.toMatchObject({
      name: 'EngineError',
      kind: 'invalid',
      engine: 'visuals',
    })
  })

  it('refuses work once closed', async () => {
    const closing = createStillRunner({ images: undefined })
    const running = expect(closing.draw(SCENE, getStillSize('16:9'))).rejects.toMatchObject({ kind: 'aborted' })
    await closing.close()
    await running
    await expect(closing.draw(SCENE, getStillSize('16:9'))).rejects.toMatchObject({ kind: 'aborted' })
  })
})
