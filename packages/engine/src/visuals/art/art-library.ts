import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import { getIconData, iconToHTML, iconToSVG } from '@iconify/utils'
import type { IconifyJSON } from '@iconify/types'
import { createCanvas, Image, loadImage, type Canvas } from '@napi-rs/canvas'

import { prefixOf, sameWord, stemOf, thingWordsOfName } from '../../lexicon/languages.ts'
import { normaliseWord } from '../../lexicon/lexicon.ts'
import type { OtherLanguage } from '../../lexicon/vocabulary.ts'

/**
 * The drawings scenes are made of: Google's Noto Emoji (Apache-2.0, 3,800 colour drawings in Iconify JSON),
 * found by the CLDR labels and keywords of emojibase-data. Loaded once per process.
 */

export const ART_CREDIT = {
  name: 'Noto Emoji',
  licence: 'Apache-2.0',
  credit: 'Scene artwork from Noto Emoji, © Google Inc., Apache License 2.0 (github.com/googlefonts/noto-emoji)',
}

/** How a drawing behaves in a scene: where it stands and how it moves. */
export type ArtKind =
  | 'person'
  | 'animal'
  | 'bird'
  | 'sea-life'
  | 'plant'
  | 'food'
  | 'building'
  | 'vehicle'
  | 'aircraft'
  | 'boat'
  | 'sky'
  | 'object'

export type ArtEntry = {
  id: string
  label: string
  kind: ArtKind
  tags: string[]
  /** A person drawn from the chest up (most roles in emoji): framed at the bottom edge, never standing. */
  bust: boolean
}

type Match = { id: string; score: number }

export type ArtLibrary = {
  get(id: string): ArtEntry | undefined
  /** Every drawing that may be a scene's subject (faces, hands, symbols, flags and tiles are left out). */
  all(): ArtEntry[]
  /** Drawings whose label, name or keywords hold the word (a noun lemma or a phrase), best first. */
  find(word: string): Match[]
  /**
   * Drawings whose name or keywords in another language hold the word, or another form of it (its stem, and
   * most of its letters: "rosas" is "rosa", "bolo" is no "bola"), from that locale's CLDR annotations, best first.
   */
  findIn(language: OtherLanguage, word: string): Match[]
  /** The drawing as a bitmap of `size` px square, rasterised from its vector once per size. */
  draw(id: string, size: number): Promise<Canvas>
  /** The same, decoded synchronously, for drawing code that cannot wait (captions). */
  drawNow(id: string, size: number): Canvas
  /** The drawing of an emoji character ("🔥" → "fire"), if the set has one. */
  emojiId(grapheme: string): string | undefined
  readonly size: number
}

const KIND_BY_SUBGROUP: Record<string, ArtKind> = {
  'person-role': 'person',
  'person-fantasy': 'person',
  'person-activity': 'person',
  'person-sport': 'person',
  'person-resting': 'person',
  person: 'person',
  'animal-mammal': 'animal',
  'animal-bird': 'bird',
  'animal-amphibian': 'animal',
  'animal-reptile': 'animal',
  'animal-marine': 'sea-life',
  'animal-bug': 'animal',
  'plant-flower': 'plant',
  'plant-other': 'plant',
  'food-fruit': 'food',
  'food-vegetable': 'food',
  'food-prepared': 'food',
  'food-asian': 'food',
  'food-sweet': 'food',
  drink: 'food',
  dishware: 'object',
  'place-map': 'object',
  'place-building': 'building',
  'place-religious': 'building',
  'place-other': 'building',
  'place-geographic': 'building',
  'transport-ground': 'vehicle',
  'transport-water': 'boat',
  'transport-air': 'aircraft',
  'sky-weather': 'sky',
}

/** Drawings of the weather group that stand on the ground rather than hang in the sky: a snowman is built. */
const STANDING_WEATHER = new Set(['snowman', 'snowman-without-snow', 'umbrella-on-ground'])

/** Groups never used as scene subjects: faces, hands, symbols, flags, keycaps. */
const SKIPPED_SUBGROUPS = new Set([
  'hand-fingers-open',
  'hand-fingers-partial',
  'hand-single-finger',
  'hand-fingers-closed',
  'hands',
  'hand-prop',
  'body-parts',
  'person-gesture',
  'person-symbol',
  'family',
  'skin-tone',
  'hair-style',
  'time',
  'hotel',
  'lock',
  'av-symbol',
])
const SKIPPED_GROUPS = new Set(['smileys-emotion', 'component', 'symbols', 'flags'])

