import type { MUSIC_GENRES, MUSIC_MOODS } from '@storyreel/contracts/studio'

import {
  applyDelay,
  applyReverb,
  createStereo,
  createSvf,
  SAMPLE_RATE,
  secondsToSamples,
  softClip,
  svfProcess,
  type Stereo,
} from './dsp.ts'
import { playDrum, renderRiser, renderVinyl, type DrumName } from './drums.ts'
import { playInstrument, type InstrumentName, type Voice } from './instruments.ts'
import { limit, measureIntegratedLoudness, measurePeak } from './loudness.ts'
import { createRandom, type Random } from './random.ts'
import {
  chordBass,
  midiToFrequency,
  noteToMidi,
  parseChord,
  scaleNotes,
  voiceChord,
  type Chord,
  type Mode,
} from './theory.ts'

export type Energy = 1 | 2 | 3 | 4

export type ChordPattern =
  'hold' | 'pulse8' | 'pop' | 'lofi' | 'strum' | 'fingerpick' | 'ostinato' | 'offbeat' | 'ballad'
export type BassPattern = 'whole' | 'eighths' | 'offbeat' | 'lofi' | 'pop' | 'pulse' | 'octaves'
export type DrumKit = 'edm' | 'pop' | 'lofi' | 'anime' | 'corporate' | 'epic' | 'halftime' | 'soft' | 'heartbeat'

type Layer = {
  instrument: InstrumentName
  gain?: number
  octave?: number
  from?: Energy
  reverb?: number
  delay?: number
}

/** One track: everything the composer needs to write and render it. */
export type TrackDefinition = {
  id: string
  title: string
  mood: (typeof MUSIC_MOODS)[number]
  genre: (typeof MUSIC_GENRES)[number]
  description: string
  seed: number
  bpm: number
  key: string
  mode: Mode
  /** One entry per bar; two chords in a bar are separated by a space. */
  progression: string[]
  /** Sections as [energy, bars]; 1 is the sparsest, 4 everything at once. */
  form: [Energy, number][]
  chords: Layer & { pattern: ChordPattern }
  /** A sustained layer under everything (pads, strings). */
  pad?: Layer
  bass?: Layer & { pattern: BassPattern }
  drums?: { kit: DrumKit; from?: Energy; gain?: number; reverb?: number }
  arp?: Layer & { rate: 8 | 16; shape: 'up' | 'updown' | 'down' }
  melody?: Layer & { density: 'sparse' | 'medium' | 'busy' }
  /** 0 is straight; 0.2 to 0.33 is a hip-hop or shuffle swing of the off-beat sixteenths. */
  swing?: number
  texture?: { vinyl?: boolean; drone?: boolean; risers?: boolean; pump?: number }
  space?: { size?: number; damping?: number; reverb?: number; delayBeats?: number }
  /** A low-pass on the whole mix (lo-fi's dull tape), in Hz. */
  tone?: number
  ending: 'chord' | 'fade'
}

export const TARGET_LUFS = -16
/** dBFS for the limiter; AAC's ringing adds a few tenths, so this stays clear of -1 dBTP after encoding. */
export const PEAK_CEILING_DB = -1.5

type Buses = { dry: Stereo; pumped: Stereo; reverb: Stereo; delay: Stereo }

type Song = {
  def: TrackDefinition
  random: Random
  keyRoot: number
  beat: number
  buses: Buses
  /** Seconds of a position in the song, with swing applied to off-beat sixteenths. */
  at(bar: number, beat: number): number
}

function place(
  song: Song,
  voice: Voice | Float32Array,
  time: number,
  {
    gain = 1,
    pan = 0,
    reverb = 0,
    delay = 0,
    pumped = false,
  }: { gain?: number; pan?: number; reverb?: number; delay?: number; pumped?: boolean },
) {
  const start = secondsToSamples(time)
  const left = voice instanceof Float32Array ? voice : voice.left
  const right = voice instanceof Float32Array ? voice : voice.right
  const angle = ((pan + 1) * Math.PI) / 4
  const gl = gain * Math.cos(angle) * Math.SQRT2
  const gr = gain * Math.sin(angle) * Math.SQRT2
  const target = pumped ? song.buses.pumped : song.buses.dry
  const length = Math.min(left.length, target.left.length - start)
  for (const [bus, amount] of [
    [target, 1],
    [song.buses.reverb, reverb],
    [song.buses.delay, delay],
  ] as const) {
    if (amount === 0) continue
    const bl = bus.left
    const br = bus.right
    for (let i = 0; i < length; i++) {
      bl[start + i] = (bl[start + i] ?? 0) + (left[i] ?? 0) * gl * amount
      br[start + i] = (br[start + i] ?? 0) + (right[i] ?? 0) * gr * amount
    }
  }
}

