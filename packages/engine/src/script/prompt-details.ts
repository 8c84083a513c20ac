import { tokenize } from './noun-phrases.ts'

/**
 * The practical details a prompt adds after its subject, each in a clause of its own ("…, open Saturdays",
 * "…, 20% off this week", "…. Kids eat free on Sundays."): when a business is open and what it offers, and how long a trip lasts. They
 * are said as written, so the writer never invents hours or prices, and taken out of the text the reader
 * reads for the subject, the place and the audience ("this week" is the offer's, not the video's time).
 */

export type PromptDetails = { hours: string | undefined; deal: string | undefined; text: string }

const OPEN = /^(?:(?:we(?:'re| are)|it(?:'s| is)|they(?:'re| are))\s+)?(?:open|opening hours:?|hours:?)\s+(.+)$/i
/** "open" inside a clause, followed by when: "my bakery open every day from 7". */
const OPEN_INSIDE =
  /\s+(?:(?:and|which is|that is)\s+)?open\s+((?:on\s+|every\s+|daily\b|all\b|late\b|till\b|until\b|from\b|\d|(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|weekdays?\b|weekends?\b|seven days|7 days).*)$/i
const DEAL =
  /(?:\d+\s*(?:%|percent)|half[- ]price|(?<!-)\bfree\b|\bdiscounts?\b|\bsale\b|\bbuy one\b|\btwo for one\b|\b\d for \d\b|\bvouchers?\b|\bcoupons?\b|\bpromo code\b)/i
const DAYS = /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekdays?|weekends?)\b/i

/** The clauses of one sentence: at commas, semicolons and dashes between words. */
function splitClauses(sentence: string): string[] {
  return sentence
    .split(/\s*[,;]\s*|\s+[-–—]\s+/)
    .map((clause) => clause.trim())
    .filter(Boolean)
}

export function readDetails(prompt: string): PromptDetails {
  const sentences = prompt
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+(?=\p{Lu}|\d)/u)
  let hours: string | undefined
  let deal: string | undefined
  const kept: string[] = []
  sentences.forEach((sentence, sentenceIndex) => {
    const clauses = splitClauses(sentence.replace(/[.!?]+$/, ''))
    const keep: string[] = []
    clauses.forEach((clause, index) => {
      // The request's own first clause is its subject ("an ad for our summer sale"), never a detail.
      const isFirst = sentenceIndex === 0 && index === 0
      const open = isFirst ? undefined : OPEN.exec(clause)
      if (open?.[1] && !hours) {
        hours = open[1]
        return
      }
      if (!isFirst && DEAL.test(clause) && !deal) {
        deal = clause
        return
      }
      const inside = OPEN_INSIDE.exec(clause)
      if (inside?.[1] && !hours) {
        hours = inside[1]
        keep.push(clause.slice(0, inside.index))
        return
      }
      keep.push(clause)
    })
    // Sentences after the first are read only for their details; the subject is in the first.
    if (sentenceIndex === 0) kept.push(keep.join(', '))
  })
  return { hours: hours?.replace(/[.!?]+$/, ''), deal: deal?.replace(/[.!?]+$/, ''), text: kept.join(' ') }
}

/**
 * Opening hours as said after "open": "on Saturdays", "on weekdays from 8 to 6", "every evening from 6 pm".
 */
export function getHoursPhrase(hours: string): string {
  const text = hours.trim()
  if (!DAYS.test(text)) return text
  // "Tuesday to Saturday": a range of days is "from" its first.
  if (/^[\p{L}]+\s+(?:to|until|till|through|[-–])\s+[\p{L}]+/u.test(text) && DAYS.test(text.split(/\s+/)[2] ?? ''))
    return `from ${text}`
  // "weekdays 8 to 6": the time after the days is "from" it.
  const withFrom = text.replace(
    /^((?:[\p{L}-]+\s*(?:and|&|,|to)?\s*)+?)\s+(\d.*)$/u,
    (whole, days: string, time: string) => (/^(?:from|between)\b/i.test(time) ? whole : `${days} from ${time}`),
  )
  return `on ${withFrom}`
}

/** Grammar: the prepositions that join a trip's length to its place ("three days in Porto", "a week on Crete"). */
const SPAN_PREPOSITIONS = new Set(['in', 'on', 'at', 'around', 'across', 'along'])

/**
 * How long a trip lasts: "three days in Porto", "a long weekend in Rome", "48 hours in Berlin": a word the
 * tokenizer tags as a duration, the number, "a" or "a long" before it, and a preposition of place after it.
 */
export function readSpan(text: string): string | undefined {
  const tokens = tokenize(text)
  for (const [at, token] of tokens.entries()) {
    if (!token.tags.has('Duration') || !SPAN_PREPOSITIONS.has(tokens[at + 1]?.normal ?? '')) continue
    let start = at
    while (
      start > 0 &&
      (tokens[start - 1]?.tags.has('Value') || ['a', 'long'].includes(tokens[start - 1]?.normal ?? ''))
    )
      start--
    if (start < at && tokens[start]?.normal !== 'long')
      return tokens
        .slice(start, at + 1)
        .map((item) => item.normal)
        .join(' ')
  }
  return undefined
}
