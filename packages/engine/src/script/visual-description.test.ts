import { describe, expect, it } from 'vitest'

import { VIDEO_STYLES } from '@storyreel/contracts/studio'

import { describeScene, getKeyPhrases, getNames, getProtagonist, readScene } from './visual-description.ts'

const describe0 = (narration: string) => describeScene(narration, { style: 'cinematic', index: 0 })

describe('describeScene', () => {
  it('composes setting, place, time, subject and mood from the words', () => {
    expect(describe0('Every evening, a family bakery in Lisbon fills the street with the smell of fresh bread.')).toBe(
      'A family bakery in Lisbon at golden hour: fresh bread, warm and inviting',
    )
  })

  it('links a subject, its action and its object', () => {
    expect(describe0('At dawn, the baker kneads the dough.')).toBe('A baker kneading dough at dawn, dramatic light')
    expect(describe0('The old lighthouse keeper watched the storm over the dark sea.')).toBe(
      'A dark sea in stormy weather: an old lighthouse keeper watching a storm, nostalgic and dramatic',
    )
  })

  it('keeps names, and reads a sentence-initial name as one', () => {
    expect(describe0('Maria runs through the rainy streets of Tokyo at night.')).toBe(
      'Rainy streets in Tokyo at night: Maria running, dramatic light',
    )
  })

  it.each([
    ['Our coffee is brewed slowly with beans from small farms in Colombia.', ['coffee', 'beans', 'colombia']],
    ['Knead the dough for ten minutes, then shape it into a round loaf.', ['dough']],
    [
      'Fishermen unload silver sardines at the harbour before sunrise.',
      ['fishermen', 'sardines', 'harbour', 'sunrise'],
    ],
    ['A red kite dances above the cliffs on a windy afternoon.', ['kite', 'cliffs', 'afternoon']],
  ])('names the key nouns of "%s"', (narration, nouns) => {
    const visual = describe0(narration).toLowerCase()
    for (const noun of nouns) expect(visual).toContain(noun)
  })

  it('keeps a preposition with its noun phrase and draws a pronoun as a person', () => {
    expect(describe0('At night, when the city is quiet, she sits by the window and plans tomorrow’s bread.')).toBe(
      'A city at night: a woman sitting by the window, quiet and inviting',
    )
    expect(describeScene('She sits by the window.', { style: 'cinematic', index: 0, protagonist: 'Maria' })).toMatch(
      /^Maria sitting by the window/,
    )
    expect(describe0('The old lighthouse stands alone on a rocky island.')).toBe(
      'An old lighthouse on a rocky island, nostalgic and lonely',
    )
  })

  it('drops words that only describe something too abstract to draw', () => {
    const visual = describe0('A sharp knife and a steady hand make this part quick.')
    expect(visual).toMatch(/^A sharp knife/)
    expect(visual).not.toMatch(/\ba steady\b|with a steady/)
    expect(describe0('For forty years, Tom has climbed its stairs every evening.')).toMatch(/^Tom climbing stairs/)
  })

  it('joins a second subject only inside the same action', () => {
    expect(describe0('She kneads the dough by hand, the way her grandmother taught her.')).not.toMatch(/grandmother/)
    expect(describe0('Fishermen unload silver sardines at the harbour before sunrise.')).toMatch(/sardines/)
  })

  it('never answers an empty description, even for words with nothing to draw', () => {
    for (const narration of ['And then? Nothing.', 'Wow.', '', '1, 2, 3.']) {
      expect(describe0(narration).length).toBeGreaterThan(10)
    }
  })

  it('falls back to the story’s own subject when a scene names nothing', () => {
    const context = readScene('The lighthouse keeper lives alone on the island.')
    expect(describeScene('And then? Nothing at all.', { style: 'watercolor', index: 1, context })).toMatch(
      /lighthouse keeper/,
    )
  })

  it('adds a mood from the style when the words carry none', () => {
    const visuals = VIDEO_STYLES.map((style) => describeScene('A bicycle leans on a wall.', { style, index: 0 }))
    expect(new Set(visuals).size).toBe(VIDEO_STYLES.length)
    for (const visual of visuals) expect(visual).toMatch(/^A bicycle/)
  })
})

describe('getProtagonist', () => {
  it('finds the one named character and ignores places', () => {
    const text = 'Every morning, Maria opens her bakery in Lisbon. She kneads the dough.'
    expect(getProtagonist(text, getNames(text), 'Lisbon')).toBe('Maria')
    const two = 'Tom meets Anna in Porto. They walk.'
    expect(getProtagonist(two, getNames(two), 'Porto')).toBeUndefined()
  })
})

describe('getKeyPhrases', () => {
  it('ranks repeated subjects first', () => {
    expect(getKeyPhrases('The keeper climbs. The old lighthouse keeper waits. A gull flies.', 2)).toEqual([
      'old lighthouse keeper',
      'gull',
    ])
  })
})
