import type { ScriptLanguage } from '@storyreel/contracts/languages'

import { decidesPicture, getLexicon } from '../../lexicon/lexicon.ts'
import type { LexiconEntry } from '../../lexicon/schema.ts'
import type { Setting, TimeOfDay, Weather } from '../../lexicon/vocabulary.ts'
import { isIndoor } from '../scene-interpreter.ts'
import { hashText } from '../random.ts'
import { getArtLibrary, inOutfit, OUTFIT_COUNT, type ArtKind } from './art-library.ts'
import { castOfForeign, planForeignScene } from './foreign-planner.ts'
import { readText, type Noun } from './scene-reader.ts'
import { artForSense, senseOfArt } from './art-senses.ts'
import { broaderSenses, isDrawableNoun, nounSenses, readSynset, usualKind, usualSense } from './wordnet.ts'

/**
 * Decides what a scene shows from its words: the main subject, what stands beside it, the setting, and the
 * record of which word chose which drawing (or why a word drew nothing).
 */

/**
 * A named character, or the one animal an unnamed story follows ("the dragon", whom "It flew…" means): the
 * same figure in every scene of the video.
 */
/**
 * Who and what keeps one look through a story: a named person or pet, the animal it follows ("it"), and a
 * thing the story gives a colour ("a red ball", then "the ball": a `thing`, by its lemma).
 */
export type CastMember = { name: string; figure: string; pronoun?: 'it'; thing?: true; companion?: true }

export type PlannedArt = {
  id: string
  kind: ArtKind
  word: string
  score: number
  /** Size against others of its kind: a child is 0.7. */
  scale: number
  /** Up in the air, as the words say ("It flew over the mountains"): an animal leading a scene that flies. */
  flying?: boolean
  /** One of several people the words name together ("the crowd"): drawn alike in size, side by side. */
  group?: string
  /** In the hand of the person leading the scene ("holding a candle"). */
  held?: boolean
  /** On the back of the animal leading the scene ("rode his horse", "the dragon carried him"). */
  rider?: boolean
}

export type WordChoice = { word: string; art: string | undefined; reason: string }

export type ScenePlan = {
  /** The main subject first; empty when nothing in the words can be drawn. */
  subjects: PlannedArt[]
  setting: Setting | undefined
  time: TimeOfDay | undefined
  weather: Weather | undefined
  /** Water the words put in the land ("the cows wandered down to the river"). */
  water: 'river' | undefined
  /** The words set large when the scene has no subject. */
  keyPhrase: string
  /** Which word chose which drawing, in reading order. */
  words: WordChoice[]
  /** Words left out before the setting and weather are read: abstract senses ("a space to work"). */
  abstractWords: string[]
}

export type PlanRequest = {
  visual: string
  narration: string
  seed: number
  cast?: CastMember[]
  /** The language the words are in; English when left out. */
  language?: ScriptLanguage
}

const TONES = ['light', 'medium-light', 'medium', 'medium-dark', 'dark'] as const

/** Score needed for a keyword match of the art library to stand for a noun on its own. */
const MIN_MATCH = 6

