import type { Setting, TimeOfDay, Weather } from '../../lexicon/vocabulary.ts'
import { isIndoor } from '../scene-interpreter.ts'
import { getArtLibrary, type ArtKind } from './art-library.ts'
import type { Candidate, PlannedArt, ScenePlan, WordChoice } from './plan-types.ts'
import { CHILD } from './plan-words.ts'

/** Ranks what a reading of the words found into a scene plan, in any language. */

/** Where a subject is found when the words name no place. */
export const HOME_BY_KIND: Partial<Record<ArtKind, Setting>> = {
  boat: 'ocean',
  'sea-life': 'underwater',
  plant: 'park',
  building: 'street',
  food: 'kitchen',
  object: 'home',
  vehicle: 'street',
  animal: 'park',
  bird: 'park',
  person: 'park',
  aircraft: 'city',
}

/** Trees grow outside: a festival stage in the park shows the crowd and the band, not an oak on the stage. */
export const TREES = new Set(['deciduous-tree', 'evergreen-tree', 'palm-tree'])

/** Drawings emoji files with the buildings that are materials: a log, a rock or a brick may lie indoors. */
export const BUILDING_MATERIALS = new Set(['wood', 'rock', 'brick'])

export const FLIERS = new Set(['animal', 'bird'])

/** What a hand can hold: things and food, not animals, buildings or the sky. */
const isSmallThing = (subject: PlannedArt) => subject.kind === 'object' || subject.kind === 'food'

/** What a reading of a scene's words found, in any language, before it is ranked into a plan. */
export type Findings = {
  candidates: Candidate[]
  words: WordChoice[]
  abstractWords: string[]
  setting: Setting | undefined
  home: Setting | undefined
  time: TimeOfDay | undefined
  weather: Weather | undefined
  water: 'river' | undefined
  flies: boolean
  /** The words hold something up ("holding a candle") or ride ("rode his horse"). */
  holds?: boolean
  rides?: boolean
  /** The words to set large when nothing is drawn. */
  keyPhrase: () => string
}

/**
 * Ranks what the words named into the plan: one drawing per thing (named twice, it gains), the main subject
 * first, at most four, nothing that cannot be indoors in a room, and the place: the words' own, else where the
 * leading things are found.
 */
export function assemblePlan(findings: Findings): ScenePlan {
  const { candidates, words, abstractWords, setting, home, time, weather, water, flies } = findings
  const library = getArtLibrary()
  const merged = new Map<string, PlannedArt>()
  /** Props by the drawing that carries or wears them; drawn only beside that drawing leading the scene. */
  const props = new Map<string, PlannedArt>()
  for (const candidate of candidates) {
    const kind = library.get(candidate.id)?.kind ?? 'object'
    if (candidate.prop) {
      if (!props.has(candidate.prop.of))
        props.set(candidate.prop.of, {
          id: candidate.id,
          kind,
          word: candidate.word,
          score: candidate.score,
          scale: 1,
          ...(candidate.prop.at === 'head' ? { worn: true } : { held: true }),
        })
      continue
    }
    const existing = merged.get(candidate.id)
    if (existing) existing.score += candidate.score * 0.5
    else
      merged.set(candidate.id, {
        id: candidate.id,
        kind,
        word: candidate.word,
        score: candidate.score,
        scale: CHILD.test(candidate.word.toLowerCase()) ? 0.7 : 1,
        ...(candidate.group ? { group: candidate.group } : {}),
      })
  }
  const ranked = [...merged.values()].sort(
    // Sky things (sun, moon, clouds) set the scene; they lead it only when the words dwell on them.
    (a, b) => b.score - (b.kind === 'sky' ? 1 : 0) - (a.score - (a.kind === 'sky' ? 1 : 0)),
  )
  const leading = ranked[0]
  const homeSetting = ranked
    .slice(0, 4)
    .map((subject) => HOME_BY_KIND[subject.kind])
    .find((found) => found !== undefined)
  let place = setting ?? home ?? (leading ? homeSetting : undefined)
  // No house stands in a kitchen: indoors, buildings beside the main subject go; a building that leads the
  // scene takes it outside ("a neighbourhood bakery on a quiet street": the street, with the bread).
  // Nor a sun or a tree in it: the window shows the hour.
  const outdoorOnly = (subject: PlannedArt) =>
    (subject.kind === 'building' && !BUILDING_MATERIALS.has(subject.id)) ||
    subject.kind === 'sky' ||
    TREES.has(subject.id)
  if (place && isIndoor(place) && leading && leading.kind === 'building' && outdoorOnly(leading)) place = 'street'
  const indoors = place !== undefined && isIndoor(place)
  // A tree or a sun leading an indoor scene gives way to what else the words name.
  const others = ranked.filter((subject) => !(indoors && outdoorOnly(subject)))
  const kept =
    indoors && leading && outdoorOnly(leading) && others.length > 0
      ? others
      : ranked.filter((subject, index) => index === 0 || !(indoors && outdoorOnly(subject)))
  // A group shows three people when the scene is about them, two when something else is named beside them.
  const grouped = kept.filter((subject) => subject.group !== undefined)
  const crowded = grouped.length > 2 && kept.length > grouped.length
  let subjects = (crowded ? kept.filter((subject) => subject !== grouped[2]) : kept).slice(0, 4)
  // "A knight rode his horse": the animal leads and the person sits on its back.
  const ridden = findings.rides ? subjects.find((subject) => subject.kind === 'animal') : undefined
  const rider = ridden ? subjects.find((subject) => subject.kind === 'person' && !subject.group) : undefined
  if (ridden && rider) {
    subjects = [ridden, { ...rider, rider: true }, ...subjects.filter((item) => item !== ridden && item !== rider)]
  }
  // "Holding a candle", "held his sword": the first small thing the words name is in the hand of the person
  // who leads, in place of the prop of the role ("the knight held his sword": the sword, not his shield).
  const lead = subjects[0]?.kind === 'person' && !subjects[0].group ? subjects[0] : undefined
  const inHand = findings.holds && lead ? subjects.slice(1).find(isSmallThing) : undefined
  if (inHand) subjects = subjects.map((subject) => (subject === inHand ? { ...subject, held: true } : subject))
  // A role's prop goes with the one who leads: the king's crown on his head, the detective's glass in hand.
  // Named too ("the king wore his crown"), the prop is that thing, on his head.
  const prop = subjects[0] ? props.get(subjects[0].id) : undefined
  const named = prop ? subjects.find((subject) => subject.id === prop.id) : undefined
  const where = prop?.worn ? { worn: true } : { held: true }
  if (prop && !(inHand && prop.held))
    subjects = named
      ? subjects.map((subject) => (subject === named ? { ...subject, ...where } : subject))
      : [subjects[0] as PlannedArt, prop, ...subjects.slice(1)].slice(0, 4)
  const main = subjects[0]
  // A person flies where the words say so ("she soared above the clouds"), unless a plane carries them.
  const aboard = subjects.some((subject) => subject.kind === 'aircraft')
  if (main && flies && (FLIERS.has(main.kind) || (main.kind === 'person' && !aboard))) main.flying = true
  // "The geese flew over the lake": birds the sentence has flying fly, even when something else leads it.
  if (flies) for (const subject of subjects.slice(1)) if (subject.kind === 'bird') subject.flying = true
  return {
    subjects,
    setting: place,
    time,
    weather,
    water,
    keyPhrase: main ? '' : findings.keyPhrase(),
    words,
    abstractWords,
  }
}
