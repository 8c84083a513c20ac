import { describe, expect, it } from 'vitest'

import {
  getScenesAwaitingWords,
  OWN_WORDS_PROMPT,
  SCENE_MAX_SECONDS,
  SCENE_MIN_SECONDS,
  SCENE_NARRATION_MAX_CHARS,
  SCENE_VISUAL_MAX_CHARS,
  VIDEO_MAX_SECONDS,
} from '@storyreel/contracts/studio'

import { findWritingProblems } from '#src/testing/writing-checks.ts'

import { createLocalScriptWriter } from './local-script-writer.ts'
import type { WriterIntent } from './prompt-brief.ts'
import { readPrompt } from './prompt-reader.ts'
import type { StoryboardDraft } from './script-engine.ts'

const writer = createLocalScriptWriter()

function draft(prompt: string, targetSeconds = 30, wordsPerSecond = 2.6) {
  return writer.createStoryboard({
    source: { kind: 'prompt', text: prompt },
    targetSeconds,
    style: 'cinematic',
    language: 'en-US',
    wordsPerSecond,
  })
}

const total = (storyboard: StoryboardDraft) => storyboard.scenes.reduce((sum, scene) => sum + scene.duration, 0)
const narrationOf = (storyboard: StoryboardDraft) => storyboard.scenes.map((scene) => scene.narration).join(' ')

/** One prompt per kind of video, with what the reader must find in it. */
const PROMPTS: { prompt: string; intent: WriterIntent; writesFacts: boolean }[] = [
  { prompt: 'A 30 second ad for a handmade coffee shop in Lisbon', intent: 'ad', writesFacts: false },
  { prompt: 'introducing our new smart water bottle', intent: 'ad', writesFacts: false },
  {
    prompt: 'A story about a cook teaching a girl to make dumplings at a night-market food stall in Taipei',
    intent: 'story',
    writesFacts: false,
  },
  { prompt: 'the story of a lighthouse keeper who befriends a whale', intent: 'story', writesFacts: false },
  {
    prompt: 'a travel video about a tiny fishing village beneath the cliffs of Amalfi',
    intent: 'travel',
    writesFacts: false,
  },
  { prompt: '3 days in Kyoto', intent: 'travel', writesFacts: false },
  { prompt: 'Three tips for better sleep for busy parents', intent: 'tips', writesFacts: false },
  { prompt: '5 ways to save money', intent: 'tips', writesFacts: false },
  { prompt: 'Announce our summer music festival this July in Austin', intent: 'event', writesFacts: false },
  { prompt: 'a wedding party in the garden', intent: 'event', writesFacts: false },
  { prompt: 'how solar panels work', intent: 'explainer', writesFacts: true },
  { prompt: 'why is the sky blue', intent: 'explainer', writesFacts: true },
  { prompt: 'how to change a bike tyre', intent: 'how-to', writesFacts: true },
  { prompt: 'a recipe for banana bread', intent: 'recipe', writesFacts: true },
  { prompt: '10 facts about octopuses', intent: 'facts', writesFacts: true },
]

