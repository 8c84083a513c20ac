import { describe, expect, it } from 'vitest'

import {
  SCENE_MAX_SECONDS,
  SCENE_MIN_SECONDS,
  SCENE_NARRATION_MAX_CHARS,
  SCENE_VISUAL_MAX_CHARS,
  SCENES_MAX,
  type VideoStyle,
} from '@storyreel/contracts/studio'

import { createLocalSceneSplitter, getSceneDuration, SCENE_PAUSE_SECONDS } from './local-scene-splitter.ts'
import { detectIntent, type PromptIntent } from './prompt-outline.ts'
import type { StoryboardDraft } from './script-engine.ts'
import { countSpokenWords } from './sentences.ts'

const engine = createLocalSceneSplitter()
const WORDS_PER_SECOND = 2.5

function storyboard(kind: 'prompt' | 'script', text: string, targetSeconds = 30, style: VideoStyle = 'cinematic') {
  return engine.createStoryboard({
    source: { kind, text },
    targetSeconds,
    style,
    language: 'en-US',
    wordsPerSecond: WORDS_PER_SECOND,
  })
}

const total = (draft: StoryboardDraft) => draft.scenes.reduce((sum, scene) => sum + scene.duration, 0)

function expectWithinLimits(draft: StoryboardDraft) {
  expect(draft.scenes.length).toBeGreaterThan(0)
  expect(draft.scenes.length).toBeLessThanOrEqual(SCENES_MAX)
  expect(draft.title.trim()).not.toBe('')
  for (const scene of draft.scenes) {
    expect(scene.duration).toBeGreaterThanOrEqual(SCENE_MIN_SECONDS)
    expect(scene.duration).toBeLessThanOrEqual(SCENE_MAX_SECONDS)
    expect(scene.narration.length).toBeLessThanOrEqual(SCENE_NARRATION_MAX_CHARS)
    expect(scene.visual.length).toBeGreaterThan(10)
    expect(scene.visual.length).toBeLessThanOrEqual(SCENE_VISUAL_MAX_CHARS)
  }
  draft.scenes.slice(1).forEach((scene, index) => expect(scene.visual).not.toBe(draft.scenes[index]?.visual))
}

const BAKERY_SCRIPT = `Every morning at dawn, Maria opens her small bakery in Lisbon. The ovens are already warm.
She kneads the dough by hand, the way her grandmother taught her, and the smell of fresh bread drifts into the narrow street.
By eight o'clock, the first customers arrive. Fishermen from the harbour, students on their way to school, and tourists with cameras.
At night, when the city is quiet, she sits by the window and plans tomorrow's bread.`