const DEFAULT_SENDS: Partial<Record<InstrumentName, number>> = {
  pad: 0.6,
  'warm-pad': 0.6,
  'dark-pad': 0.7,
  strings: 0.5,
  brass: 0.35,
  piano: 0.3,
  epiano: 0.25,
  bell: 0.5,
  guitar: 0.2,
  nylon: 0.25,
  lead: 0.25,
  'soft-lead': 0.35,
  pluck: 0.3,
  supersaw: 0.3,
  marimba: 0.25,
}

function playNote(song: Song, layer: Layer, midi: number, time: number, beats: number, velocity: number, pan = 0) {
  const voice = playInstrument(layer.instrument, {
    frequency: midiToFrequency(midi),
    held: Math.max(0.05, beats * song.beat),
    velocity: Math.min(1, velocity),
    random: song.random,
  })
  const pumped = (song.def.texture?.pump ?? 0) > 0 && !['piano', 'guitar', 'nylon', 'bell'].includes(layer.instrument)
  place(song, voice, time, {
    gain: layer.gain ?? 1,
    pan,
    reverb: (layer.reverb ?? DEFAULT_SENDS[layer.instrument] ?? 0) * (song.def.space?.reverb ?? 1),
    delay: layer.delay ?? 0,
    pumped,
  })
}

/** The dusty lo-fi kit is filtered dark, so it needs more level to sit as far forward as the others. */
const KIT_TRIM: Partial<Record<DrumKit, number>> = { lofi: 1.8 }

function hit(song: Song, drum: DrumName, bar: number, beat: number, velocity = 1, pan = 0) {
  const kit = song.def.drums?.kit
  const gain = (song.def.drums?.gain ?? 1) * (kit ? (KIT_TRIM[kit] ?? 1) : 1)
  const humanVelocity = velocity * (0.9 + 0.1 * song.random.next())
  place(song, playDrum(drum, song.random, humanVelocity), song.at(bar, beat), {
    gain,
    pan,
    reverb: song.def.drums?.reverb ?? (drum === 'taiko' || drum === 'impact' ? 0.35 : 0.08),
  })
}

function chordsOfBar(def: TrackDefinition, bar: number): Chord[] {
  const entry = def.progression[bar % def.progression.length] ?? 'I'
  return entry.split(' ').map(parseChord)
}

/** The chord sounding at a beat of a bar, and where it starts and ends within the bar. */
function chordSlots(def: TrackDefinition, bar: number): { chord: Chord; start: number; beats: number }[] {
  const chords = chordsOfBar(def, bar)
  const beats = 4 / chords.length
  return chords.map((chord, index) => ({ chord, start: index * beats, beats }))
}

