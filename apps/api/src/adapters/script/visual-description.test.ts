import { describe, expect, it } from 'vitest'

import { VIDEO_STYLES } from '@storyreel/contracts/studio'

import { describeScene, getKeyPhrases, readScene } from './visual-description.ts'

const describe0 = (narration: string) => describeScene(narration, { style: 'cinematic', index: 0 })

describe('describeScene', () => {
  it('composes setting, place, time, subject and mood from the words', () => {
    expect(describe0('Every evening, a family bakery in Lisbon fills the street with the smell of fresh bread.')).toBe(
      'A golden-hour family bakery in Lisbon: fresh bread, warm and inviting',
    )
  })

  it('links a subject, its action and its object', () => {
    expect(describe0('At dawn, the baker kneads the dough.')).toBe('A baker kneading dough at dawn, dramatic light')
    expect(describe0('The old lighthouse keeper watched the storm over the dark sea.')).toBe(
      'A stormy dark sea: an old lighthouse keeper watching a storm, nostalgic and dramatic',
    )
  })

  it('keeps names, and reads a sentence-initial name as one', () => {
    expect(describe0('Maria runs through the rainy streets of Tokyo at night.')).toBe(
      'Rainy night-time streets in Tokyo: Maria running, dramatic light',
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

describe('getKeyPhrases', () => {
  it('ranks repeated subjects first', () => {
    expect(getKeyPhrases('The keeper climbs. The old lighthouse keeper waits. A gull flies.', 2)).toEqual([
      'old lighthouse keeper',
      'gull',
    ])
  })
})