describe('readPrompt', () => {
  it.each(PROMPTS)('reads "$prompt" as $intent', ({ prompt, intent }) => {
    expect(readPrompt(prompt).intent).toBe(intent)
  })

  it('finds the subject, its qualities, the place, the audience and the time', () => {
    const ad = readPrompt('A 30 second ad for our handmade coffee shop in Lisbon')
    expect(ad.subject).toMatchObject({ head: 'coffee shop', qualities: ['handmade'], determiner: 'our' })
    expect(ad).toMatchObject({ place: 'Lisbon', isOwn: true })
    const tips = readPrompt('Three tips for better sleep for busy parents')
    expect(tips).toMatchObject({ count: 3, topic: 'better sleep' })
    expect(tips.audience?.text).toBe('busy parents')
    const event = readPrompt('Announce our summer music festival this July in Austin')
    expect(event).toMatchObject({ when: 'this July', place: 'Austin' })
    expect(event.subject?.head).toBe('summer music festival')
  })

  it("reads a story's people, their names, what happens and where", () => {
    const cook = readPrompt(
      'A story about a cook teaching a girl to make dumplings at a night-market food stall in Taipei',
    )
    expect(cook.characters.map((character) => character.phrase.head)).toEqual(['cook', 'girl'])
    expect(cook.plot).toBe('teaches a girl to make dumplings')
    expect(cook.setting?.text).toBe('night-market food stall')
    expect(cook.place).toBe('Taipei')
    const leo = readPrompt('a short story about a boy named Leo and his dog Biscuit at the park')
    expect(leo.characters.map((character) => [character.phrase.head, character.name, character.kind])).toEqual([
      ['boy', 'Leo', 'person'],
      ['dog', 'Biscuit', 'animal'],
    ])
  })

  it('turns a question into a clause and keeps a how-to task whole', () => {
    expect(readPrompt('why is the sky blue').topic).toBe('why the sky is blue')
    expect(readPrompt('what is a black hole').topic).toBe('what a black hole is')
    expect(readPrompt('Explain how rockets reach space').topic).toBe('how rockets reach space')
    expect(readPrompt('how to make cold brew coffee at home').task).toBe('make cold brew coffee at home')
    expect(readPrompt('a recipe for pork and ginger dumplings').subject?.text).toBe('pork and ginger dumplings')
  })

  it('reads on after a colon that opens no list of things to show', () => {
    const ad = readPrompt('An ad for our bakery: show fresh bread at dawn, our team kneading dough, customers smiling.')
    expect(ad).toMatchObject({ intent: 'ad', isOwn: true, highlights: [] })
    expect(ad.subject?.head).toBe('bakery')
  })
})

