import { describe, expect, it } from 'vitest'

import {
  SCENE_MAX_SECONDS,
  SCENE_MIN_SECONDS,
  SCENE_NARRATION_MAX_CHARS,
  SCENE_VISUAL_MAX_CHARS,
  SceneSchema,
  SCENES_MAX,
  type VideoStyle,
} from '@storyreel/contracts/studio'

import { countLetters, LETTERS_PER_SPOKEN_WORD } from '@storyreel/contracts/narration'

import { findWritingProblems } from '#src/testing/writing-checks.ts'

import {
  createLocalScriptWriter,
  getSceneDuration,
  LOCAL_SCRIPT_WRITER,
  SCENE_PAUSE_SECONDS,
} from './local-script-writer.ts'
import type { StoryboardDraft } from './script-engine.ts'
import { countSpokenWords } from './sentences.ts'

const engine = createLocalScriptWriter()
const WORDS_PER_SECOND = 2.5

function storyboard(
  kind: 'prompt' | 'script',
  text: string,
  targetSeconds = 30,
  style: VideoStyle = 'cinematic',
  wordsPerSecond = WORDS_PER_SECOND,
) {
  return engine.createStoryboard({ source: { kind, text }, targetSeconds, style, language: 'en-US', wordsPerSecond })
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

describe('the offline writer with a script', () => {
  it('is named local-writer', () => {
    expect(engine.name).toBe(LOCAL_SCRIPT_WRITER)
    expect(engine.name).toBe('local-writer')
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
    expect(draft.scenes.at(-1)?.visual).toMatch(/^Maria sits by the window/)
    for (const scene of draft.scenes) expect(findWritingProblems(scene.visual), scene.visual).toEqual([])
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

describe('the offline writer with text it cannot read as words', () => {
  it.each([
    ['one 350-letter word', 'a'.repeat(350), 350],
    ['one 6,000-letter word', 'a'.repeat(6000), 6000],
    ['twenty 60-letter words', Array.from({ length: 20 }, () => 'x'.repeat(60)).join(' '), 60],
    ['a line of Japanese without spaces', '猫が好きです。'.repeat(200), 1400],
  ])('refuses a prompt of %s, naming the word’s length', async (_name, text, length) => {
    const refused = storyboard('prompt', text)
    await expect(refused).rejects.toMatchObject({
      name: 'EngineError',
      kind: 'invalid',
      engine: 'script',
      reason: 'unusable',
    })
    await expect(refused).rejects.toThrow(`a word of ${length.toLocaleString('en')} characters`)
  })

  it('refuses a prompt of more words than a request has, before reading them', async () => {
    const words = Array.from({ length: 900 }, (_, index) => ['the', 'fox', 'runs', 'home'][index % 4]).join(' ')
    const refused = storyboard('prompt', words)
    await expect(refused).rejects.toMatchObject({ kind: 'invalid', engine: 'script', reason: 'unusable' })
    await expect(refused).rejects.toThrow(
      'This prompt has 900 words, and the offline writer reads a request of up to 150',
    )
  })

  it('refuses a prompt or a script with nothing but emoji and punctuation', async () => {
    for (const kind of ['prompt', 'script'] as const) {
      await expect(storyboard(kind, '😀'.repeat(500))).rejects.toMatchObject({ kind: 'invalid', reason: 'unusable' })
      await expect(storyboard(kind, '😀 🎉 !!! ???')).rejects.toMatchObject({ kind: 'invalid', reason: 'unusable' })
    }
  })

  it.each([
    ['Spanish', 'un anuncio de 20 segundos para mi floristería en Sevilla, con rosas y girasoles', 'Spanish'],
    ['French', 'une publicité pour ma boulangerie à Lyon, ouverte le samedi', 'French'],
    ['German', 'eine Geschichte über einen Drachen, der Angst vor Wasser hat', 'German'],
    ['Hindi', 'मेरी बेकरी के लिए एक छोटा विज्ञापन', 'Hindi'],
    ['Russian', 'реклама моей пекарни в Москве', 'a language other than English'],
  ])('refuses a prompt in %s rather than drafting it as English', async (_name, text, language) => {
    const refused = storyboard('prompt', text)
    await expect(refused).rejects.toMatchObject({ kind: 'invalid', engine: 'script', reason: 'unusable' })
    await expect(refused).rejects.toThrow(`This prompt reads as ${language}`)
    await expect(refused).rejects.toThrow('drafts only from prompts in English')
  })

  it('drafts short English prompts a detector is unsure of, and keeps a script in another language', async () => {
    for (const prompt of ['Paris', 'pizza', 'cold brew coffee', '3 days in Kyoto', 'explain why cats purr'])
      expect((await storyboard('prompt', prompt)).scenes.length, prompt).toBeGreaterThan(0)
    const spanish = 'Cada mañana, Lucía abre su pequeña floristería en Sevilla. Las rosas llegan a las siete.'
    const draft = await storyboard('script', spanish)
    expect(draft.scenes.map((scene) => scene.narration).join(' ')).toBe(spanish)
  })

  it.each([
    ['a 900-letter word', `${'a'.repeat(900)}.`],
    ['1,400 characters of Japanese without a space', '猫が好きです。'.repeat(200)],
    ['one Japanese sentence of 1,000 characters', `${'猫が好きです'.repeat(166)}。`],
    ['six 65-letter words', `${Array.from({ length: 6 }, () => 'b'.repeat(65)).join(' ')}.`],
  ])('breaks a script of %s into scenes timed by its letters, keeping every character', async (_name, text) => {
    const draft = await storyboard('script', text, 90)
    expect(draft.scenes.length).toBeLessThanOrEqual(SCENES_MAX)
    for (const scene of draft.scenes) SceneSchema.parse({ ...scene, id: crypto.randomUUID(), seed: 1 })
    const kept = draft.scenes.map((scene) => scene.narration).join('')
    expect(kept.replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''))
    for (const scene of draft.scenes) {
      const lettersTime = countLetters(scene.narration) / LETTERS_PER_SPOKEN_WORD / WORDS_PER_SECOND
      expect(scene.duration).toBeGreaterThanOrEqual(Math.min(SCENE_MAX_SECONDS, lettersTime))
    }
  })
})

describe('getSceneDuration', () => {
  it('clamps to the contract limits', () => {
    expect(getSceneDuration('Hi.', WORDS_PER_SECOND)).toBe(SCENE_MIN_SECONDS)
    expect(getSceneDuration(Array.from({ length: 80 }, () => 'word').join(' '), WORDS_PER_SECOND)).toBe(
      SCENE_MAX_SECONDS,
    )
    expect(getSceneDuration('one two three four five six seven eight nine ten', WORDS_PER_SECOND)).toBe(4.6)
  })
})

describe('a script in another language', () => {
  const writer = createLocalScriptWriter()
  const draft = (text: string, language: string) =>
    writer.createStoryboard({
      source: { kind: 'script', text },
      targetSeconds: 20,
      style: 'cinematic',
      language,
      wordsPerSecond: 2.5,
    })

  it('keeps its own words as the scenes to picture, and titles it from its opening, accents kept', async () => {
    const spanish = await draft(
      'Cada mañana, Lucía abre su pequeña floristería en Sevilla. Entre rosas y girasoles, prepara ramos para sus vecinos. Los sábados, la tienda se llena de gente y de color.',
      'es-ES',
    )
    expect(spanish.title).toBe('Lucía abre su pequeña floristería en Sevilla')
    for (const scene of spanish.scenes) expect(scene.visual).toBe(scene.narration)
    expect(spanish.scenes.map((scene) => scene.narration).join(' ')).toContain('sábados')
  })

  it('ends a Hindi sentence at the danda', async () => {
    const hindi = await draft(
      'हर सुबह, प्रिया अपनी छोटी सी फूलों की दुकान खोलती है। वह गुलाब और सूरजमुखी बेचती है। शनिवार को दुकान में बहुत भीड़ होती है।',
      'hi-IN',
    )
    expect(hindi.title).toBe('प्रिया अपनी छोटी सी फूलों की दुकान खोलती है')
    const narration = hindi.scenes.map((scene) => scene.narration)
    expect(narration.join(' ')).not.toMatch(/।\./u)
    expect(narration.at(-1)).toBe('शनिवार को दुकान में बहुत भीड़ होती है।')
  })
})
