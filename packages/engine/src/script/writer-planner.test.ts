import { describe, expect, it } from 'vitest'

import { getLexicon } from '../lexicon/lexicon.ts'
import { getArtLibrary } from '../visuals/art/art-library.ts'
import { planScene } from '../visuals/art/scene-planner.ts'
import { getPronouns } from './english.ts'
import { getCharacterKind } from './noun-phrases.ts'
import { SETTINGS } from './writer-lexicon.ts'

const plan = (narration: string) => planScene({ visual: '', narration, seed: 1 })
const leadKind = (narration: string) => getArtLibrary().get(plan(narration).subjects[0]?.id ?? '')?.kind

describe('the writer and the scene planner read one lexicon', () => {
  it('agree on who a word names: a person, or an animal', () => {
    for (const word of ['aunt', 'baker', 'farmer', 'nun', 'witch', 'detective', 'grandpa', 'knight']) {
      expect(getCharacterKind(word), word).toBe('person')
      expect(leadKind(`The ${word} waved from the door.`), word).toBe('person')
    }
    for (const word of ['fox', 'hen', 'dog', 'owl', 'dolphin', 'horse']) {
      expect(getCharacterKind(word), word).toBe('animal')
      expect(['animal', 'bird', 'sea-life'], word).toContain(leadKind(`The ${word} waited by the door.`))
    }
  })

  it('agree on the sex a word marks: the pronoun the writer uses, the figure the planner draws', () => {
    for (const [word, pronoun, figure] of [
      ['nun', 'she', 'woman'],
      ['witch', 'she', 'woman'],
      ['queen', 'she', 'woman'],
      ['monk', 'he', 'man'],
      ['king', 'he', 'man'],
      ['teacher', 'they', 'person'],
    ] as const) {
      expect(getPronouns(`the ${word}`, { isPerson: true }).subject, word).toBe(pronoun)
      const drawn = plan(`The ${word} waved.`).subjects.find((subject) => subject.id.includes('-standing-'))?.id
      if (drawn) expect(drawn.split('-')[0], word).toBe(figure)
    }
    expect(getPronouns('the hen', { isPerson: false }).subject).toBe('she')
  })

  it('agree on where a place word sets a scene', () => {
    for (const word of ['harbour', 'river', 'island', 'cliff', 'village', 'bakery', 'forest', 'theatre']) {
      expect(SETTINGS.has(word), word).toBe(true)
      const entry = getLexicon().noun(word) ?? getLexicon().entries.find((item) => item.also?.includes(word))
      expect(plan(`We spent the morning at the ${word}.`).setting, word).toBe(entry?.setting ?? entry?.home)
    }
  })
})
