import { getLexicon } from './lexicon.ts'
import type { EntryKind, LexiconEntry } from './schema.ts'

/**
 * What an English word names, as the lexicon records it: the writer's characters, pronouns, destinations
 * and times of day and the planner's figures read the same kind and the same sex of a word from here.
 */

const CHARACTER_KINDS: ReadonlySet<EntryKind> = new Set(['person', 'animal', 'creature'])

let bySpelling: Map<string, LexiconEntry> | undefined

/** The lexicon's noun entry for a word as written in English: its lemma or one of its other spellings. */
export function getNounEntry(word: string): LexiconEntry | undefined {
  if (!bySpelling) {
    bySpelling = new Map()
    for (const entry of getLexicon().entries)
      if ((entry.pos ?? 'noun') === 'noun')
        for (const spelling of [entry.lemma, ...(entry.also ?? [])])
          if (!bySpelling.has(spelling)) bySpelling.set(spelling, entry)
  }
  return bySpelling.get(word.toLowerCase())
}

/** "person", "animal" or "creature" for a noun that names someone ("aunt", "fox", "dragon"). */
export function getBeingKind(word: string): 'person' | 'animal' | 'creature' | undefined {
  const kind = getNounEntry(word)?.kind
  return kind && CHARACTER_KINDS.has(kind) ? (kind as 'person' | 'animal' | 'creature') : undefined
}

/** The sex English marks in the word ("queen", "rooster"), or nothing. */
export function getGender(word: string): 'female' | 'male' | undefined {
  return getNounEntry(word)?.gender
}

/** A time of day ("dawn", "noon", "nightfall"): a word of kind time that sets the hour. */
export function isTimeOfDay(word: string): boolean {
  const entry = getNounEntry(word)
  return entry?.kind === 'time' && entry.time !== undefined
}
