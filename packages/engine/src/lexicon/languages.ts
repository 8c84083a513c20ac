import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import { StemmerDe } from '@nlpjs/lang-de'
import { StemmerEs } from '@nlpjs/lang-es'
import { StemmerFr } from '@nlpjs/lang-fr'
import { StemmerHi } from '@nlpjs/lang-hi'
import { StemmerIt } from '@nlpjs/lang-it'
import { StemmerNl } from '@nlpjs/lang-nl'
import { StemmerPt } from '@nlpjs/lang-pt'

import { getLexicon, normaliseWord } from './lexicon.ts'
import type { LexiconEntry } from './schema.ts'
import type { OtherLanguage } from './vocabulary.ts'

/**
 * Reading words of the seven other script languages: Unicode word segmentation (Intl.Segmenter), stop words
 * from stopwords-iso, Snowball stemmers (nlp.js) so "rosas" meets "rosa", and the few function words a picture
 * depends on (a place after "en", "in", "à"; who "ella" or "sie" is) as data. English has its own, richer reader
 * (scene-reader.ts, a part-of-speech tagger).
 */

const STEMMERS: Record<OtherLanguage, { stemWord(word: string): string }> = {
  es: new StemmerEs(),
  fr: new StemmerFr(),
  de: new StemmerDe(),
  it: new StemmerIt(),
  pt: new StemmerPt(),
  nl: new StemmerNl(),
  hi: new StemmerHi(),
}

/** Words after which a capitalised name is a place ("en Sevilla", "nach Berlin", "में"). */
const PLACE_WORDS: Record<OtherLanguage, readonly string[]> = {
  es: ['en', 'a', 'de', 'desde', 'hacia', 'por', 'hasta'],
  fr: ['à', 'en', 'de', 'vers', 'depuis', 'au', 'aux', 'du'],
  de: ['in', 'nach', 'aus', 'von', 'bei', 'zu', 'im', 'am'],
  it: ['a', 'in', 'da', 'di', 'verso', 'per', 'nel', 'nella'],
  pt: ['em', 'a', 'de', 'para', 'no', 'na', 'do', 'da'],
  nl: ['in', 'naar', 'uit', 'van', 'bij', 'op'],
  hi: ['में', 'से', 'पर', 'तक'],
}

