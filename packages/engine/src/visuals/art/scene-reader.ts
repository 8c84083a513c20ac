import winkNLP, { type ItemToken } from 'wink-nlp'
import model from 'wink-eng-lite-web-model'

import {
  adjectiveUse,
  baseNoun,
  broaderSenses,
  isVerbForm,
  nounSenses,
  nounUse,
  readSynset,
  usualKind,
  usualSense,
  verbBaseOf,
  verbUse,
} from './wordnet.ts'

/** "Astronauts float…": a plural opening a sentence is a common noun, whatever the tagger says. */
const isPluralNoun = (word: string) => {
  const lower = word.toLowerCase()
  if (baseNoun(word) !== lower) return true
  // WordNet lists a few plurals as words of their own ("cows"): an "s" after a noun it knows still makes many.
  const singular = lower.endsWith('s') && !lower.endsWith('ss') ? lower.slice(0, -1) : undefined
  return singular !== undefined && nounSenses(singular).length > 0
}

/**
 * Reads a scene's words with wink-nlp (English part-of-speech tags and lemmas): the noun phrases, names,
 * verbs and pronouns the scene planner works from.
 */

export type Noun = {
  /** The word as written. */
  text: string
  /** Its lemma, in the tagger's American spelling ("harbour" → "harbor"). */
  lemma: string
  /** The phrase it heads or sits in, e.g. "silver dragon", "lemon groves". */
  phrase: string
  /** A two-word compound ending here ("coffee shop"), when the word before is a noun too. */
  compound?: string
  /** The last noun of its phrase: the thing the phrase names. */
  head: boolean
  /** Right before another noun of its phrase, saying what that one is like ("stone oven", "lemon groves"). */
  modifier: boolean
  /** The first phrase of its sentence: most often what the sentence is about. */
  subject: boolean
  /** Which sentence of the text it is in. */
  sentence: number
  proper: boolean
  /** Follows a preposition of place ("in Lisbon", "through Amalfi"). */
  afterPlacePreposition: boolean
  /** The part of speech of the word right after it ("VERB" in "Maya walked"). */
  nextPos: string | undefined
  /**
   * The word after it is a verb, whatever the tagger said: the small English model tags a third-person verb
   * after a noun as a noun ("the farmer drives his tractor", "the kettle whistles on the stove").
   */
  beforeVerb: boolean
  /** The noun right before it in its phrase ("dog" in "his dog Biscuit"). */
  previousNoun: string | undefined
  /** The possessive right before its phrase, lower-case ("her" in "Her brother drove…"). */
  possessive: string | undefined
  /** Position in the text, in tokens. */
  position: number
  /** Joined by a hyphen to the word after it ("wood" of "wood-fired"): part of a word that describes. */
  beforeHyphen: boolean
  /** The part of speech of the word right before it ("VERB" in "carried him home" is "PRON"). */
  previousPos: string | undefined
  /** The word right before it, lower-case ("at" in "at home"). */
  previousWord: string | undefined
}

export type Reading = {
  nouns: Noun[]
  verbs: string[]
  pronouns: string[]
  /** Pronouns that open a sentence ("She bought…"): the one the sentence is about. */
  subjectPronouns: string[]
  /** Pronouns that say whose a thing is ("her" in "her brother"), as written, lower-case. */
  possessives: string[]
  sentences: string[]
  /** Every word of the text in order, by lemma (lower-case) and part of speech, for word lists to match. */
  words: { text: string; lemma: string; pos: string }[]
}

/**
 * "Cafés" is "cafe": WordNet, the art keywords and the concept table spell without accents, and the tagger
 * leaves a plural it does not know as written.
 */
function withoutAccents(lemma: string): string {
  const plain = lemma.normalize('NFD').replace(/\p{M}/gu, '')
  return plain === lemma ? lemma : baseNoun(plain)
}

const POSSESSIVES = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their'])

/** A possessive before a phrase: "his", "their" always; "her" when a noun or an adjective follows ("her old dog"). */
function isPossessive(tokens: Array<{ text: string; pos: string }>, index: number): boolean {
  const word = tokens[index]?.text.toLowerCase() ?? ''
  if (!POSSESSIVES.has(word)) return false
  return word !== 'her' || ['NOUN', 'PROPN', 'ADJ'].includes(tokens[index + 1]?.pos ?? '')
}

let nlp: ReturnType<typeof winkNLP> | undefined

function getNlp() {
  nlp ??= winkNLP(model)
  return nlp
}

const PLACE_PREPOSITIONS = new Set([
  'in',
  'at',
  'to',
  'through',
  'thru',
  'across',
  'around',
  'near',
  'from',
  'of',
  'into',
  'over',
  'toward',
  'towards',
  'visit',
])

