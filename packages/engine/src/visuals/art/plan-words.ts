import { getGender } from '../../lexicon/english-words.ts'
import { decidesPicture, getLexicon } from '../../lexicon/lexicon.ts'
import type { LexiconEntry } from '../../lexicon/schema.ts'
import { hashText } from '../random.ts'
import { getArtLibrary, inOutfit, OUTFIT_COUNT } from './art-library.ts'
import type { Candidate } from './plan-types.ts'
import type { Noun } from './scene-reader.ts'

/** From a word to a drawing: the lexicon's art for it, people by name or role with one look, groups. */

export const TONES = ['light', 'medium-light', 'medium', 'medium-dark', 'dark'] as const

/** One figure for a name or a role: its skin tone and its outfit follow the word, so it looks alike in every scene. */
export function figureFor(name: string, gender: 'woman' | 'man' | 'person'): string {
  const key = name.toLowerCase()
  const tone = TONES[hashText(key, 7) % TONES.length] ?? 'medium'
  return inOutfit(`${gender}-standing-${tone}-skin-tone`, hashText(key, 11) % OUTFIT_COUNT)
}

/** The lexicon's entry for a noun or a phrase where it says how the word is drawn (its art, or never). */
export function conceptOf(key: string): LexiconEntry | undefined {
  const entry = getLexicon().noun(key)
  return decidesPicture(entry) ? entry : undefined
}

export function conceptArt(concept: LexiconEntry, word: string, score: number): Candidate[] {
  return (concept.art ?? []).slice(0, 1).map((id) => ({ id: withTone(id, concept.gender), word, score }))
}

/**
 * People in the library carry a skin tone picked from the word, so a role looks the same in every scene.
 * Roles drawn from the chest up (a cook, a farmer: most emoji people) become a standing figure, since a
 * head as tall as a house reads as a giant.
 */
/** Roles whose suit is who they are: drawn as themselves, a helmet in space reads as no giant. */
export const SUITED = new Set(['astronaut'])

/** The drawing of a head noun in the colour named just before it in its phrase ("a bright red ball"). */
export function colouredArt(noun: Noun): string | undefined {
  const colours = getLexicon().noun(noun.lemma)?.colours
  if (!colours || !noun.head) return undefined
  const words = noun.phrase.toLowerCase().split(' ')
  const at = words.lastIndexOf(noun.text.toLowerCase())
  const colour = words.slice(0, at).findLast((word) => colours[word])
  return colour ? colours[colour] : undefined
}

export function withTone(id: string, gender?: 'female' | 'male'): string {
  const library = getArtLibrary()
  const entry = library.get(id)
  if (entry?.kind !== 'person') return id
  const tone = TONES[hashText(id, 7) % TONES.length] ?? 'medium'
  // A role keeps one outfit too, so the baker of one scene is the baker of the next.
  const outfit = hashText(id, 11) % OUTFIT_COUNT
  if (entry.bust && !SUITED.has(id)) {
    const base = id.split('-')[0] ?? ''
    // The word's sex wins over the drawing's: "the queen" is a woman wearing the crown of "person with crown".
    const figure =
      gender === 'female' || /^(woman|girl|old-woman)/.test(id) || getGender(base) === 'female'
        ? 'woman'
        : gender === 'male' || /^(man|boy|old-man)/.test(id) || getGender(base) === 'male'
          ? 'man'
          : 'person'
    return inOutfit(`${figure}-standing-${tone}-skin-tone`, outfit)
  }
  const toned = `${id}-${tone}-skin-tone`
  if (!library.get(toned)) return id
  return /-standing-/.test(toned) ? inOutfit(toned, outfit) : toned
}

/** Children are drawn as smaller figures. */
export const CHILD = /^(girl|boy|child|children|baby|kid)s?$/

/** "woman", "man" or "person" for a role or a family word, by the sex the lexicon records for it. */
export function genderedFigure(word: string): 'woman' | 'man' | 'person' {
  const gender = getGender(word)
  return gender === 'female' ? 'woman' : gender === 'male' ? 'man' : 'person'
}

/** How many figures stand for "the crowd" or "friends". */
export const GROUP_SIZE = 3

/** Several people for a word of many ("the crowd", "friends"): figures of their own tones and outfits. */
export function groupOf(lemma: string, word: string, score: number): Candidate[] {
  const genders = ['woman', 'man', 'person'] as const
  return Array.from({ length: GROUP_SIZE }, (_, index) => ({
    id: figureFor(`${lemma}#${index}`, genders[index % genders.length] ?? 'person'),
    word,
    score: score - index * 0.01,
    group: lemma,
  }))
}

/**
 * "The children", "two knights", "बच्चे": a word for people in the plural is several of them, drawn as a group
 * of figures like the crowd, not one person. Candidates that are one person become the group; others stay.
 */
export function severalWhenPlural(chosen: Candidate[], lemma: string, plural: boolean): Candidate[] {
  const [first] = chosen
  if (!plural || !first || first.group || getArtLibrary().get(first.id)?.kind !== 'person') return chosen
  // A role drawn as itself (an astronaut in a suit) stays one, since the group's figures would lose the suit.
  if (!first.id.includes('-standing-')) return chosen
  return groupOf(lemma, first.word, first.score)
}

/** A standing figure for someone the words name by role ("the baker", "musicians"), toned by the word. */
export function personFigure(lemma: string): string {
  return figureFor(lemma, genderedFigure(lemma))
}

/** The props of a role ("a king" wears a crown, "a detective" holds a magnifying glass), for its drawing `of`. */
export function propsOf(lemma: string, of: string, word: string, score: number): Candidate[] {
  return (getLexicon().noun(lemma)?.props ?? []).map((prop) => ({
    id: prop.art,
    word,
    score: score * 0.9,
    prop: { of, at: prop.at },
  }))
}
