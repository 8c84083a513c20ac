import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { toPlural } from '../script/english.ts'
import { getArtLibrary } from '../visuals/art/art-library.ts'
import { planScene } from '../visuals/art/scene-planner.ts'
import { readText } from '../visuals/art/scene-reader.ts'
import { cuesOf } from '../visuals/scene-interpreter.ts'
import { decidesPicture, getLexicon, loadLexicon } from './lexicon.ts'
import type { LexiconEntry } from './schema.ts'

const lexicon = getLexicon()

/** Sentences in which the entry's word stands as its part of speech. */
function sentencesFor(entry: LexiconEntry): string[] {
  if (entry.pos === 'verb') return [`Every day they ${entry.lemma} together.`]
  if (entry.pos === 'adjective') return [`The evening was ${entry.lemma}.`]
  return [
    `Yesterday we saw the ${entry.lemma} again.`,
    `The ${entry.lemma} stood there.`,
    `Our ${toPlural(entry.lemma)} came back.`,
  ]
}

/**
 * Whether reading the sentence reaches the entry: through the keys the scene planner looks nouns up by (the
 * lemma, a compound with the noun before or after, the whole phrase) or through the cue reader's words.
 */
function reaches(entry: LexiconEntry, sentence: string): boolean {
  if (cuesOf(sentence).includes(entry)) return true
  const nouns = readText(sentence).nouns
  return nouns.some((noun, index) =>
    [noun.lemma, noun.compound, `${noun.lemma} ${nouns[index + 1]?.lemma ?? ''}`, noun.phrase.toLowerCase()].some(
      (key) => key !== undefined && lexicon.noun(key) === entry,
    ),
  )
}

describe('the lexicon', () => {
  it('loads every record through the schema, and names a wrong one', () => {
    expect(lexicon.entries.length).toBeGreaterThan(600)
    expect(() => loadLexicon([{ lemma: 'Harbour', kind: 'place' }])).toThrow(/"Harbour"/u)
    expect(() => loadLexicon([{ lemma: 'pier', kind: 'place', setting: 'beach', home: 'ocean' }])).toThrow(/"pier"/u)
    expect(() =>
      loadLexicon([
        { lemma: 'pier', kind: 'place' },
        { lemma: 'pier', kind: 'thing' },
      ]),
    ).toThrow(/listed twice/u)
  })

  it('draws only what the art library has', () => {
    const library = getArtLibrary()
    const missing = lexicon.entries.flatMap((entry) =>
      [...(entry.art ?? []), ...Object.values(entry.colours ?? {})]
        .filter((id) => !library.get(id))
        .map((id) => `${entry.lemma}: ${id}`),
    )
    expect(missing).toEqual([])
  })

  it('gives a word one setting: in every part of speech, every spelling and every language', () => {
    const settings = new Map<string, Set<string>>()
    for (const entry of lexicon.entries) {
      const place = entry.setting ?? entry.home
      if (!place) continue
      const forms = [
        entry.lemma,
        ...(entry.also ?? []),
        ...Object.entries(entry.words ?? {}).flatMap(([language, words]) => words.map((word) => `${language}:${word}`)),
      ]
      for (const form of forms) settings.set(form, new Set([...(settings.get(form) ?? []), place]))
    }
    const twice = [...settings]
      .filter(([, places]) => places.size > 1)
      .map(([word, places]) => `${word}: ${[...places].join(', ')}`)
    expect(twice).toEqual([])
  })

  it('decides the six words the old word lists disagreed on once', () => {
    expect(lexicon.noun('harbor')?.setting).toBe('beach')
    expect(lexicon.noun('river')).toMatchObject({ setting: 'forest', water: 'river' })
    expect(lexicon.noun('island')?.setting).toBe('ocean')
    expect(lexicon.noun('cliff')?.setting).toBe('beach')
    expect(lexicon.noun('village')?.setting).toBe('street')
    expect(lexicon.noun('house')?.setting).toBe('street')
    // The drawing and the hosted engine's prompt read the same entries: the planner's place is the lexicon's.
    for (const [word, setting] of [
      ['harbour', 'beach'],
      ['river', 'forest'],
      ['island', 'ocean'],
      ['cliff', 'beach'],
      ['village', 'street'],
      ['house', 'street'],
    ] as const)
      expect(planScene({ visual: '', narration: `We walked to the ${word}.`, seed: 1 }).setting, word).toBe(setting)
  })

  it('holds no entry the words can never reach', () => {
    const unreachable = lexicon.entries
      .filter((entry) => !sentencesFor(entry).some((sentence) => reaches(entry, sentence)))
      .map((entry) => `${entry.lemma} (${entry.pos ?? 'noun'})`)
    expect(unreachable).toEqual([])
  })

  it('says how each drawn entry is drawn: art, never, or the backdrop', () => {
    for (const entry of lexicon.entries.filter((item) => item.art)) expect(decidesPicture(entry)).toBe(true)
  })
})

describe('the language layer stays readable', () => {
  it('keeps every source file of the writer, the planner, the lexicon, the language finder and the interpreter under 500 lines', () => {
    const root = fileURLToPath(new URL('..', import.meta.url))
    const folders = ['script', 'visuals/art', 'lexicon', 'language']
    const files = [
      ...folders.flatMap((folder) =>
        readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
          .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
          .map((name) => path.join(folder, name)),
      ),
      'visuals/scene-interpreter.ts',
      'visuals/read-scene.ts',
    ]
    expect(files.length).toBeGreaterThan(20)
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > 500)
    expect(long).toEqual([])
  })
})