/** Words the tagger sometimes marks as nouns but that never name a thing in a picture. */
const NOT_NOUNS = new Set([
  'first',
  'next',
  'then',
  'finally',
  'last',
  'everything',
  'nothing',
  'anything',
  'someone',
  'everyone',
])

/** Words said in greeting, which follow a verb ("waves goodbye", "says hello"). */
const GREETINGS = /^(?:goodbye|good-bye|bye|hello|hi|farewell)$/i

/** A noun whose usual sense is someone or some animal ("plumber", "grandpa", "otter"). */
function isBeing(lemma: string): boolean {
  return ['person', 'animal'].includes(usualKind(lemma) ?? '')
}

/** Senses above every word for a parent, grandparent, aunt, uncle, sister or brother, and none above "baby". */
const FAMILY = new Set(['ancestor', 'kinsman', 'kinswoman'])

/** A word for a relative that people use as a name: "Grandpa", "Mom", "Auntie" (not "Baby", an offspring). */
function isFamilyWord(lemma: string): boolean {
  const sense = usualSense(lemma)
  if (sense === undefined) return false
  return broaderSenses(sense, 6).some((offset) => readSynset(offset).words.some((word) => FAMILY.has(word)))
}

const DETERMINERS = new Set(['a', 'an', 'the', 'this', 'that', 'my', 'your', 'our', 'his', 'her', 'their'])

/** Parts of speech that follow a verb but never a noun's own noun ("drives his", "whistles on", "rolls out"). */
const AFTER_VERB = new Set(['DET', 'PRON', 'ADP', 'PART', 'ADV', 'ADJ', 'NUM'])

function isBeforeVerb(tokens: { text: string; lemma: string; pos: string }[], at: number): boolean {
  const next = tokens[at + 1]
  if (!next) return false
  if (next.pos === 'VERB' || next.pos === 'AUX') return true
  // The verb readText reads out of a compound ("Biscuit chased a ball") is a verb here too.
  if (verbAfterNoun(tokens, at + 1)) return true
  return next.pos === 'NOUN' && AFTER_VERB.has(tokens[at + 2]?.pos ?? '') && isVerbForm(next.text)
}

/**
 * "Biscuit chased a ball", "the farmer drives his tractor": a verb the tagger took for the second noun of a
 * compound, told by its form (the "-s" or "-ed" of a verb WordNet knows) and the object that follows it ("a",
 * "his"); "solar panels on a roof" and "the school bus this morning" stay nouns. Gives the verb, or undefined.
 */
function verbAfterNoun(tokens: { text: string; lemma: string; pos: string }[], at: number): string | undefined {
  const token = tokens[at]
  const previous = tokens[at - 1]
  const next = tokens[at + 1]
  if (token?.pos !== 'NOUN' || (previous?.pos !== 'NOUN' && previous?.pos !== 'PROPN')) return undefined
  // "The girl waves to her friends": after someone who acts, before a preposition, a greeting ("waves goodbye")
  // or the end, it is what they do.
  // A name acts only when it is a family word used as one ("Grandpa waves goodbye"): "Baby shoes on sale",
  // "Lobster rolls by the sea" and "Turkey sandwiches for lunch" are things, capitalised to open a line.
  const actor = previous.pos === 'PROPN' ? isFamilyWord(previous.lemma) : isBeing(previous.lemma)
  const closes = next === undefined || ['ADP', 'ADV', 'PUNCT', 'INTJ'].includes(next.pos) || GREETINGS.test(next.text)
  if (actor && closes && /s$/.test(token.text)) return verbBaseOf(token.text)
  // "A phone rings at 3 a.m.", "the kettle whistles": one thing named with "a" or "the" does it too, in a
  // sentence with no other verb, when the word is used more as a verb than as a noun ("the tree lights" stay).
  const one = previous.pos === 'NOUN' && previous.text.toLowerCase() === previous.lemma
  const named = DETERMINERS.has(tokens[at - 2]?.text.toLowerCase() ?? '')
  const alone = !tokens.some((item) => item.pos === 'VERB' || item.pos === 'AUX')
  const base = verbBaseOf(token.text)
  if (one && named && alone && closes && base && /s$/.test(token.text) && verbUse(base) > nounUse(baseNoun(token.text)))
    return base
  if (next?.pos !== 'DET' && next?.pos !== 'PRON') return undefined
  const verb = verbBaseOf(token.text)
  // "Winter jackets this weekend": a time after it is no object, and a word used more as a noun stays one.
  const time = TIME_DETERMINERS.has(next.text.toLowerCase()) && TIME_NOUNS.test(tokens[at + 2]?.text ?? '')
  if (verb && time && nounUse(baseNoun(token.text)) > verbUse(verb)) return undefined
  return verb
}

/**
 * "Book your table", "Grab the tickets": a sentence (or a clause after a colon) that opens on a word WordNet knows as a verb, followed by a
 * determiner or a possessive, gives an order; the tagger reads the verb as a noun (or a name, capitalised).
 */