describe('the local scene splitter with a script', () => {
  it('is named local-splitter', () => {
    expect(engine.name).toBe('local-splitter')
  })

  it('keeps every word of the script, in order, across scenes of sensible length', async () => {
    const draft = await storyboard('script', BAKERY_SCRIPT)
    expectWithinLimits(draft)
    expect(draft.scenes.map((scene) => scene.narration).join(' ')).toBe(BAKERY_SCRIPT.replace(/\s+/g, ' '))
    expect(draft.scenes.length).toBeGreaterThanOrEqual(4)
    for (const scene of draft.scenes) expect(scene.duration).toBeGreaterThanOrEqual(3)
  })

  it('sizes each scene to its words plus a breathing pause', async () => {
    const draft = await storyboard('script', BAKERY_SCRIPT, 15)
    for (const scene of draft.scenes) {
      const expected = countSpokenWords(scene.narration) / WORDS_PER_SECOND + SCENE_PAUSE_SECONDS
      expect(scene.duration).toBeCloseTo(Math.min(SCENE_MAX_SECONDS, expected), 0)
    }
  })

  it('lets the total follow the words: no cutting to a shorter target, at most 20% padding to a longer one', async () => {
    const natural = total(await storyboard('script', BAKERY_SCRIPT, 15))
    const words = countSpokenWords(BAKERY_SCRIPT)
    expect(natural).toBeGreaterThan(words / WORDS_PER_SECOND)
    const padded = total(await storyboard('script', BAKERY_SCRIPT, 90))
    expect(padded).toBeGreaterThan(natural)
    expect(padded).toBeLessThanOrEqual(natural * 1.2 + 0.5)
    const slightlyShort = total(await storyboard('script', BAKERY_SCRIPT, Math.round(natural + 2)))
    expect(Math.abs(slightlyShort - Math.round(natural + 2))).toBeLessThan(1)
  })

  it('merges very short sentences and splits a very long one at its commas', async () => {
    const longSentence = `The market wakes slowly, the fishmongers lay out their silver catch on ice, the flower sellers unwrap buckets of roses and tulips, the baker next door pulls the first trays of bread from the oven, and somewhere a radio plays an old song that everyone seems to know by heart.`
    const draft = await storyboard('script', `Look. Listen. Breathe. ${longSentence}`)
    expectWithinLimits(draft)
    expect(draft.scenes[0]?.narration.startsWith('Look. Listen. Breathe.')).toBe(true)
    expect(draft.scenes.length).toBeGreaterThanOrEqual(3)
    expect(draft.scenes.map((scene) => scene.narration).join(' ')).toBe(`Look. Listen. Breathe. ${longSentence}`)
  })

  it('fits a very long script into at most 30 scenes', async () => {
    const sentence = 'The lighthouse keeper climbs the spiral stairs again to polish the great lamp before the storm.'
    const draft = await storyboard('script', Array.from({ length: 70 }, () => sentence).join(' '), 90)
    expectWithinLimits(draft)
  })

  it('describes each scene from its own words', async () => {
    const draft = await storyboard('script', BAKERY_SCRIPT)
    const visuals = draft.scenes.map((scene) => scene.visual.toLowerCase())
    expect(visuals[0]).toContain('bakery')
    expect(visuals[0]).toContain('lisbon')
    expect(visuals[0]).toContain('maria')
    expect(visuals[1]).toContain('dough')
    expect(visuals.some((visual) => visual.includes('customers') || visual.includes('fishermen'))).toBe(true)
    expect(visuals.at(-1)).toMatch(/night/)
    // "she sits by the window" keeps its preposition, and "she" is the story's one named character.
    expect(draft.scenes.at(-1)?.visual).toMatch(/Maria sitting by the window/)
    expect(draft.scenes.at(-1)?.visual).not.toMatch(/sitting window|with bread/)
  })

  it('takes a short title from the script', async () => {
    expect((await storyboard('script', 'The Last Lighthouse. The keeper climbs the stairs at dusk.')).title).toBe(
      'The Last Lighthouse',
    )
    const long = await storyboard('script', BAKERY_SCRIPT)
    expect(long.title.length).toBeLessThanOrEqual(60)
    expect(long.title.toLowerCase()).toMatch(/bread|bakery/)
  })
})

const PROMPTS: { prompt: string; intent: PromptIntent; subject: RegExp }[] = [
  { prompt: 'a 30 second ad for a family bakery in Lisbon', intent: 'ad', subject: /family bakery/i },
  { prompt: 'the story of a lighthouse keeper who befriends a whale', intent: 'story', subject: /lighthouse keeper/i },
  { prompt: 'how to make cold brew coffee at home', intent: 'recipe', subject: /cold brew coffee/i },
  { prompt: 'how to change a bike tyre', intent: 'how-to', subject: /bike tyre/i },
  { prompt: '3 days in Kyoto', intent: 'travel', subject: /Kyoto/ },
  { prompt: 'a motivational video about discipline', intent: 'motivational', subject: /discipline/i },
  { prompt: 'introducing our new smart water bottle', intent: 'product', subject: /smart water bottle/i },
  { prompt: 'a summer jazz festival in Porto', intent: 'event', subject: /jazz festival/i },
  { prompt: '5 facts about octopuses', intent: 'facts', subject: /octopuses/i },
  { prompt: 'autumn in the mountains', intent: 'general', subject: /autumn/i },
]

