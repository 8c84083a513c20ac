import { describe, expect, it } from 'vitest'

import { getSecondsForNarration } from '@storyreel/contracts/narration'
import { OWN_WORDS_PROMPT } from '@storyreel/contracts/studio'

import { findWritingProblems } from '#src/testing/writing-checks.ts'

import { createLocalScriptWriter } from './local-script-writer.ts'
import type { StoryboardDraft } from './script-engine.ts'

const writer = createLocalScriptWriter()

function draft(prompt: string, targetSeconds: number, wordsPerSecond: number) {
  return writer.createStoryboard({
    source: { kind: 'prompt', text: prompt },
    targetSeconds,
    style: 'cinematic',
    language: 'en-US',
    wordsPerSecond,
  })
}

/**
 * Prompts written as a user would type them, none of them in the writer's other tests, with the facts each
 * names: every fact must reach the draft (its narration, its pictures or its title), in any of the words
 * listed for it. Before the writer read details, these drafts named 24 of the 45 facts.
 */
const PROMPTS: { prompt: string; seconds: number; facts: string[][] }[] = [
  {
    prompt: 'a 20 second ad for my flower shop in Seville, with roses and sunflowers, open Saturdays',
    seconds: 20,
    facts: [['flower'], ['Seville'], ['roses'], ['sunflowers'], ['Saturdays']],
  },
  {
    prompt: 'a horror story about a phone that rings at 3 am',
    seconds: 30,
    facts: [['phone'], ['rang', 'rings'], ['3 a.m.']],
  },
  { prompt: 'how to repot a houseplant without killing it', seconds: 30, facts: [['repot'], ['houseplant']] },
  {
    prompt: 'a travel video about three days in Porto: the river, the bridges and the port wine cellars',
    seconds: 45,
    facts: [['Porto'], ['river'], ['bridges'], ['port wine cellars']],
  },
  { prompt: 'a recipe for lemon pancakes with blueberries', seconds: 30, facts: [['lemon pancakes'], ['blueberries']] },
  {
    prompt: 'announce our book fair on Saturday 12 October at the town hall in Bristol, free entry',
    seconds: 30,
    facts: [['book fair'], ['Saturday 12 October'], ['town hall'], ['Bristol'], ['free entry']],
  },
  {
    prompt: 'an ad for our noise-cancelling headphones for students, 20% off this week',
    seconds: 30,
    facts: [['noise-cancelling headphones'], ['students'], ['20% off this week']],
  },
  {
    prompt: 'a 30 second ad for a mobile dog grooming service in Leeds, open weekdays 8 to 6, for busy dog owners',
    seconds: 30,
    facts: [['dog grooming'], ['Leeds'], ['weekdays from 8 to 6'], ['busy dog owners']],
  },
  {
    prompt: 'a bedtime story about a shy dragon who is afraid of water',
    seconds: 30,
    facts: [['shy dragon'], ['afraid of water']],
  },
  { prompt: 'explain why cats purr', seconds: 30, facts: [['why cats purr']] },
  { prompt: '5 tips for running your first marathon', seconds: 30, facts: [['running your first marathon']] },
  {
    prompt:
      'a 45 second ad for our family-run pizzeria in Naples, wood-fired pizza, open every evening from 6 pm, kids eat free on Sundays',
    seconds: 45,
    facts: [
      ['family-run pizzeria'],
      ['Naples'],
      ['wood-fired pizza'],
      ['every evening from 6 pm'],
      ['Kids eat free on Sundays'],
    ],
  },
  {
    prompt: 'promo for my bike repair shop in Ghent, open Tuesday to Saturday',
    seconds: 20,
    facts: [['bike repair shop'], ['Ghent'], ['from Tuesday to Saturday']],
  },
  {
    prompt: 'a spooky story about a doll that moves at night',
    seconds: 30,
    facts: [['The Doll That Moves at Night'], ['the doll moved']],
  },
  {
    prompt: 'a weekend in Edinburgh: the castle, the old town and the whisky bars',
    seconds: 45,
    facts: [['A Weekend in Edinburgh'], ['castle'], ['old town'], ['whisky bars']],
  },
  {
    prompt: 'invite people to our charity run on Sunday 4 May in Victoria Park, free t-shirts for runners',
    seconds: 30,
    facts: [['Our Charity Run in Victoria Park'], ['Sunday 4 May'], ['Free t-shirts for runners']],
  },
  {
    prompt: 'an ad for our new smart thermostat for homeowners, save 15% this month',
    seconds: 30,
    facts: [['smart thermostat'], ['homeowners'], ['Save 15% this month']],
  },
  { prompt: 'how to make iced tea with mint', seconds: 30, facts: [['iced tea'], ['mint']] },
]

const textOf = (storyboard: StoryboardDraft) =>
  [storyboard.title, ...storyboard.scenes.flatMap((scene) => [scene.narration, scene.visual])].join('\n').toLowerCase()