describe('the offline writer with a prompt', () => {
  it.each(PROMPTS)('drafts "$prompt" within 10% of the target at any length and pace', async ({ prompt }) => {
    for (const wordsPerSecond of [2.4, 2.9]) {
      for (const targetSeconds of [15, 30, 60, 90]) {
        const storyboard = await draft(prompt, targetSeconds, wordsPerSecond)
        const seconds = total(storyboard)
        expect(seconds, `${targetSeconds} s at ${wordsPerSecond} words a second`).toBeGreaterThanOrEqual(
          targetSeconds * 0.9,
        )
        expect(seconds, `${targetSeconds} s at ${wordsPerSecond} words a second`).toBeLessThanOrEqual(
          Math.min(targetSeconds * 1.1, VIDEO_MAX_SECONDS),
        )
        for (const scene of storyboard.scenes) {
          expect(scene.duration).toBeGreaterThanOrEqual(SCENE_MIN_SECONDS)
          expect(scene.duration).toBeLessThanOrEqual(SCENE_MAX_SECONDS)
          expect(scene.narration.length).toBeLessThanOrEqual(SCENE_NARRATION_MAX_CHARS)
          expect(scene.visual.length).toBeLessThanOrEqual(SCENE_VISUAL_MAX_CHARS)
        }
      }
    }
  })

  it.each(PROMPTS)('writes "$prompt" in grammatical sentences of its own', async ({ prompt }) => {
    for (const targetSeconds of [15, 45, 90]) {
      const storyboard = await draft(prompt, targetSeconds)
      for (const scene of storyboard.scenes) {
        expect(findWritingProblems(scene.narration, prompt), scene.narration).toEqual([])
        expect(findWritingProblems(scene.visual), scene.visual).toEqual([])
        // A visual is one short sentence.
        expect(scene.visual).not.toMatch(/[.!?]\s+\p{Lu}/u)
      }
      expect(findWritingProblems(storyboard.title), storyboard.title).toEqual([])
    }
  })

  it.each(PROMPTS)(
    'asks for the words of "$prompt" only where it cannot know them',
    async ({ prompt, writesFacts }) => {
      const storyboard = await draft(prompt, 45)
      const awaiting = getScenesAwaitingWords(storyboard.scenes)
      if (!writesFacts) {
        expect(awaiting).toEqual([])
        return
      }
      expect(awaiting.length).toBeGreaterThanOrEqual(2)
      // The hook and the close are written; every prompt says how many words fit in its scene.
      expect(awaiting).not.toContain(1)
      expect(awaiting).not.toContain(storyboard.scenes.length)
      for (const number of awaiting) {
        const scene = storyboard.scenes[number - 1]
        const words = Number(/about (\d+) words/.exec(scene?.narration ?? '')?.[1])
        expect(words).toBeGreaterThan(0)
        expect(words).toBeLessThanOrEqual(Math.ceil((scene?.duration ?? 0) * 2.6))
        expect(scene?.narration).toMatch(OWN_WORDS_PROMPT)
      }
    },
  )

  it('gives proper titles, never fragments', async () => {
    const titles = await Promise.all(
      [
        'how solar panels work',
        'A 30 second ad for a handmade coffee shop in Lisbon',
        'A story about a cook teaching a girl to make dumplings at a night-market food stall in Taipei',
        'a travel video about a tiny fishing village beneath the cliffs of Amalfi',
        'how to build a simple wooden shelf',
        'Three tips for better sleep',
        'a short story about a boy named Leo and his dog Biscuit at the park',
      ].map(async (prompt) => (await draft(prompt)).title),
    )
    expect(titles).toEqual([
      'How Solar Panels Work',
      'Handmade Coffee Shop in Lisbon',
      'The Cook and the Girl',
      'A Tiny Fishing Village Beneath the Cliffs of Amalfi',
      'How to Build a Simple Wooden Shelf',
      'Three Tips for Better Sleep',
      'Leo and Biscuit',
    ])
  })

  it('tells an ad about its subject without pasting the request', async () => {
    const storyboard = await draft('A 30 second ad for a handmade coffee shop in Lisbon')
    const narration = narrationOf(storyboard)
    expect(narration).toContain('a handmade coffee shop in Lisbon')
    expect(narration).not.toMatch(/Meet the product ad|ad for|30 second/)
    expect(storyboard.scenes[0]?.visual).toMatch(/coffee shop .*Lisbon/)
    expect(storyboard.scenes.some((scene) => /barista/.test(scene.visual))).toBe(true)
  })

  it('reads "a dog grooming salon" as the salon, and tells a service without an inside to walk into', async () => {
    const salon = await draft('Ad for a dog grooming salon')
    expect(salon.title).toBe('Dog Grooming Salon')
    expect(narrationOf(salon)).toContain('a dog grooming salon')
    expect(narrationOf(salon)).not.toMatch(/uses a dog|Dog and grooming/)
    expect(salon.scenes.some((scene) => /groomer/.test(scene.visual))).toBe(true)
    const service = await draft('Ad for our dog walking service')
    const words = narrationOf(service)
    expect(words).not.toMatch(/Inside,|walk in\b|doors open/)
    expect(service.scenes.map((scene) => scene.visual).join(' ')).not.toMatch(/inside a dog walking service/)
  })

  it('shows a service where its customers are, with no counter, tables or door of its own', async () => {
    const service = await draft('Ad for our dog walking service in Berlin for busy families', 60)
    const shots = service.scenes.map((scene) => scene.visual).join(' ')
    expect(shots).toMatch(/dog walker/)
    expect(shots).not.toMatch(/inside|counter|at a table|walk past|on a wooden/i)
    expect(narrationOf(service)).not.toMatch(/Come by|walk in|stay a little longer/)
    expect(narrationOf(service)).toContain('Busy families are always welcome.')
    expect(narrationOf(service).match(/done with care/g)?.length ?? 0).toBeLessThanOrEqual(1)
  })

  it('keeps candles at home: lit after a long day, never on the way to work or on a train', async () => {
    const candles = await draft('Ad for our new scented candles', 45)
    const all = `${narrationOf(candles)} ${candles.scenes.map((scene) => scene.visual).join(' ')}`
    expect(all).not.toMatch(/on the way to work|on a train|city street|morning sun|in a park/)
    expect(all).toMatch(/lights? .*candles/)
  })

  it('tells a story with a beginning, a turn and an end, in that order', async () => {
    for (const targetSeconds of [15, 30, 90]) {
      const storyboard = await draft(
        'A story about a cook teaching a girl to make dumplings at a night-market food stall in Taipei',
        targetSeconds,
      )
      const narration = narrationOf(storyboard)
      const beginning = narration.indexOf('Once, at a night-market food stall in Taipei')
      const turn = narration.search(/At first, nothing went/)
      const end = narration.indexOf('At last, the girl could make dumplings on her own.')
      expect(beginning).toBe(0)
      expect(turn).toBeGreaterThan(beginning)
      expect(end).toBeGreaterThan(turn)
      expect(narration).not.toMatch(/How to Make|recipe/i)
    }
  })

  it('keeps the steps of a how-to in order, the last step last', async () => {
    const storyboard = await draft('how to build a simple wooden shelf', 60)
    const steps = storyboard.scenes.map((scene) => scene.narration)
    const order = ['what you need', 'the first step', 'the next step', 'the last step'].map((step) =>
      steps.findIndex((narration) => narration.includes(step)),
    )
    expect(order.every((index) => index > 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(steps[0]).toBe('Want to build a simple wooden shelf? Here is how, step by step.')
    // The close follows the last step, as one scene or two.
    const close = steps.findIndex((narration) => /^And that is how to build a simple wooden shelf\./.test(narration))
    expect(close).toBeGreaterThan(order.at(-1) ?? 0)
    expect(close).toBeGreaterThanOrEqual(steps.length - 2)
  })

  it('explains without inventing: the question is asked, the answer is left to the user', async () => {
    const storyboard = await draft('how solar panels work', 30)
    expect(storyboard.scenes[0]?.narration).toMatch(/^Ever wondered how solar panels work\?/)
    expect(storyboard.scenes.at(-1)?.narration).toMatch(/^And that is how solar panels work\./)
    expect(narrationOf(storyboard)).not.toMatch(/electricity|sunlight|silicon|photon/i)
    expect(narrationOf(storyboard)).not.toMatch(/Here is how to make|make :/)
  })

  it('says how many facts or tips it gives when the length holds fewer than asked', async () => {
    const facts = await draft('10 facts about octopuses', 15)
    const count = getScenesAwaitingWords(facts.scenes).length
    expect(count).toBeLessThan(10)
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']
    expect(facts.title).toBe(`${words[count]?.replace(/^./, (char) => char.toUpperCase())} Facts About Octopuses`)
    expect(facts.scenes[0]?.narration).toContain(`${words[count]} facts about octopuses`)
  })

  it.each([
    [
      'grand opening of our new pizzeria in Brooklyn this Saturday',
      'Grand Opening of Our New Pizzeria in Brooklyn',
      'Mark your calendar: the grand opening of our new pizzeria is coming to Brooklyn this Saturday.',
    ],
    ['the history of jazz', 'Three Facts About the History of Jazz', 'Here are three facts about the history of jazz.'],
    [
      '5 mistakes to avoid when learning to surf',
      'Five Tips for Learning to Surf',
      'Here are five simple tips for learning to surf.',
    ],
    [
      'a heartwarming story about a grandmother and her grandson baking bread',
      'The Grandmother and Her Grandson',
      'Once, there lived a grandmother and her grandson.',
    ],
    ['a story about Maria', 'The Story of Maria', 'This is the story of Maria.'],
    [
      'a bedtime story about a sleepy dragon who is afraid of the dark',
      'The Sleepy Dragon',
      'Once, there lived a sleepy dragon, who was afraid of the dark.',
    ],
    [
      'write a short story about two friends who open a café in Kyoto',
      'Two Friends',
      'Once, in Kyoto, there lived two friends.',
    ],
    ['A tour of our farm shop', 'Our Farm Shop', 'Welcome to our farm shop.'],
    ['a product video for our organic honey', 'Our Organic Honey', 'Meet our organic honey.'],
  ])('reads "%s" as a person would', async (prompt, title, opening) => {
    const storyboard = await draft(prompt, 30)
    expect(storyboard.title).toBe(title)
    expect(storyboard.scenes[0]?.narration.startsWith(opening), storyboard.scenes[0]?.narration).toBe(true)
    for (const scene of storyboard.scenes) expect(findWritingProblems(scene.narration, prompt)).toEqual([])
  })

  it('gives the same storyboard for the same prompt', async () => {
    const prompt = 'the story of a lighthouse keeper who befriends a whale'
    expect(await draft(prompt, 45)).toEqual(await draft(prompt, 45))
  })

  it('draws named, concrete things in every shot, and no two neighbours alike', async () => {
    for (const { prompt } of PROMPTS) {
      const storyboard = await draft(prompt, 60)
      const visuals = storyboard.scenes.map((scene) => scene.visual)
      visuals.slice(1).forEach((visual, index) => expect(visual).not.toBe(visuals[index]))
      for (const visual of visuals) expect(visual).not.toMatch(/evoking|quiet pause|^A figure\b/)
    }
  })
})
