import { ABSTRACT } from './entries/abstract.ts'
import { BEINGS } from './entries/beings.ts'
import { BUSINESSES } from './entries/businesses.ts'
import { EVENTS } from './entries/events.ts'
import { LIVING } from './entries/living.ts'
import { MOODS_AND_ACTIVITIES } from './entries/moods.ts'
import { NATURE } from './entries/nature.ts'
import { PLACES } from './entries/places.ts'
import { PRODUCTS } from './entries/products.ts'
import { ROOMS } from './entries/rooms.ts'
import { SKY } from './entries/sky.ts'
import { THINGS } from './entries/things.ts'
import { LexiconEntrySchema, type LexiconEntry, type LexiconRecord } from './schema.ts'
import type { OtherLanguage } from './vocabulary.ts'

/**
 * The one lexicon of words and what they mean in pictures: loaded once, every record checked against the
 * schema, indexed by lemma and part of speech. Other languages reach the same entries through their words.
 */

export type PartOfSpeech = 'noun' | 'verb' | 'adjective'

export type Lexicon = {
  readonly entries: readonly LexiconEntry[]
  /** The entry of a noun lemma or a phrase of two or three words ("coffee shop"). */
  noun(lemma: string): LexiconEntry | undefined
  verb(lemma: string): LexiconEntry | undefined
  adjective(lemma: string): LexiconEntry | undefined
  /** The entries whose words in `language` include the (normalised) word or phrase. */
  inLanguage(language: OtherLanguage): ReadonlyMap<string, LexiconEntry>
}

export const ALL_RECORDS: readonly LexiconRecord[] = [
  ...PLACES,
  ...NATURE,
  ...ROOMS,
  ...LIVING,
  ...THINGS,
  ...SKY,
  ...MOODS_AND_ACTIVITIES,
  ...ABSTRACT,
  ...BEINGS,
  ...BUSINESSES,
  ...PRODUCTS,
  ...EVENTS,
]

/** Whether the entry says how the word is drawn (its art, or never), rather than only steering the scene. */
export const decidesPicture = (entry: LexiconEntry | undefined): entry is LexiconEntry =>
  entry?.art !== undefined || entry?.picture !== undefined

/** A word of another language as the lexicon keys it: lower-case, composed accents, single spaces. */
export const normaliseWord = (word: string) => word.normalize('NFC').toLowerCase().trim().replace(/\s+/gu, ' ')

/** Checks every record and indexes them; throws naming the first record that is wrong. */
export function loadLexicon(records: readonly LexiconRecord[] = ALL_RECORDS): Lexicon {
  const entries: LexiconEntry[] = []
  const byPos: Record<PartOfSpeech, Map<string, LexiconEntry>> = {
    noun: new Map(),
    verb: new Map(),
    adjective: new Map(),
  }
  const byLanguage = new Map<OtherLanguage, Map<string, LexiconEntry>>()
  for (const record of records) {
    const parsed = LexiconEntrySchema.safeParse(record)
    if (!parsed.success)
      throw new Error(
        `Lexicon entry "${String(record.lemma)}": ${parsed.error.issues.map((i) => i.message).join('; ')}`,
      )
    const entry = parsed.data
    const index = byPos[entry.pos ?? 'noun']
    if (index.has(entry.lemma))
      throw new Error(`Lexicon entry "${entry.lemma}" (${entry.pos ?? 'noun'}) is listed twice`)
    index.set(entry.lemma, entry)
    entries.push(entry)
    for (const [language, words] of Object.entries(entry.words ?? {}) as [OtherLanguage, string[]][]) {
      const map = byLanguage.get(language) ?? new Map<string, LexiconEntry>()
      byLanguage.set(language, map)
      for (const word of words) {
        const key = normaliseWord(word)
        const other = map.get(key)
        if (other && other !== entry)
          throw new Error(`The ${language} word "${key}" is listed under "${other.lemma}" and "${entry.lemma}"`)
        map.set(key, entry)
      }
    }
  }
  const empty = new Map<string, LexiconEntry>()
  return {
    entries,
    noun: (lemma) => byPos.noun.get(lemma),
    verb: (lemma) => byPos.verb.get(lemma),
    adjective: (lemma) => byPos.adjective.get(lemma),
    inLanguage: (language) => byLanguage.get(language) ?? empty,
  }
}

let lexicon: Lexicon | undefined

export function getLexicon(): Lexicon {
  lexicon ??= loadLexicon()
  return lexicon
}
