import { getNounEntry } from '../lexicon/english-words.ts'
import { getLexicon } from '../lexicon/lexicon.ts'
import { EVENT_KINDS, TRIP_KINDS, type EventKind, type TripKind } from '../lexicon/vocabulary.ts'

import { toPlural, toSingular } from './english.ts'
import { tokenize } from './noun-phrases.ts'

/**
 * What the offline writer knows about kinds of things, so its shots name what a picture can show: who
 * works in a kind of shop and what they do there, what one does with a kind of product, what is seen in a
 * kind of place or event. Only what is true of any instance of the kind belongs here; nothing about a
 * particular shop, product or town.
 */

/**
 * Nouns that name where a scene can be set, from the lexicon: its places, the sky ("under the stars") and
 * vehicles one can ride in ("on the train"); each in the singular and plural, and in its other spellings.
 */
export const SETTINGS: ReadonlySet<string> = new Set(
  getLexicon()
    .entries.filter((entry) => (entry.pos ?? 'noun') === 'noun' && ['place', 'vehicle', 'sky'].includes(entry.kind))
    .flatMap((entry) => [entry.lemma, ...(entry.also ?? [])])
    .filter((word) => !word.includes(' '))
    .flatMap((word) => [word, toPlural(word)]),
)

/** A kind of business: the person at work there, what they do (present tense) and what people come for. */
export type Business = { worker: string; work: string; offer: string; isVenue: boolean; seated?: true }

/** The kinds of business the lexicon knows (its `business` field), by each spelling of their word, in its order. */
export const BUSINESSES: ReadonlyMap<string, Business> = new Map(
  getLexicon().entries.flatMap((entry) => {
    if (!entry.business) return []
    const { venue, ...said } = entry.business
    return [entry.lemma, ...(entry.also ?? [])].map((word): [string, Business] => [word, { ...said, isVenue: venue }])
  }),
)

/** A kind of product as the lexicon's `product` field has it, by the word's lemma or spelling ("trainer"). */
export function getProduct(word: string): { use: string; home?: true } | undefined {
  return getNounEntry(word)?.product
}

/**
 * The kind of destination the words name, by the lexicon's `trip` of each word ("a fishing village", "the
 * harbour of Porto"); when they name two, the first of TRIP_KINDS ("a fishing village on the coast": a village).
 */
export function getTripKind(text: string): TripKind | undefined {
  const words = tokenize(text).map((token) => token.normal)
  const named = new Set<TripKind>()
  for (const [at, word] of words.entries()) {
    const next = words[at + 1]
    for (const key of [next === undefined ? '' : `${word} ${next}`, word, toSingular(word)]) {
      const trip = key ? getNounEntry(key)?.trip : undefined
      if (trip) named.add(trip)
    }
  }
  return TRIP_KINDS.find((kind) => named.has(kind))
}

/** A kind of destination and what is seen there in the morning, by day, at golden hour and at night. */
export type PlaceKind = {
  /** How the narration calls it when the prompt gives only a name: "the city". */
  noun: string
  morning: string
  day: string
  food: string
  view: string
  night: string
}

export const PLACE_KINDS: Record<TripKind | 'country' | 'place', PlaceKind> = {
  city: {
    noun: 'the city',
    morning: 'a quiet street with a café opening its shutters',
    day: 'people crossing a busy square',
    food: 'a table of local food at a street café',
    view: 'rooftops seen from a viewpoint',
    night: 'city lights along a street',
  },
  town: {
    noun: 'the town',
    morning: 'a quiet main street with shops opening',
    day: 'people strolling through the town square',
    food: 'a table of local food at a small café',
    view: 'the rooftops of the town from a hill',
    night: 'warm lights in the windows of the town',
  },
  village: {
    noun: 'the village',
    morning: 'a narrow lane between old houses',
    day: 'villagers chatting in a small square',
    food: 'a table of local food outside a small café',
    view: 'the village rooftops from a hillside path',
    night: 'lanterns glowing in the village lanes',
  },
  coast: {
    noun: 'the coast',
    morning: 'fishing boats in a harbour',
    day: 'waves rolling onto a sandy beach',
    food: 'a plate of seafood at a table by the sea',
    view: 'the sea from the top of a cliff',
    night: 'lights reflected in the harbour water',
  },
  island: {
    noun: 'the island',
    morning: 'a boat arriving at a small pier',
    day: 'palm trees along a sandy beach',
    food: 'fresh fruit on a table by the sea',
    view: 'the sea from a hilltop',
    night: 'stars over the island and the sea',
  },
  mountains: {
    noun: 'the mountains',
    morning: 'mist over a mountain valley',
    day: 'hikers on a trail between the peaks',
    food: 'a picnic on a rock above the valley',
    view: 'snowy peaks from a mountain pass',
    night: 'stars over the mountain peaks',
  },
  lake: {
    noun: 'the lake',
    morning: 'mist over the still water of a lake',
    day: 'a rowing boat on the lake',
    food: 'a picnic on the lake shore',
    view: 'the lake from a hillside path',
    night: 'the moon over the lake',
  },
  countryside: {
    noun: 'the countryside',
    morning: 'fields and a farmhouse at dawn',
    day: 'a country lane between green fields',
    food: 'a picnic blanket in a meadow',
    view: 'rolling hills from a hilltop',
    night: 'stars over quiet fields',
  },
  desert: {
    noun: 'the desert',
    morning: 'sand dunes at sunrise',
    day: 'camels crossing the dunes',
    food: 'tea poured in a desert camp',
    view: 'the dunes from the top of a ridge',
    night: 'a campfire under the desert stars',
  },
  forest: {
    noun: 'the forest',
    morning: 'sunbeams between tall trees',
    day: 'a trail through the forest',
    food: 'a picnic in a forest clearing',
    view: 'treetops from a hill',
    night: 'a campfire among the trees',
  },
  country: {
    noun: 'the country',
    morning: 'a quiet street in an old town',
    day: 'a market with fruit stalls',
    food: 'a table of local food',
    view: 'hills and fields from a viewpoint',
    night: 'city lights at night',
  },
  place: {
    noun: 'this place',
    morning: 'a quiet street in the morning',
    day: 'people walking through a market',
    food: 'a table of local food',
    view: 'a wide view from a hilltop',
    night: 'lights glowing at night',
  },
}