function imperativeAt(tokens: { text: string; lemma: string; pos: string }[], at: number): string | undefined {
  const token = tokens[at]
  const next = tokens[at + 1]
  // A clause after a colon opens on its verb too, and there a name may be its object: "…: call Maria" (a
  // title before a name is capitalised: "…: Captain Jack").
  const afterColon = at > 0 && [':', ';'].includes(tokens[at - 1]?.text ?? '')
  if ((at !== 0 && !afterColon) || !token || (token.pos !== 'NOUN' && token.pos !== 'PROPN')) return undefined
  const object =
    next?.pos === 'DET' ||
    (next?.pos === 'PRON' && POSSESSIVES.has(next.text.toLowerCase())) ||
    (afterColon && next?.pos === 'PROPN' && /^\p{Ll}/u.test(token.text))
  if (!object) return undefined
  const word = token.text.toLowerCase()
  return isVerbForm(word) && !word.endsWith('s') ? word : undefined
}

/**
 * "A treasure map in the attic": the tagger reads "map" as a verb, but a verb's bare form cannot follow a
 * single thing named with "a" or "the" and before a preposition; there it ends a compound noun, when WordNet
 * knows it as a noun.
 */
function isCompoundNoun(tokens: { text: string; lemma: string; pos: string }[], at: number): boolean {
  const [determiner, noun, token, next] = [tokens[at - 2], tokens[at - 1], tokens[at], tokens[at + 1]]
  // "Autumn leaves covered the path": a plural before the sentence's verb is its subject, not a verb.
  const plural = token?.text.toLowerCase() ?? ''
  if (
    token?.pos === 'VERB' &&
    next?.pos === 'VERB' &&
    (noun?.pos === 'ADJ' || noun?.pos === 'NOUN' || noun?.pos === 'PROPN') &&
    /s$/.test(plural) &&
    nounSenses(baseNoun(plural)).length > 0
  )
    return true
  if (token?.pos !== 'VERB' || noun?.pos !== 'NOUN' || !determiner) return false
  // With an object after it, it is the verb of an earlier subject: "panels on a roof turn sunlight…".
  if (next && !['ADP', 'PUNCT', 'CCONJ', 'SCONJ'].includes(next.pos)) return false
  if (!['a', 'an', 'the', 'this', 'that', 'every', 'each'].includes(determiner.text.toLowerCase())) return false
  const word = token.text.toLowerCase()
  const single = noun.text.toLowerCase() === noun.lemma
  return single && word === token.lemma && !/(s|ed|ing)$/.test(word) && nounSenses(word).length > 0
}

/** What may come before a sentence's subject in a time phrase: "Every night", "Later that day,". */
const OPENING_POS = new Set(['DET', 'ADJ', 'ADV', 'NUM', 'PUNCT'])

const TIME_DETERMINERS = new Set(['this', 'that', 'every', 'each', 'next', 'last'])
const TIME_NOUNS =
  /^(morning|afternoon|evening|night|day|week|weekend|month|year|season|summer|winter|spring|autumn|fall|time)s?$/i

