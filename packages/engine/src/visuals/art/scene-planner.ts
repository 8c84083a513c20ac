import { getGender, getNounEntry } from '../../lexicon/english-words.ts'
import { getLexicon } from '../../lexicon/lexicon.ts'
import type { Setting, TimeOfDay, Weather } from '../../lexicon/vocabulary.ts'
import { getArtLibrary } from './art-library.ts'
import { artForSense, senseOfArt } from './art-senses.ts'
import { castPeople, fitsFigure, relativeFigure } from './cast.ts'
import { planForeignScene } from './foreign-planner.ts'
import { keyPhraseOf } from './key-phrase.ts'
import { assemblePlan } from './plan-assembly.ts'
import type { Candidate, PlanRequest, ScenePlan, WordChoice } from './plan-types.ts'
import {
  colouredArt,
  conceptArt,
  conceptOf,
  figureFor,
  groupOf,
  personFigure,
  propsOf,
  severalWhenPlural,
  withTone,
} from './plan-words.ts'
import { readText, type Noun } from './scene-reader.ts'
import { broaderSenses, isDrawableNoun, nounSenses, readSynset, usualKind, usualSense } from './wordnet.ts'

export { castOf } from './cast.ts'
export { keyPhraseOf } from './key-phrase.ts'
export { assemblePlan, type Findings } from './plan-assembly.ts'
export type { Candidate, CastMember, PlannedArt, PlanRequest, ScenePlan, WordChoice } from './plan-types.ts'
export { conceptArt, figureFor, withTone } from './plan-words.ts'

/**
 * Decides what a scene shows from its words: the main subject, what stands beside it, the setting, and the
 * record of which word chose which drawing (or why a word drew nothing).
 */

/** Score needed for a keyword match of the art library to stand for a noun on its own. */
const MIN_MATCH = 6

