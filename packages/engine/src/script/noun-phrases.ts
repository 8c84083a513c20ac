import nlp from 'compromise'

import { getBeingKind } from '../lexicon/english-words.ts'

import { isPluralNoun, toSingular } from './english.ts'
import type { Character, NounPhrase } from './prompt-brief.ts'

/**
 * The prompt's words as tokens tagged by compromise, and the phrases the reader builds from them: noun
 * phrases ("our handmade coffee shop"), names ("Rio de Janeiro"), runs and lists.
 */

export type Token = { text: string; normal: string; tags: Set<string>; post: string }

export const PREPOSITIONS = new Set(
  `in at on by near beneath under below above over across through along inside outside around from to of into
  onto behind beside between among against toward towards past off up down during`.split(/\s+/),
)
export const PLACE_PREPOSITIONS = new Set(
  'in at on by near beneath under below above across through along inside outside around from to of into'.split(' '),
)
/** Words ending like a doer ("-er", "-or") that name things. */
const NOT_PEOPLE = new Set(
  'water computer paper number weather winter summer river corner flower tower border letter butter power poster sticker speaker container printer blender mixer burger color colour door floor mirror motor tractor elevator calculator sweater sneaker scooter trailer theater theatre center centre shelter dinner'.split(
    ' ',
  ),
)
export const POSSESSIVES = new Set(['our', 'my', 'his', 'her', 'their', 'your', 'its'])
export const DETERMINERS = new Set(['a', 'an', 'the', 'this', 'that', 'these', 'those', 'some', ...POSSESSIVES])

export function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  for (const term of nlp(text).json() as {
    terms: { text: string; normal: string; tags: string[]; post: string }[]
  }[]) {
    for (const item of term.terms) {
      const previous = tokens.at(-1)
      // "family-run", "night-market": compromise splits at the hyphen; the writer keeps them as one word.
      if (previous && /^-$/.test(previous.post.trim()) && previous.post.trim() === previous.post) {
        previous.text += `-${item.text}`
        previous.normal += `-${item.normal}`
        previous.tags = new Set([...item.tags, 'Noun'].filter((tag) => tag !== 'Verb'))
        previous.post = item.post
        continue
      }
      const normal = item.normal || item.text.toLowerCase()
      // compromise tags a few prepositions as adjectives or nouns ("beneath", "of" before a place).
      const tags = PREPOSITIONS.has(normal)
        ? new Set(['Preposition'])
        : POSSESSIVES.has(normal)
          ? new Set(['Possessive'])
          : new Set(item.tags)
      tokens.push({ text: item.text, normal, tags, post: item.post })
    }
  }
  return tokens
}

export const isNoun = (token: Token | undefined) =>
  token !== undefined &&
  token.tags.has('Noun') &&
  !token.tags.has('Pronoun') &&
  !token.tags.has('Possessive') &&
  !token.tags.has('QuestionWord')
export const isAdjective = (token: Token | undefined) =>
  token !== undefined && (token.tags.has('Adjective') || token.tags.has('Comparative'))
export const isName = (token: Token | undefined) => token !== undefined && /^\p{Lu}/u.test(token.text)

/** Whether adjectives and nouns from `start` end on a noun before anything else. */
export function readsOnToNoun(tokens: Token[], start: number): boolean {
  let index = start
  while (isAdjective(tokens[index])) index++
  return isNoun(tokens[index])
}

/** A noun phrase starting at `start`, or undefined; `end` is the index after it. */
/** Nouns that name a business or a service: what an -ing word before them does there. */
const BUSINESS_HEADS =
  /^(?:shop|store|studio|salon|restaurant|bar|hotel|clinic|school|agency|market|boutique|parlou?r|spa|service|company|business|club|class|classes|centre|center|academy|app)s?$/

