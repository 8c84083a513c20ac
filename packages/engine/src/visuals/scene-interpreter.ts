import type { ScriptLanguage } from '@storyreel/contracts/languages'

import { foreignEntryAt, readForeignWords } from '../lexicon/languages.ts'
import { getLexicon } from '../lexicon/lexicon.ts'
import type { LexiconEntry } from '../lexicon/schema.ts'
import {
  isIndoor,
  type OtherLanguage,
  type Mood,
  type ParticleKind,
  type Setting,
  type TimeOfDay,
  type Weather,
} from '../lexicon/vocabulary.ts'
import { readText } from './art/scene-reader.ts'
import { hashText } from './random.ts'
import type { SceneArtRequest } from './visual-engine.ts'

export {
  isIndoor,
  SETTINGS,
  type Mood,
  type ParticleKind,
  type Setting,
  type TimeOfDay,
  type Weather,
} from '../lexicon/vocabulary.ts'

/** Bodies the backdrop paints in its sky itself, unless a drawing of them stands in the scene. */
export type SkyBody = 'sun' | 'moon' | 'planet'

export type CameraMove = 'push-in' | 'pull-out' | 'pan-left' | 'pan-right' | 'tilt-up' | 'tilt-down' | 'drift'
export type LightKind = 'sun-rays' | 'glow' | 'neon' | 'spotlight' | 'moonlight' | 'soft'

export type Composition = {
  /** Horizon as a fraction of the frame height from the top. */
  horizon: number
  /** Where the hero subject stands, as a fraction of the frame width. */
  heroX: number
  /** Hero height as a fraction of the frame's short side. */
  heroScale: number
  /** Low angle: a low horizon and a taller hero. */
  lowAngle: boolean
}

/** Everything the painters need, derived from the words alone (plus seed and index for variation). */
export type SceneSpec = {
  setting: Setting
  /** The sun, moon or planet drawn as art in the scene: the backdrop then paints none of its own. */
  subjects: SkyBody[]
  timeOfDay: TimeOfDay
  weather: Weather
  mood: Mood
  camera: CameraMove
  light: LightKind
  particles: ParticleKind
  composition: Composition
  title: string
  /** A number that mixes words and seed; painters derive all their randomness from it. */
  variation: number
  /** Water across the land, where the words name it ("down to the river"). */
  water?: 'river'
}

const STOP_WORDS = new Set(
  (
    'a an the and or but if then so of to in on at by for with from into onto over under as is are was were be been ' +
    'being am do does did has have had it its this that these those there here their them they we our us you your ' +
    'he she his her him i me my mine not no yes very just also too than more most some any each every all what ' +
    'which who whom whose when where why how can could will would shall should may might must up down out about ' +
    'after before again once while until because through during above below off own same such only both few other ' +
    'let lets get got gets make makes made one two like now new day way thing things really among between across ' +
    'toward towards around near against along beside behind inside outside without within onto upon'
  ).split(' '),
)

function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []
}

/**
 * A short title from the narration: the best run of 2 to 5 words inside one clause that neither starts nor ends
 * on a filler word, preferring runs with more meaningful words.
 */
