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

export const countWords = (text: string) => text.trim().split(/\s+/).filter(Boolean).length

/** Seconds of speech in `text` at `wordsPerSecond` (the voice's pace at speed 1) times the chosen speed. */
export function estimateSpeechSeconds(text: string, wordsPerSecond = DEFAULT_WORDS_PER_SECOND, speed = 1): number {
  return countWords(text) / (wordsPerSecond * speed)
}

/** The scene length a narration needs: its speech with the quiet before and after, to the tenth of a second up. */
export function getSecondsForNarration(text: string, wordsPerSecond = DEFAULT_WORDS_PER_SECOND, speed = 1): number {
  const speech = estimateSpeechSeconds(text, wordsPerSecond, speed)
  if (speech === 0) return 0
  return Math.ceil((NARRATION_LEAD_SECONDS + speech + NARRATION_TAIL_SECONDS) * 10) / 10
}
