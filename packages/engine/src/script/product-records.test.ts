import { afterEach, describe, expect, it, vi } from 'vitest'

import type { PRODUCTS } from '../lexicon/entries/products.ts'
import type { LexiconRecord } from '../lexicon/schema.ts'

/** An ad for the product, written by the offline writer as the lexicon's records stand. */
async function adFor(product: string, added: LexiconRecord[] = []): Promise<string> {
  vi.resetModules()
  vi.doMock('../lexicon/entries/products.ts', async (importOriginal) => {
    const original = await importOriginal<{ PRODUCTS: typeof PRODUCTS }>()
    return { PRODUCTS: [...original.PRODUCTS, ...added] }
  })
  const { createLocalScriptWriter } = await import('./local-script-writer.ts')
  const draft = await createLocalScriptWriter().createStoryboard({
    source: { kind: 'prompt', text: `an ad for our ${product}` },
    targetSeconds: 30,
    style: 'cinematic',
    language: 'en-US',
    wordsPerSecond: 2.5,
  })
  return draft.scenes.map((scene) => `${scene.narration} ${scene.visual}`).join('\n')
}

describe("what the writer's ads do with a product", () => {
  afterEach(() => vi.doUnmock('../lexicon/entries/products.ts'))

  it('reads the use of a word added as one lexicon record', async () => {
    expect(await adFor('new kayak')).not.toMatch(/paddles? /u)
    const ad = await adFor('new kayak', [{ lemma: 'kayak', kind: 'vehicle', product: { use: 'paddle' } }])
    expect(ad).toMatch(/A person paddles a new kayak/u)
  })

  it('wears trainers, the shoes, and lights candles at home', async () => {
    expect(await adFor('running trainers')).toMatch(/wears/u)
    expect(await adFor('scented candles')).toMatch(/lights/u)
  })
})
