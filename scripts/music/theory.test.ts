import { describe, expect, it } from 'vitest'

import { chordBass, midiToFrequency, noteToMidi, parseChord, scaleNotes, voiceChord } from './theory.ts'

describe('theory', () => {
  it('names notes and their frequencies', () => {
    expect(noteToMidi('A', 4)).toBe(69)
    expect(noteToMidi('C', 4)).toBe(60)
    expect(noteToMidi('Bb', 3)).toBe(58)
    expect(midiToFrequency(69)).toBe(440)
    expect(midiToFrequency(57)).toBeCloseTo(220)
  })

  it('reads roman numerals with qualities and colours', () => {
    expect(parseChord('I')).toMatchObject({ root: 0, intervals: [0, 4, 7] })
    expect(parseChord('vi7')).toMatchObject({ root: 9, intervals: [0, 3, 7, 10] })
    expect(parseChord('V7')).toMatchObject({ root: 7, intervals: [0, 4, 7, 10] })
    expect(parseChord('IVmaj7')).toMatchObject({ root: 5, intervals: [0, 4, 7, 11] })
    expect(parseChord('bVI')).toMatchObject({ root: 8, intervals: [0, 4, 7] })
    expect(parseChord('Vsus4')).toMatchObject({ intervals: [0, 5, 7] })
    expect(() => parseChord('H7')).toThrow()
    expect(() => parseChord('Ixyz')).toThrow()
  })

  it('voices chords close to a centre and puts the bass in its register', () => {
    const c = noteToMidi('C', 4)
    const notes = voiceChord(c, parseChord('IV'), 64)
    expect(notes.map((note) => note % 12).sort((a, b) => a - b)).toEqual([0, 5, 9])
    expect(Math.max(...notes) - Math.min(...notes)).toBeLessThanOrEqual(12)
    expect(chordBass(c, parseChord('V'), 36)).toBe(43)
  })

  it('lists the notes of a scale', () => {
    expect(scaleNotes(60, 'major', 60, 72)).toEqual([60, 62, 64, 65, 67, 69, 71, 72])
    expect(scaleNotes(57, 'minor', 57, 69)).toEqual([57, 59, 60, 62, 64, 65, 67, 69])
  })
})
