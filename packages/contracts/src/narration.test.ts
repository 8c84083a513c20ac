import { describe, expect, it } from 'vitest'

import { estimateSpeechSeconds, getSecondsForNarration } from './narration.ts'

describe('estimateSpeechSeconds', () => {
  it('times ordinary narration by its words at the voice’s pace and speed', () => {
    const tenWords = 'The keeper climbs the stairs to light the old lamp.'
    expect(estimateSpeechSeconds(tenWords, 2.5)).toBe(4)
    expect(estimateSpeechSeconds(tenWords, 2.5, 2)).toBe(2)
    expect(getSecondsForNarration(tenWords, 2.5)).toBe(4.6)
  })

  it('times a narration of very long words by its letters, which a voice spells out', () => {
    // Six 65-letter words: six words, but 390 letters, said at about six letters a word's time.
    const runs = Array.from({ length: 6 }, (_, index) => String.fromCharCode(97 + index).repeat(65)).join(' ')
    expect(estimateSpeechSeconds(runs, 2.5)).toBe(26)
    expect(getSecondsForNarration(runs, 2.5)).toBe(26.6)
    expect(estimateSpeechSeconds('a'.repeat(350), 2.5)).toBeCloseTo(23.3, 1)
    // Emoji and punctuation are not spoken; digits are.
    expect(estimateSpeechSeconds('😀'.repeat(60), 2.5)).toBe(0.4)
    expect(estimateSpeechSeconds('1'.repeat(60), 2.5)).toBe(4)
  })
})
