import { getArtLibrary } from './art-library.ts'
import { nounSenses, readSynset, senseDepth } from './wordnet.ts'

/**
 * The drawings by the WordNet sense their name has, so a word can be drawn through a broader sense of its own
 * ("gull" → seabird → bird) and never through a word that is only spelled alike ("lighthouse" is a kind of
 * construction, a structure; the "construction" drawing is a roadworks sign, whose name's usual sense is the
 * act of building). People are left out: their figures are chosen apart (scene-planner.ts).
 */
let bySense: Map<number, string[]> | undefined

/** Kinds of sense a drawing's name can stand for. */
const DRAWN_KINDS = new Set(['animal', 'artifact', 'food', 'plant', 'object', 'location', 'phenomenon', 'substance'])

/**
 * Senses too broad to stand for a word ("structure", "artifact", "device"): a lighthouse is a structure, and so
 * is everything built, so a match there would draw whatever else is called one.
 */
const MIN_DEPTH = 6

/** Landmarks: one particular place each, never a picture of a kind ("tower" is not Tokyo Tower). */
const LANDMARKS = new Set([
  'tokyo-tower',
  'statue-of-liberty',
  'mount-fuji',
  'moai',
  'japanese-castle',
  'japanese-post-office',
  'love-hotel',
  'map-of-japan',
  'kaaba',
])

/** The first sense of a name that a picture shows ("church" the building, not the congregation). */
function drawnSense(words: string[]): number | undefined {
  return nounSenses(words.join(' ')).find((offset) => DRAWN_KINDS.has(readSynset(offset).kind))
}

function senseOfName(label: string): number | undefined {
  const words = label
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .split(/\s+/)
  // The whole name when WordNet knows it ("sailboat", "hot dog"); else the head of a two-word name
  // ("passenger ship" is a ship). Longer names are scenes or actions ("man rowing boat"), not kinds.
  return drawnSense(words) ?? (words.length === 2 ? drawnSense(words.slice(1)) : undefined)
}

function load(): Map<number, string[]> {
  if (bySense) return bySense
  bySense = new Map()
  const entries = getArtLibrary()
    .all()
    .filter((entry) => entry.kind !== 'person' && !LANDMARKS.has(entry.id))
    // Shorter ids are the plain drawing of a kind ("bird" before "baby-chick").
    .sort((a, b) => a.id.length - b.id.length)
  for (const entry of entries) {
    const sense = senseOfName(entry.label)
    if (sense === undefined || senseDepth(sense) < MIN_DEPTH) continue
    const list = bySense.get(sense) ?? []
    list.push(entry.id)
    bySense.set(sense, list)
  }
  return bySense
}

/** Drawings whose name means exactly this sense, plainest first. */
export function artForSense(offset: number): string[] {
  return load().get(offset) ?? []
}

/** The sense a drawing's name has, when WordNet knows it. */
export function senseOfArt(id: string): number | undefined {
  const entry = getArtLibrary().get(id)
  return entry ? senseOfName(entry.label) : undefined
}
