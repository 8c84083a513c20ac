import { createCanvas } from '@napi-rs/canvas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startImageStandIn } from '#src/testing/image-stand-in.ts'

import { createVisualEngine } from './create-visual-engine.ts'
import { chooseImageSize, composeImagePrompt } from './hosted-image-visual-engine.ts'
import { readScene } from './read-scene.ts'
import type { SceneArtRequest } from './visual-engine.ts'

const API_KEY = 'sk-test-images'

const REQUEST: SceneArtRequest = {
  visual: 'A lighthouse on a cliff at sunset',
  narration: 'The keeper lights the lamp one last time.',
  style: 'watercolor',
  seed: 3,
  index: 1,
  count: 3,
  width: 144,
  height: 256,
  duration: 3,
}

describe('the hosted image visual engine', () => {
  let standIn: Awaited<ReturnType<typeof startImageStandIn>>

  beforeAll(async () => {
    standIn = await startImageStandIn({ apiKey: API_KEY })
  })

  afterAll(async () => {
    await standIn.close()
  })

  it('is picked when an image API is configured, the local engine otherwise', () => {
    expect(createVisualEngine({ url: standIn.url, apiKey: API_KEY, model: 'gpt-image-1' }).name).toBe(
      'openai-images:gpt-image-1',
    )
    expect(createVisualEngine(undefined).name).toBe('local-illustrator')
  })

  it('asks for one picture in the frame shape and animates it', async () => {
    standIn.setMode('image')
    const engine = createVisualEngine({ url: standIn.url, apiKey: API_KEY, model: 'gpt-image-1' })
    const art = await engine.prepareScene(REQUEST)
    const last = standIn.requests.at(-1)
    expect(last?.authorization).toBe(`Bearer ${API_KEY}`)
    expect(last?.body).toMatchObject({ model: 'gpt-image-1', size: '1024x1536', n: 1, response_format: 'b64_json' })
    const prompt = (last?.body as { prompt: string }).prompt
    expect(prompt).toContain('A lighthouse on a cliff at sunset')
    expect(prompt).toContain('watercolor')
    // Where and when as the drawing would have it, read from the same lexicon: a lighthouse is on the shore.
    expect(prompt).toContain('Setting: on the shore by the sea, at sunset.')

    const canvas = createCanvas(REQUEST.width, REQUEST.height)
    const context = canvas.getContext('2d')
    art.drawFrame(context, 0)
    const first = context.getImageData(0, 0, REQUEST.width, REQUEST.height).data
    art.drawFrame(context, 2.9)
    const last2 = context.getImageData(0, 0, REQUEST.width, REQUEST.height).data
    let difference = 0
    for (let index = 0; index < first.length; index++) difference += Math.abs((first[index] ?? 0) - (last2[index] ?? 0))
    expect(difference / first.length).toBeGreaterThan(2)
  })

  it('fails with VISUAL_ENGINE_UNAVAILABLE on a wrong key, a server error or a broken image', async () => {
    const wrongKey = createVisualEngine({ url: standIn.url, apiKey: 'sk-wrong', model: 'gpt-image-1' })
    await expect(wrongKey.prepareScene(REQUEST)).rejects.toMatchObject({
      kind: 'unavailable',
      engine: 'visuals',
      message: expect.stringContaining('Incorrect API key') as unknown,
    })
    const engine = createVisualEngine({ url: standIn.url, apiKey: API_KEY, model: 'gpt-image-1' })
    standIn.setMode('server-error')
    await expect(engine.prepareScene(REQUEST)).rejects.toMatchObject({ kind: 'unavailable', engine: 'visuals' })
    standIn.setMode('not-an-image')
    await expect(engine.prepareScene(REQUEST)).rejects.toMatchObject({ kind: 'unavailable', engine: 'visuals' })
    standIn.setMode('image')
  })

  it('fails with VISUAL_ENGINE_UNAVAILABLE when the service cannot be reached', async () => {
    const engine = createVisualEngine({ url: 'http://127.0.0.1:9', apiKey: API_KEY, model: 'dall-e-3' })
    await expect(engine.prepareScene(REQUEST)).rejects.toMatchObject({ kind: 'unavailable', engine: 'visuals' })
  })

  it('names the setting the drawing would show, for words the old lists disagreed on', () => {
    for (const [visual, place] of [
      ['The harbour at noon', 'on the shore by the sea'],
      ['A house on a quiet lane', 'on a street'],
      ['The village square', 'on a street'],
      ['An island far away', 'at sea'],
    ] as const) {
      const { spec } = readScene({ visual, narration: '', style: 'cinematic', seed: 1, index: 0, count: 1 })
      expect(composeImagePrompt({ visual, narration: '', style: 'cinematic' }, spec), visual).toContain(
        `Setting: ${place}`,
      )
    }
  })

  it('picks the sizes each model accepts', () => {
    expect(chooseImageSize('dall-e-3', 720, 1280)).toBe('1024x1792')
    expect(chooseImageSize('dall-e-3', 1280, 720)).toBe('1792x1024')
    expect(chooseImageSize('gpt-image-1', 1280, 720)).toBe('1536x1024')
    expect(chooseImageSize('gpt-image-1', 720, 720)).toBe('1024x1024')
  })
})
