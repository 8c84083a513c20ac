import { describe, expect, it } from 'vitest'

import { findWritingProblems } from '#src/testing/writing-checks.ts'

import { isMassNoun, withIndefinite } from './english.ts'
import { createLocalScriptWriter } from './local-script-writer.ts'
import { withArticle } from './references.ts'
import { describeScriptScenes } from './scene-visuals.ts'

describe('articles, mass nouns and plurals in visual lines', () => {
  it.each([
    ['water', 'water'],
    ['bread', 'bread'],
    ['coffee', 'coffee'],
    ['olive oil', 'olive oil'],
    ['honey', 'honey'],
    ['sand', 'sand'],
    ['rain', 'rain'],
    ['music', 'music'],
    ['fresh milk', 'fresh milk'],
    ['boats', 'boats'],
    ['children', 'children'],
    ['cat', 'a cat'],
    ['old lighthouse', 'an old lighthouse'],
    ['hour', 'an hour'],
    ['university', 'a university'],
    ['glass of water', 'a glass of water'],
    ['stone bridge', 'a stone bridge'],
    ['lamb', 'a lamb'],
  ])('"%s" is said as "%s"', (phrase, said) => {
    expect(withIndefinite(phrase)).toBe(said)
  })

  it('gives a shot phrase an article only where its head takes one', () => {
    expect(withArticle('water in bright daylight')).toBe('water in bright daylight')
    expect(withArticle('glass of water on a table')).toBe('a glass of water on a table')
    expect(withArticle('rooftops seen from a viewpoint')).toBe('rooftops seen from a viewpoint')
    expect(withArticle('the harbour at dawn')).toBe('the harbour at dawn')
    expect(isMassNoun('pepper')).toBe(false)
  })

  it.each([
    'how water boils',
    'explain how rain forms',
    'how does bread rise',
    'facts about honey',
    'facts about sand',
    'how music affects the brain',
    'explain why cats purr',
    'an ad for our olive oil',
    'a recipe for rice pudding',
    'how do bees make honey',
  ])('drafts "%s" with no article before a mass noun or a plural', async (prompt) => {
    const draft = await createLocalScriptWriter().createStoryboard({
      source: { kind: 'prompt', text: prompt },
      targetSeconds: 30,
      style: 'cinematic',
      language: 'en-US',
      wordsPerSecond: 2.5,
    })
    for (const scene of draft.scenes) {
      expect(findWritingProblems(scene.visual), scene.visual).toEqual([])
      expect(scene.visual).not.toMatch(/\ban? (?:water|bread|honey|sand|rain|music|olive oil|rice|cats)\b/i)
    }
  })
})

describe('what an explainer or a list of facts shows and counts', () => {
  const draft = (text: string) =>
    createLocalScriptWriter().createStoryboard({
      source: { kind: 'prompt', text },
      targetSeconds: 30,
      style: 'cinematic',
      language: 'en-US',
      wordsPerSecond: 2.5,
    })

  it('pictures the thing a question about "you" or "we" names, else a person, never "You in bright daylight"', async () => {
    const phone = await draft('why you should not sleep with your phone')
    for (const scene of phone.scenes) expect(scene.visual).not.toMatch(/^you\b|\bof you\b/i)
    expect(phone.scenes[0]?.visual).toBe('A phone in bright daylight')
    const dream = await draft('why we dream')
    for (const scene of dream.scenes) expect(scene.visual).not.toMatch(/^we\b|\bof we\b/i)
  })

  it('numbers the facts in the order said when the prompt names no count: the third is fact three', async () => {
    const facts = await draft('facts about the moon')
    const numbers = facts.scenes.flatMap((scene) => /\bfact (\w+) about/.exec(scene.narration)?.[1] ?? [])
    expect(numbers.length).toBeGreaterThan(1)
    expect(numbers).toEqual(['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'].slice(0, numbers.length))
  })
})

describe('negation and verbs in pictures of a script', () => {
  it.each([
    ["Don't check your phone in bed.", 'A person does not check their phone in bed'],
    ['Do not sleep at night.', 'A person does not sleep at night'],
    ['Never skip breakfast.', 'A person never skips breakfast'],
    ['Avoid screens before bed.', 'A person avoids screens'],
    ['Drink water every morning.', 'A person drinks water every morning'],
    ['Two cats sat on the wall.', 'Two cats sit on the wall'],
    ['The dogs barked all night.', 'The dogs bark all night'],
    ['Water filled the street.', 'Water fills the street'],
    ["Tom doesn't like the rain.", "Tom doesn't like the rain"],
    ['Kids never sleep.', 'Kids never sleep'],
  ])('"%s" is pictured as "%s"', (sentence, picture) => {
    expect(describeScriptScenes([sentence])[0]).toBe(picture)
  })

  it('never writes a verb after "not" or "never" with a third-person ending it cannot have', () => {
    const pictures = describeScriptScenes([
      'Never leave the stove on.',
      "Don't rush the dough.",
      'Do not water the plant every day.',
      'Not sleeping at night is bad for you.',
      'She did not sleep at night.',
    ])
    for (const picture of pictures) {
      expect(picture).not.toMatch(/\b(?:not|never)s\b/)
      expect(picture).not.toMatch(/\bnot \w+s\b(?<!\bnot (?:is|was|has|does|this|always|unless))/)
    }
  })
})
