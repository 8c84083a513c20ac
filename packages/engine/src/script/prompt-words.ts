import { countLetters } from '@storyreel/contracts/narration'

/**
 * The longest word of the major English dictionaries has 45 letters. A longer run without spaces (a key held
 * down, a line of Chinese or emoji, a long link) is no word the offline writer can read or write with.
 */
export const PROMPT_WORD_MAX_CHARS = 45
/**
 * A prompt is a request (what the video is about, for whom, where), not the words of the video: past this
 * the offline writer would read a run-on of hundreds of words for seconds and write it into its sentences.
 */
export const PROMPT_MAX_WORDS = 150
/** How much of a word too long to read the message shows. */
const SHOWN_CHARS = 12

/**
 * Why the offline writer cannot draft from a prompt, in words the user can act on; undefined when it can.
 * It reads English words separated by spaces, and writes the prompt's own words into its sentences.
 */
export function getPromptWordsProblem(prompt: string): string | undefined {
  if (countLetters(prompt) === 0) {
    return 'This prompt has no words the writer can read. Say in a sentence what the video is about.'
  }
  const words = prompt.split(/\s+/).filter(Boolean)
  if (words.length > PROMPT_MAX_WORDS) {
    return (
      `This prompt has ${words.length.toLocaleString('en')} words, and the offline writer reads a request of up to ` +
      `${PROMPT_MAX_WORDS}: what the video is about, for whom and where. Shorten it, or paste your text as a script, ` +
      'where every word is kept.'
    )
  }
  const longest = words
    .map((word) => Array.from(word))
    .reduce((best, word) => (word.length > best.length ? word : best), [])
  if (longest.length <= PROMPT_WORD_MAX_CHARS) return undefined
  const shown = longest.slice(0, SHOWN_CHARS).join('')
  return (
    `This prompt has a word of ${longest.length.toLocaleString('en')} characters ("${shown}…"), and the offline ` +
    `writer reads words of up to ${PROMPT_WORD_MAX_CHARS} characters, separated by spaces. Say in a sentence ` +
    'what the video is about, or paste your own words as a script.'
  )
}