/** Articles and determiners: a capitalised word after one is a noun ("eine Prinzessin"), not a name. */
const ARTICLES: Record<OtherLanguage, readonly string[]> = {
  es: ['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'su', 'sus', 'mi', 'tu', 'nuestro', 'nuestra'],
  fr: ['le', 'la', 'les', 'un', 'une', 'des', 'du', 'son', 'sa', 'ses', 'mon', 'ma', 'notre', 'nos'],
  de: [
    'der',
    'die',
    'das',
    'den',
    'dem',
    'des',
    'ein',
    'eine',
    'einen',
    'einem',
    'einer',
    'eines',
    'kein',
    'keine',
    'mein',
    'meine',
    'sein',
    'seine',
    'ihr',
    'ihre',
    'unser',
    'unsere',
    'jede',
    'jeder',
    'jedes',
  ],
  it: ['il', 'lo', 'la', 'i', 'gli', 'le', 'un', 'uno', 'una', 'suo', 'sua', 'nostro', 'nostra'],
  pt: ['o', 'a', 'os', 'as', 'um', 'uma', 'seu', 'sua', 'nosso', 'nossa'],
  nl: ['de', 'het', 'een', 'zijn', 'haar', 'onze', 'ons'],
  hi: [],
}

/** Pronouns that say a person is a woman or a man, where the language has them. */
export const GENDERED_PRONOUNS: Record<OtherLanguage, { she: readonly string[]; he: readonly string[] }> = {
  es: { she: ['ella'], he: ['él'] },
  fr: { she: ['elle'], he: ['il'] },
  de: { she: [], he: ['er'] },
  it: { she: ['lei'], he: ['lui'] },
  pt: { she: ['ela'], he: ['ele'] },
  nl: { she: [], he: ['hij'] },
  hi: { she: [], he: [] },
}

/**
 * Verbs that put someone in the air, a thing in their hand or them on an animal's back, by their stems (so
 * "voló", "volaba" and "volar" all fly). As in English, the planner then draws them so.
 */
export const MOTION_WORDS: Record<OtherLanguage, { flies: string[]; holds: string[]; rides: string[] }> = {
  es: {
    flies: ['volar', 'vuela', 'voló', 'volaba', 'planea'],
    holds: ['sostiene', 'sostenía', 'levantó', 'levanta', 'empuña', 'alza', 'alzó'],
    rides: ['monta', 'montó', 'montaba', 'cabalga', 'cabalgó', 'cabalgaba'],
  },
  fr: {
    flies: ['vole', 'vola', 'volait', 'voler', 'plane'],
    holds: ['tient', 'tenait', 'brandit', 'leva', 'lève', 'levait'],
    rides: ['chevauche', 'chevaucha', 'chevauchait'],
  },
  de: {
    flies: ['fliegt', 'flog', 'fliegen', 'geflogen', 'schwebt'],
    holds: ['hält', 'hielt', 'hob', 'hebt', 'schwingt', 'schwang'],
    rides: ['reitet', 'ritt', 'reiten', 'geritten'],
  },
  it: {
    flies: ['vola', 'volò', 'volava', 'volare'],
    holds: ['tiene', 'teneva', 'sollevò', 'solleva', 'impugna', 'alzò'],
    rides: ['cavalca', 'cavalcò', 'cavalcava', 'cavalcare'],
  },
  pt: {
    flies: ['voa', 'voou', 'voava', 'voar'],
    holds: ['segura', 'segurava', 'ergueu', 'ergue', 'levantou', 'empunha'],
    rides: ['monta', 'montou', 'montava', 'cavalga', 'cavalgou'],
  },
  nl: {
    flies: ['vliegt', 'vloog', 'vliegen', 'gevlogen', 'zweeft'],
    holds: ['houdt', 'hield', 'tilde', 'tilt', 'zwaait'],
    rides: ['rijdt', 'reed', 'reden', 'berijdt'],
  },
  hi: {
    flies: ['उड़ा', 'उड़ी', 'उड़ता', 'उड़ती', 'उड़ान'],
    holds: ['उठाई', 'उठाया', 'पकड़ी', 'पकड़ा', 'थामा', 'थामी'],
    rides: ['सवार', 'सवारी'],
  },
}

/** Whether a word is one of these, as written or as another form of one of them. */
export function saysAny(word: ForeignWord, listed: readonly string[]): boolean {
  return listed.some((item) => item === word.normal)
}

/** Words for "they", "the children", "the crowd": several people. */
export const GROUP_WORDS: Record<OtherLanguage, readonly string[]> = {
  es: ['ellos', 'ellas', 'niños', 'niñas', 'gente', 'multitud', 'amigos', 'familia'],
  fr: ['ils', 'elles', 'enfants', 'gens', 'foule', 'amis', 'famille'],
  de: ['kinder', 'leute', 'menge', 'freunde', 'familie'],
  it: ['loro', 'bambini', 'gente', 'folla', 'amici', 'famiglia'],
  pt: ['eles', 'elas', 'crianças', 'gente', 'multidão', 'amigos', 'família'],
  nl: ['zij', 'kinderen', 'mensen', 'menigte', 'vrienden', 'familie'],
  hi: ['वे', 'बच्चे', 'लोग', 'भीड़', 'दोस्त', 'परिवार'],
}

let stopWords: Record<string, string[]> | undefined

/** Languages whose names put the thing first and what describes it after ("luna llena"); the others, last. */
const HEAD_FIRST = new Set<OtherLanguage>(['es', 'fr', 'it', 'pt'])

/**
 * The words of a name of several words that name a thing: its head ("luna" of "luna llena") and a noun a
 * preposition joins to it ("formaggio" of "fetta di formaggio"; in Hindi the word before its postposition,
 * "चाय" of "चाय का प्याला"), never one that only describes: "llena" alone is no full moon.
 */
export function thingWordsOfName(words: readonly string[], language: OtherLanguage): Set<string> {
  const stop = stopWordsOf(language)
  const normal = words.map(normaliseWord)
  const head = HEAD_FIRST.has(language) ? normal[0] : normal.at(-1)
  const joined = normal.filter((word, at) =>
    language === 'hi' ? stop.has(normal[at + 1] ?? '') : at > 0 && stop.has(normal[at - 1] ?? ''),
  )
  return new Set([head ?? '', ...joined].filter((word) => word && !stop.has(word)))
}

function stopWordsOf(language: OtherLanguage): ReadonlySet<string> {
  if (!stopWords) {
    const require = createRequire(import.meta.url)
    stopWords = JSON.parse(readFileSync(require.resolve('stopwords-iso'), 'utf8')) as Record<string, string[]>
  }
  return (cache[language] ??= new Set((stopWords[language] ?? []).map(normaliseWord)))
}
const cache: Partial<Record<OtherLanguage, Set<string>>> = {}

/**
 * Whether two words are forms of one word. With one stem, they share most of their letters from the start
 * ("boschi" and "bosco", "chevaux" and "cheval"; stems alone would also join "taça" and "taco", or "pastéis"
 * and "pasta"). Without, the longer is the shorter with a plural ending of the language ("fiets" and
 * "fietsen"; never "kaas" and "kaal", "casa" and "casado", or "krijg" and "krijger").
 */
export function sameWord(a: string, b: string, sameStem = false, language?: OtherLanguage): boolean {
  if (a === b) return true
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  // Hindi's stemmer is light: one stem is one word ("तितलियाँ" and "तितली").
  if (sameStem && language === 'hi') return true
  if (!sameStem)
    return (
      short.length >= 3 &&
      long.startsWith(short) &&
      (language === undefined || PLURAL_ENDINGS[language].includes(long.slice(short.length)))
    )
  let common = 0
  while (common < short.length && short[common] === long[common]) common++
  return common >= 3 && common / long.length >= 0.65
}

/** What a plural adds to a word ("fiets" → "fietsen"): another form, where "krijg" → "krijger" is another word. */
const PLURAL_ENDINGS: Record<OtherLanguage, readonly string[]> = {
  es: ['s', 'es'],
  fr: ['s', 'x'],
  de: ['e', 'en', 'n', 'er', 's'],
  it: [],
  pt: ['s', 'es'],
  nl: ['en', 's', "'s"],
  hi: ['ें', 'ों'],
}

/** Endings that make a word small ("cerdito", "uccellino", "koekje") and what the plain word ends with. */
const DIMINUTIVES: Record<OtherLanguage, readonly [string, string][]> = {
  es: [
    ['itos', 'os'],
    ['itas', 'as'],
    ['ito', 'o'],
    ['ita', 'a'],
    ['cito', ''],
    ['cita', ''],
  ],
  fr: [
    ['ette', ''],
    ['et', ''],
  ],
  de: [
    ['chen', ''],
    ['lein', ''],
  ],
  it: [
    ['ini', 'i'],
    ['ine', 'e'],
    ['ino', 'o'],
    ['ina', 'a'],
    ['etto', 'o'],
    ['etta', 'a'],
  ],
  pt: [
    ['inhos', 'os'],
    ['inhas', 'as'],
    ['inho', 'o'],
    ['inha', 'a'],
  ],
  nl: [
    ['tjes', ''],
    ['tje', ''],
    ['jes', ''],
    ['je', ''],
    ['pje', ''],
  ],
  hi: [],
}

/** Endings that make someone who does or sells a thing ("pianiste", "zapatero"), and what the thing ends with. */
const AGENTS: Record<OtherLanguage, readonly [string, string][]> = {
  es: [
    ['ista', 'o'],
    ['ista', 'a'],
    ['ero', 'o'],
    ['era', 'a'],
    ['ero', 'a'],
    ['dor', 'r'],
  ],
  fr: [
    ['iste', 'o'],
    ['iste', 'e'],
    ['ier', ''],
    ['ière', 'e'],
    ['eur', 'e'],
  ],
  de: [
    ['istin', 'o'],
    ['ist', 'o'],
    ['erin', ''],
    ['er', ''],
  ],
  it: [
    ['ista', 'o'],
    ['ista', 'a'],
    ['aio', 'o'],
    ['aia', 'a'],
    ['iere', 'o'],
    ['tore', 're'],
  ],
  pt: [
    ['ista', 'o'],
    ['ista', 'a'],
    ['eiro', 'o'],
    ['eira', 'a'],
    ['dor', 'r'],
  ],
  nl: [
    ['ist', 'o'],
    ['er', ''],
  ],
  hi: [],
}

/** Languages that join nouns into one word ("Fischbrötchen", "appeltaart"), the head last. */
const COMPOUNDING = new Set<OtherLanguage>(['de', 'nl'])

/**
 * Other words a word not found may stand for, best first: the plain word of a small one, the parts of a
 * compound (its head, then what it starts with), and the thing of someone who does it (`role`).
 */
export function otherFormsOf(word: string, language: OtherLanguage): { form: string; role?: true }[] {
  const forms: { form: string; role?: true }[] = []
  for (const [ending, plain] of DIMINUTIVES[language])
    if (word.length > ending.length + 2 && word.endsWith(ending))
      forms.push({ form: word.slice(0, -ending.length) + plain })
  if (COMPOUNDING.has(language))
    for (const part of [
      ...Array.from({ length: Math.max(0, word.length - 7) }, (_, at) => word.slice(at + 3)),
      ...Array.from({ length: Math.max(0, word.length - 7) }, (_, at) => word.slice(0, word.length - at - 4)),
    ])
      forms.push({ form: part })
  for (const [ending, thing] of AGENTS[language])
    if (word.length > ending.length + 2 && word.endsWith(ending))
      forms.push({ form: word.slice(0, -ending.length) + thing, role: true })
  return forms
}

/** Words filed by their first three letters, to find other forms of a word without a stem in common. */
export const prefixOf = (word: string) => [...word].slice(0, 3).join('')

/** The stem of a word as written: lower-case first; the stemmers expect it. */
export function stemOf(language: OtherLanguage, word: string): string {
  return STEMMERS[language].stemWord(normaliseWord(word))
}

export type ForeignWord = {
  /** As written. */
  text: string
  /** Lower-case, composed. */
  normal: string
  stem: string
  stop: boolean
  capital: boolean
  /** The first word of its sentence: a capital there says nothing. */
  sentenceStart: boolean
  /** Right after a word that puts what follows in a place ("en", "nach"). */
  afterPlaceWord: boolean
  /** Right after an article or a determiner ("eine", "la"): a noun, whatever its capital says. */
  afterArticle: boolean
  sentence: number
  position: number
}

/** The words of a text in a language, in order, each with its stem and what its neighbours say of it. */
export function readForeignWords(text: string, language: OtherLanguage): ForeignWord[] {
  const segmenter = new Intl.Segmenter(language, { granularity: 'word' })
  const stops = stopWordsOf(language)
  const places = new Set(PLACE_WORDS[language])
  const articles = new Set(ARTICLES[language])
  const words: ForeignWord[] = []
  let sentence = 0
  let startOfSentence = true
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) {
      if (/[.!?।]/u.test(segment.segment)) {
        sentence++
        startOfSentence = true
      }
      continue
    }
    const normal = normaliseWord(segment.segment)
    const previous = words.at(-1)
    words.push({
      text: segment.segment,
      normal,
      stem: stemOf(language, normal),
      stop: stops.has(normal),
      capital: /^\p{Lu}/u.test(segment.segment),
      sentenceStart: startOfSentence,
      afterPlaceWord: previous !== undefined && previous.sentence === sentence && places.has(previous.normal),
      afterArticle: previous !== undefined && previous.sentence === sentence && articles.has(previous.normal),
      sentence,
      position: words.length,
    })
    startOfSentence = false
  }
  return words
}