function playChords(song: Song, bar: number, energy: Energy) {
  const { def } = song
  const layer = def.chords
  const center = noteToMidi('C', layer.octave ?? 4) + 4
  const r = song.random
  for (const { chord, start, beats } of chordSlots(def, bar)) {
    const notes = voiceChord(song.keyRoot, chord, center)
    const bass = chordBass(song.keyRoot, chord, center - 17)
    const strum = (list: number[], time: number, length: number, velocity: number, spread: number, downward = true) => {
      const ordered = downward ? list : [...list].reverse()
      ordered.forEach((note, index) =>
        playNote(
          song,
          layer,
          note,
          time + index * spread,
          length,
          velocity * (0.92 + 0.08 * r.next()),
          (index / Math.max(1, ordered.length - 1) - 0.5) * 0.5,
        ),
      )
    }
    const lift = energy >= 3 ? 1 : 0.85
    switch (layer.pattern) {
      case 'hold':
        strum(notes, song.at(bar, start), beats * 1.02, 0.7 * lift, 0)
        break
      case 'pulse8':
        for (let b = start; b < start + beats; b += 0.5)
          strum(
            b % 1 === 0 ? [bass + 12, ...notes] : notes,
            song.at(bar, b),
            0.45,
            (b % 1 === 0 ? 0.75 : 0.55) * lift,
            0.004,
          )
        break
      case 'pop':
        for (const [offset, length, velocity] of [
          [0, 1.4, 0.8],
          [1.5, 1, 0.6],
          [2.5, 1.4, 0.7],
        ] as const)
          if (offset < beats)
            strum(notes, song.at(bar, start + offset), Math.min(length, beats - offset), velocity * lift, 0.006)
        break
      case 'lofi':
        strum(notes, song.at(bar, start), beats > 2 ? 2.4 : beats, 0.65, 0.018)
        if (beats > 2) strum(notes, song.at(bar, start + 2.5), beats - 2.5, 0.5 + 0.15 * r.next(), 0.02)
        break
      case 'strum': {
        const voicing = [bass + 12, ...notes, (notes[0] ?? center) + 12]
        const pattern: [number, boolean, number][] = [
          [0, true, 0.85],
          [1, true, 0.6],
          [1.5, false, 0.5],
          [2.5, false, 0.55],
          [3, true, 0.7],
          [3.5, false, 0.5],
        ]
        for (const [offset, down, velocity] of pattern)
          if (offset < beats) strum(voicing, song.at(bar, start + offset), beats - offset, velocity * lift, 0.012, down)
        break
      }
      case 'fingerpick': {
        const fifth = bass + 7
        const treble = [...notes, (notes[0] ?? center) + 12]
        for (let b = 0; b < beats; b += 0.5) {
          const step = Math.round(b * 2)
          const note =
            step % 2 === 0
              ? step % 4 === 0
                ? bass + 12
                : fifth + 12 - 12 * Number(fifth + 12 > center)
              : (treble[(step >> 1) % treble.length] ?? center)
          playNote(
            song,
            layer,
            note,
            song.at(bar, start + b),
            1.6,
            (step % 2 === 0 ? 0.7 : 0.55) * lift,
            step % 2 === 0 ? -0.2 : 0.25,
          )
        }
        break
      }
      case 'ostinato': {
        const cells = [bass + 12, notes[1] ?? bass, bass + 19, notes[1] ?? bass]
        for (let b = 0; b < beats; b += 0.25) {
          const step = Math.round(b * 4)
          playNote(
            song,
            layer,
            cells[step % cells.length] ?? bass,
            song.at(bar, start + b),
            0.22,
            (step % 4 === 0 ? 0.8 : 0.55) * lift,
            step % 2 === 0 ? -0.3 : 0.3,
          )
        }
        break
      }
      case 'offbeat':
        for (let b = 0.5; b < beats; b += 1) strum(notes, song.at(bar, start + b), 0.35, 0.7 * lift, 0.003)
        break
      case 'ballad':
        // A ballad's rocking piano: a bass-and-chord stroke on one, then answers on two-and and four.
        for (const [offset, length] of [
          [0, 1.5],
          [1.5, 1],
          [3, 1],
        ] as const)
          if (offset < beats)
            strum(
              offset === 0 ? [bass, ...notes] : notes,
              song.at(bar, start + offset),
              length,
              offset === 0 ? 0.75 : 0.55,
              0.01,
            )
        break
    }
  }
}

function playPad(song: Song, bar: number, previous: string | undefined) {
  const layer = song.def.pad
  if (!layer) return
  const center = noteToMidi('C', layer.octave ?? 4) + 2
  for (const { chord, start, beats } of chordSlots(song.def, bar)) {
    const notes = voiceChord(song.keyRoot, chord, center).slice(0, 4)
    // A pad ties over a repeated chord instead of re-attacking it.
    if (start === 0 && previous === chord.symbol) continue
    let length = beats
    for (let next = bar + 1; start + beats === 4 && next < bar + 4; next++) {
      const slot = chordSlots(song.def, next)[0]
      if (slot?.chord.symbol !== chord.symbol) break
      length += slot.beats
    }
    notes.forEach((note, index) =>
      playNote(song, layer, note, song.at(bar, start), length, 0.55, index % 2 === 0 ? -0.4 : 0.4),
    )
  }
}

/** Low notes weigh little in a loudness meter but fill a mix; this keeps track gains on one scale. */
const BASS_TRIM = 0.6

