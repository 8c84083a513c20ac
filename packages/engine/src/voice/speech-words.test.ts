import { describe, expect, it } from 'vitest'

import { countSyllables, splitWords } from './speech-words.ts'

describe('splitWords', () => {
  it('keeps punctuation-only tokens on a spoken word and counts positions in code points', () => {
    const text = '— Well… 🎉 it works — really!  Done'
    const words = splitWords(text)
    expect(words.map((word) => word.text)).toEqual(['— Well… 🎉', 'it', 'works —', 'really!', 'Done'])
    const chars = Array.from(text)
    for (const word of words) expect(chars.slice(word.start, word.end).join('').replace(/\s+/g, ' ')).toBe(word.text)
  })
})

describe('countSyllables', () => {
  it('counts vowel groups, silent e, digits and other scripts', () => {
    expect(countSyllables('cat')).toBe(1)
    expect(countSyllables('narrate')).toBe(2)
    expect(countSyllables('beautiful,')).toBe(3)
    expect(countSyllables('—')).toBe(0)
    expect(countSyllables('1999')).toBeGreaterThan(countSyllables('cat'))
    expect(countSyllables('कहानी')).toBeGreaterThan(1)
  })
})
