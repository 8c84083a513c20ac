import nlp from 'compromise'

import { isPluralNoun, presentTense, SEASONS, toTitle } from '../english.ts'
import type { Plan } from '../plan.ts'
import type { PromptBrief } from '../prompt-brief.ts'
import { be, refer, withArticle } from '../references.ts'
import type { TravelSlot } from '../templates/travel.ts'
import { WRITER_TEMPLATES } from '../templates/registry.ts'
import { fillEach, fillParts, requirePart, type SlotsOf } from '../templates/template.ts'
import { tokenize } from '../noun-phrases.ts'
import { getTripKind, PLACE_KINDS, type PlaceKind } from '../writer-lexicon.ts'

function getPlaceKind(brief: PromptBrief): PlaceKind {
  const trip = getTripKind(`${brief.subject?.text ?? ''} ${brief.setting?.text ?? ''}`)
  if (trip) return PLACE_KINDS[trip]
  const place = brief.place ?? (brief.subject?.isName ? brief.subject.text : undefined)
  if (place) {
    const doc = nlp(place)
    if (doc.has('#City')) return PLACE_KINDS.city
    if (doc.has('#Country')) return PLACE_KINDS.country
  }
  return PLACE_KINDS.place
}

/** Grammar, not pictures: the places English puts one "on" rather than "in" ("on the coast", "on the island"). */
const ON_PLACES = new Set(['coast', 'island', 'isle'])

/** The destination as first said ("a tiny fishing village beneath the cliffs of Amalfi") and afterwards. */
function nameDestination(brief: PromptBrief, kind: PlaceKind, season: string | undefined) {
  const phrase = season ? brief.setting : (brief.subject ?? brief.setting)
  if (!phrase || phrase.isName) {
    const name = brief.place ?? phrase?.text ?? kind.noun
    return { first: name, short: name }
  }
  const reference = refer(phrase, { definiteFirst: Boolean(season) })
  const settingText = !season && brief.setting ? ` ${brief.settingPreposition} the ${brief.setting.text}` : ''
  const inPlace =
    brief.place && !settingText.includes(brief.place) && !reference.first.includes(brief.place)
      ? ` in ${brief.place}`
      : ''
  const short =
    phrase.determiner === 'the' || reference.isPlural ? reference.first : `the ${phrase.head.split(' ').at(-1) ?? ''}`
  return { first: `${reference.first}${settingText}${inPlace}`, short }
}

/** A day in a place: morning, walking, the things the prompt lists, food, the view and the evening. */
export function writeTravel(prompted: PromptBrief): Plan {
  let brief = prompted
  const kind = getPlaceKind(brief)
  // "spring in Kyoto" and "Lisbon in spring" both say when.
  const seasonPhrase = [brief.subject, brief.setting].find((phrase) => phrase && SEASONS.has(phrase.text.toLowerCase()))
  const season = seasonPhrase?.text.toLowerCase()
  if (seasonPhrase && seasonPhrase === brief.setting) brief = { ...brief, setting: undefined }
  const { first, short } = nameDestination(brief, kind, season)
  const when = season ? ` in ${season}` : ''
  const onOrIn = tokenize(first).some((token) => ON_PLACES.has(token.normal)) ? 'on' : 'in'
  // "the village rooftops … in the village" says the place twice: a shot that names it keeps its own words.
  const there = (shot: string) =>
    shot.toLowerCase().includes(short.toLowerCase().replace(/^the\s+/, '')) ? shot : `${shot} ${onOrIn} ${short}`
  const isPlural = isPluralNoun(short)
  // "three days in Porto" is said as such; a prompt that gives no length is a day.
  const span = brief.span?.replace(/^one day$/, 'a day') ?? 'a day'
  const slots: SlotsOf<TravelSlot> = {
    span,
    first: `${first}${when}`,
    short,
    onOrIn,
    is: be(isPlural),
    slows: presentTense('slow', isPlural),
    paths:
      kind === PLACE_KINDS.mountains || kind === PLACE_KINDS.forest
        ? 'trails'
        : kind === PLACE_KINDS.village
          ? 'lanes'
          : 'streets',
    viewThere: there(withArticle(kind.view)),
    view: kind.view,
    viewWithArticle: withArticle(kind.view),
    morning: kind.morning,
    dayThere: there(kind.day),
    food: kind.food,
    night: kind.night,
  }
  const templates = WRITER_TEMPLATES.travel
  const highlights = fillEach(
    templates.highlights,
    brief.highlights.slice(0, 4).map((phrase) => {
      const reference = refer(phrase, { definiteFirst: true })
      return { ...slots, item: reference.first, itemIndefinite: reference.indefinite, itemBe: be(reference.isPlural) }
    }),
  )
  const [morning, ...rest] = fillParts(templates.beats, slots)
  const fallback = { text: `Welcome to ${first}${when}.`, shot: `${first} at sunrise` }
  return {
    title: toTitle(first.split(' ').length <= 5 ? `${span} ${onOrIn} ${first}${when}` : `${first}${when}`),
    hook: requirePart(templates.hook, slots, fallback),
    // What the prompt lists to see is said right after the morning, before anything any place has.
    // Each gets a scene of its own, so its picture is shown.
    beats: [...(morning ? [morning] : []), ...highlights.map((item) => ({ isRequired: true, lines: [item] })), ...rest],
    close: requirePart(templates.close, slots, fallback),
    gaps: [],
    gapLimit: undefined,
    brief,
  }
}
