/**
 * How long a narration takes to say, known before anything is synthesised: the studio sizes scenes with it
 * when a storyboard is saved, the editor warns with it, and the render then measures the real speech.
 */

/** The voice starts this long after its scene does… */
export const NARRATION_LEAD_SECONDS = 0.25
/** …and leaves this much quiet before the next scene. */
export const NARRATION_TAIL_SECONDS = 0.35
/** A pace for a voice whose own is not known: 150 words a minute. */
export const DEFAULT_WORDS_PER_SECOND = 2.5
/**
 * Letters and digits said in about the time of one word. English words average four to five, so ordinary
 * narration is timed by its words; a text of longer ones takes the time of its letters, since a voice spells
 * out a word it cannot read ("aaaa…", a 65-letter run: about six letters a second).
 */
export const LETTERS_PER_SPOKEN_WORD = 6

export const countWords = (text: string) => text.trim().split(/\s+/).filter(Boolean).length

/** Letters and digits in any script (emoji and punctuation are not spoken). */
export const countLetters = (text: string) => text.match(/[\p{L}\p{N}]/gu)?.length ?? 0

/**
 * How many words' time a narration takes: its words (or `words`, counted another way), or its letters and
 * digits over LETTERS_PER_SPOKEN_WORD when they come to more.
 */
export function countWordTimes(text: string, words = countWords(text)): number {
  return Math.max(words, countLetters(text) / LETTERS_PER_SPOKEN_WORD)
}

/** Whether a narration is timed by its letters rather than by its words: its words are unusually long. */
export const isTimedByLetters = (text: string) => countWordTimes(text) > countWords(text)

/** Seconds of speech in `text` at `wordsPerSecond` (the voice's pace at speed 1) times the chosen speed. */
export function estimateSpeechSeconds(text: string, wordsPerSecond = DEFAULT_WORDS_PER_SECOND, speed = 1): number {
  return countWordTimes(text) / (wordsPerSecond * speed)
}

/** The scene length a narration needs: its speech with the quiet before and after, to the tenth of a second up. */
export function getSecondsForNarration(text: string, wordsPerSecond = DEFAULT_WORDS_PER_SECOND, speed = 1): number {
  const speech = estimateSpeechSeconds(text, wordsPerSecond, speed)
  if (speech === 0) return 0
  return Math.ceil((NARRATION_LEAD_SECONDS + speech + NARRATION_TAIL_SECONDS) * 10) / 10
}