type Listed = { word: string; stem: string; entry: LexiconEntry }
const listedWords: Partial<Record<OtherLanguage, { byStem: Map<string, Listed[]>; byPrefix: Map<string, Listed[]> }>> =
  {}

function listedIn(language: OtherLanguage) {
  const existing = listedWords[language]
  if (existing) return existing
  const byStem = new Map<string, Listed[]>()
  const byPrefix = new Map<string, Listed[]>()
  for (const [word, entry] of getLexicon().inLanguage(language)) {
    // An adjective's forms are listed: "frais" reaches no "fraises" (strawberries) by their stem.
    if (word.includes(' ') || entry.pos === 'adjective') continue
    const listed = { word, stem: stemOf(language, word), entry }
    byStem.set(listed.stem, [...(byStem.get(listed.stem) ?? []), listed])
    byPrefix.set(prefixOf(word), [...(byPrefix.get(prefixOf(word)) ?? []), listed])
  }
  return (listedWords[language] = { byStem, byPrefix })
}

/**
 * The lexicon entry a run of words starting at `at` names: a phrase of three or two words as listed, then the
 * word as listed, then another form of it. Returns the entry, how many words it took and whether as listed.
 */
export function foreignEntryAt(
  words: readonly ForeignWord[],
  at: number,
  language: OtherLanguage,
): { entry: LexiconEntry; length: number; exact: boolean } | undefined {
  const byWord = getLexicon().inLanguage(language)
  for (const length of [3, 2]) {
    if (at + length > words.length) continue
    const run = words.slice(at, at + length)
    const entry = byWord.get(run.map((word) => word.normal).join(' '))
    if (entry) return { entry, length, exact: true }
  }
  const word = words[at]
  if (!word) return undefined
  const exact = byWord.get(word.normal)
  if (exact) return { entry: exact, length: 1, exact: true }
  const { byStem, byPrefix } = listedIn(language)
  const form =
    byStem.get(word.stem)?.find((listed) => sameWord(listed.word, word.normal, true)) ??
    byPrefix.get(prefixOf(word.normal))?.find((listed) => sameWord(listed.word, word.normal, false, language))
  return form ? { entry: form.entry, length: 1, exact: false } : undefined
}