describe('the offline writer listens to the prompt', () => {
  it.each(PROMPTS)(
    'drafts "$prompt" with every fact it names, in grammar, timed',
    async ({ prompt, seconds, facts }) => {
      for (const wordsPerSecond of [2.5, 2.8]) {
        const storyboard = await draft(prompt, seconds, wordsPerSecond)
        const text = textOf(storyboard)
        for (const fact of facts)
          expect(
            fact.some((word) => text.includes(word.toLowerCase())),
            `${fact[0]} in ${text}`,
          ).toBe(true)
        for (const scene of storyboard.scenes) {
          expect(findWritingProblems(scene.visual), scene.visual).toEqual([])
          expect(findWritingProblems(scene.narration, prompt), scene.narration).toEqual([])
          if (!OWN_WORDS_PROMPT.test(scene.narration))
            expect(getSecondsForNarration(scene.narration, wordsPerSecond), scene.narration).toBeLessThanOrEqual(
              scene.duration,
            )
        }
        const total = storyboard.scenes.reduce((sum, scene) => sum + scene.duration, 0)
        expect(total).toBeGreaterThanOrEqual(seconds * 0.9)
        expect(total).toBeLessThanOrEqual(seconds * 1.1)
      }
    },
  )

  it('invents no café in a shop: tables and seats only where customers sit', async () => {
    const florist = textOf(await draft('an ad for my flower shop in Seville, open Saturdays', 60, 2.5))
    expect(florist).not.toMatch(/\btables?\b|\bseat\b|reads a book/)
    const bikes = textOf(await draft('an ad for our bike shop in Utrecht', 60, 2.5))
    expect(bikes).not.toMatch(/\btables?\b|\bseat\b/)
    const cafe = textOf(await draft('an ad for our coffee shop in Lisbon', 60, 2.5))
    expect(cafe).toMatch(/\btables?\b/)
  })

  it('says the hours and the offer as written, never a day the prompt did not name', async () => {
    const storyboard = await draft(
      'a 20 second ad for my flower shop in Seville, with roses and sunflowers, open Saturdays',
      20,
      2.5,
    )
    const text = textOf(storyboard)
    expect(text).toContain('open on saturdays')
    expect(text).not.toMatch(/\b(?:monday|tuesday|wednesday|thursday|friday|sunday)s?\b/)
    // "today" would promise a visit on a day the shop may be closed.
    expect(text).not.toMatch(/\btoday\b/)
  })

  it('titles a story by its subject, from the prompt’s words', async () => {
    expect((await draft('a horror story about a phone that rings at 3 am', 30, 2.5)).title).toBe(
      'The Phone That Rings at 3 A.M.',
    )
    expect((await draft('a bedtime story about a shy dragon who is afraid of water', 30, 2.5)).title).toBe(
      'The Shy Dragon',
    )
    expect((await draft('5 tips for running your first marathon', 30, 2.5)).title).toBe(
      'Five Tips for Running Your First Marathon',
    )
    expect((await draft('a recipe for lemon pancakes with blueberries', 30, 2.5)).title).toBe(
      'How to Make Lemon Pancakes',
    )
  })

  it('keeps a trip’s length and season, and reads a named city as a place, not a person', async () => {
    const porto = await draft('a travel video about three days in Porto: the river, the bridges', 30, 2.5)
    expect(porto.title).toBe('Three Days in Porto')
    expect(textOf(porto)).toContain('spend three days there')
    const lisbon = await draft('Lisbon in spring', 30, 2.5)
    expect(lisbon.title).toBe('A Day in Lisbon in Spring')
    expect(textOf(lisbon)).not.toMatch(/lived|story/)
  })

  it('shows a service’s hours without a door to hang a sign on', async () => {
    const text = textOf(await draft('an ad for a mobile dog grooming service in Leeds, open weekdays 8 to 6', 30, 2.5))
    expect(text).toContain('open on weekdays from 8 to 6')
    expect(text).not.toMatch(/door of a mobile/)
    expect(text).toMatch(/groomer/)
  })

  it('says a tips video’s audience even at its shortest, with every tip it counted', async () => {
    const tips = await draft('Five fitness tips for busy people', 20, 2.5)
    expect(textOf(tips)).toContain('for busy people')
    expect(tips.title).toBe('Five Tips for Fitness')
  })

  it('has two characters who do something together do it together', async () => {
    const text = textOf(await draft('A short bedtime story about a little mouse and a cat who become friends', 20, 2.5))
    expect(text).toContain('the mouse and the cat became friends')
    expect(text).not.toMatch(/the mouse became friends|a little mouse become/)
  })

  it('agrees with a hero who is more than one', async () => {
    const text = textOf(await draft('a story about two friends who open a bakery', 30, 2.5))
    expect(text).toContain('the friends opened a bakery')
    expect(text).not.toMatch(/friends was|friends smiles|friends stops/)
  })

  it('tells a horror story darkly: no sunny routine, no small success', async () => {
    const text = textOf(await draft('a ghost story about an old lighthouse keeper', 60, 2.5))
    expect(text).not.toMatch(/small routine|small success|in the sunshine/)
    expect(text).toMatch(/night/)
  })
})