export function readText(text: string): Reading {
  const engine = getNlp()
  const its = engine.its
  const doc = engine.readDoc(text)
  const nouns: Noun[] = []
  const verbs: string[] = []
  const pronouns: string[] = []
  const subjectPronouns: string[] = []
  const possessives: string[] = []
  const sentences: string[] = []
  const words: { text: string; lemma: string; pos: string }[] = []
  let position = 0
  doc.sentences().each((sentence, sentenceIndex: number) => {
    sentences.push(sentence.out())
    const tokens: { text: string; lemma: string; pos: string }[] = []
    // wink's `its` helpers are plain functions that `out` calls with the token's data, never with `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const lemmaOf = its.lemma as never
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const posOf = its.pos
    sentence.tokens().each((token: ItemToken) => {
      tokens.push({ text: token.out(), lemma: String(token.out(lemmaOf)).toLowerCase(), pos: token.out(posOf) })
    })
    for (const [at, token] of tokens.entries()) {
      // "A plumber waves goodbye": the small model tags some people and animals after "a" as adjectives; a word
      // WordNet knows as a noun for someone or some animal, and never saw used as an adjective, names them
      // ("plumber", "mechanic"; "a young woman" keeps its adjective).
      // A loanword it cannot place ("samurai", tagged X) names the same when WordNet knows it as such a noun.
      const tagged = token.pos === 'ADJ' || token.pos === 'X'
      if (tagged && isBeing(baseNoun(token.text)) && adjectiveUse(token.text) <= 0) {
        token.pos = 'NOUN'
        token.lemma = baseNoun(token.text)
      }
      // "Be patient", "is ready": a single noun right after "be", with no determiner, says what someone is.
      if (token.pos === 'NOUN' && tokens[at - 1]?.lemma === 'be' && token.text.toLowerCase() === token.lemma)
        token.pos = 'ADJ'
      if (!isCompoundNoun(tokens, at)) continue
      token.pos = 'NOUN'
      token.lemma = baseNoun(token.text)
    }
    for (const token of tokens)
      if (/\p{L}/u.test(token.text)) words.push({ text: token.text.toLowerCase(), lemma: token.lemma, pos: token.pos })
    let firstPhraseDone = false
    let index = 0
    while (index < tokens.length) {
      const token = tokens[index]
      if (!token) break
      if (token.pos === 'VERB') verbs.push(token.lemma)
      if (token.pos === 'PRON') {
        pronouns.push(token.lemma)
        if (isPossessive(tokens, index)) possessives.push(token.text.toLowerCase())
        // "It flew…" is something the story follows; "It was late" is nobody; "Her brother drove…" is the brother.
        const next = tokens[index + 1]
        const acts =
          !isPossessive(tokens, index) && (token.lemma !== 'it' || (next?.pos === 'VERB' && next.lemma !== 'be'))
        // It opens the sentence, or follows only a time ("Every night it sneaked…", "One morning she…").
        const opens =
          index === 0 ||
          (next?.pos === 'VERB' &&
            tokens.slice(0, index).every((item) => OPENING_POS.has(item.pos) || TIME_NOUNS.test(item.text)))
        if (opens && acts) subjectPronouns.push(token.lemma)
      }
      if (token.pos !== 'NOUN' && token.pos !== 'PROPN' && token.pos !== 'ADJ') {
        index++
        continue
      }
      const verb = verbAfterNoun(tokens, index) ?? imperativeAt(tokens, index)
      if (verb) {
        verbs.push(verb)
        index++
        continue
      }
      // A phrase: adjectives and nouns in a row, ending with a noun.
      let end = index
      while (
        end < tokens.length &&
        ['NOUN', 'PROPN', 'ADJ'].includes(tokens[end]?.pos ?? '') &&
        !(end > index && verbAfterNoun(tokens, end))
      )
        end++
      const run = tokens.slice(index, end)
      const nounsInRun = run
        .map((item, offset) => ({ item, offset }))
        .filter(({ item }) => (item.pos === 'NOUN' || item.pos === 'PROPN') && !NOT_NOUNS.has(item.text.toLowerCase()))
      if (nounsInRun.length > 0) {
        const before = tokens[index - 1]
        const afterPlace = before !== undefined && PLACE_PREPOSITIONS.has(before.lemma)
        const phrase = run.map((item) => item.text).join(' ')
        const lastOffset = nounsInRun.at(-1)?.offset
        for (const { item, offset } of nounsInRun) {
          const previous = run[offset - 1]
          // A capital at the start of a sentence, before a noun, is no name ("Solar panels…").
          const sentenceStart = index + offset === 0
          const capital = /^\p{Lu}/u.test(item.text)
          // A capital inside a sentence is a name even where the tagger says noun ("his dog Biscuit"); at the
          // start, only a PROPN that is not followed by a noun ("Solar panels…" is no name).
          const proper =
            capital &&
            (sentenceStart ? item.pos === 'PROPN' && offset === run.length - 1 && !isPluralNoun(item.text) : true)
          nouns.push({
            text: item.text,
            // A capitalised word opening a sentence is tagged as a name, its plural kept: "Children race…".
            lemma: withoutAccents(
              item.pos !== 'PROPN' ? item.lemma : proper ? item.text.toLowerCase() : baseNoun(item.text),
            ),
            phrase,
            compound: previous ? `${previous.lemma} ${item.lemma}` : undefined,
            head: offset === lastOffset,
            modifier: ['NOUN', 'PROPN'].includes(run[offset + 1]?.pos ?? ''),
            subject: !firstPhraseDone,
            sentence: sentenceIndex,
            proper,
            nextPos: tokens[index + offset + 1]?.pos,
            beforeVerb: isBeforeVerb(tokens, index + offset),
            previousNoun:
              previous && (previous.pos === 'NOUN' || previous.pos === 'PROPN') ? previous.lemma : undefined,
            afterPlacePreposition: afterPlace,
            possessive: isPossessive(tokens, index - 1) ? before?.text.toLowerCase() : undefined,
            position: position + index + offset,
            beforeHyphen: /^[-‐‑]$/u.test(tokens[index + offset + 1]?.text ?? ''),
            previousPos: tokens[index + offset - 1]?.pos,
            previousWord: tokens[index + offset - 1]?.text.toLowerCase(),
          })
        }
        firstPhraseDone = true
      }
      index = end
    }
    position += tokens.length
  })
  return { nouns, verbs, pronouns, subjectPronouns, possessives, sentences, words }
}