function playBass(song: Song, bar: number, energy: Energy) {
  const bassLayer = song.def.bass
  if (!bassLayer) return
  const layer = { ...bassLayer, gain: (bassLayer.gain ?? 1) * BASS_TRIM }
  const low = noteToMidi('C', layer.octave ?? 2) - 1
  const r = song.random
  for (const { chord, start, beats } of chordSlots(song.def, bar)) {
    const root = chordBass(song.keyRoot, chord, low)
    const fifth = root + (chord.intervals[2] ?? 7)
    const play = (note: number, offset: number, length: number, velocity: number) => {
      if (offset < beats)
        playNote(song, layer, note, song.at(bar, start + offset), Math.min(length, beats - offset), velocity)
    }
    switch (layer.pattern) {
      case 'whole':
        play(root, 0, beats * 0.98, 0.85)
        break
      case 'eighths':
        for (let b = 0; b < beats; b += 0.5) play(root, b, 0.42, b % 1 === 0 ? 0.85 : 0.65)
        break
      case 'offbeat':
        for (let b = 0.5; b < beats; b += 1) play(root, b, 0.4, 0.85)
        break
      case 'lofi':
        play(root, 0, 1.4, 0.85)
        play(r.chance(0.5) ? fifth : root + 12, 2.5, 1, 0.7)
        if (r.chance(0.4)) play(root - 2, 3.5, 0.45, 0.6)
        break
      case 'pop':
        play(root, 0, 1.2, 0.85)
        play(root, 1.5, 0.9, 0.7)
        play(fifth, 2.5, 0.5, 0.7)
        play(root, 3, 0.9, 0.75)
        break
      case 'pulse':
        for (let b = 0; b < beats; b += 0.5) play(root, b, 0.45, (b % 2 === 0 ? 0.9 : 0.6) * (energy >= 3 ? 1 : 0.8))
        break
      case 'octaves':
        for (let b = 0; b < beats; b += 0.5) play(b % 1 === 0 ? root : root + 12, b, 0.4, b % 1 === 0 ? 0.9 : 0.7)
        break
    }
  }
}

function playDrums(song: Song, bar: number, energy: Energy, sectionBar: number, sectionBars: number) {
  const drums = song.def.drums
  if (!drums) return
  const from = drums.from ?? 3
  if (energy < from - 1) return
  const light = energy < from
  const last = sectionBar === sectionBars - 1
  const r = song.random
  const h = (drum: DrumName, beat: number, velocity = 1, pan = 0) => hit(song, drum, bar, beat, velocity, pan)
  switch (drums.kit) {
    case 'edm':
      for (let b = 0; b < 4; b++) {
        if (!light) h('kick', b)
        h('open-hat', b + 0.5, 0.35, 0.2)
        if (!light) for (const s of [0.25, 0.75]) h('hat', b + s, 0.2, -0.3)
      }
      if (!light) for (const b of [1, 3]) h('clap', b, 0.55)
      if (last && !light) for (let b = 2; b < 4; b += 0.25) h('snare', b, 0.25 + 0.2 * (b - 2))
      break
    case 'pop':
      if (!light) for (const b of [0, 1.75, 2, 2.5]) h('kick', b, b === 0 || b === 2 ? 1 : 0.7)
      if (!light) for (const b of [1, 3]) h('snare', b, 0.7)
      for (let b = 0; b < 4; b += 0.5) h('hat', b, b % 1 === 0 ? 0.35 : 0.22, 0.3)
      if (last && !light) for (const b of [3, 3.25, 3.5, 3.75]) h('tom', b, 0.5, b - 3.4)
      break
    case 'lofi':
      if (!light) {
        h('lofi-kick', 0, 1)
        if (r.chance(0.6)) h('lofi-kick', 1.75, 0.6)
        h('lofi-kick', 2.5, 0.85)
        for (const b of [1, 3]) h('lofi-snare', b, 0.75)
        if (r.chance(0.3)) h('lofi-snare', 3.75, 0.2)
      }
      for (let b = 0; b < 4; b += 0.5) h('hat', b, (b % 1 === 0 ? 0.32 : 0.2) * (0.75 + 0.4 * r.next()), 0.25)
      break
    case 'anime':
      if (!light) for (const b of [0, 1.5, 2, 3.5]) h('kick', b, b % 2 === 0 ? 1 : 0.75)
      if (!light) for (const b of [1, 3]) h('snare', b, 0.75)
      for (let b = 0; b < 4; b += 0.5) h(light ? 'shaker' : 'hat', b, b % 1 === 0 ? 0.38 : 0.25, 0.3)
      if (sectionBar === 0 && !light) h('crash', 0, 0.35, -0.3)
      if (last && !light) for (let b = 2; b < 4; b += 0.25) h('snare', b, 0.3 + 0.2 * (b - 2))
      break
    case 'corporate':
      if (!light) for (const b of [0, 2, 2.5]) h('kick', b, b === 2.5 ? 0.6 : 0.9)
      if (!light) for (const b of [1, 3]) h('clap', b, 0.55)
      for (let b = 0; b < 4; b += 0.25) h('shaker', b, b % 0.5 === 0 ? 0.3 : 0.18, 0.35)
      if (sectionBar === 0 && !light && energy >= 3) h('crash', 0, 0.25)
      break
    case 'epic':
      if (sectionBar === 0 && !light && energy >= 4) h('impact', 0, 0.9)
      for (const [b, v] of [
        [0, 1],
        [0.75, 0.55],
        [1.5, 0.7],
        [2, 0.9],
        [3, 0.8],
        [3.5, 0.6],
      ] as const)
        h('taiko', b, (light ? 0.6 : 1) * v, (b % 1) - 0.3)
      if (!light) {
        for (const b of [1, 3]) h('snare', b, 0.6)
        for (let b = 0; b < 4; b += 0.5) h('tom', b + 0.25, 0.25, 0.4)
      }
      if (last) for (let b = 2; b < 4; b += 0.25) h(light ? 'tom' : 'snare', b, 0.3 + 0.25 * (b - 2))
      break
    case 'halftime':
      h('kick', 0, 0.9)
      if (!light) {
        h('kick', 2.5, 0.7)
        h('snare', 2, 0.7)
        for (let b = 0; b < 4; b += 0.5) h('hat', b, 0.18 + 0.12 * r.next(), 0.3)
      } else h('rim', 2, 0.5)
      break
    case 'soft':
      for (let b = 0; b < 4; b += 0.5) h('shaker', b, b % 1 === 0 ? 0.3 : 0.2, 0.35)
      if (!light) {
        h('soft-kick', 0, 0.8)
        h('soft-kick', 2, 0.6)
        for (const b of [1, 3]) h('rim', b, 0.45, -0.2)
      }
      break
    case 'heartbeat':
      for (const b of [0, 0.4]) h('soft-kick', b, b === 0 ? 0.9 : 0.6)
      if (!light) h('rim', 3, 0.25, 0.4)
      break
  }
}

