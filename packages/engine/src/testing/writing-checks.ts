import indefinite from 'indefinite'
import pluralize from 'pluralize'

import { OWN_WORDS_PROMPT } from '@storyreel/contracts/studio'

/**
 * Grammar checks for drafted storyboards, shared by the writer's tests: each answers the problems it
 * finds in a text, so a failing test names the sentence.
 */

/** Words the checks read as plural by their ending but which are singular or mass ("glass", "news"). */
const SINGULAR_IN_S =
  /^(?:bus|gas|glass|class|news|lens|series|species|canvas|atlas|chess|bonus|campus|plus|yes|this|his|its|was|is|has|does|across|always|less|miss|pass)$/i

/** Sentences and visuals start with a capital (a prompt for the user's words starts with its bracket). */
export function findUncapitalisedSentences(text: string): string[] {
  const withoutPrompts = text.replace(OWN_WORDS_PROMPT, 'Prompt.')
  return withoutPrompts
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => sentence.trim() !== '' && !/^["'“(]?[\p{Lu}\d]/u.test(sentence.trim()))
}

/** "the the", "to to": a word written twice in a row. */
export function findDoubledWords(text: string): string[] {
  return [...text.matchAll(/\b(\p{L}+)\s+\1\b/giu)].map((match) => match[0])
}

/** "a boats", "an dragon", "a apple": an article that does not fit the word after it. */
export function findArticleErrors(text: string): string[] {
  const problems: string[] = []
  for (const match of text.matchAll(/\b(a|an)\s+([\p{L}'-]+)/giu)) {
    const [whole, article = '', word = ''] = match
    const lower = word.toLowerCase()
    if (pluralize.isPlural(lower) && !pluralize.isSingular(lower) && !SINGULAR_IN_S.test(lower)) problems.push(whole)
    else if (indefinite(lower, { articleOnly: true }) !== article.toLowerCase()) problems.push(whole)
  }
  return problems
}

/** "make : how", "( )", "{topic}", "undefined", double spaces and a space before punctuation. */
export function findEmptySlots(text: string): string[] {
  const patterns = [/\s[:;,.!?]/, /[:,]\s*[:,.]/, /\(\s*\)/, /[{}]/, /\b(?:undefined|null|NaN)\b/, /\s{2,}/, /:\s*$/]
  return patterns.flatMap((pattern) => {
    const match = pattern.exec(text)
    return match ? [`"${match[0]}" in "${text}"`] : []
  })
}

/**
 * Whether the prompt was pasted in as it was typed: the whole of it, or the words that frame a request
 * ("ad for", "video about", "30 second") spoken as if they were the subject.
 */
export function findPastedPrompt(text: string, prompt: string): string[] {
  const problems: string[] = []
  const normal = (value: string) =>
    value
      .toLowerCase()
      .replace(/[^\p{L}\d\s]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  // A prompt may be its own topic ("how to build a shelf"); one that asks for a video is never spoken whole.
  const asksForVideo =
    /\b(?:video|ad|advert|promo|commercial|reel|clip|story|tale|seconds?|minutes?|make|create|write)\b/i
  if (asksForVideo.test(prompt.replace(/^how to make\b/i, '')) && ` ${normal(text)} `.includes(` ${normal(prompt)} `)) {
    problems.push(prompt)
  }
  const framing =
    /\b(?:ad for|advert for|promo for|commercial for|video about|video of|story about|reel about|\d+[ -]?(?:second|sec|s)\b|make me|create a|write a)/i
  const framed = framing.exec(text)
  if (framed) problems.push(framed[0])
  return problems
}

/** Every check on one narration or visual; empty when it reads as written English. */
export function findWritingProblems(text: string, prompt?: string): string[] {
  return [
    ...findUncapitalisedSentences(text).map((sentence) => `not capitalised: "${sentence}"`),
    ...findDoubledWords(text).map((words) => `doubled: "${words}"`),
    ...findArticleErrors(text).map((words) => `article: "${words}"`),
    ...findEmptySlots(text).map((slot) => `empty slot: ${slot}`),
    ...(prompt ? findPastedPrompt(text, prompt).map((run) => `pasted from the prompt: "${run}"`) : []),
  ]
}