describe('the local scene splitter with a prompt', () => {
  it.each(PROMPTS)('recognises what "$prompt" asks for', ({ prompt, intent }) => {
    expect(detectIntent(prompt)).toBe(intent)
  })

  it.each(PROMPTS)('writes an outline about "$prompt" sized to the target', async ({ prompt, subject }) => {
    for (const targetSeconds of [15, 30, 60]) {
      const draft = await storyboard('prompt', prompt, targetSeconds)
      expectWithinLimits(draft)
      const narration = draft.scenes.map((scene) => scene.narration).join(' ')
      expect(narration).toMatch(subject)
      expect(narration).not.toMatch(/[{}]|undefined|\bnull\b/)
      expect(total(draft)).toBeGreaterThan(targetSeconds * 0.8)
      expect(total(draft)).toBeLessThan(targetSeconds * 1.2)
      // A hook, at least one beat and a closing line.
      expect(draft.scenes.length).toBeGreaterThanOrEqual(3)
    }
  })

  it('reads naturally for an ad: the subject with its article, the place kept', async () => {
    const draft = await storyboard('prompt', 'a 30 second ad for a family bakery in Lisbon')
    expect(draft.title).toBe('Family Bakery in Lisbon')
    const narration = draft.scenes.map((scene) => scene.narration).join(' ')
    expect(narration).toContain('the family bakery')
    expect(narration).toContain('Lisbon')
    expect(narration).not.toMatch(/30 second|\bad for\b/)
    expect(draft.scenes[0]?.visual).toMatch(/bakery/i)
  })

  it('gives the same outline for the same prompt', async () => {
    const prompt = 'the story of a lighthouse keeper who befriends a whale'
    expect(await storyboard('prompt', prompt, 45)).toEqual(await storyboard('prompt', prompt, 45))
  })

  it('gets close to a 90 second target without padding it with silence', async () => {
    const draft = await storyboard('prompt', 'a 90 second ad for a family bakery in Lisbon', 90)
    expectWithinLimits(draft)
    expect(total(draft)).toBeGreaterThan(90 * 0.75)
    expect(total(draft)).toBeLessThan(90 * 1.2)
    for (const scene of draft.scenes) {
      const spoken = countSpokenWords(scene.narration) / WORDS_PER_SECOND + SCENE_PAUSE_SECONDS
      expect(scene.duration).toBeLessThanOrEqual(Math.max(SCENE_MIN_SECONDS, spoken) * 1.2 + 0.1)
    }
  })
})

/** Several prompts per intent, with what every storyboard's shots should keep naming. */
const SHOT_PROMPTS: { prompt: string; intent: PromptIntent; names: RegExp }[] = [
  { prompt: 'a 30 second ad for a family bakery in Lisbon', intent: 'ad', names: /family bakery|Lisbon/ },
  { prompt: 'a promo for my yoga studio', intent: 'ad', names: /yoga studio/ },
  { prompt: 'an ad for a bike repair shop', intent: 'ad', names: /bike repair shop/ },
  { prompt: 'the story of a lighthouse keeper who befriends a whale', intent: 'story', names: /lighthouse/ },
  { prompt: 'a fable about a clever fox in the forest', intent: 'story', names: /clever fox|forest/ },
  { prompt: 'a story about Maria', intent: 'story', names: /Maria/ },
  { prompt: 'how to change a bike tyre', intent: 'how-to', names: /bike tyre/ },
  { prompt: 'how to start a podcast', intent: 'how-to', names: /podcast/ },
  { prompt: 'how to make cold brew coffee at home', intent: 'recipe', names: /cold brew coffee/ },
  { prompt: 'a recipe for banana bread', intent: 'recipe', names: /banana bread/ },
  { prompt: '3 days in Kyoto', intent: 'travel', names: /Kyoto/ },
  { prompt: 'a weekend in the mountains', intent: 'travel', names: /mountains/ },
  { prompt: 'a motivational video about discipline', intent: 'motivational', names: /discipline/ },
  { prompt: 'an inspiring video about running every morning', intent: 'motivational', names: /running/ },
  { prompt: 'introducing our new smart water bottle', intent: 'product', names: /smart water bottle/ },
  { prompt: 'launching our new wireless headphones', intent: 'product', names: /wireless headphones/ },
  { prompt: 'a summer jazz festival in Porto', intent: 'event', names: /jazz festival|Porto/ },
  { prompt: 'a wedding party in the garden', intent: 'event', names: /wedding party|garden/ },
  { prompt: '5 facts about octopuses', intent: 'facts', names: /octopuses/ },
  { prompt: 'facts about the Roman Empire', intent: 'facts', names: /Roman Empire/ },
  { prompt: 'autumn in the mountains', intent: 'general', names: /autumn|mountains/ },
  { prompt: 'a video about coffee', intent: 'general', names: /coffee/ },
]