const RHYTHMS: Record<'sparse' | 'medium' | 'busy', [number, number][][]> = {
  sparse: [
    [
      [0, 2],
      [2, 2],
    ],
    [
      [0, 3],
      [3, 1],
    ],
    [
      [0, 1.5],
      [1.5, 2.5],
    ],
    [[0, 4]],
  ],
  medium: [
    [
      [0, 1],
      [1, 1],
      [2, 1.5],
      [3.5, 0.5],
    ],
    [
      [0, 1.5],
      [1.5, 0.5],
      [2, 2],
    ],
    [
      [0, 0.5],
      [0.5, 0.5],
      [1, 1],
      [2, 1],
      [3, 1],
    ],
    [
      [0.5, 0.5],
      [1, 1],
      [2, 0.5],
      [2.5, 1.5],
    ],
  ],
  busy: [
    [
      [0, 0.5],
      [0.5, 0.5],
      [1, 0.5],
      [1.5, 0.5],
      [2, 1],
      [3, 0.5],
      [3.5, 0.5],
    ],
    [
      [0, 0.75],
      [0.75, 0.75],
      [1.5, 0.5],
      [2, 0.5],
      [2.5, 0.5],
      [3, 1],
    ],
    [
      [0, 0.5],
      [0.5, 1],
      [1.5, 0.5],
      [2, 0.5],
      [2.5, 0.5],
      [3, 0.5],
      [3.5, 0.5],
    ],
  ],
}

type MelodyNote = { bar: number; beat: number; beats: number; midi: number }

/**
 * One melody for the whole progression cycle, written once and repeated, so it returns like a hook:
 * strong beats land on chord tones, weak beats move by scale steps, and each four-bar phrase closes long.
 */