/**
 * Whether a text names one of the words or phrases, as whole words: "fair" is in "a book fair", never in
 * "affair"; a listed word also matches its plural ("markets", "beaches").
 */
export function namesAny(text: string, phrases: readonly string[]): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}'-]+/gu) ?? []
  return phrases.some((phrase) => {
    const wanted = phrase.split(' ')
    return words.some((_, start) =>
      wanted.every((word, offset) => {
        const found = words[start + offset]
        const last = offset === wanted.length - 1
        return found === word || (last && (found === `${word}s` || found === `${word}es`))
      }),
    )
  })
}

/** What is seen at a kind of event and what people do. */
export type EventScene = {
  crowd: string
  moment: string
  detail: string
  verb: string
  /** What any event of the kind has, for "Expect …". */
  expect: string
}

/** What is seen at each kind of event the lexicon's `event` field names. */
const EVENT_SCENES: Record<EventKind, EventScene> = {
  food: {
    crowd: 'people strolling between food stalls',
    moment: 'a cook handing food across a stall',
    detail: 'strings of lights above the stalls',
    verb: 'eat',
    expect: 'stall after stall of food, and something new to taste around every corner',
  },
  music: {
    crowd: 'a crowd dancing in front of a stage',
    moment: 'a band playing on stage under coloured lights',
    detail: 'friends laughing with drinks in their hands',
    verb: 'dance',
    expect: 'live music, a happy crowd and a few songs you will be humming for days',
  },
  market: {
    crowd: 'people strolling between market stalls',
    moment: 'a stallholder handing food to a customer',
    detail: 'strings of lights above the stalls',
    verb: 'wander',
    expect: 'stall after stall, and something new around every corner',
  },
  talk: {
    crowd: 'an audience in rows of seats',
    moment: 'a speaker on a stage with a microphone',
    detail: 'people talking over coffee in a hall',
    verb: 'meet',
    expect: 'new ideas, good questions and people worth meeting',
  },
  celebration: {
    crowd: 'guests raising their glasses',
    moment: 'people dancing under string lights',
    detail: 'a table set with flowers and candles',
    verb: 'celebrate',
    expect: 'good company, raised glasses and a dance floor that fills up',
  },
  fair: {
    crowd: 'visitors walking between the stands',
    moment: 'someone at a stand showing a visitor what they made',
    detail: 'banners hanging above rows of stands',
    verb: 'browse',
    expect: 'stand after stand, and something new around every corner',
  },
  exhibition: {
    crowd: 'visitors walking through a gallery',
    moment: 'a visitor looking at a painting on a wall',
    detail: 'a gallery with paintings on white walls',
    verb: 'look around',
    expect: 'work worth slowing down for',
  },
  sport: {
    crowd: 'a cheering crowd behind a barrier',
    moment: 'runners crossing a finish line',
    detail: 'medals on ribbons on a table',
    verb: 'cheer',
    expect: 'a crowd that cheers for everyone, first and last',
  },
  opening: {
    crowd: 'people waiting at a door',
    moment: 'a red ribbon being cut at an entrance',
    detail: 'balloons by an open door',
    verb: 'come along',
    expect: 'open doors, friendly faces and a first look inside',
  },
}

export const DEFAULT_EVENT: EventScene = {
  crowd: 'a crowd of people gathering',
  moment: 'people talking and laughing together',
  detail: 'string lights above a gathering',
  verb: 'join in',
  expect: 'good company and a day to remember',
}

/** Each kind of event by the lexicon's words for it, in each spelling ("meetup", "meet-up"). */
let eventWords: Map<EventKind, string[]> | undefined

/**
 * What is seen at the event the words name, by the lexicon's `event` of its words as whole words; when they
 * name two, the first of EVENT_KINDS ("a food festival" is food, "a trade show" a fair).
 */
export function getEventScene(text: string): EventScene {
  eventWords ??= new Map(
    EVENT_KINDS.map((kind) => [
      kind,
      getLexicon()
        .entries.filter((entry) => entry.event === kind && (entry.pos ?? 'noun') === 'noun')
        .flatMap((entry) => [entry.lemma, ...(entry.also ?? [])]),
    ]),
  )
  const kind = EVENT_KINDS.find((each) => namesAny(text, eventWords?.get(each) ?? []))
  return kind ? EVENT_SCENES[kind] : DEFAULT_EVENT
}