/** Square tiles that are whole pictures rather than subjects (they would sit on the scene as a box). */
const TILES = new Set([
  'shooting-star',
  'foggy',
  'night-with-stars',
  'sunrise-over-mountains',
  'sunrise',
  'cityscape-at-dusk',
  'sunset',
  'bridge-at-night',
  'milky-way',
  'national-park',
  'framed-picture',
  'cityscape',
  'desert',
  'beach-with-umbrella',
  'desert-island',
  'stadium',
  'classical-building',
  'building-construction',
  'carousel-horse',
  'playground-slide',
  'ferris-wheel',
  'roller-coaster',
  'circus-tent',
  'hot-springs',
  'barber-pole',
  'wedding',
])

/** Drawings of emoji newer than the emojibase data, described here so that they can be found. */
const NEWER_DRAWINGS: Omit<ArtEntry, 'bust'>[] = [
  { id: 'lighthouse', label: 'lighthouse', kind: 'building', tags: ['beacon', 'coast', 'harbor', 'sea'] },
  { id: 'meteor', label: 'meteor', kind: 'sky', tags: ['shooting star', 'comet', 'space'] },
  { id: 'pickle', label: 'pickle', kind: 'food', tags: ['cucumber', 'gherkin'] },
  { id: 'monarch-butterfly', label: 'monarch butterfly', kind: 'animal', tags: ['butterfly', 'insect'] },
  { id: 'net-with-handle', label: 'net with handle', kind: 'object', tags: ['fishing net', 'butterfly net'] },
  { id: 'eraser', label: 'eraser', kind: 'object', tags: ['rubber', 'school'] },
]

type EmojibaseEntry = { label: string; hexcode: string; tags?: string[]; group?: number; subgroup?: number }
type Groups = { groups: Record<string, string>; subgroups: Record<string, string> }

type Loaded = {
  icons: IconifyJSON
  chars: Record<string, string>
  entries: Map<string, ArtEntry>
  index: Map<string, Match[]>
}
let loaded: Loaded | undefined

const normalize = (word: string) =>
  word
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

function load(): Loaded {
  if (loaded) return loaded
  const require = createRequire(import.meta.url)
  const readJson = <T>(name: string): T => JSON.parse(readFileSync(require.resolve(name), 'utf8')) as T
  const icons = readJson<IconifyJSON>('@iconify-json/noto/icons.json')
  const chars = readJson<Record<string, string>>('@iconify-json/noto/chars.json')
  const emoji = readJson<EmojibaseEntry[]>('emojibase-data/en/data.json')
  const groups = readJson<Groups>('emojibase-data/meta/groups.json')
  const entries = new Map<string, ArtEntry>()
  const index = new Map<string, Match[]>()
  const add = (key: string, id: string, score: number) => {
    const word = normalize(key)
    if (!word) return
    const list = index.get(word) ?? []
    const existing = list.find((match) => match.id === id)
    if (existing) existing.score = Math.max(existing.score, score)
    else list.push({ id, score })
    index.set(word, list)
  }
  for (const item of emoji) {
    const group = groups.groups[String(item.group)]
    const subgroup = groups.subgroups[String(item.subgroup)]
    if (!group || !subgroup || SKIPPED_GROUPS.has(group) || SKIPPED_SUBGROUPS.has(subgroup)) continue
    const id = chars[item.hexcode.toLowerCase()] ?? chars[item.hexcode.toLowerCase().replace(/-fe0f/g, '')]
    if (!id || !icons.icons[id] || TILES.has(id)) continue
    const kind = STANDING_WEATHER.has(id) ? 'object' : (KIND_BY_SUBGROUP[subgroup] ?? 'object')
    const tags = item.tags ?? []
    entries.set(id, { id, label: item.label, kind, tags, bust: subgroup === 'person' || subgroup === 'person-role' })
    add(item.label, id, 10)
    add(id.replaceAll('-', ' '), id, 10)
    const labelWords = normalize(item.label).split(' ')
    // The head of a short label names the thing ("passenger ship" is a ship); other words only describe it.
    if (labelWords.length <= 3) add(labelWords.at(-1) ?? '', id, 6)
    for (const word of labelWords.slice(0, -1)) add(word, id, 2)
    for (const tag of tags) add(tag, id, 3)
  }
  for (const drawing of NEWER_DRAWINGS) {
    if (!icons.icons[drawing.id]) continue
    entries.set(drawing.id, { ...drawing, bust: false })
    add(drawing.label, drawing.id, 10)
    const labelWords = normalize(drawing.label).split(' ')
    if (labelWords.length > 1) add(labelWords.at(-1) ?? '', drawing.id, 6)
    for (const tag of drawing.tags) add(tag, drawing.id, 3)
  }
  for (const list of index.values()) list.sort((a, b) => b.score - a.score || a.id.length - b.id.length)
  loaded = { icons, chars, entries, index }
  return loaded
}

