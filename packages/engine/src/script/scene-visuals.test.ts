import { describe, expect, it } from 'vitest'

import { findWritingProblems } from '#src/testing/writing-checks.ts'

import { describeScriptScenes } from './scene-visuals.ts'

const one = (narration: string) => describeScriptScenes([narration])[0]

describe('describeScriptScenes', () => {
  it('says who does what where, in the present tense', () => {
    expect(one('Boats glide across the harbour at dawn.')).toBe('Boats glide across the harbour at dawn')
    expect(one('Leo took his dog Biscuit to the park every Sunday.')).toBe(
      'Leo takes his dog Biscuit to the park every Sunday',
    )
    expect(one('Food trucks serve tacos, pizza and ice cream.')).toBe('Food trucks serve tacos, pizza and ice cream')
  })

  it('keeps the time a sentence opens with and leaves out the clause that follows', () => {
    expect(one('One stormy evening, a silver dragon crashed into the sea.')).toBe(
      'A silver dragon crashes into the sea on a stormy evening',
    )
    expect(one('At night the village lit up like a string of stars.')).toBe('The village lights up at night')
    // Times of day and the weather before them are the lexicon's words, read as tokens.
    expect(one('At sundown the fishermen rowed home.')).toMatch(/at sundown$/)
    expect(one('One windy morning, a kite flew over the hill.')).toMatch(/on a windy morning$/)
    expect(one('The nightingales sang in the orchard.')).not.toMatch(/ at | on a /)
    expect(one('By noon the cows had wandered down to the river.')).toBe('The cows wander down to the river at noon')
  })

  it('draws whom a pronoun stands for', () => {
    expect(
      describeScriptScenes([
        'One stormy evening, a silver dragon crashed into the sea.',
        'It flew over the mountains and never forgot the kind fisherman.',
      ])[1],
    ).toBe('The silver dragon flies over the mountains')
    expect(
      describeScriptScenes([
        'Leo took his dog Biscuit to the park every Sunday.',
        'Biscuit chased a red ball across the grass.',
        'He smiled and threw the ball again.',
      ])[2],
    ).toBe('Leo smiles and throws the ball again')
    expect(describeScriptScenes(['Maya walked to the harbour.', 'She bought limoncello at a tiny shop.'])[1]).toBe(
      'Maya buys limoncello at a tiny shop',
    )
  })

  it('shows an order being carried out by a person', () => {
    expect(one('Mix pork, ginger and spring onion in a bowl.')).toBe(
      'A person mixes pork, ginger and spring onion in a bowl',
    )
    expect(one('Steam the dumplings for ten minutes.')).toBe('A person steams the dumplings for ten minutes')
    expect(one('First, gather everything you need and clear a space to work.')).toBe(
      'A person gathers everything they need',
    )
  })

  it('keeps a participle that describes a thing', () => {
    expect(one('At night your home runs on the stored energy.')).toBe('Your home runs on the stored energy at night')
  })

  it('writes grammatical single sentences for the evaluation scripts', () => {
    const scripts = [
      [
        'Maya walked through the lemon groves of Amalfi to the harbour at golden hour.',
        'Fishing boats rocked below the cliffs.',
      ],
      [
        'Our handmade coffee shop in Lisbon roasts fresh beans every morning.',
        'Every cup is poured by a barista who knows your name.',
      ],
      [
        'Coral reefs cover less than one percent of the ocean floor.',
        'Turtles, sharks and clownfish hide among the corals.',
      ],
    ]
    for (const script of scripts) {
      for (const visual of describeScriptScenes(script)) {
        expect(findWritingProblems(visual), visual).toEqual([])
        expect(visual).not.toMatch(/[.!?]/)
      }
    }
  })
})