/** Whether drawing `art` means the sense `sense` or a narrower one ("passenger ship" is a ship). */
function meansSense(art: string, sense: number): boolean {
  const own = senseOfArt(art)
  return own !== undefined && (own === sense || broaderSenses(own, 8).includes(sense))
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
      // Code, not data: the cast belongs to this story, not to any word.
      if (member) {
        castSeen = true
        candidates.push({ id: member.figure, word: noun.text, score: score + 4 })
        markSubject()
        words.push({ word: noun.text, art: member.figure, reason: 'named character' })
        continue
      }
      // "New York", "Mount Fuji": a name of two words the concept table knows, at its last word.
      // Code: whether a word is a name is the tagger's reading of this sentence (capitals, position).
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
        // Code: names are no lexicon words; WordNet and where the name stands decide.
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
      // Code: punctuation around the word decides, not the word.
      if (noun.beforeHyphen) {
        words.push({ word: noun.text, art: undefined, reason: 'part of a word joined by a hyphen' })
        continue
      }
      // "Carried him home", "went home": a direction, neither a house nor the setting.
      // Code: grammar, the part of speech before "home" decides; the record of "home" is the house.
      if (noun.lemma === 'home' && !noun.possessive && ['VERB', 'PRON', 'ADV'].includes(noun.previousPos ?? '')) {
        words.push({ word: noun.text, art: undefined, reason: 'a direction: home' })
        continue
      }
      // "A cat burglar", "a fire fighter": a compound WordNet knows as someone is that person, not the animal
      // or the thing named inside it.
      // Code: WordNet holds thousands of such compounds; they are asked for, not listed.
      if (
        noun.modifier &&
        next?.position === noun.position + 1 &&
        usualKind(`${noun.lemma}_${next.lemma}`) === 'person'
      ) {
        words.push({ word: noun.text, art: undefined, reason: `part of "${noun.lemma} ${next.lemma}", someone` })
        continue
      }
      // "At home in the evening", "a bright home": inside a home, not a house seen from the street.
      // Code: grammar, "at" or a phrase around "home" decides; the record of "home" is the house.
      if (noun.lemma === 'home' && (noun.previousWord === 'at' || (noun.phrase.includes(' ') && !noun.modifier))) {
        if (!setting || score > setting.score) setting = { value: 'home', score }
        words.push({ word: noun.text, art: undefined, reason: 'the setting: home' })
        continue
      }
      // "A mother elephant protects her baby": the mother is the elephant and the baby its young, not people.
      // The words are data (kin); code reads whose family they are from the sentence.
      const kin = getNounEntry(noun.lemma)?.kin
      const isAnimal = (other: Noun | undefined) => other !== undefined && usualKind(other.lemma) === 'animal'
      const subjectHead = reading.nouns.find((other) => other.sentence === noun.sentence && other.subject && other.head)
      const animals =
        (noun.modifier && isAnimal(reading.nouns[nounIndex + 1])) ||
        (noun.possessive !== undefined && isAnimal(subjectHead))
      if ((kin === 'parent' || kin === 'young') && animals && !noun.proper) {
        words.push({ word: noun.text, art: undefined, reason: 'the animal’s family' })
        continue
      }
      // "Since then they have been friends", in a story of a mouse and a cat: the friends are the animals.
      // The words are data (company); code asks whether the story's cast is animals.
      const creature = cast.find((member) => member.pronoun === 'it')
      if (creature && castPeople(cast).length === 0 && getNounEntry(noun.lemma)?.company) {
        candidates.push({ id: creature.figure, word: noun.text, score })
        const companion = cast.find((member) => member.companion)
        if (companion) candidates.push({ id: companion.figure, word: noun.text, score: score * 0.8 })
        markSubject()
        words.push({ word: noun.text, art: creature.figure, reason: `the ${creature.name} the story follows` })
        continue
      }
      // "A young princess named Lila": the role is the named character, drawn once, as her.
      // Code: depends on a name of the cast following in the text.
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
      // The words are data (kin); code matches the possessive to the cast's figure and its tone.
      const relative = relativeFigure(noun, cast)
      if (relative) {
        candidates.push({ id: relative.figure, word: noun.text, score })
        markSubject()
        words.push({ word: noun.text, art: relative.figure, reason: `family of ${relative.of}` })
        continue
      }
      // "A red ball": the thing in the colour its phrase gives it, where the library draws that colour, and
      // "the ball" later in the story is that same red ball.
      // The colours are data (colours); code reads the colour word in the phrase and remembers the thing.
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
      // Code: WordNet's usual kind of the word and its place in the phrase decide, for any noun.
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
        const plural = noun.text.toLowerCase() !== noun.lemma
        const one = concept.group === 'plural' && !plural
        const chosen = one
          ? [{ id: personFigure(noun.lemma), word: noun.text, score }]
          : concept.group
            ? groupOf(noun.lemma, noun.text, score)
            : severalWhenPlural(conceptArt(concept, label, score), noun.lemma, plural && !phraseConcept)
        candidates.push(...chosen)
        const owner = chosen[0]
        if (owner && getArtLibrary().get(owner.id)?.kind === 'person' && !owner.group)
          candidates.push(...propsOf(noun.lemma, owner.id, noun.text, score))
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
      // Code: grammar, a name, "'s" and a noun in that order.
      const owner = reading.nouns[nounIndex - 1]
      const ownerConcept = owner?.proper ? conceptOf(owner.lemma) : undefined
      if (owner && ownerConcept?.setting && owner.nextPos === 'PART' && owner.position === noun.position - 2) {
        // What the sentence says of the part, it says of the whole: Saturn leads "Saturn's rings are…".
        candidates.push(...conceptArt(ownerConcept, owner.text, score))
        markSubject()
        words.push({ word: noun.text, art: ownerConcept.art?.[0], reason: `a part of ${owner.text}` })
        continue
      }
      // Code: WordNet's senses say what is abstract, for every noun; no list could.
      if (!isDrawableNoun(noun.lemma, hasExactArt(noun) ? 3 : 1) && nounSenses(noun.lemma).length > 0) {
        abstractWords.push(noun.text)
        words.push({ word: noun.text, art: undefined, reason: `WordNet: ${describeSense(noun.lemma)}` })
        continue
      }
      const found = findArt(noun)
      const id = found.candidates[0]?.id
      if (id) {
        const plural = noun.text.toLowerCase() !== noun.lemma
        const toned = withTone(id, getGender(noun.lemma))
        const drawn = severalWhenPlural([{ id: toned, word: noun.text, score }], noun.lemma, plural)
        candidates.push(...drawn)
        if (getArtLibrary().get(id)?.kind === 'person' && !drawn[0]?.group)
          candidates.push(...propsOf(noun.lemma, toned, noun.text, score))
      }
      markSubject()
      words.push({ word: noun.text, art: id ? withTone(id, getGender(noun.lemma)) : undefined, reason: found.reason })
    }
    for (const verb of reading.verbs) {
      const motion = getLexicon().verb(verb)?.motion
      if (motion === 'flies') flies = true
      if (motion === 'holds') holds = true
      if (motion === 'rides') rides = true
      // "The dragon carried him home": an animal that carries someone carries them on its back.
      // Code: whether the one carrying is an animal is read from the sentence.
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
    // Code, as for the pronouns below: a pronoun refers to the cast and the sentence, not to a record.
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
    // "She soared above the clouds": with nobody in the story to be her and no one else named, she is drawn.
    const unnamed = reading.subjectPronouns.find((word) => word === 'she' || word === 'he')
    const anyone = (item: Candidate) => ['person', 'animal', 'bird'].includes(getArtLibrary().get(item.id)?.kind ?? '')
    if (unnamed && castPeople(cast).length === 0 && !cast.some((item) => item.pronoun) && !candidates.some(anyone)) {
      const figure = figureFor(`${unnamed} (unnamed)`, unnamed === 'she' ? 'woman' : 'man')
      candidates.push({ id: figure, word: unnamed, score: weight * 1.3 })
      words.push({ word: unnamed, art: figure, reason: 'someone unnamed (pronoun)' })
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