/** A drawing and the words of its name and keywords that find it, each with its own score. */
type ForeignMatch = { id: string; words: Map<string, number> }
type ForeignIndex = { byStem: Map<string, ForeignMatch[]>; byPrefix: Map<string, ForeignMatch[]> }
const foreignIndexes = new Map<OtherLanguage, ForeignIndex>()

/** Keywords shared by more drawings than this say what kind of thing it is ("food", "animal"), not which. */
const RARE_TAG = 3

/**
 * The CLDR annotations of a locale as an index by stem: a one-word name (or one of a name's comma-separated
 * forms, "चाय का प्याला, चाय") scores 10; a word of a longer name 6 when the keywords repeat it alone and it
 * names a thing there (its head or a noun joined to it: "formaggio" of "fetta di formaggio"; never "llena" of
 * "luna llena") and 2 otherwise ("grandes" of "grandes almacenes"); a
 * keyword 4 when few drawings share it, else 1.
 */
function foreignIndex(language: OtherLanguage): ForeignIndex {
  const existing = foreignIndexes.get(language)
  if (existing) return existing
  const { chars, entries } = load()
  const require = createRequire(import.meta.url)
  const emoji = JSON.parse(
    readFileSync(require.resolve(`emojibase-data/${language}/data.json`), 'utf8'),
  ) as EmojibaseEntry[]
  const byStem = new Map<string, ForeignMatch[]>()
  const byPrefix = new Map<string, ForeignMatch[]>()
  const file = (index: Map<string, ForeignMatch[]>, key: string, normal: string, id: string, score: number) => {
    const list = index.get(key) ?? []
    let found = list.find((match) => match.id === id)
    if (!found) {
      found = { id, words: new Map() }
      list.push(found)
    }
    found.words.set(normal, Math.max(found.words.get(normal) ?? 0, score))
    index.set(key, list)
  }
  const add = (word: string, id: string, score: number) => {
    const normal = normaliseWord(word)
    const stem = stemOf(language, normal)
    if (stem.length < 2) return
    file(byStem, stem, normal, id, score)
    file(byPrefix, prefixOf(normal), normal, id, score)
  }
  const words = (text: string) => text.split(/[\s:;()“”"’'-]+/u).filter(Boolean)
  const drawn = emoji.flatMap((item) => {
    const id = chars[item.hexcode.toLowerCase()] ?? chars[item.hexcode.toLowerCase().replace(/-fe0f/g, '')]
    return id && entries.has(id) ? [{ item, id }] : []
  })
  const tagCounts = new Map<string, number>()
  for (const { item } of drawn)
    for (const tag of item.tags ?? []) tagCounts.set(normaliseWord(tag), (tagCounts.get(normaliseWord(tag)) ?? 0) + 1)
  for (const { item, id } of drawn) {
    const tags = new Set((item.tags ?? []).map(normaliseWord))
    for (const form of item.label.split(',')) {
      const label = words(form)
      if (label.length === 1) add(label[0] ?? '', id, 10)
      else if (label.length <= 4) {
        const things = thingWordsOfName(label, language)
        for (const word of label)
          add(word, id, tags.has(normaliseWord(word)) && things.has(normaliseWord(word)) ? 6 : 2)
      }
    }
    for (const tag of tags) if (!tag.includes(' ')) add(tag, id, (tagCounts.get(tag) ?? 0) <= RARE_TAG ? 4 : 1)
  }
  const index = { byStem, byPrefix }
  foreignIndexes.set(language, index)
  return index
}

const sprites = new Map<string, Promise<Canvas>>()
const syncSprites = new Map<string, Canvas>()

export function getArtLibrary(): ArtLibrary {
  const { icons, chars, entries, index } = load()
  return {
    size: entries.size,
    all: () => [...entries.values()],
    get(id) {
      const entry = entries.get(id)
      if (entry) return entry
      // Skin-tone and outfit variants are drawn under their own names but described by their base drawing.
      const drawing = withoutOutfit(id)
      const base = entries.get(drawing.replace(/-(light|medium-light|medium|medium-dark|dark)-skin-tone$/, ''))
      if (base && icons.icons[drawing]) return { ...base, id }
      return icons.icons[drawing]
        ? { id, label: drawing.replaceAll('-', ' '), kind: 'object', tags: [], bust: false }
        : undefined
    },
    find(word) {
      const key = normalize(word)
      const direct = index.get(key) ?? []
      // "lemons", "harbours": the singular is in the index.
      const singular = key.endsWith('s') ? (index.get(key.slice(0, -1)) ?? []) : []
      return [...direct, ...singular.filter((match) => !direct.some((other) => other.id === match.id))]
    },
    findIn(language, word) {
      const normal = normaliseWord(word)
      const { byStem, byPrefix } = foreignIndex(language)
      const scores = new Map<string, number>()
      const take = (matches: ForeignMatch[] | undefined, sameStem: boolean) => {
        for (const match of matches ?? [])
          for (const [listed, listedScore] of match.words)
            if (sameWord(listed, normal, sameStem, language)) {
              // The word as written beats another form of it.
              const score = listedScore + (listed === normal ? 0.5 : 0)
              scores.set(match.id, Math.max(scores.get(match.id) ?? 0, score))
            }
      }
      take(byStem.get(stemOf(language, normal)), true)
      take(byPrefix.get(prefixOf(normal)), false)
      return [...scores]
        .map(([id, score]) => ({ id, score }))
        .sort((a, b) => b.score - a.score || a.id.length - b.id.length)
    },
    draw(id, size) {
      const key = `${id}@${size}`
      let sprite = sprites.get(key)
      if (!sprite) {
        sprite = rasterize(icons, id, size)
        sprites.set(key, sprite)
      }
      return sprite
    },
    drawNow(id, size) {
      const key = `${id}@${size}`
      let sprite = syncSprites.get(key)
      if (!sprite) {
        sprite = createCanvas(size, size)
        const image = new Image()
        image.src = svgOf(icons, id, size)
        sprite.getContext('2d').drawImage(image, 0, 0, size, size)
        syncSprites.set(key, sprite)
      }
      return sprite
    },
    emojiId(grapheme) {
      const code = [...grapheme]
        .map((char) => char.codePointAt(0)?.toString(16) ?? '')
        .filter((hex) => hex !== 'fe0f')
        .join('-')
      const id = chars[code]
      return id && icons.icons[id] ? id : undefined
    },
  }
}

/**
 * Outfits for standing figures: the shirt's light and shaded colour, then the trousers'. Each person of a video
 * wears one of them in every scene ("Maya" always the same), and two people rarely wear the same.
 */
const OUTFITS: [string, string, string, string][] = [
  ['#e53935', '#b71c1c', '#37474f', '#263238'],
  ['#1e88e5', '#1565c0', '#6d4c41', '#4e342e'],
  ['#43a047', '#2e7d32', '#455a64', '#37474f'],
  ['#fdd835', '#f9a825', '#3949ab', '#283593'],
  ['#8e24aa', '#6a1b9a', '#757575', '#616161'],
  ['#f06e00', '#da4c00', '#7c7c7c', '#686868'],
  ['#00acc1', '#00838f', '#5d4037', '#3e2723'],
  ['#ec407a', '#c2185b', '#424242', '#303030'],
]
export const OUTFIT_COUNT = OUTFITS.length

/** The shirt colours of Noto's standing figures (person, woman, man) and the grey of their trousers. */
const FIGURE_SHIRTS = [
  ['#f06e00', '#da4c00'],
  ['#583ee2', '#4b0fce'],
  ['#00bda3', '#06927f'],
]
const FIGURE_TROUSERS = ['#7c7c7c', '#686868']

const OUTFIT_SUFFIX = /~(\d+)$/
const withoutOutfit = (id: string) => id.replace(OUTFIT_SUFFIX, '')

/** A standing figure in one of the outfits: `woman-standing-medium-skin-tone` → `…~3`. */
export function inOutfit(id: string, outfit: number): string {
  return `${withoutOutfit(id)}~${outfit % OUTFITS.length}`
}

function dressed(body: string, id: string): string {
  const outfit = OUTFITS[Number(OUTFIT_SUFFIX.exec(id)?.[1] ?? -1)]
  if (!outfit) return body
  let result = body
  for (const [light, dark] of FIGURE_SHIRTS) {
    result = result.replaceAll(`"${light}"`, `"${outfit[0]}"`).replaceAll(`"${dark}"`, `"${outfit[1]}"`)
  }
  return result
    .replaceAll(`"${FIGURE_TROUSERS[0]}"`, `"${outfit[2]}"`)
    .replaceAll(`"${FIGURE_TROUSERS[1]}"`, `"${outfit[3]}"`)
}

function svgOf(icons: IconifyJSON, id: string, size: number): Buffer {
  const data = getIconData(icons, withoutOutfit(id))
  if (!data) throw new Error(`No drawing named ${id}`)
  // An explicit size: Iconify's default of 1em would draw at 16 px.
  const svg = iconToSVG(data, { width: size, height: size })
  // A Buffer, never a string: an image source string is read as a path or URL.
  return Buffer.from(iconToHTML(dressed(svg.body, id), svg.attributes))
}

async function rasterize(icons: IconifyJSON, id: string, size: number): Promise<Canvas> {
  const image = await loadImage(svgOf(icons, id, size))
  const canvas = createCanvas(size, size)
  canvas.getContext('2d').drawImage(image, 0, 0, size, size)
  return canvas
}
