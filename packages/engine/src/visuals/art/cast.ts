import type { ScriptLanguage } from '@storyreel/contracts/languages'

import { hashText } from '../random.ts'
import { getArtLibrary, inOutfit, OUTFIT_COUNT } from './art-library.ts'
import { castOfForeign } from './foreign-planner.ts'
import type { CastMember } from './plan-types.ts'
import { getNounEntry } from '../../lexicon/english-words.ts'
import { colouredArt, conceptOf, figureFor, genderedFigure } from './plan-words.ts'
import { readText, type Noun } from './scene-reader.ts'

/** Who and what keeps one look through a story: its named people, the animal it follows, coloured things. */

export const countOf = (words: string[], set: string[]) => words.filter((word) => set.includes(word)).length

export const SHE = ['she', 'her', 'hers']

export const HE = ['he', 'him', 'his']

/** Whether a pronoun can stand for a figure: "his tractor" is not Grandma's. */
/** "Together they flew…": in a story with one named person, they are with the others the sentence names. */
export const THEY = ['they', 'them', 'their']

export const fitsFigure = (word: string, figure: string) =>
  (SHE.includes(word) && !figure.startsWith('man-')) ||
  (HE.includes(word) && !figure.startsWith('woman-')) ||
  THEY.includes(word)

/**
 * The people and pets a story names, read from all its scenes at once, each with one figure: a person's name
 * is the one doing something ("Maya walked", "Rosa fed"; never "Visit us", "Saturn's rings", a place after
 * "in", "to" or "through"); a pet's follows its kind ("his dog Biscuit").
 */
export function castOf(texts: string[], language: ScriptLanguage = 'en'): CastMember[] {
  if (language !== 'en') return castOfForeign(texts, language)
  const library = getArtLibrary()
  const tally = new Map<string, { she: number; he: number }>()
  const animals = new Map<string, string>()
  const things = new Map<string, string>()
  /** Names found after "to", "in", "through": places, unless someone calls them she or he. */
  const placed = new Set<string>()
  const readings = texts.map((text) => readText(text))
  for (const reading of readings) {
    for (const noun of reading.nouns) if (noun.proper && noun.afterPlacePreposition) placed.add(noun.text)
    for (const noun of reading.nouns) {
      const coloured = colouredArt(noun)
      if (coloured && !things.has(noun.lemma)) things.set(noun.lemma, coloured)
    }
    for (const noun of reading.nouns) {
      const animal = noun.proper && noun.previousNoun ? library.find(noun.previousNoun)[0] : undefined
      const kind = animal && animal.score >= 10 ? library.get(animal.id)?.kind : undefined
      if (animal && (kind === 'animal' || kind === 'bird')) animals.set(noun.text, animal.id)
    }
    const names = reading.nouns.filter(
      (noun) =>
        noun.proper &&
        !noun.afterPlacePreposition &&
        noun.beforeVerb &&
        !conceptOf(noun.lemma) &&
        library.find(noun.text).every((match) => match.score < 10),
    )
    for (const noun of names) {
      const entry = tally.get(noun.text) ?? { she: 0, he: 0 }
      entry.she += countOf(reading.pronouns, SHE)
      entry.he += countOf(reading.pronouns, HE)
      tally.set(noun.text, entry)
    }
  }
  for (const name of animals.keys()) tally.delete(name)
  // "Welcome to Lisbon… Lisbon is still quiet": a place, not a person.
  for (const [name, entry] of tally) if (placed.has(name) && entry.she + entry.he === 0) tally.delete(name)
  const creatures = animals.size === 0 ? leadCreature(readings) : []
  // With one person in the story, every "she" or "he" of the story is that person.
  if (tally.size === 1) {
    const pronouns = readings.flatMap((reading) => reading.pronouns)
    for (const entry of tally.values()) {
      entry.she = countOf(pronouns, SHE)
      entry.he = countOf(pronouns, HE)
    }
  }
  // A name that is a family word ("Grandma", "Dad") says who it is; other names go by the pronouns around them.
  const genderOf = (name: string, she: number, he: number) => {
    const marked = genderedFigure(name)
    if (marked !== 'person') return marked
    return she > he ? 'woman' : he > she ? 'man' : 'person'
  }
  const people = [...tally.entries()].map(([name, { she, he }]) => ({
    name,
    figure: figureFor(name, genderOf(name, she, he)),
  }))
  return [
    ...people,
    ...[...animals.entries()].map(([name, figure]) => ({ name, figure })),
    ...creatures,
    ...[...things.entries()].map(([name, figure]) => ({ name, figure, thing: true as const })),
  ]
}

export const CREATURE_KINDS = new Set(['animal', 'bird', 'sea-life'])

/** The animal named in the most texts of the story, and in two at least ("the dragon"), with the next one so named. */
export function leadCreature(readings: ReturnType<typeof readText>[]): CastMember[] {
  const library = getArtLibrary()
  const seen = new Map<string, { name: string; texts: number }>()
  for (const reading of readings) {
    const ids = new Map<string, string>()
    for (const noun of reading.nouns) {
      if (noun.proper || !noun.head) continue
      const match = library.find(noun.lemma)[0]
      if (match && match.score >= 10 && CREATURE_KINDS.has(library.get(match.id)?.kind ?? ''))
        ids.set(match.id, noun.lemma)
    }
    for (const [id, name] of ids) seen.set(id, { name, texts: (seen.get(id)?.texts ?? 0) + 1 })
  }
  const ranked = [...seen.entries()].sort((a, b) => b[1].texts - a[1].texts)
  // On a tie the one the story names first leads: the mouse of "the mouse ran so fast that the cat slipped".
  const [first, second] = ranked
  if (!first || first[1].texts < 2) return []
  // The next animal named twice is its companion: "they have been friends" are the mouse and the cat.
  return [
    { name: first[1].name, figure: first[0], pronoun: 'it' },
    ...(second && second[1].texts >= 2 ? [{ name: second[1].name, figure: second[0], companion: true as const }] : []),
  ]
}

/** The people of a story's cast: not its animals, nor the coloured things it names. */
export function castPeople(cast: CastMember[]): CastMember[] {
  return cast.filter((member) => !member.thing && getArtLibrary().get(member.figure)?.kind === 'person')
}

/**
 * "Her brother": the relative of a person the story names, with that person's skin tone and an outfit of
 * its own. Only when the possessive fits the one person of the cast ("his sister" is not Rosa's).
 */
export function relativeFigure(noun: Noun, cast: CastMember[]): { figure: string; of: string } | undefined {
  // Family words ("her brother", "his grandma") share the skin tone of whose family they are.
  const kin = getNounEntry(noun.lemma)?.kin
  if (!(kin === 'parent' || kin === 'relative') || !noun.possessive || !noun.head) return undefined
  const people = castPeople(cast)
  const member = people.length === 1 ? people[0] : undefined
  const tone = member && /-standing-(.+)-skin-tone/.exec(member.figure)?.[1]
  if (!member || !tone || !fitsFigure(noun.possessive, member.figure)) return undefined
  const gender = genderedFigure(noun.lemma)
  const own = Number(member.figure.split('~')[1]) || 0
  const outfit = (own + 1 + (hashText(noun.lemma, 11) % (OUTFIT_COUNT - 1))) % OUTFIT_COUNT
  return { figure: inOutfit(`${gender}-standing-${tone}-skin-tone`, outfit), of: member.name }
}
