const NOTE_OFFSETS: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 }

/** 'C', 'F#', 'Bb' (pitch classes) to a MIDI note in the given octave (C4 = 60). */
export function noteToMidi(name: string, octave = 4): number {
  const match = /^([A-G])([#b]?)$/.exec(name)
  if (!match) throw new Error(`Not a note name: ${name}`)
  const [, letter = 'C', accidental] = match
  const offset = (NOTE_OFFSETS[letter] ?? 0) + (accidental === '#' ? 1 : accidental === 'b' ? -1 : 0)
  return 12 * (octave + 1) + offset
}

export const midiToFrequency = (midi: number) => 440 * Math.pow(2, (midi - 69) / 12)

export type Mode = 'major' | 'minor' | 'dorian' | 'lydian'

const SCALES: Record<Mode, number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
}

/** Every MIDI note of the scale between `low` and `high`, inclusive. */
export function scaleNotes(root: number, mode: Mode, low: number, high: number): number[] {
  const steps = SCALES[mode]
  const notes: number[] = []
  for (let midi = low; midi <= high; midi++) if (steps.includes((((midi - root) % 12) + 12) % 12)) notes.push(midi)
  return notes
}

const DEGREES: Record<string, number> = { I: 0, II: 2, III: 4, IV: 5, V: 7, VI: 9, VII: 11 }

export type Chord = {
  symbol: string
  /** Semitones above the key's root. */
  root: number
  /** Semitones above the chord's root, lowest first. */
  intervals: number[]
}

/**
 * Roman numerals relative to the key's major scale, so one progression reads the same in every key:
 * upper case is major, lower case minor, `b`/`#` shift the root, and a suffix adds colour
 * (`7`, `maj7`, `9`, `maj9`, `add9`, `sus2`, `sus4`, `dim`, `m7b5`, `6`). Minor keys write `i bVI bIII bVII`.
 */
export function parseChord(symbol: string): Chord {
  const match = /^([b#]?)(VII|VI|V|IV|III|II|I|vii|vi|v|iv|iii|ii|i)(.*)$/.exec(symbol)
  if (!match) throw new Error(`Not a chord symbol: ${symbol}`)
  const [, accidental = '', numeral = 'I', suffix = ''] = match
  const minor = numeral === numeral.toLowerCase()
  const root = (DEGREES[numeral.toUpperCase()] ?? 0) + (accidental === 'b' ? -1 : accidental === '#' ? 1 : 0)
  let third = minor ? 3 : 4
  let fifth = 7
  const extra: number[] = []
  if (suffix === 'dim') {
    third = 3
    fifth = 6
  } else if (suffix === 'm7b5') {
    third = 3
    fifth = 6
    extra.push(10)
  } else if (suffix === 'sus2') third = 2
  else if (suffix === 'sus4') third = 5
  else if (suffix === '7') extra.push(10)
  else if (suffix === 'maj7') extra.push(11)
  else if (suffix === '9') extra.push(10, 14)
  else if (suffix === 'maj9') extra.push(11, 14)
  else if (suffix === 'add9') extra.push(14)
  else if (suffix === '6') extra.push(9)
  else if (suffix !== '') throw new Error(`Unknown chord suffix in ${symbol}`)
  return { symbol, root, intervals: [0, third, fifth, ...extra] }
}

/** The chord's notes voiced close together around `center`, so chord changes move by small steps. */
export function voiceChord(keyRoot: number, chord: Chord, center: number): number[] {
  const base = keyRoot + chord.root
  const notes = chord.intervals.map((interval) => {
    let note = base + interval
    while (note < center - 6) note += 12
    while (note > center + 6) note -= 12
    return note
  })
  return notes.sort((a, b) => a - b)
}

/** The chord's root in the bass register, between `low` and `low + 11`. */
export function chordBass(keyRoot: number, chord: Chord, low: number): number {
  let note = keyRoot + chord.root
  while (note < low) note += 12
  while (note >= low + 12) note -= 12
  return note
}
