import nlp from 'compromise'

import { SCENE_VISUAL_MAX_CHARS } from '@storyreel/contracts/studio'

import { isTimeOfDay } from '../lexicon/english-words.ts'
import { getLexicon } from '../lexicon/lexicon.ts'

import { capitalize, getVerbForms, isPluralNoun, SEASONS } from './english.ts'
import { getCharacterKind, tokenize } from './noun-phrases.ts'
import { splitSentences } from './sentences.ts'

/**
 * The picture description of each scene of a script, from its own words: one short sentence in the present
 * tense that names who does what where ("Maya buys limoncello at a tiny shop by the market"). Pronouns
 * become the person or thing they stand for, an order ("Mix the dough") gets a person doing it, and the
 * time a sentence opens with ("By morning, …") is kept. The picture engine reads this with the narration.
 */

/** Grammar: words that open a sentence without being its picture ("Then", "Meanwhile,"). */
const OPENERS = /^(?:and|but|so|yet|then|now|first|next|finally|meanwhile|later|soon|still|also|today|here)\b,?\s*/i
/** Where a sentence's first picture ends: a second clause, a comparison or a reason adds no new subject. */
const CLAUSE_END =
  /\s*(?:[,;:—–]|\s-\s|\b(?:before|after|until|while|because|although|though|whereas|unless|since|so that|(?<!(?:n't|not|do|does|did|would|to|you|they|we|i)\s)like|as if|who|whom|whose|which)\b)/i
/** Grammar: words that set the hour but are never said "at …" ("tonight", "in daylight"). */
const NOT_AT = new Set(['tonight', 'daylight'])
/** Grammar: the words a bare opening phrase of time starts with ("At night the village…", "By noon…"). */
const TIME_OPENERS = new Set(['at', 'by', 'in', 'on', 'every', 'one'])

/** A time of day the lexicon knows ("dawn", "evening", "midnight"), or a season. */
function isTimeWord(word: string): boolean {
  return SEASONS.has(word) || (isTimeOfDay(word) && !NOT_AT.has(word))
}

/** An adjective the lexicon reads as weather, an hour or a mood ("stormy", "dark", "quiet"). */
function isWeatherAdjective(word: string): boolean {
  const kind = getLexicon().adjective(word)?.kind
  return kind === 'weather' || kind === 'time' || kind === 'mood'
}
/** Grammar: a pronoun that opens a clause, to be replaced by whom it stands for. */
const PRONOUN_SUBJECT = /^(she|he|they|it|we|i|you)\b\s*/i

type Memory = {
  /** The story's one named person: always whom "she" or "he" means. */
  protagonist: string | undefined
  person: string | undefined
  people: string | undefined
  thing: string | undefined
}

function timePhrase(lead: string): string | undefined {
  const words = tokenize(lead).map((token) => token.normal)
  const at = words.findIndex(isTimeWord)
  const word = words[at]
  if (!word) return undefined
  const before = words[at - 1]
  const adjective = before !== undefined && isWeatherAdjective(before) ? before : undefined
  if (adjective) return `on ${/^[aeiou]/i.test(adjective) ? 'an' : 'a'} ${adjective} ${word}`
  if (SEASONS.has(word)) return `in ${word}`
  if (/^(?:morning|afternoon|evening)$/.test(word)) return `in the ${word}`
  return `at ${word}`
}

/**
 * An opening phrase of time without a comma: "at", "by", "in", "on", "every" or "one", perhaps "the" or "a"
 * and one word, then a time of day the lexicon knows, and more words after it.
 */
function readBareTime(text: string): { lead: string; rest: string } | undefined {
  const tokens = tokenize(text)
  if (!TIME_OPENERS.has(tokens[0]?.normal ?? '')) return undefined
  const at = [1, 2, 3].find((index) => {
    const word = tokens[index]?.normal ?? ''
    return isTimeOfDay(word) && !NOT_AT.has(word)
  })
  if (at === undefined || at === tokens.length - 1) return undefined
  if (at === 3 && !['the', 'a'].includes(tokens[1]?.normal ?? '')) return undefined
  if ((tokens[at]?.post ?? '').trim()) return undefined
  const lead = tokens
    .slice(0, at + 1)
    .map((token) => token.text)
    .join(' ')
  if (!text.toLowerCase().startsWith(lead.toLowerCase())) return undefined
  return { lead, rest: text.slice(lead.length).trim() }
}

/** The main clause of one sentence: its opening time phrase apart, cut before a second clause. */
function readSentence(sentence: string): { clause: string; time: string | undefined } {
  let text = sentence
    .replace(/["“”‘’]/g, (quote) => (quote === '’' || quote === '‘' ? "'" : ''))
    .replace(/[.!?…]+$/, '')
    .trim()
  text = text.replace(OPENERS, '')
  let time: string | undefined
  // "One stormy evening, a dragon…": an opening phrase without a verb says when or where.
  const lead =
    /^((?:one|on|in|at|by|every|each|after|before|later|that|this|last|next|early|late|during|from|for)\b[^,]{0,40}),\s+(.+)$/i.exec(
      text,
    )
  if (lead?.[1] && lead[2] && !nlp(lead[1]).has('#Verb')) {
    time = timePhrase(lead[1])
    text = lead[2]
  }
  // "At night the village…", "By noon the cows…": the same without a comma.
  const bare = time ? undefined : readBareTime(text)
  if (bare) {
    time = timePhrase(bare.lead)
    text = bare.rest
  }
  // "When the city is quiet, she sits…": the clause that sets the scene is not the picture.
  text = text.replace(/^(?:when|while|as|after|before|once|if|because|although|though|until)\b[^,]*,\s*/i, '')
  text = text.replace(OPENERS, '')
  // "…and never forgot the fisherman": the first of two actions is the picture.
  const verbs = nlp(text).verbs().out('array') as string[]
  if (verbs.length > 1) {
    const second = verbs[1] ?? ''
    const at = text.indexOf(second, text.indexOf(verbs[0] ?? '') + (verbs[0]?.length ?? 0))
    const before = at > 0 ? text.slice(0, at) : text
    const joined = /^(.*?)\s+(?:and|but|or)\s+(?:\w+\s+)?$/i.exec(before)
    // "A fisherman rowed out and pulled the dragon onto his boat": a first action with nothing to show
    // keeps the second.
    const afterFirstVerb = joined?.[1]?.slice(joined[1].indexOf(verbs[0] ?? '') + (verbs[0]?.length ?? 0)) ?? ''
    if (joined?.[1] && nlp(afterFirstVerb).nouns().found) text = joined[1]
  }
  // A comma before a list of things keeps the list ("serve tacos, pizza and ice cream"); one before a
  // second clause ends the picture.
  for (let from = 0; ;) {
    const cut = CLAUSE_END.exec(text.slice(from))
    if (!cut) break
    const at = from + cut.index
    const isListComma = /^\s*,/.test(cut[0]) && !nlp(text.slice(at + 1)).has('#Verb')
    if (!isListComma && at > 8) {
      text = text.slice(0, at)
      break
    }
    from = at + cut[0].length
  }
  time ??= timePhrase(text) ? undefined : timePhrase(sentence)
  return { clause: text.trim(), time }
}

function isPersonPhrase(phrase: string, animalNames: Set<string>): boolean {
  if (animalNames.has(phrase)) return false
  return getCharacterKind(phrase) === 'person' || /^\p{Lu}/u.test(phrase)
}

/** Who a pronoun stands for, from the scenes before; "a person" or "people" when nobody was named yet. */
function resolvePronoun(pronoun: string, memory: Memory): string {
  switch (pronoun.toLowerCase()) {
    case 'she':
    case 'he':
      return memory.protagonist ?? memory.person ?? (pronoun.toLowerCase() === 'she' ? 'a woman' : 'a man')
    case 'it':
      return memory.thing ?? 'it'
    case 'they':
      return memory.people ?? 'people'
    case 'we':
      return 'friends'
    default:
      return 'a person'
  }
}

/** The subject noun phrase a clause opens with, for the scenes after it to refer back to. */
function remember(clause: string, memory: Memory, animalNames: Set<string>) {
  const first = nlp(clause).nouns().first()
  if (!first.found) return
  const text = first.text().replace(/[,.]$/, '')
  if (!clause.toLowerCase().startsWith(text.toLowerCase())) return
  const definite = text.replace(/^(?:an?|one)\s+/i, 'the ')
  const isPlural = isPluralNoun(text)
  if (isPersonPhrase(text.replace(/^(?:the|an?)\s+/i, ''), animalNames)) {
    if (isPlural) memory.people = definite
    else memory.person = definite
    // The first person a story names is the one "she" or "he" means most often.
    if (!isPlural && /^\p{Lu}/u.test(text) && !/^(?:The|A|An)\s/.test(text)) memory.protagonist ??= text
  } else if (isPlural) memory.people = definite
  else memory.thing = definite
}

function clamp(text: string): string {
  if (text.length <= SCENE_VISUAL_MAX_CHARS) return text
  const cut = text.slice(0, SCENE_VISUAL_MAX_CHARS)
  return cut.slice(0, cut.lastIndexOf(' ')).replace(/[,:;]$/, '')
}

/** One picture sentence for one scene, given what the scenes before it named. */
/** Whether a clause is an order ("Mix the dough", "Swap late coffee for tea") rather than a statement. */
function isImperative(clause: string): boolean {
  const [first = '', second = ''] = clause.split(/\s+/)
  const word = first.toLowerCase().replace(/[^a-z'-]/g, '')
  if (
    !word ||
    /^(?:the|a|an|my|our|your|his|her|their|this|these|every|each|some|one|two|three|not|never|no)$/.test(word)
  )
    return false
  // An order uses the verb's plain form: "Boats glide" starts with a plural noun, not with "boat".
  if (getVerbForms(word).base !== word) return false
  const doc = nlp(clause)
  const verbs = doc.verbs()
  if (verbs.found) {
    const firstVerb = (verbs.first().text().split(/\s+/)[0] ?? '').toLowerCase()
    return firstVerb === word
  }
  if (nlp(word).has('#Verb')) return true
  if (/^(?:the|a|an|your|my|our|their|his|her|it|them|some)$/i.test(second)) return true
  // "Steam the dumplings", "Swap late coffee": a word that can be a verb, then an article or a describing word.
  const asOrder = nlp(`you ${word} ${second}`).terms()
  return asOrder.eq(1).has('#Verb') && asOrder.eq(2).has('(#Determiner|#Possessive|#Adjective)')
}

function describeOne(narration: string, memory: Memory, animalNames: Set<string>): string {
  const sentences = splitSentences(narration)
  // The scene's first sentence that names a thing is its picture; a scene of exclamations keeps its first.
  const chosen = sentences.find((sentence) => nlp(sentence).nouns().not('#Pronoun').found) ?? sentences[0] ?? narration
  const { clause, time } = readSentence(chosen)
  let text = clause
  const pronoun = PRONOUN_SUBJECT.exec(text)
  let described: string
  // "Don't check your phone in bed", "Never skip breakfast": an order not to do something shows a person
  // who does not ("A person does not check their phone in bed"), never "a person nots check".
  const negation = /^(?:do not|don't|dont|never)\s+(.+)$/i.exec(text)
  // Only a verb follows "don't" or "never" at the start of a sentence.
  const negated =
    !pronoun && negation?.[1] && !/^(?:the|a|an|my|your|our|their|his|her|this|that)\b/i.test(negation[1])
      ? negation[1]
      : undefined
  const isNever = /^never\b/i.test(text)
  if (negated) text = negated
  if (!pronoun && (negated || isImperative(text))) {
    // "Mix pork and ginger in a bowl": an order shows someone doing it.
    // "Gather everything and clear a space": the first order is the picture.
    const verbWords = new Set(
      (nlp(text).verbs().out('array') as string[]).map((verb) => verb.split(' ')[0]?.toLowerCase()),
    )
    const orders = text.split(/\s+and\s+/)
    const kept = [orders[0] ?? text]
    for (const order of orders.slice(1)) {
      if (verbWords.has(order.split(' ')[0]?.toLowerCase())) break
      kept.push(order)
    }
    const [verb = '', ...rest] = kept.join(' and ').split(/\s+/)
    const acts = negated ? [isNever ? 'never' : 'does not', isNever ? getVerbForms(verb).present : verb] : undefined
    described = ['a person', ...(acts ?? [getVerbForms(verb).present]), ...rest]
      .join(' ')
      .replace(/\byour\b/gi, 'their')
      .replace(/\byou\b/gi, 'they')
  } else {
    if (pronoun?.[1]) text = `${resolvePronoun(pronoun[1], memory)} ${text.slice(pronoun[0].length)}`
    // Only the main verb moves to the present: a participle elsewhere ("the stored energy") stays.
    const present = nlp(text)
    // compromise hands each match to forEach as a plain view; it is one of the verbs asked for.
    present.verbs().forEach((match) => {
      const verb = match as unknown as ReturnType<ReturnType<typeof nlp>['verbs']>
      // "the stored energy": a participle after an article describes a thing; it is no verb to change.
      const isParticiple = new RegExp(`\\b(?:the|a|an|their|his|her|its|our|your)\\s+${verb.text()}`, 'i').test(text)
      if (verb.has('#PastTense') && !isParticiple) verb.toPresentTense()
    })
    described = present.text()
  }
  described = described.replace(/\s+/g, ' ').trim()
  if (!described) described = narration.trim()
  if (time && !described.toLowerCase().includes(time.split(' ').at(-1) ?? '')) described = `${described} ${time}`
  remember(clause.replace(PRONOUN_SUBJECT, ''), memory, animalNames)
  return clamp(capitalize(described.replace(/[.!?]+$/, '')))
}

/**
 * Picture descriptions for a script's scenes, in order; each reads the scenes before it so "she" and "it"
 * are drawn as whom they stand for.
 */
export function describeScriptScenes(narrations: string[]): string[] {
  const memory: Memory = { protagonist: undefined, person: undefined, people: undefined, thing: undefined }
  // A story's one named person is who "she" or "he" is, even before the sentence that names them.
  const text = narrations.join(' ')
  // "his dog Biscuit": a name given to an animal is not whom "he" means.
  const animalNames = new Set<string>()
  for (const match of text.matchAll(/\b([a-z]+)\s+(\p{Lu}[\p{L}'-]+)/gu)) {
    if (match[1] && match[2] && getCharacterKind(match[1]) === 'animal') animalNames.add(match[2])
  }
  const [named] = nlp(text).people().out('array') as string[]
  if (named && !animalNames.has(named)) memory.protagonist = named.replace(/'s$/, '')
  return narrations.map((narration) => describeOne(narration, memory, animalNames))
}