function composeMelody(song: Song): MelodyNote[] {
  const layer = song.def.melody
  if (!layer) return []
  const r = createRandom(song.def.seed * 7 + 3)
  const center = noteToMidi('C', layer.octave ?? 5) + 2
  const scale = scaleNotes(song.keyRoot, song.def.mode, center - 9, center + 12)
  const cycle = Math.max(4, song.def.progression.length)
  const motifs = RHYTHMS[layer.density]
  const motifA = r.pick(motifs)
  const motifB = r.pick(motifs)
  const notes: MelodyNote[] = []
  let previous = center
  let direction = 1
  const nearestIndex = (midi: number) =>
    scale.reduce((best, note, index) => (Math.abs(note - midi) < Math.abs((scale[best] ?? 0) - midi) ? index : best), 0)
  for (let bar = 0; bar < cycle; bar++) {
    const phraseBar = bar % 4
    const closing = phraseBar === 3
    const rhythm: [number, number][] = closing
      ? r.pick([
          [
            [0, 1],
            [1, 3],
          ],
          [[0, 4]],
          [
            [0, 0.5],
            [0.5, 0.5],
            [1, 3],
          ],
        ] as [number, number][][])
      : phraseBar === 2
        ? motifB
        : motifA
    // The second phrase answers the first: same rhythm, notes re-fitted to its chords.
    const echo = bar >= 4 && bar < 6 ? notes.filter((note) => note.bar === bar - 4) : undefined
    if (echo && echo.length > 0 && bar % 8 < 6) {
      for (const note of echo) {
        const chord = chordsOfBar(song.def, bar)[0] ?? parseChord('I')
        const tones = chord.intervals.map((interval) => (song.keyRoot + chord.root + interval) % 12)
        let midi = note.midi
        if (note.beat % 2 === 0 && !tones.includes(((midi % 12) + 12) % 12)) {
          const index = nearestIndex(midi)
          midi =
            [scale[index - 1], scale[index + 1]].find(
              (candidate) => candidate !== undefined && tones.includes(candidate % 12),
            ) ?? midi
        }
        notes.push({ ...note, bar, midi })
      }
      continue
    }
    for (const [index, [beat, beats]] of rhythm.entries()) {
      const slot =
        chordSlots(song.def, bar).find((s) => beat >= s.start && beat < s.start + s.beats) ??
        chordSlots(song.def, bar)[0]
      const chord = slot?.chord ?? parseChord('I')
      const tones = chord.intervals.map((interval) => (song.keyRoot + chord.root + interval) % 12)
      let midi: number
      const last = closing && index === rhythm.length - 1
      if (last) {
        const targets = scale.filter((note) => note % 12 === (song.keyRoot + chord.root) % 12 || note % 12 === tones[1])
        midi = targets.reduce(
          (best, note) => (Math.abs(note - previous) < Math.abs(best - previous) ? note : best),
          targets[0] ?? previous,
        )
      } else if (beat % 1 === 0) {
        const candidates = scale.filter(
          (note) => tones.includes(note % 12) && Math.abs(note - previous) <= 7 && note !== previous,
        )
        const ahead = candidates.filter((note) => Math.sign(note - previous) === direction)
        midi = r.pick(ahead.length > 0 ? ahead : candidates.length > 0 ? candidates : [previous])
      } else {
        const index = nearestIndex(previous)
        midi = scale[Math.min(scale.length - 1, Math.max(0, index + direction * r.pick([1, 1, 2])))] ?? previous
      }
      if (midi > center + 9) direction = -1
      else if (midi < center - 6) direction = 1
      else if (r.chance(0.3)) direction = -direction
      notes.push({ bar, beat, beats, midi })
      previous = midi
    }
  }
  return notes
}

function playArp(song: Song, bar: number) {
  const layer = song.def.arp
  if (!layer) return
  const center = noteToMidi('C', layer.octave ?? 5)
  const step = layer.rate === 16 ? 0.25 : 0.5
  for (const { chord, start, beats } of chordSlots(song.def, bar)) {
    const base = voiceChord(song.keyRoot, chord, center).slice(0, 3)
    const up = [...base, ...base.map((note) => note + 12)]
    const cycle =
      layer.shape === 'up' ? up : layer.shape === 'down' ? [...up].reverse() : [...up, ...up.slice(1, -1).reverse()]
    for (let b = 0; b < beats; b += step) {
      const index = Math.round((start + b) / step)
      playNote(
        song,
        layer,
        cycle[index % cycle.length] ?? center,
        song.at(bar, start + b),
        step * 0.9,
        index % 4 === 0 ? 0.75 : 0.55,
        Math.sin(index * 0.8) * 0.5,
      )
    }
  }
}

function createPump(song: Song, depth: number): (sample: number) => number {
  const beatSamples = song.beat * SAMPLE_RATE
  return (sample) => {
    const since = (sample % beatSamples) / SAMPLE_RATE
    const x = Math.max(0, 1 - since / (song.beat * 0.6))
    return 1 - depth * x * x
  }
}

export type RenderedTrack = { audio: Stereo; loudness: number; peak: number; durationSeconds: number }

/** Writes and renders a track: 44.1 kHz stereo, mastered to TARGET_LUFS with peaks under the ceiling. */
export function renderTrack(
  def: TrackDefinition,
  { maxBars, ceilingDb = PEAK_CEILING_DB }: { maxBars?: number; ceilingDb?: number } = {},
): RenderedTrack {
  return masterTrack(composeTrack(def, { maxBars }), { ceilingDb })
}