describe('the shots of a prompt storyboard', () => {
  it.each(SHOT_PROMPTS)('names "$prompt" in concrete shots that change from scene to scene', async (item) => {
    expect(detectIntent(item.prompt)).toBe(item.intent)
    for (const targetSeconds of [15, 30, 60, 90]) {
      const draft = await storyboard('prompt', item.prompt, targetSeconds)
      expectWithinLimits(draft)
      const visuals = draft.scenes.map((scene) => scene.visual)
      for (const visual of visuals) {
        expect(visual.trim()).not.toBe('')
        expect(visual).not.toMatch(/[{}]|undefined|\bnull\b|\s{2}|\s[,.:]|\bthe the\b|\ban? (?:the|an?)\b/i)
        expect(visual).toMatch(/^\p{Lu}/u)
      }
      // Scenes differ from both neighbours, and no shot is repeated anywhere in the storyboard.
      expect(new Set(visuals).size).toBe(visuals.length)
      const naming = visuals.filter((visual) => item.names.test(visual))
      expect(naming.length).toBeGreaterThanOrEqual(Math.ceil(visuals.length / 2))
    }
  })

  it('sets a prompt without a place somewhere fitting its intent', async () => {
    const recipe = await storyboard('prompt', 'a recipe for banana bread', 60)
    expect(recipe.scenes.map((scene) => scene.visual).join(' ')).toMatch(/kitchen/)
    const ad = await storyboard('prompt', 'an ad for a bike repair shop', 60)
    expect(ad.scenes.map((scene) => scene.visual).join(' ')).toMatch(/street|neighbourhood/)
  })

  it('no longer gives the bakery ad thin, repeated or broken shots', async () => {
    for (const targetSeconds of [15, 30, 60, 90]) {
      const draft = await storyboard('prompt', 'a 30 second ad for a family bakery in Lisbon', targetSeconds)
      for (const scene of draft.scenes) {
        expect(scene.visual).not.toBe('A family bakery, warm and inviting')
        expect(scene.visual).not.toMatch(/^Others\b/)
      }
      expect(draft.scenes[0]?.visual).toMatch(/Lisbon/)
    }
  })

  it('draws the knife line of a recipe as a knife at work, not "a steady"', async () => {
    for (const targetSeconds of [30, 60, 90]) {
      const draft = await storyboard('prompt', 'how to make cold brew coffee at home', targetSeconds)
      for (const scene of draft.scenes) expect(scene.visual).not.toMatch(/\ba steady\b|contrast$/)
      const knife = draft.scenes.find((scene) => scene.narration.includes('sharp knife'))
      if (knife) expect(knife.visual).toMatch(/knife slicing/)
    }
  })
})

describe('getSceneDuration', () => {
  it('clamps to the contract limits', () => {
    expect(getSceneDuration('Hi.', WORDS_PER_SECOND)).toBe(SCENE_MIN_SECONDS)
    expect(getSceneDuration(Array.from({ length: 80 }, () => 'word').join(' '), WORDS_PER_SECOND)).toBe(
      SCENE_MAX_SECONDS,
    )
    expect(getSceneDuration('one two three four five six seven eight nine ten', WORDS_PER_SECOND)).toBe(4.5)
  })
})
