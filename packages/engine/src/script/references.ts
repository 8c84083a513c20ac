import { isMassNoun, isPluralNoun, withIndefinite } from './english.ts'
import type { NounPhrase, PromptBrief } from './prompt-brief.ts'

/** How a noun phrase is said the first time and afterwards: "our handmade coffee shop", "our coffee shop". */
export type Reference = { first: string; short: string; indefinite: string; isPlural: boolean }

export function refer(phrase: NounPhrase, { definiteFirst = false } = {}): Reference {
  const isPlural = phrase.isPlural
  if (phrase.isName) {
    const text = phrase.determiner === 'the' ? `the ${phrase.text}` : phrase.text
    return { first: text, short: text, indefinite: text, isPlural }
  }
  const determiner = phrase.determiner
  const indefinite = withIndefinite(phrase.text)
  if (determiner && !/^(?:a|an|the|some|this|that)$/.test(determiner)) {
    return {
      first: `${determiner} ${phrase.text}`,
      short: `${determiner} ${phrase.head}`,
      indefinite,
      isPlural,
    }
  }
  // "honey" and "bread" are said without "the" the first time, as plurals are.
  const isBare = isPlural || isMassNoun(phrase.head)
  const bareHead = isBare ? phrase.head : `the ${phrase.head}`
  const first = definiteFirst || determiner === 'the' ? `the ${phrase.text}` : indefinite
  return { first: isBare && determiner !== 'the' ? phrase.text : first, short: bareHead, indefinite, isPlural }
}

/** "at a night-market food stall in Taipei", "in Lisbon", or "". */
export function whereOf(brief: PromptBrief, { indefinite = true } = {}): string {
  const parts: string[] = []
  if (brief.setting) {
    const setting = indefinite ? refer(brief.setting).first : `the ${brief.setting.text}`
    parts.push(`${brief.settingPreposition} ${setting}`)
  }
  if (brief.place && !brief.setting?.text.includes(brief.place)) parts.push(`in ${brief.place}`)
  return parts.join(' ')
}

/** An article for a shot phrase that has none yet ("the village rooftops" keeps its own). */
export function withArticle(phrase: string): string {
  if (/^(?:a|an|the|some|two|three)\s/i.test(phrase)) return phrase
  // The noun the phrase is about comes before its first preposition or participle ("rooftops seen from…").
  const head =
    phrase.split(/\s+(?:seen|from|in|on|at|with|of|by|along|between|under|over|across|through)\s+/)[0] ?? phrase
  if (isPluralNoun(head) || isMassNoun(head)) return phrase
  return withIndefinite(phrase)
}

/** "is" or "are". */
export function be(isPlural: boolean): string {
  return isPlural ? 'are' : 'is'
}
