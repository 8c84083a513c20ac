import { describe, expect, it } from 'vitest'

import { getEventScene, getTripKind, namesAny, SETTINGS } from './writer-lexicon.ts'

describe("the writer's words", () => {
  it('names words as whole words, never letters inside others', () => {
    expect(namesAny('a book fair in Bristol', ['fair'])).toBe(true)
    expect(namesAny('a love affair in Paris', ['fair'])).toBe(false)
    expect(namesAny('the farmers markets of Lyon', ['market'])).toBe(true)
    expect(namesAny('supermarket deals', ['market'])).toBe(false)
    expect(namesAny('a night market in Taipei', ['night market'])).toBe(true)
    expect(namesAny('a night at the market', ['night market'])).toBe(false)
  })

  it('reads the kind of an event and a destination from those words', () => {
    const kind = getEventScene
    expect(kind('the Bristol book fair').moment).not.toMatch(/food/u)
    expect(kind('our street food night').moment).toMatch(/food/u)
    const place = getTripKind
    expect(place('the harbour of Porto')).toBe('coast')
    expect(place('a quiet fjord')).toBe('lake')
    expect(place('a hilltop café')).toBeUndefined()
    expect(place('a fishing village on the coast')).toBe('village')
    expect(place('the Alps in winter')).toBe('mountains')
  })

  it('knows where a scene can be set from the lexicon, in both spellings and the plural', () => {
    for (const word of ['harbour', 'harbor', 'theatre', 'café', 'streets', 'train', 'stars'])
      expect(SETTINGS.has(word)).toBe(true)
    expect(SETTINGS.has('pasta')).toBe(false)
  })
})