/** Where a subject is found when the words name no place. */
const HOME_BY_KIND: Partial<Record<ArtKind, Setting>> = {
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

/** One figure for a name or a role: its skin tone and its outfit follow the word, so it looks alike in every scene. */
export function figureFor(name: string, gender: 'woman' | 'man' | 'person'): string {
  const key = name.toLowerCase()
  const tone = TONES[hashText(key, 7) % TONES.length] ?? 'medium'
  return inOutfit(`${gender}-standing-${tone}-skin-tone`, hashText(key, 11) % OUTFIT_COUNT)
}

/** Verbs of holding something up or in hand: the thing they name is drawn in the hand of the one leading. */
const HOLDING_VERBS = new Set([
  'hold',
  'carry',
  'raise',
  'lift',
  'wave',
  'grip',
  'wield',
  'clutch',
  'swing',
  'brandish',
])
/** Verbs of riding: the person is drawn on the animal's back. "Carry" carries someone only when an animal does. */
const RIDING_VERBS = new Set(['ride', 'gallop', 'mount'])
/** How many figures stand for "the crowd" or "friends". */
const GROUP_SIZE = 3

/** Verbs that put the one doing them in the air, and the kinds of drawing that can be shown flying. */
const FLYING_VERBS = new Set(['fly', 'soar', 'glide', 'hover', 'swoop'])
const FLIERS = new Set(['animal', 'bird'])

const countOf = (words: string[], set: string[]) => words.filter((word) => set.includes(word)).length
const SHE = ['she', 'her', 'hers']
const HE = ['he', 'him', 'his']
/** Whether a pronoun can stand for a figure: "his tractor" is not Grandma's. */
/** "Together they flew…": in a story with one named person, they are with the others the sentence names. */
const THEY = ['they', 'them', 'their']
const fitsFigure = (word: string, figure: string) =>
  (SHE.includes(word) && !figure.startsWith('man-')) ||
  (HE.includes(word) && !figure.startsWith('woman-')) ||
  THEY.includes(word)

/**
 * The people and pets a story names, read from all its scenes at once, each with one figure: a person's name
 * is the one doing something ("Maya walked", "Rosa fed"; never "Visit us", "Saturn's rings", a place after
 * "in", "to" or "through"); a pet's follows its kind ("his dog Biscuit").
 */
export function castOf(texts: string[], language: ScriptLanguage = 'en'): CastMember[] {
  if (language !== 'en') return castOfForeign(texts, language)
  const library = getArtLibrary()
  const tally = new Map<string, { she: number; he: number }>()
  const animals = new Map<string, string>()
  const things = new Map<string, string>()
  /** Names found after "to", "in", "through": places, unless someone calls them she or he. */
  const placed = new Set<string>()
  const readings = texts.map((text) => readText(text))
  for (const reading of readings) {
    for (const noun of reading.nouns) if (noun.proper && noun.afterPlacePreposition) placed.add(noun.text)
    for (const noun of reading.nouns) {
      const coloured = colouredArt(noun)
      if (coloured && !things.has(noun.lemma)) things.set(noun.lemma, coloured)
    }
    for (const noun of reading.nouns) {
      const animal = noun.proper && noun.previousNoun ? library.find(noun.previousNoun)[0] : undefined
      const kind = animal && animal.score >= 10 ? library.get(animal.id)?.kind : undefined
      if (animal && (kind === 'animal' || kind === 'bird')) animals.set(noun.text, animal.id)
    }
    const names = reading.nouns.filter(
      (noun) =>
        noun.proper &&
        !noun.afterPlacePreposition &&
        noun.beforeVerb &&
        !conceptOf(noun.lemma) &&
        library.find(noun.text).every((match) => match.score < 10),
    )
    for (const noun of names) {
      const entry = tally.get(noun.text) ?? { she: 0, he: 0 }
      entry.she += countOf(reading.pronouns, SHE)
      entry.he += countOf(reading.pronouns, HE)
      tally.set(noun.text, entry)
    }
  }
  for (const name of animals.keys()) tally.delete(name)
  // "Welcome to Lisbon… Lisbon is still quiet": a place, not a person.
  for (const [name, entry] of tally) if (placed.has(name) && entry.she + entry.he === 0) tally.delete(name)
  const creatures = animals.size === 0 ? leadCreature(readings) : []
  // With one person in the story, every "she" or "he" of the story is that person.
  if (tally.size === 1) {
    const pronouns = readings.flatMap((reading) => reading.pronouns)
    for (const entry of tally.values()) {
      entry.she = countOf(pronouns, SHE)
      entry.he = countOf(pronouns, HE)
    }
  }
  // A name that is a family word ("Grandma", "Dad") says who it is; other names go by the pronouns around them.
  const genderOf = (name: string, she: number, he: number) => {
    const word = name.toLowerCase()
    if (FEMALE.test(word)) return 'woman'
    if (MALE.test(word)) return 'man'
    return she > he ? 'woman' : he > she ? 'man' : 'person'
  }
  const people = [...tally.entries()].map(([name, { she, he }]) => ({
    name,
    figure: figureFor(name, genderOf(name, she, he)),
  }))
  return [
    ...people,
    ...[...animals.entries()].map(([name, figure]) => ({ name, figure })),
    ...creatures,
    ...[...things.entries()].map(([name, figure]) => ({ name, figure, thing: true as const })),
  ]
}

const CREATURE_KINDS = new Set(['animal', 'bird', 'sea-life'])

/** The animal named in the most texts of the story, and in two at least ("the dragon"), with the next one so named. */
function leadCreature(readings: ReturnType<typeof readText>[]): CastMember[] {
  const library = getArtLibrary()
  const seen = new Map<string, { name: string; texts: number }>()
  for (const reading of readings) {
    const ids = new Map<string, string>()
    for (const noun of reading.nouns) {
      if (noun.proper || !noun.head) continue
      const match = library.find(noun.lemma)[0]
      if (match && match.score >= 10 && CREATURE_KINDS.has(library.get(match.id)?.kind ?? ''))
        ids.set(match.id, noun.lemma)
    }
    for (const [id, name] of ids) seen.set(id, { name, texts: (seen.get(id)?.texts ?? 0) + 1 })
  }
  const ranked = [...seen.entries()].sort((a, b) => b[1].texts - a[1].texts)
  // On a tie the one the story names first leads: the mouse of "the mouse ran so fast that the cat slipped".
  const [first, second] = ranked
  if (!first || first[1].texts < 2) return []
  // The next animal named twice is its companion: "they have been friends" are the mouse and the cat.
  return [
    { name: first[1].name, figure: first[0], pronoun: 'it' },
    ...(second && second[1].texts >= 2 ? [{ name: second[1].name, figure: second[0], companion: true as const }] : []),
  ]
}

export type Candidate = { id: string; word: string; score: number; group?: string }

/** The lexicon's entry for a noun or a phrase where it says how the word is drawn (its art, or never). */
function conceptOf(key: string): LexiconEntry | undefined {
  const entry = getLexicon().noun(key)
  return decidesPicture(entry) ? entry : undefined
}

export function conceptArt(concept: LexiconEntry, word: string, score: number): Candidate[] {
  return (concept.art ?? []).slice(0, 1).map((id) => ({ id: withTone(id), word, score }))
}

/**
 * People in the library carry a skin tone picked from the word, so a role looks the same in every scene.
 * Roles drawn from the chest up (a cook, a farmer: most emoji people) become a standing figure, since a
 * head as tall as a house reads as a giant.
 */
/** Roles whose suit is who they are: drawn as themselves, a helmet in space reads as no giant. */
const SUITED = new Set(['astronaut'])

/** The drawing of a head noun in the colour named just before it in its phrase ("a bright red ball"). */
function colouredArt(noun: Noun): string | undefined {
  const colours = getLexicon().noun(noun.lemma)?.colours
  if (!colours || !noun.head) return undefined
  const words = noun.phrase.toLowerCase().split(' ')
  const at = words.lastIndexOf(noun.text.toLowerCase())
  const colour = words.slice(0, at).findLast((word) => colours[word])
  return colour ? colours[colour] : undefined
}

export function withTone(id: string): string {
  const library = getArtLibrary()
  const entry = library.get(id)
  if (entry?.kind !== 'person') return id
  const tone = TONES[hashText(id, 7) % TONES.length] ?? 'medium'
  // A role keeps one outfit too, so the baker of one scene is the baker of the next.
  const outfit = hashText(id, 11) % OUTFIT_COUNT
  if (entry.bust && !SUITED.has(id)) {
    const gender = /^(woman|girl|old-woman)/.test(id) ? 'woman' : /^(man|boy|old-man)/.test(id) ? 'man' : 'person'
    return inOutfit(`${gender}-standing-${tone}-skin-tone`, outfit)
  }
  const toned = `${id}-${tone}-skin-tone`
  if (!library.get(toned)) return id
  return /-standing-/.test(toned) ? inOutfit(toned, outfit) : toned
}

/** Children are drawn as smaller figures. */
const CHILD = /^(girl|boy|child|children|baby|kid)s?$/

/** Whether drawing `art` means the sense `sense` or a narrower one ("passenger ship" is a ship). */
function meansSense(art: string, sense: number): boolean {
  const own = senseOfArt(art)
  return own !== undefined && (own === sense || broaderSenses(own, 8).includes(sense))
}

const FEMALE =
  /^(woman|girl|mother|mom|mum|grandmother|grandma|daughter|sister|aunt|wife|bride|queen|princess|lady|niece|actress|waitress|heroine|nun)$/
const MALE =
  /^(man|boy|father|dad|grandfather|grandpa|son|brother|uncle|husband|groom|king|prince|gentleman|nephew|actor|waiter|hero|monk)$/

/** Words for a parent or a young one, which around an animal are that animal's ("a mother elephant", "her baby"). */
const YOUNG_OR_KIN = /^(mother|father|mom|mum|dad|baby|child|parent|young|offspring)$/

/** Trees grow outside: a festival stage in the park shows the crowd and the band, not an oak on the stage. */
const TREES = new Set(['deciduous-tree', 'evergreen-tree', 'palm-tree'])

/** Drawings emoji files with the buildings that are materials: a log, a rock or a brick may lie indoors. */
const BUILDING_MATERIALS = new Set(['wood', 'rock', 'brick'])

/** Words the concept table draws as a group, which in the singular are one person. */
const SINGLE_OF_GROUP = new Set(['friend'])

/** Words for company that, in a story of animals, are those animals. */
const ANIMAL_COMPANY = /^(friend|family|pair|couple|team)$/

/** Family words: someone's brother or grandma shares their skin tone. */
const KIN =
  /^(mother|mom|mum|father|dad|brother|sister|grandmother|grandma|grandfather|grandpa|son|daughter|aunt|uncle|cousin|niece|nephew|twin)$/

/** The people of a story's cast: not its animals, nor the coloured things it names. */
function castPeople(cast: CastMember[]): CastMember[] {
  return cast.filter((member) => !member.thing && getArtLibrary().get(member.figure)?.kind === 'person')
}

/**
 * "Her brother": the relative of a person the story names, with that person's skin tone and an outfit of
 * its own. Only when the possessive fits the one person of the cast ("his sister" is not Rosa's).
 */
function relativeFigure(noun: Noun, cast: CastMember[]): { figure: string; of: string } | undefined {
  if (!KIN.test(noun.lemma) || !noun.possessive || !noun.head) return undefined
  const people = castPeople(cast)
  const member = people.length === 1 ? people[0] : undefined
  const tone = member && /-standing-(.+)-skin-tone/.exec(member.figure)?.[1]
  if (!member || !tone || !fitsFigure(noun.possessive, member.figure)) return undefined
  const gender = FEMALE.test(noun.lemma) ? 'woman' : MALE.test(noun.lemma) ? 'man' : 'person'
  const own = Number(member.figure.split('~')[1]) || 0
  const outfit = (own + 1 + (hashText(noun.lemma, 11) % (OUTFIT_COUNT - 1))) % OUTFIT_COUNT
  return { figure: inOutfit(`${gender}-standing-${tone}-skin-tone`, outfit), of: member.name }
}

/** Several people for a word of many ("the crowd", "friends"): figures of their own tones and outfits. */
function groupOf(lemma: string, word: string, score: number): Candidate[] {
  const genders = ['woman', 'man', 'person'] as const
  return Array.from({ length: GROUP_SIZE }, (_, index) => ({
    id: figureFor(`${lemma}#${index}`, genders[index % genders.length] ?? 'person'),
    word,
    score: score - index * 0.01,
    group: lemma,
  }))
}

/** A standing figure for someone the words name by role ("the baker", "musicians"), toned by the word. */
function personFigure(lemma: string): string {
  const gender = FEMALE.test(lemma) ? 'woman' : MALE.test(lemma) ? 'man' : 'person'
  return figureFor(lemma, gender)
}

function findArt(noun: Noun): { candidates: Candidate[]; reason: string } {
  const library = getArtLibrary()
  const sense = usualSense(noun.lemma)
  // An exact name always counts; a word of a name or a keyword only when the drawing means this sense or a
  // narrower one, never a word that is merely spelled alike.
  const fits = (match: { id: string; score: number }) =>
    match.score >= MIN_MATCH && (match.score >= 10 || sense === undefined || meansSense(match.id, sense))
  const direct = library.find(noun.lemma).filter(fits)
  const plural = noun.text.toLowerCase() === noun.lemma ? [] : library.find(noun.text).filter(fits)
  const best = [...direct, ...plural].sort((a, b) => b.score - a.score)[0]
  if (best)
    return { candidates: [{ id: best.id, word: noun.text, score: 0 }], reason: `library keyword "${noun.lemma}"` }
  if (sense === undefined) return { candidates: [], reason: 'nothing in the art library' }
  if (readSynset(sense).kind === 'person')
    return { candidates: [{ id: personFigure(noun.lemma), word: noun.text, score: 0 }], reason: 'WordNet: a person' }
  // Broader senses, by meaning: "gull" → seabird → bird; "schooner" → sailing vessel → vessel → boat.
  for (const offset of broaderSenses(sense, 6).slice(1)) {
    const synset = readSynset(offset)
    const concept = synset.words
      .map((word) => conceptOf(word))
      .find((entry) => entry?.art && (entry.sense === undefined || entry.sense === synset.kind))
    if (concept)
      return { candidates: conceptArt(concept, noun.text, 0), reason: `WordNet: a kind of ${synset.words[0]}` }
    const [art] = artForSense(offset)
    if (art)
      return { candidates: [{ id: art, word: noun.text, score: 0 }], reason: `WordNet: a kind of ${synset.words[0]}` }
  }
  return { candidates: [], reason: 'nothing in the art library' }
}

/** Whether a drawing is named exactly by the word: then a less usual but concrete sense may be meant. */
function hasExactArt(noun: Noun): boolean {
  const library = getArtLibrary()
  return [noun.lemma, noun.text].some((word) => library.find(word).some((match) => match.score >= 10))
}

function describeSense(lemma: string): string {
  const kind = usualKind(lemma)
  return kind === undefined ? 'not a known noun' : `usual sense is ${kind.toLowerCase()}`
}

/**
 * A noun right before another that is a material or a quality says what the next one is like ("stone oven",
 * "Narrow streets") and is not drawn. Things, people, animals and food there are ("lemon groves"), and so
 * are words the tagger joined to a verb it took for a noun ("the farmer drives", "the kettle whistles").
 */
const DESCRIBING_KINDS = new Set(['substance', 'object', 'attribute', 'shape', 'quantity', 'act', 'state'])

/** The clause to set large on a scene with nothing to draw: a whole phrase, never a cut one. */
/** A clause that only says when ("Every day", "One morning") is not what a scene is about. */
const TIME_ONLY =
  /^(?:every|each|one|some|this|that|next|last|early|late)\s+(?:day|night|morning|afternoon|evening|week|weekend|year|summer|winter|spring|autumn|time)s?$/i

const PHRASE_OPENERS = /^(a|an|the|one|this|that|these|those|every|each|some|any|my|your|our|their|his|her|its)$/i

export function keyPhraseOf(text: string): string {
  const sentence = (text.match(/[^.!?]+[.!?]?/)?.[0] ?? text).trim()
  const clauses = sentence
    .replace(/^(first|then|next|finally|now|so|and|but|also|lastly|after that)\b[,\s]*/i, '')
    .split(/\s*(?:[,;:—–]|\s-\s|\band\b|\bbut\b)\s*/i)
    .map((clause) => clause.replace(/[.!?]+$/, '').trim())
    .filter((clause) => clause.split(/\s+/).length >= 2 && !TIME_ONLY.test(clause))
  const short = (clause: string) => clause.split(/\s+/).length <= 7
  // A long clause keeps its main part, before the clause it runs into: "Your small business deserves a website"
  // of "…a website that sells while you sleep".
  const mainParts = clauses
    .map((clause) => clause.split(/\s+(?:that|which|who|while|when|where|because|until|unless|if)\s+/i)[0] ?? '')
    .filter((part) => part.split(/\s+/).length >= 3)
  // Else what the sentence is about, before its verb: "Five minutes of stretching" (can wake up your body).
  const subjects = clauses
    .map((clause) => clause.split(/\s+(?:can|could|will|would|should|may|might|must|is|are|was|were|has|have)\s+/i))
    .filter((parts) => parts.length > 1)
    .map((parts) => parts[0] ?? '')
    // "Recycling one can saves…" has no subject "Recycling one": a phrase never ends on a determiner.
    .filter((part) => part.split(/\s+/).length >= 2 && !PHRASE_OPENERS.test(part.split(/\s+/).at(-1) ?? ''))
  const fitting = clauses.find(short) ?? mainParts.find(short) ?? subjects.find(short)
  const chosen = fitting ?? sentence.replace(/[.!?]+$/, '')
  const words = chosen.split(/\s+/)
  const phrase = words.length <= 9 ? chosen : ''
  return phrase ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : ''
}

export function planScene(request: PlanRequest): ScenePlan {
  if (request.language && request.language !== 'en') return planForeignScene(request.language, request)
  const cast = request.cast ?? []
  const candidates: Candidate[] = []
  const words: WordChoice[] = []
  const abstractWords: string[] = []
  let setting: { value: Setting; score: number } | undefined
  let time: TimeOfDay | undefined
  let weather: Weather | undefined
  let water: 'river' | undefined
  let castSeen = false
  let home: Setting | undefined
  let flies = false
  let holds = false
  let rides = false

  const sources = [
    { text: request.visual, weight: 1.5 },
    { text: request.narration, weight: 1 },
  ]
  for (const { text, weight } of sources) {
    if (!text.trim()) continue
    const reading = readText(text)
    const used = new Set<number>()
    // The first thing drawn from a sentence is most often what it is about.
    const sentencesWithSubject = new Set<number>()
    const candidatesBefore = () => candidates.length
    for (const [nounIndex, noun] of reading.nouns.entries()) {
      if (used.has(noun.position)) continue
      const next = reading.nouns[nounIndex + 1]
      // A compound the concept table knows is read as one word at its first noun ("coffee shop").
      const ahead =
        next && next.position === noun.position + 1 && conceptOf(`${noun.lemma} ${next.lemma}`) ? next : undefined
      if (ahead) used.add(ahead.position)
      const first = !sentencesWithSubject.has(noun.sentence)
      const count = candidatesBefore()
      // Who or what does the verb leads ("a baker pulls bread"); a place the action happens in ("in the
      // market square", "over the cliffs") sets the scene more than it carries it.
      const agent = noun.beforeVerb
      const score =
        weight * (noun.head || ahead ? 1 : 0.75) * (first ? 1.3 : 1) * (noun.afterPlacePreposition ? 0.85 : 1) +
        (agent ? weight * 0.5 : 0) -
        noun.position * 0.01
      const markSubject = () => {
        if (candidates.length > count) sentencesWithSubject.add(noun.sentence)
      }
      const member = cast.find(
        (item) =>
          !item.pronoun && !item.thing && !item.companion && item.name.toLowerCase() === noun.text.toLowerCase(),
      )
      if (member) {
        castSeen = true
        candidates.push({ id: member.figure, word: noun.text, score: score + 4 })
        markSubject()
        words.push({ word: noun.text, art: member.figure, reason: 'named character' })
        continue
      }
      // "New York", "Mount Fuji": a name of two words the concept table knows, at its last word.
      const nameKey = ahead ? `${noun.lemma} ${ahead.lemma}` : (noun.compound ?? '')
      const properConcept = noun.proper ? (conceptOf(nameKey) ?? conceptOf(noun.lemma)) : undefined
      if (properConcept?.art) {
        // "Saturn" is in space, as "planet" is.
        if (properConcept.setting && (!setting || score > setting.score))
          setting = { value: properConcept.setting, score }
        candidates.push(...conceptArt(properConcept, noun.text, score))
        markSubject()
        words.push({ word: noun.text, art: properConcept.art[0], reason: 'concept table' })
        continue
      }
      if (noun.proper) {
        // A name WordNet knows as a kind of person ("Grandma", "Maya") is someone to draw; other names
        // (places, brands, planets) are not.
        // "Classic Italian lasagna": a nationality before a noun says what the thing is like; it is nobody.
        const person = !noun.afterPlacePreposition && !noun.modifier && usualKind(noun.lemma) === 'person'
        if (person) {
          const figure = personFigure(noun.lemma)
          candidates.push({ id: figure, word: noun.text, score })
          markSubject()
          words.push({ word: noun.text, art: figure, reason: 'a person named' })
        } else
          words.push({ word: noun.text, art: undefined, reason: noun.afterPlacePreposition ? 'place name' : 'name' })
        continue
      }
      // "Wood-fired", "sun-dried": a noun joined by a hyphen to the word after it describes; it is not drawn.
      if (noun.beforeHyphen) {
        words.push({ word: noun.text, art: undefined, reason: 'part of a word joined by a hyphen' })
        continue
      }
      // "Carried him home", "went home": a direction, neither a house nor the setting.
      if (noun.lemma === 'home' && !noun.possessive && ['VERB', 'PRON', 'ADV'].includes(noun.previousPos ?? '')) {
        words.push({ word: noun.text, art: undefined, reason: 'a direction: home' })
        continue
      }
      // "A cat burglar", "a fire fighter": a compound WordNet knows as someone is that person, not the animal
      // or the thing named inside it.
      if (
        noun.modifier &&
        next?.position === noun.position + 1 &&
        usualKind(`${noun.lemma}_${next.lemma}`) === 'person'
      ) {
        words.push({ word: noun.text, art: undefined, reason: `part of "${noun.lemma} ${next.lemma}", someone` })
        continue
      }
      // "At home in the evening", "a bright home": inside a home, not a house seen from the street.
      if (noun.lemma === 'home' && (/\bat home\b/i.test(text) || (noun.phrase.includes(' ') && !noun.modifier))) {
        if (!setting || score > setting.score) setting = { value: 'home', score }
        words.push({ word: noun.text, art: undefined, reason: 'the setting: home' })
        continue
      }
      // "A mother elephant protects her baby": the mother is the elephant and the baby its young, not people.
      const isAnimal = (other: Noun | undefined) => other !== undefined && usualKind(other.lemma) === 'animal'
      const subjectHead = reading.nouns.find((other) => other.sentence === noun.sentence && other.subject && other.head)
      const animals =
        (noun.modifier && isAnimal(reading.nouns[nounIndex + 1])) ||
        (noun.possessive !== undefined && isAnimal(subjectHead))
      if (YOUNG_OR_KIN.test(noun.lemma) && animals && !noun.proper) {
        words.push({ word: noun.text, art: undefined, reason: 'the animal’s family' })
        continue
      }
      // "Since then they have been friends", in a story of a mouse and a cat: the friends are the animals.
      const creature = cast.find((member) => member.pronoun === 'it')
      if (creature && castPeople(cast).length === 0 && ANIMAL_COMPANY.test(noun.lemma)) {
        candidates.push({ id: creature.figure, word: noun.text, score })
        const companion = cast.find((member) => member.companion)
        if (companion) candidates.push({ id: companion.figure, word: noun.text, score: score * 0.8 })
        markSubject()
        words.push({ word: noun.text, art: creature.figure, reason: `the ${creature.name} the story follows` })
        continue
      }
      // "A young princess named Lila": the role is the named character, drawn once, as her.
      const named = reading.nouns.find(
        (other) =>
          other.position > noun.position &&
          other.position <= noun.position + 2 &&
          cast.some((member) => !member.thing && !member.pronoun && member.name === other.text),
      )
      if (named && !noun.proper && usualKind(noun.lemma) === 'person') {
        words.push({ word: noun.text, art: undefined, reason: `is ${named.text}` })
        continue
      }
      const relative = relativeFigure(noun, cast)
      if (relative) {
        candidates.push({ id: relative.figure, word: noun.text, score })
        markSubject()
        words.push({ word: noun.text, art: relative.figure, reason: `family of ${relative.of}` })
        continue
      }
      // "A red ball": the thing in the colour its phrase gives it, where the library draws that colour, and
      // "the ball" later in the story is that same red ball.
      const coloured =
        colouredArt(noun) ??
        (noun.head && !noun.proper ? cast.find((item) => item.thing && item.name === noun.lemma)?.figure : undefined)
      if (coloured) {
        candidates.push({ id: coloured, word: noun.text, score })
        markSubject()
        words.push({ word: noun.phrase, art: coloured, reason: 'in the colour named' })
        continue
      }
      // A two-word phrase the concept table knows wins over its words ("coffee shop", "golden hour").
      const phrase = ahead ? `${noun.lemma} ${ahead.lemma}` : (noun.compound ?? '')
      const phraseConcept = conceptOf(phrase) ?? conceptOf(noun.phrase.toLowerCase())
      const concept = phraseConcept ?? conceptOf(noun.lemma)
      // A word that only steers the scene ("airport", "meeting") sets its place, hour and weather, then is drawn
      // as the art library finds it.
      const cue = concept ? undefined : getLexicon().noun(noun.lemma)
      if (phraseConcept) {
        for (const other of reading.nouns) if (noun.phrase === other.phrase) used.add(other.position)
      }
      const label = phraseConcept ? phrase || noun.phrase.toLowerCase() : noun.text
      // "stone oven", "market square", "Narrow streets": the first word says what the head is like or where
      // it stands; it is drawn only when it is a thing of its own in the picture ("lemon groves").
      const describes = noun.modifier && !ahead && !phraseConcept && DESCRIBING_KINDS.has(usualKind(noun.lemma) ?? '')
      if (describes) {
        const steer = concept ?? cue
        if (steer?.setting && (!setting || score > setting.score)) setting = { value: steer.setting, score }
        time ??= steer?.time
        weather ??= steer?.weather
        water ??= steer?.water
        words.push({ word: noun.text, art: undefined, reason: 'describes the word after it' })
        continue
      }
      if (concept) {
        if (concept.setting && (!setting || score > setting.score)) setting = { value: concept.setting, score }
        home ??= concept.home
        time ??= concept.time
        weather ??= concept.weather
        water ??= concept.water
        if (concept.picture === 'none') {
          // A place word ("kitchen", "attic") sets the scene; only a word with no place is left out as abstract.
          if (!concept.setting && !concept.time && !concept.weather) abstractWords.push(label)
          words.push({
            word: label,
            art: undefined,
            reason: concept.time
              ? `time of day: ${concept.time}`
              : concept.water
                ? 'water across the ground'
                : concept.setting
                  ? `the setting: ${concept.setting}`
                  : 'abstract here',
          })
          continue
        }
        // "A friend" is one person; "friends" are several.
        const one = SINGLE_OF_GROUP.has(noun.lemma) && noun.text.toLowerCase() === noun.lemma
        const chosen = one
          ? [{ id: personFigure(noun.lemma), word: noun.text, score }]
          : concept.group
            ? groupOf(noun.lemma, noun.text, score)
            : conceptArt(concept, label, score)
        candidates.push(...chosen)
        markSubject()
        words.push({
          word: label,
          art: chosen[0]?.id,
          reason: chosen[0] ? 'concept table' : `the setting: ${concept.setting ?? concept.home ?? 'none'}`,
        })
        continue
      }
      if (cue) {
        if (cue.setting && (!setting || score > setting.score)) setting = { value: cue.setting, score }
        home ??= cue.home
        time ??= cue.time
        weather ??= cue.weather
        water ??= cue.water
      }
      // "Saturn's rings", "Earth's core": a part of a place or a body in the sky is drawn as that place, through
      // the concept table only, never by a drawing whose name is only spelled alike (a ring for a finger).
      const owner = reading.nouns[nounIndex - 1]
      const ownerConcept = owner?.proper ? conceptOf(owner.lemma) : undefined
      if (owner && ownerConcept?.setting && owner.nextPos === 'PART' && owner.position === noun.position - 2) {
        // What the sentence says of the part, it says of the whole: Saturn leads "Saturn's rings are…".
        candidates.push(...conceptArt(ownerConcept, owner.text, score))
        markSubject()
        words.push({ word: noun.text, art: ownerConcept.art?.[0], reason: `a part of ${owner.text}` })
        continue
      }
      if (!isDrawableNoun(noun.lemma, hasExactArt(noun) ? 3 : 1) && nounSenses(noun.lemma).length > 0) {
        abstractWords.push(noun.text)
        words.push({ word: noun.text, art: undefined, reason: `WordNet: ${describeSense(noun.lemma)}` })
        continue
      }
      const found = findArt(noun)
      const id = found.candidates[0]?.id
      if (id) candidates.push({ id: withTone(id), word: noun.text, score })
      markSubject()
      words.push({ word: noun.text, art: id ? withTone(id) : undefined, reason: found.reason })
    }
    for (const verb of reading.verbs) {
      if (FLYING_VERBS.has(verb)) flies = true
      if (HOLDING_VERBS.has(verb)) holds = true
      if (RIDING_VERBS.has(verb)) rides = true
      // "The dragon carried him home": an animal that carries someone carries them on its back.
      const carrier = (noun: Noun) => {
        const art = noun.beforeVerb
          ? (conceptOf(noun.lemma)?.art?.[0] ?? getArtLibrary().find(noun.lemma)[0]?.id)
          : undefined
        return ['animal', 'bird'].includes(getArtLibrary().get(art ?? '')?.kind ?? '')
      }
      if (verb === 'carry' && reading.nouns.some(carrier)) rides = true
      const art = getLexicon().verb(verb)?.art?.[0]
      if (!art) continue
      candidates.push({ id: art, word: verb, score: weight * 0.6 })
      words.push({ word: verb, art, reason: 'activity' })
    }
    // "She", "he" in a story with one named person is that person.
    const people = castPeople(cast)
    const member = people.length === 1 ? people[0] : undefined
    if (!castSeen && member && reading.pronouns.some((word) => fitsFigure(word, member.figure))) {
      castSeen = true
      // "She bought…": the person the sentence is about leads the scene, as when named; in "her brother drove…"
      // she is only whose brother it is.
      const leads = reading.subjectPronouns.some((word) => fitsFigure(word, member.figure))
      const fitting = (words: string[]) => words.filter((word) => fitsFigure(word, member.figure)).length
      const owns = fitting(reading.possessives) === fitting(reading.pronouns)
      candidates.push({ id: member.figure, word: member.name, score: weight * 1.3 + (leads ? 4 : owns ? 0 : 0.5) })
      words.push({ word: member.name, art: member.figure, reason: 'named character (pronoun)' })
    }
    // "They danced all night": with no person or animal the story follows, "they" are several people.
    if (
      reading.subjectPronouns.includes('they') &&
      castPeople(cast).length === 0 &&
      !cast.some((member) => member.pronoun === 'it') &&
      !candidates.some((item) => ['person', 'animal', 'bird'].includes(getArtLibrary().get(item.id)?.kind ?? ''))
    ) {
      candidates.push(...groupOf('they', 'they', weight * 1.3))
      words.push({ word: 'they', art: 'person-standing', reason: 'several people' })
    }
    // "It flew over the mountains": the animal the story follows, when the scene does not name it.
    const creature = cast.find((member) => member.pronoun === 'it')
    if (creature && reading.subjectPronouns.includes('it') && !candidates.some((item) => item.id === creature.figure)) {
      candidates.push({ id: creature.figure, word: 'it', score: weight * 1.3 + 4 })
      words.push({ word: 'it', art: creature.figure, reason: `the ${creature.name} the story follows (pronoun)` })
    }
  }

  return assemblePlan({
    candidates,
    words,
    abstractWords,
    setting: setting?.value,
    home,
    time,
    weather,
    water,
    flies,
    holds,
    rides,
    keyPhrase: () => keyPhraseOf(request.narration || request.visual),
  })
}

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
  for (const candidate of candidates) {
    const kind = library.get(candidate.id)?.kind ?? 'object'
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
  // "Holding a candle": the first small thing is in the hand of the person who leads.
  if (findings.holds && subjects[0]?.kind === 'person' && !subjects[0].group) {
    const thing = subjects.slice(1).find((subject) => subject.kind === 'object' || subject.kind === 'food')
    if (thing) subjects = subjects.map((subject) => (subject === thing ? { ...subject, held: true } : subject))
  }
  const main = subjects[0]
  if (main && flies && FLIERS.has(main.kind)) main.flying = true
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