export function composeTitle(narration: string, visual: string): string {
  const source = narration.trim() || visual.trim()
  const clauses = source.split(/[.,;:!?\n—–-]+/u).map((clause) => clause.match(/[\p{L}\p{N}'’]+/gu) ?? [])
  let bestRun: string[] = []
  let bestScore = -Infinity
  clauses.forEach((words, clauseIndex) => {
    for (let start = 0; start < words.length; start++) {
      for (let length = 2; length <= 5 && start + length <= words.length; length++) {
        const run = words.slice(start, start + length)
        const first = run[0]?.toLowerCase() ?? ''
        const last = run[run.length - 1]?.toLowerCase() ?? ''
        if (STOP_WORDS.has(first) || STOP_WORDS.has(last)) continue
        const content = run.filter((word) => !STOP_WORDS.has(word.toLowerCase()) && word.length > 2).length
        // A run that stops mid-phrase ("on a sunny") reads badly; prefer one followed by a filler word or the end.
        const next = words[start + length]?.toLowerCase()
        const complete = next === undefined || STOP_WORDS.has(next) ? 1.2 : 0
        const value = content * 2 - length * 0.6 - clauseIndex * 0.8 - start * 0.05 + complete
        if (value > bestScore) {
          bestScore = value
          bestRun = run
        }
      }
    }
  })
  if (bestRun.length === 0) {
    bestRun = tokenize(source)
      .filter((word) => !STOP_WORDS.has(word))
      .slice(0, 3)
  }
  if (bestRun.length === 0) return ''
  return bestRun
    .map((word, index) =>
      index > 0 && STOP_WORDS.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ')
}

const CAMERA_BY_MOOD: Record<Mood, CameraMove[]> = {
  joyful: ['push-in', 'pan-right', 'drift', 'tilt-up'],
  calm: ['drift', 'pan-left', 'pull-out', 'pan-right'],
  dramatic: ['push-in', 'tilt-up', 'pan-left', 'push-in'],
  mysterious: ['push-in', 'drift', 'pan-right', 'tilt-down'],
  romantic: ['pull-out', 'drift', 'push-in', 'pan-left'],
  energetic: ['pan-right', 'push-in', 'pan-left', 'tilt-up'],
  melancholy: ['pull-out', 'tilt-down', 'drift', 'pan-left'],
  epic: ['tilt-up', 'pull-out', 'push-in', 'pan-right'],
  neutral: ['push-in', 'pan-left', 'pull-out', 'pan-right', 'drift', 'tilt-up'],
}

function chooseParticles(
  setting: Setting,
  weather: Weather,
  time: TimeOfDay,
  mood: Mood,
  cues: ReadonlySet<ParticleKind>,
): ParticleKind {
  if (weather === 'rain' || weather === 'storm') return 'rain'
  if (weather === 'snow' || setting === 'snow') return 'snow'
  if (setting === 'underwater') return 'bubbles'
  if (setting === 'space' || setting === 'night-sky') return 'stars'
  for (const kind of ['confetti', 'sparks', 'leaves'] as const) if (cues.has(kind)) return kind
  if (setting === 'stage') return 'sparks'
  if (mood === 'romantic' || cues.has('petals')) return 'petals'
  if ((setting === 'forest' || setting === 'park' || setting === 'farm') && time === 'night') return 'fireflies'
  if (setting === 'forest' || setting === 'park') return 'leaves'
  if (setting === 'city' || setting === 'street' || setting === 'cafe') return time === 'night' ? 'bokeh' : 'dust'
  if (isIndoor(setting) || setting === 'desert') return 'dust'
  if (mood === 'mysterious' || mood === 'calm') return 'bokeh'
  return 'dust'
}

function chooseLight(setting: Setting, time: TimeOfDay, weather: Weather, mood: Mood): LightKind {
  if (setting === 'stage') return 'spotlight'
  if (setting === 'underwater') return 'sun-rays'
  if (time === 'night' && (setting === 'city' || setting === 'street' || setting === 'cafe')) return 'neon'
  if (time === 'night' || setting === 'space' || setting === 'night-sky') return 'moonlight'
  if (weather === 'rain' || weather === 'storm' || weather === 'fog') return 'soft'
  if (isIndoor(setting)) return mood === 'mysterious' ? 'glow' : 'sun-rays'
  if (time === 'dawn' || time === 'sunset' || setting === 'forest') return 'sun-rays'
  return mood === 'calm' || mood === 'romantic' ? 'glow' : 'sun-rays'
}

/** Settings where no weather falls: space and under the sea. */
const WEATHERLESS = new Set<Setting>(['space', 'underwater'])

export const isWeatherless = (setting: Setting) => WEATHERLESS.has(setting)

/** When the words name several hours, weathers or moods equally often, the first of these wins. */
const TIME_ORDER: readonly TimeOfDay[] = ['night', 'sunset', 'dawn', 'day']
const WEATHER_ORDER: readonly Weather[] = ['storm', 'rain', 'snow', 'fog', 'cloudy']
const MOOD_ORDER: readonly Mood[] = [
  'epic',
  'dramatic',
  'mysterious',
  'romantic',
  'energetic',
  'joyful',
  'melancholy',
  'calm',
]

/**
 * The lexicon entries a text reaches, word by word: each by its lemma and part of speech (a noun the tagger
 * took for an adjective still counts), and phrases of two or three words ("golden hour") as one. Words listed
 * in `skip` (used in an abstract sense, "a space to work") reach nothing.
 */
export function cuesOf(
  text: string,
  skip: ReadonlySet<string> = new Set(),
  language: ScriptLanguage = 'en',
): LexiconEntry[] {
  if (!text.trim()) return []
  if (language !== 'en') return foreignCuesOf(text, skip, language)
  const lexicon = getLexicon()
  const words = readText(text).words
  const found: LexiconEntry[] = []
  for (let at = 0; at < words.length; at++) {
    const phrase = [3, 2]
      .filter((length) => at + length <= words.length)
      .map((length) =>
        lexicon.noun(
          words
            .slice(at, at + length)
            .map((word) => word.lemma)
            .join(' '),
        ),
      )
      .find((entry) => entry !== undefined)
    if (phrase && !skip.has(phrase.lemma)) {
      found.push(phrase)
      at += phrase.lemma.split(' ').length - 1
      continue
    }
    const word = words[at]
    if (!word || skip.has(word.lemma) || skip.has(word.text)) continue
    const byPos =
      word.pos === 'VERB' || word.pos === 'AUX'
        ? lexicon.verb(word.lemma)
        : word.pos === 'ADJ' || word.pos === 'ADV'
          ? lexicon.adjective(word.lemma)
          : lexicon.noun(word.lemma)
    const entry = byPos ?? lexicon.noun(word.lemma) ?? lexicon.adjective(word.lemma) ?? lexicon.verb(word.lemma)
    if (entry) found.push(entry)
  }
  return found
}

/** The same for a text in another language: its words, phrases and other forms of them, through the lexicon. */
function foreignCuesOf(text: string, skip: ReadonlySet<string>, language: OtherLanguage): LexiconEntry[] {
  const words = readForeignWords(text, language)
  const found: LexiconEntry[] = []
  for (let at = 0; at < words.length; at++) {
    const reached = foreignEntryAt(words, at, language)
    if (!reached) continue
    at += reached.length - 1
    if (!skip.has(reached.entry.lemma)) found.push(reached.entry)
  }
  return found
}

/** The value the words name most (the visual description counting double), ties to the first in `order`. */
function mostNamed<K extends string>(
  visual: LexiconEntry[],
  narration: LexiconEntry[],
  pick: (entry: LexiconEntry) => K | undefined,
  order: readonly K[],
): K | undefined {
  const scores = new Map<K, number>()
  for (const [entries, weight] of [
    [visual, 2],
    [narration, 1],
  ] as const)
    for (const entry of entries) {
      const value = pick(entry)
      if (value !== undefined) scores.set(value, (scores.get(value) ?? 0) + weight)
    }
  let winner: K | undefined
  let top = 0
  for (const value of order) {
    const score = scores.get(value) ?? 0
    if (score > top) {
      winner = value
      top = score
    }
  }
  return winner
}

const ALL_SETTINGS_BY_PRIORITY = [
  'underwater',
  'space',
  'cafe',
  'kitchen',
  'office',
  'classroom',
  'stage',
  'lab',
  'gym',
  'farm',
  'snow',
  'beach',
  'ocean',
  'desert',
  'mountains',
  'forest',
  'park',
  'street',
  'city',
  'home',
  'night-sky',
] as const satisfies readonly Setting[]

/**
 * Reads a scene's atmosphere from its words through the lexicon: the hour, the weather, the mood, what
 * drifts through the air, the camera and the light. The setting is the scene planner's where it has one;
 * else the place the words hint at (the entries' settings, then where their things are found), else abstract.
 * Pure: the same request always yields the same spec.
 */
export function interpretScene(
  request: Pick<SceneArtRequest, 'visual' | 'narration' | 'style' | 'seed' | 'index' | 'count'> & {
    /** The setting read elsewhere (the scene planner's): light, hour, weather and particles then follow it. */
    setting?: Setting
    /** Words used in an abstract sense, which steer nothing. */
    skip?: ReadonlySet<string>
    /** The language the words are in; English when left out. */
    language?: ScriptLanguage
    subjects?: SkyBody[]
    /** The hour and weather read elsewhere (the scene planner's), where the words name them. */
    time?: TimeOfDay
    weather?: Weather
    /** How many subjects the scene draws: with two or more the hero stands on a third, never in the middle. */
    subjectCount?: number
  },
): SceneSpec {
  const variation = hashText(`${request.visual}\u0000${request.narration}`, request.seed) ^ (request.index * 0x9e3779b1)
  const pickBy = <T>(items: readonly T[], salt: number): T =>
    items[(((variation >>> (salt % 24)) ^ (variation * (salt + 1))) >>> 0) % items.length] as T
  const visual = cuesOf(request.visual, request.skip, request.language)
  const narration = cuesOf(request.narration, request.skip, request.language)
  const setting =
    request.setting ??
    mostNamed(visual, narration, (entry) => entry.setting, ALL_SETTINGS_BY_PRIORITY) ??
    mostNamed(visual, narration, (entry) => entry.home, ALL_SETTINGS_BY_PRIORITY) ??
    'abstract'
  const subjects = (request.subjects ?? []).filter(() => !isIndoor(setting))

  let timeOfDay = request.time ?? mostNamed(visual, narration, (entry) => entry.time, TIME_ORDER)
  if (setting === 'space' || setting === 'night-sky') timeOfDay = 'night'
  timeOfDay ??= pickBy(['day', 'day', 'sunset', 'dawn', 'day', 'sunset'] as const, 3)
  // No rain or snow falls in space or under the sea: "rings of ice" is no weather.
  const weather = isWeatherless(setting)
    ? 'clear'
    : (mostNamed(visual, narration, (entry) => entry.weather, WEATHER_ORDER) ??
      request.weather ??
      (setting === 'snow' ? 'snow' : 'clear'))
  const mood = mostNamed(visual, narration, (entry) => entry.mood, MOOD_ORDER) ?? 'neutral'
  const particleCues = new Set([...visual, ...narration].flatMap((entry) => entry.particles ?? []))

  const moves = CAMERA_BY_MOOD[mood]
  // Neighbouring scenes never share a move: the index steps through the mood's list, the seed offsets it.
  const camera = moves[(request.index + (variation % moves.length)) % moves.length] ?? 'push-in'

  const lowAngle = mood === 'epic' || mood === 'dramatic' || ((variation >>> 5) & 3) === 0
  const thirds = [1 / 3, 2 / 3, 0.5] as const
  const heroX = (request.subjectCount ?? 0) > 1 ? pickBy(thirds.slice(0, 2), 7) : pickBy(thirds, 9)
  const horizon = lowAngle ? 0.66 + ((variation >>> 11) % 8) / 100 : 0.54 + ((variation >>> 13) % 12) / 100

  return {
    setting,
    subjects,
    timeOfDay,
    weather,
    mood,
    camera,
    light: chooseLight(setting, timeOfDay, weather, mood),
    particles: chooseParticles(setting, weather, timeOfDay, mood, particleCues),
    composition: { horizon, heroX, heroScale: lowAngle ? 0.62 : 0.5, lowAngle },
    title: composeTitle(request.narration, request.visual),
    variation: variation >>> 0,
  }
}
