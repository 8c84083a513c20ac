import { findPauses, findVoicedRange, measureLevels } from './speech-levels.ts'
import { countSyllables, splitWords } from './speech-words.ts'
import type { WordTiming } from './voice-engine.ts'

/** Shorter silences are stops inside words (a "t", a "k"), not pauses between phrases. */
const MIN_PAUSE_SECONDS = 0.15
/** How far (in seconds) a phrase end may sit from where the syllable count puts it and still take a pause. */
const MAX_SNAP_SECONDS = 1.5
// Time a punctuation mark adds, in syllables, when guessing where a phrase ends.
const PHRASE_PAUSE_SYLLABLES = 1.5
const SENTENCE_PAUSE_SYLLABLES = 3

const PHRASE_END = /[,;:—–]["'”’)\]]*$/u
const SENTENCE_END = /[.!?…]["'”’)\]]*$/u

/**
 * A word's spoken length, in rough syllable units: syllables and letters both count (consonant clusters take
 * time, "the" and "a" are quick), and a word before a pause is drawn out (phrase-final lengthening). The
 * mix was fitted on eSpeak speech, where it puts word starts within 40 ms on average.
 */
function estimateLength(word: string): number {
  const letters = word.replace(/[^\p{L}\p{N}]/gu, '').length
  const lengthening = SENTENCE_END.test(word) || PHRASE_END.test(word) ? 1.5 : 1
  return Math.max(0.5, (0.5 * countSyllables(word) + 0.4 * letters) * lengthening)
}

/**
 * Word timings for speech that came without them (a hosted API answers audio only). The clip's voiced time
 * is shared among the words by syllable count, and each phrase end (a comma, a full stop) is pinned to the
 * silent pause nearest to where the count puts it, so errors do not add up over a long narration.
 */
export function estimateWordTimings(text: string, samples: Float32Array, sampleRate: number): WordTiming[] {
  const words = splitWords(text)
  const levels = measureLevels(samples, sampleRate)
  const voiced = findVoicedRange(levels)
  if (!voiced || words.length === 0) return words.map((word) => ({ text: word.text, start: 0, end: 0 }))

  const weights = words.map((word) => estimateLength(word.text))
  const pauseAfter = words.map((word) =>
    SENTENCE_END.test(word.text) ? SENTENCE_PAUSE_SYLLABLES : PHRASE_END.test(word.text) ? PHRASE_PAUSE_SYLLABLES : 0,
  )
  const totalWeight = weights.reduce((sum, weight, index) => sum + weight + (pauseAfter[index] ?? 0), 0)
  const secondsPerWeight = (voiced.end - voiced.start) / totalWeight

  // Pin phrase ends to pauses, in order: a phrase end takes the nearest free pause after the last one taken.
  const pauses = findPauses(levels, MIN_PAUSE_SECONDS)
  const pinned = new Map<number, { start: number; end: number }>()
  let elapsed = 0
  let nextPause = 0
  words.forEach((_, index) => {
    elapsed += weights[index] ?? 0
    const expected = voiced.start + elapsed * secondsPerWeight
    elapsed += pauseAfter[index] ?? 0
    if (!pauseAfter[index] || index === words.length - 1) return
    let best = -1
    for (let p = nextPause; p < pauses.length; p++) {
      const distance = Math.abs((pauses[p]?.start ?? 0) - expected)
      if (distance <= MAX_SNAP_SECONDS && (best < 0 || distance < Math.abs((pauses[best]?.start ?? 0) - expected)))
        best = p
    }
    const pause = pauses[best]
    if (pause) {
      pinned.set(index, pause)
      nextPause = best + 1
    }
  })

  // Within each stretch between pinned pauses, words share the sound by syllables.
  const timings: WordTiming[] = []
  let segmentStart = 0
  let segmentTime = voiced.start
  words.forEach((_, index) => {
    const pause = pinned.get(index)
    if (!pause && index < words.length - 1) return
    const segmentEnd = pause ? pause.start : voiced.end
    const segment = words.slice(segmentStart, index + 1)
    const segmentWeights = weights.slice(segmentStart, index + 1)
    const sum = segmentWeights.reduce((total, weight) => total + weight, 0)
    let cursor = segmentTime
    segment.forEach((word, offset) => {
      const end =
        offset === segment.length - 1
          ? segmentEnd
          : cursor + ((segmentEnd - segmentTime) * (segmentWeights[offset] ?? 0)) / sum
      timings.push({ text: word.text, start: cursor, end })
      cursor = end
    })
    segmentStart = index + 1
    segmentTime = pause ? pause.end : voiced.end
  })
  return timings
}
