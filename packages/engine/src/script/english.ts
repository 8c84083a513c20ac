import nlp from 'compromise'
import indefinite from 'indefinite'
import pluralize from 'pluralize'
import { titleCase } from 'title-case'

import { getGender } from '../lexicon/english-words.ts'

import { MASS_NOUNS } from './mass-nouns.ts'

/**
 * The inflection the writer needs, from maintained libraries rather than rules of our own: verb forms
 * (compromise), noun number (pluralize), "a" or "an" (indefinite) and title case (title-case).
 */

export type VerbForms = { base: string; present: string; past: string; gerund: string; participle: string }

const verbCache = new Map<string, VerbForms>()

/** Every form of a verb given in any form ("flew", "teaches", "make"). */
export function getVerbForms(verb: string): VerbForms {
  const key = verb.toLowerCase()
  const cached = verbCache.get(key)
  if (cached) return cached
  const [forms] = nlp(key).verbs().conjugate() as Partial<Record<string, string>>[]
  const base = forms?.Infinitive ?? key
  const past = forms?.PastTense ?? `${base}ed`
  const result: VerbForms = {
    base,
    present: forms?.PresentTense ?? `${base}s`,
    // compromise leaves a few regular verbs' past as the base ("glide"); add the ending it forgot.
    past: past === base && !/(?:ut|et|it|st)$/.test(base) ? `${base.replace(/e$/, '')}ed` : past,
    gerund: forms?.Gerund ?? `${base}ing`,
    participle: forms?.Participle ?? past,
  }
  verbCache.set(key, result)
  return result
}

/** The verb agreeing with its subject in the present: "a baker takes", "bakers take". */
export function presentTense(verb: string, isPluralSubject: boolean): string {
  const forms = getVerbForms(verb)
  return isPluralSubject ? forms.base : forms.present
}

/** Nouns that are plural in form but name one thing or a mass ("news", "physics"), and mass nouns. */
const NOT_COUNTED = /^(?:news|physics|mathematics|economics|athletics|gymnastics|series|species|means)$/i

/** Whether a noun (the last word of a phrase) is plural: "boats", "people", "octopuses"; not "bus", "news". */
export function isPluralNoun(phrase: string): boolean {
  const head = phrase.trim().split(/\s+/).at(-1)?.toLowerCase() ?? ''
  if (!head || NOT_COUNTED.test(head)) return false
  return pluralize.isPlural(head) && !pluralize.isSingular(head)
}

/** Mass nouns take no "a": "bread", "coffee", "music", "water", "olive oil". */
export function isMassNoun(phrase: string): boolean {
  const head = phrase.trim().toLowerCase().split(/\s+/).at(-1) ?? ''
  if (!head) return false
  if (MASS_NOUNS.has(head)) return true
  if (pluralize.isPlural(head) && pluralize.isSingular(head)) return true
  return nlp(head).has('#Uncountable')
}

export function toPlural(phrase: string): string {
  const words = phrase.trim().split(/\s+/)
  const head = words.pop() ?? ''
  return [...words, pluralize.plural(head)].join(' ')
}

export function toSingular(phrase: string): string {
  const words = phrase.trim().split(/\s+/)
  const head = words.pop() ?? ''
  return [...words, pluralize.singular(head)].join(' ')
}

/** "a baker", "an old lighthouse", "an hour"; plural and mass nouns stay bare ("boats", "bread"). */
export function withIndefinite(phrase: string): string {
  // The noun a phrase is about comes before its first preposition: "a glass of water", "cups of tea".
  const head = phrase.split(/\s+(?:of|with|in|on|at|from|for|by)\s+/)[0] ?? phrase
  if (isPluralNoun(head) || isMassNoun(head)) return phrase
  return indefinite(phrase)
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export function lowerFirst(text: string): string {
  // A name or an acronym keeps its capital ("Lisbon", "TV"); only an ordinary first word is lowered.
  const first = text.split(/\s+/)[0] ?? ''
  if (/^\p{Lu}{2,}/u.test(first) || /^(?:I|I'm|I've|I'll)$/.test(first)) return text
  return text.charAt(0).toLowerCase() + text.slice(1)
}

/** Title case with English small-word rules: "How Solar Panels Work", "A Village Beneath the Cliffs". */
export function toTitle(text: string): string {
  return titleCase(text.trim().replace(/\s+/g, ' '))
}

/** "a, b and c". */
export function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`
}

/** Seasons, said "in summer": grammar, since the lexicon pictures times of day and a season is none. */
export const SEASONS: ReadonlySet<string> = new Set(['spring', 'summer', 'autumn', 'fall', 'winter'])

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']

/** "three" for 3, the digits past ten. */
export function numberWord(value: number): string {
  return NUMBER_WORDS[value] ?? String(value)
}

const ORDINALS = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth']

export function ordinalWord(value: number): string {
  return ORDINALS[value] ?? `${value}th`
}

export type Pronouns = { subject: string; object: string; possessive: string }

/**
 * "she", "he" or "they" for a person, by the words English marks for gender or a first name compromise
 * knows ("Rosa", "Leo"); "it" for anything else.
 */
export function getPronouns(noun: string, { isPerson, name }: { isPerson: boolean; name?: string }): Pronouns {
  const head = noun.toLowerCase().split(/\s+/).at(-1) ?? ''
  if (isPluralNoun(noun)) return { subject: 'they', object: 'them', possessive: 'their' }
  const named = name ? nlp(name) : undefined
  if (getGender(head) === 'female' || named?.has('#FemaleName'))
    return { subject: 'she', object: 'her', possessive: 'her' }
  if (getGender(head) === 'male' || named?.has('#MaleName')) return { subject: 'he', object: 'him', possessive: 'his' }
  return isPerson
    ? { subject: 'they', object: 'them', possessive: 'their' }
    : { subject: 'it', object: 'it', possessive: 'its' }
}