export function readNounPhrase(tokens: Token[], start: number): { phrase: NounPhrase; end: number } | undefined {
  let index = start
  let determiner: string | undefined
  const first = tokens[index]
  if (first && DETERMINERS.has(first.normal)) {
    determiner = first.normal
    index++
  }
  const words: Token[] = []
  while (index < tokens.length) {
    const token = tokens[index]
    if (!token) break
    const next = tokens[index + 1]
    // "A dog grooming salon", "a dog walking service": an -ing word before a business names what it does.
    const namesBusiness = /ing$/.test(token.normal) && next !== undefined && BUSINESS_HEADS.test(next.normal)
    // A gerund or participle before a noun names a kind ("fishing village", "handmade soap").
    const modifiesNext =
      namesBusiness ||
      (/(?:ing|ed|made)$/.test(token.normal) &&
        !/^(?:named|called)$/.test(token.normal) &&
        !words.some(isNoun) &&
        (isNoun(next) || isAdjective(next)) &&
        !isName(next))
    const isValue = token.tags.has('Value') && isNoun(next)
    // "pork and ginger dumplings": "and" between nouns with no article after it joins one phrase.
    const joinsNouns =
      token.normal === 'and' &&
      words.length > 0 &&
      isNoun(words.at(-1)) &&
      (isNoun(next) || isAdjective(next)) &&
      !isName(next) &&
      readsOnToNoun(tokens, index + 1)
    if (joinsNouns) {
      words.push(token)
      index++
      continue
    }
    if (PREPOSITIONS.has(token.normal) || token.tags.has('Conjunction') || token.tags.has('QuestionWord')) break
    // "a cook teaching a girl": an -ing word after a noun and before an article starts a clause.
    // "her grandson baking bread": after a person or an animal, an -ing word is what they do.
    const isParticiple =
      !namesBusiness &&
      isNoun(words.at(-1)) &&
      /ing$/.test(token.normal) &&
      (!next ||
        DETERMINERS.has(next.normal) ||
        PREPOSITIONS.has(next.normal) ||
        getCharacterKind(words.at(-1)?.normal ?? '') !== undefined)
    if (isParticiple) break
    if (token.tags.has('Date') && !/^(?:summer|winter|autumn|spring|night|morning|evening)$/.test(token.normal)) break
    // "lemon pancakes", "wine cellars": a plural the tagger took for a verb, after a noun and before nothing
    // that could be its object, is the phrase's noun.
    const isPluralAfterNoun =
      token.tags.has('Verb') &&
      isNoun(words.at(-1)) &&
      isPluralNoun(token.normal) &&
      (!next ||
        PREPOSITIONS.has(next.normal) ||
        next.tags.has('Preposition') ||
        next.tags.has('Conjunction') ||
        /[,;:]/.test(token.post))
    if (isPluralAfterNoun) token.tags = new Set(['Noun', 'Plural'])
    if (!(isNoun(token) || isAdjective(token) || modifiesNext || isValue)) break
    // "his dog Biscuit": a name after a common noun is that one's name, not part of the phrase.
    if (isName(token) && words.some((word) => isNoun(word) && !isName(word))) break
    words.push(token)
    index++
    // A comma ends the phrase ("our bakery, open since…").
    if (/[,:;]/.test(token.post)) break
  }
  // A phrase ends on its noun: trailing adjectives belong to the sentence ("the sky is blue").
  while (words.length > 0 && !isNoun(words.at(-1))) words.pop()
  if (words.length === 0) return undefined
  const end = start + (determiner ? 1 : 0) + words.length
  const lastAdjective = words.findLastIndex((word) => !isNoun(word) && word.normal !== 'and')
  const headWords = words.slice(lastAdjective + 1).filter((word) => word.normal !== 'and')
  const text = words.map((word) => word.text).join(' ')
  const head = headWords.map((word) => word.text).join(' ')
  const qualities = words.slice(0, lastAdjective + 1).map((word) => word.text)
  const nameWords = headWords.filter(isName)
  return {
    phrase: {
      text: lowerCommon(text, words),
      determiner,
      head: lowerCommon(head, headWords),
      qualities,
      isPlural: isPluralNoun(head) && !nameWords.length,
      isName: nameWords.length > 0 && nameWords.length === headWords.length,
    },
    end,
  }
}

/** Common nouns written with a capital at the start of a prompt become lower case; names keep theirs. */
function lowerCommon(text: string, words: Token[]): string {
  const [first] = words
  if (!first || !/^\p{Lu}/u.test(first.text)) return text
  const isProper = first.tags.has('ProperNoun') || first.tags.has('Place') || first.tags.has('Person')
  return isProper ? text : text.charAt(0).toLowerCase() + text.slice(1)
}

/** Characters are people, animals or creatures; anything else is a thing. */
export function getCharacterKind(head: string): Character['kind'] | undefined {
  const word = head.toLowerCase().split(/\s+/).at(-1) ?? ''
  const singular = toSingular(word)
  const known = getBeingKind(word) ?? getBeingKind(singular)
  if (known) return known
  if (/(?:[^e]er|keeper|or|ist|man|woman|ian)$/.test(singular) && !NOT_PEOPLE.has(singular)) return 'person'
  // A name is a person's unless the tagger knows it as a place ("Lisbon in spring" is a trip).
  if (/^\p{Lu}/u.test(head)) return nlp(head).has('(#Place|#City|#Country|#Region)') ? undefined : 'person'
  return undefined
}

export function readRun(tokens: Token[], start: number, accepts: (token: Token) => boolean) {
  let end = start
  while (end < tokens.length && accepts(tokens[end] as Token)) end++
  return {
    text: tokens
      .slice(start, end)
      .map((token) => token.text)
      .join(' '),
    end,
  }
}

/** A run of capitalised words, with "of" or "de" inside ("Lake Como", "Rio de Janeiro"). */
export function readName(tokens: Token[], start: number) {
  let first = start
  if (tokens[first]?.normal === 'the' && isName(tokens[first + 1])) first++
  if (!isName(tokens[first]) || tokens[first]?.tags.has('Date')) return undefined
  let end = first
  while (end < tokens.length) {
    const token = tokens[end]
    if (isName(token) && !token?.tags.has('Date')) end++
    else if (/^(?:de|da|del|di|do|du|la|le)$/.test(token?.normal ?? '') && isName(tokens[end + 1])) end++
    else break
  }
  const text = tokens
    .slice(start, end)
    .map((token) => token.text)
    .join(' ')
  return { text, end }
}

/** Noun phrases separated by commas and "and": "lemon groves, the harbour and the village at night". */
export function readList(tokens: Token[], start: number) {
  const phrases: NounPhrase[] = []
  let index = start
  while (index < tokens.length) {
    const token = tokens[index]
    if (!token) break
    if (token.normal === 'and' || token.normal === 'or') {
      index++
      continue
    }
    const read = readNounPhrase(tokens, index)
    if (!read) break
    phrases.push(read.phrase)
    index = read.end
    // "the village at night": a time after an item belongs to it.
    while (index < tokens.length && PREPOSITIONS.has(tokens[index]?.normal ?? '')) {
      const after = readNounPhrase(tokens, index + 1)
      if (!after) break
      index = after.end
    }
  }
  return { phrases, end: index }
}