/** How long a track lasts: its bars, then a bar and a ring-out for a final chord, or two seconds of fade. */
export function formSeconds(def: TrackDefinition, form: [Energy, number][] = def.form): number {
  const barSeconds = (60 / def.bpm) * 4
  const totalBars = form.reduce((sum, [, bars]) => sum + bars, 0)
  const endingSeconds = def.ending === 'chord' ? barSeconds + 3.5 : 2
  return Math.round((totalBars * barSeconds + endingSeconds) * 100) / 100
}

/** The whole mix before mastering: every part played, reverb and echo added, faded in and out. */
export function composeTrack(def: TrackDefinition, { maxBars }: { maxBars?: number } = {}): Stereo {
  const beat = 60 / def.bpm
  const barSeconds = beat * 4
  let form = def.form
  if (maxBars !== undefined) {
    const cut: [Energy, number][] = []
    let left = maxBars
    for (const [energy, bars] of def.form)
      if (left > 0) {
        cut.push([energy, Math.min(bars, left)])
        left -= bars
      }
    form = cut
  }
  const totalBars = form.reduce((sum, [, bars]) => sum + bars, 0)
  const durationSeconds = formSeconds(def, form)
  const length = secondsToSamples(durationSeconds)
  const swing = def.swing ?? 0
  const song: Song = {
    def,
    random: createRandom(def.seed),
    keyRoot: noteToMidi(def.key, 4),
    beat,
    buses: {
      dry: createStereo(length),
      pumped: createStereo(length),
      reverb: createStereo(length),
      delay: createStereo(length),
    },
    at(bar, position) {
      const sixteenth = Math.round(position * 4)
      const shifted =
        Math.abs(position * 4 - sixteenth) < 1e-6 && sixteenth % 2 === 1 ? position + swing * 0.25 : position
      return (bar * 4 + shifted) * beat
    },
  }
  const melody = composeMelody(song)
  const cycle = Math.max(4, def.progression.length)
  let bar = 0
  let previousPad: string | undefined
  for (const [energy, bars] of form) {
    for (let sectionBar = 0; sectionBar < bars; sectionBar++, bar++) {
      playChords(song, bar, energy)
      if (def.pad && energy >= (def.pad.from ?? 1)) {
        playPad(song, bar, sectionBar === 0 ? undefined : previousPad)
        previousPad = chordSlots(def, bar).at(-1)?.chord.symbol
      }
      if (def.bass && energy >= (def.bass.from ?? 2)) playBass(song, bar, energy)
      playDrums(song, bar, energy, sectionBar, bars)
      if (def.arp && energy >= (def.arp.from ?? 2)) playArp(song, bar)
      if (def.melody && energy >= (def.melody.from ?? 3)) {
        const layer = def.melody
        for (const note of melody.filter((n) => n.bar === bar % cycle))
          playNote(
            song,
            { ...layer, gain: (layer.gain ?? 1) * (energy === 4 ? 1.05 : 1) },
            note.midi,
            song.at(bar, note.beat),
            note.beats * 0.95,
            0.75 + 0.15 * Number(note.beat % 1 === 0),
            0.1,
          )
      }
    }
  }
  // Risers lead into every section that raises the energy.
  if (def.texture?.risers) {
    let start = 0
    for (let index = 1; index < form.length; index++) {
      start += form[index - 1]?.[1] ?? 0
      if ((form[index]?.[0] ?? 0) > (form[index - 1]?.[0] ?? 0)) {
        const seconds = Math.min(barSeconds * 2, 4)
        place(song, renderRiser(seconds, song.random), start * barSeconds - seconds, { gain: 0.35, reverb: 0.4 })
      }
    }
  }
  if (def.texture?.drone) {
    const drone: Layer = { instrument: 'dark-pad', gain: 0.5 }
    for (let b = 0; b < totalBars; b += 8)
      for (const note of [song.keyRoot - 24, song.keyRoot - 17])
        playNote(
          song,
          drone,
          note,
          b * barSeconds,
          Math.min(8, totalBars - b) * 4 + (def.ending === 'chord' ? 4 : 0),
          0.7,
        )
  }
  if (def.ending === 'chord') {
    // The final chord rings into the master fade instead of stopping before it.
    const tonic = parseChord(def.mode === 'major' || def.mode === 'lydian' ? 'Iadd9' : 'iadd9')
    const start = totalBars * barSeconds
    const ringBeats = (formSeconds(def, form) - start - 0.2) / beat
    const chordCenter = noteToMidi('C', def.chords.octave ?? 4) + 4
    voiceChord(song.keyRoot, tonic, chordCenter).forEach((note, index) =>
      playNote(song, def.chords, note, start + index * 0.012, ringBeats, 0.7, (index % 2) * 0.4 - 0.2),
    )
    if (def.pad)
      for (const note of voiceChord(song.keyRoot, tonic, noteToMidi('C', def.pad.octave ?? 4) + 2).slice(0, 4))
        playNote(song, def.pad, note, start, ringBeats, 0.55)
    if (def.bass)
      playNote(
        song,
        { ...def.bass, gain: (def.bass.gain ?? 1) * BASS_TRIM },
        chordBass(song.keyRoot, tonic, noteToMidi('C', def.bass.octave ?? 2) - 1),
        start,
        ringBeats,
        0.8,
      )
    if (def.drums) {
      const drum: DrumName =
        def.drums.kit === 'epic'
          ? 'impact'
          : def.drums.kit === 'lofi' || def.drums.kit === 'soft' || def.drums.kit === 'heartbeat'
            ? 'soft-kick'
            : 'crash'
      hit(song, drum, totalBars, 0, 0.6)
      if (drum === 'crash') hit(song, 'kick', totalBars, 0, 0.9)
    }
  }
  if (def.texture?.vinyl) place(song, renderVinyl(durationSeconds, createRandom(def.seed + 1)), 0, { gain: 0.6 })
  return mixDown(song, length)
}

