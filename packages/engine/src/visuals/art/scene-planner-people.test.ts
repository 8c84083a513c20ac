import { describe, expect, it } from 'vitest'

import { planScene } from './scene-planner.ts'
import { readText } from './scene-reader.ts'

const plan = (narration: string) => planScene({ visual: '', narration, seed: 1 })

describe('people in a scene: roles with their props, what they hold, who flies', () => {
  it('draws a role as a person with its props, not only what the sentence names beside it', () => {
    // "Samurai" is a loanword the tagger cannot place: WordNet knows it as someone.
    const rain = plan('A samurai stood in the rain.').subjects
    expect(rain[0]?.kind).toBe('person')
    expect(rain.find((subject) => subject.held)?.id).toBe('dagger')
    const drew = plan('A samurai drew his sword.').subjects
    expect(drew[0]?.kind).toBe('person')
    expect(drew.find((subject) => subject.id === 'crossed-swords')).toMatchObject({ held: true })
  })

  it('puts what the words hold in the hand, in place of the prop of the role', () => {
    const knight = plan('The knight held his sword.').subjects
    expect(knight.find((subject) => subject.id === 'crossed-swords')).toMatchObject({ held: true })
    expect(knight.map((subject) => subject.id)).not.toContain('shield')
    // With nothing else in hand, the knight keeps his shield.
    expect(plan('A knight rode to the castle.').subjects.find((subject) => subject.held)?.id).toBe('shield')
    // A prop the words name is the one the role wears.
    expect(plan('The king wore his crown.').subjects.find((subject) => subject.id === 'crown')).toMatchObject({
      worn: true,
    })
  })

  it('draws someone unnamed who flies in the air, but not one who flies aboard a plane', () => {
    const soared = plan('She soared above the clouds.').subjects
    expect(soared[0]).toMatchObject({ kind: 'person', flying: true })
    expect(soared[0]?.id).toMatch(/^woman-standing/u)
    const plane = plan('She flew to Paris on a plane.').subjects
    expect(plane.some((subject) => subject.flying)).toBe(false)
  })

  it('reads verbs the tagger took for nouns: a phone that rings draws no ring, "call Anna" a phone', () => {
    const ids = (narration: string) => plan(narration).subjects.map((subject) => subject.id)
    expect(ids('A phone rings at 3 a.m.')).toEqual(['mobile-phone'])
    expect(ids('She wore a gold ring.')).toContain('ring')
    // A clause after a colon opens on its verb, with a name as its object: "call Anna" is a phone call.
    expect(readText('Tables fill up fast: call Anna at the front desk.').verbs).toContain('call')
    expect(ids('Tables fill up fast: call Anna at the front desk.')).toContain('mobile-phone')
    expect(readText('Our chef: Captain Jack.').verbs).not.toContain('captain')
    // A word used more as a noun stays one: "the tree lights" are lights.
    expect(readText('The tree lights in the square.').verbs).not.toContain('light')
  })
})
