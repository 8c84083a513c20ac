import { describe, expect, it } from 'vitest'

import { getSceneStillKey, type SceneStillRequest } from '#src/pipeline/scene-still.ts'
import type { SceneArt, SceneArtRequest, VisualEngine } from '#src/visuals/visual-engine.ts'

import { withMediaScenes } from './media-visual-engine.ts'

/** An engine that records which scenes it was asked to picture. */
function recordingEngine(name: string, artwork: VisualEngine['artwork'] = []) {
  const asked: string[] = []
  const engine: VisualEngine = {
    name,
    artwork,
    prepareScene(request: SceneArtRequest): Promise<SceneArt> {
      asked.push(request.visual)
      return Promise.resolve({ drawFrame: () => undefined })
    },
  }
  return { engine, asked }
}

const request = (visual: string, picture?: SceneArtRequest['picture']): SceneArtRequest => ({
  visual,
  narration: '',
  style: 'cinematic',
  seed: 1,
  index: 0,
  count: 1,
  width: 64,
  height: 64,
  duration: 3,
  ...(picture ? { picture } : {}),
})

describe('withMediaScenes', () => {
  const credit = { name: 'Noto Emoji', licence: 'Apache-2.0', credit: '© Google' }

  it('pictures a scene that chose nothing with the default engine, and one that chose the illustrator with it', async () => {
    const hosted = recordingEngine('hosted-images')
    const illustrator = recordingEngine('local-illustrator', [credit])
    const engine = withMediaScenes(hosted.engine, { drawn: () => illustrator.engine })
    await engine.prepareScene(request('a harbour at dawn'))
    await engine.prepareScene(request('a lighthouse', 'drawn'))
    await engine.prepareScene(request('a ferry', 'generated'))
    expect(hosted.asked).toEqual(['a harbour at dawn', 'a ferry'])
    expect(illustrator.asked).toEqual(['a lighthouse'])
    expect(engine.name).toBe('hosted-images')
    // Only the scenes the illustrator drew bring its credit into a receipt.
    expect(engine.artworkFor?.([{ picture: undefined }, { picture: 'generated' }])).toEqual([])
    expect(engine.artworkFor?.([{ picture: undefined }, { picture: 'drawn' }])).toEqual([credit])
  })

  it('falls back to the default engine for a choice the server has no engine for', async () => {
    const illustrator = recordingEngine('local-illustrator', [credit])
    const engine = withMediaScenes(illustrator.engine)
    await engine.prepareScene(request('a ferry', 'generated'))
    expect(illustrator.asked).toEqual(['a ferry'])
    expect(engine.artworkFor?.([{ picture: 'generated' }])).toEqual([credit])
  })
})

describe('getSceneStillKey', () => {
  it('keeps the key of a scene that made no choice of picture, and changes it for one that did', () => {
    const { width: _w, height: _h, ...still } = request('a lighthouse')
    const base: SceneStillRequest = still
    const options = { width: 64, height: 64 }
    const key = getSceneStillKey('local-illustrator', base, options)
    expect(getSceneStillKey('local-illustrator', { ...base, picture: undefined }, options)).toBe(key)
    expect(getSceneStillKey('local-illustrator', { ...base, picture: 'drawn' }, options)).not.toBe(key)
  })
})