function mixDown(song: Song, length: number): Stereo {
  const { def, buses } = song
  const out = createStereo(length)
  const reverb = applyReverb(buses.reverb, { size: def.space?.size ?? 0.82, damping: def.space?.damping ?? 0.35 })
  const delay = def.space?.delayBeats
    ? applyDelay(buses.delay, { time: def.space.delayBeats * song.beat, feedback: 0.35 })
    : undefined
  const pump = createPump(song, def.texture?.pump ?? 0)
  for (const side of ['left', 'right'] as const) {
    const target = out[side]
    const lowCut = createSvf()
    const tone = createSvf()
    for (let i = 0; i < length; i++) {
      let x =
        (buses.dry[side][i] ?? 0) +
        (buses.pumped[side][i] ?? 0) * pump(i) +
        (reverb[side][i] ?? 0) +
        (delay?.[side][i] ?? 0)
      x = svfProcess(lowCut, x, 28, 0.7, 'highpass')
      if (def.tone) x = svfProcess(tone, x, def.tone, 0.6, 'lowpass')
      target[i] = x
    }
  }
  // Fade the head in over 10 ms and the tail out: the last seconds for a fade ending, the ring-out for a chord.
  const fadeIn = secondsToSamples(0.01)
  const fadeOut = secondsToSamples(def.ending === 'fade' ? 7 : 2.5)
  for (const side of [out.left, out.right]) {
    for (let i = 0; i < fadeIn; i++) side[i] = (side[i] ?? 0) * (i / fadeIn)
    for (let i = 0; i < fadeOut; i++) {
      const index = length - 1 - i
      const x = i / fadeOut
      side[index] = (side[index] ?? 0) * x * x
    }
  }
  return out
}

/** Loudness to TARGET_LUFS and peaks under `ceilingDb`, on a copy of the mix. */
export function masterTrack(mix: Stereo, { ceilingDb = PEAK_CEILING_DB }: { ceilingDb?: number } = {}): RenderedTrack {
  const length = mix.left.length
  const out = { left: mix.left.slice(), right: mix.right.slice() }
  const ceiling = Math.pow(10, ceilingDb / 20)
  // Up to three passes: the limiter shaves a little loudness off peaky mixes, the next gain puts it back.
  let loudness = measureIntegratedLoudness(out)
  for (let pass = 0; pass < 3 && Math.abs(loudness - TARGET_LUFS) > 0.2; pass++) {
    const gain = Math.pow(10, (TARGET_LUFS - loudness) / 20)
    for (const side of [out.left, out.right])
      for (let i = 0; i < length; i++) side[i] = pass === 0 ? softClip((side[i] ?? 0) * gain) : (side[i] ?? 0) * gain
    limit(out, ceiling)
    loudness = measureIntegratedLoudness(out)
  }
  return { audio: out, loudness, peak: measurePeak(out), durationSeconds: length / SAMPLE_RATE }
}
