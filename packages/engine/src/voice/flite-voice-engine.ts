import { setImmediate as nextTurn } from 'node:timers/promises'

import { EngineError } from '#src/errors.ts'

import { runFlite } from './flite-module.ts'
import { FLITE_VOICES, type FliteVoice } from './flite-voices.ts'
import { amplify, findSoundEnd, measureLevels, trimSilence } from './speech-levels.ts'
import { chunkWords, splitWords, type TextWord } from './speech-words.ts'
import type { SpeechClip, SpeechRequest, VoiceEngine, WordTiming } from './voice-engine.ts'
import { decodeWav } from './wav.ts'

/** Flite splits its input into sentences itself; a chunk of about this many characters is one short run. */
const CHUNK_CHARS = 160
/**
 * The voice that times isolated words for the word timings (see `lexicalPhones`): the same US English front
 * end as every other Flite voice, and a diphone voice, so a word list takes milliseconds to say.
 */
const LEXICAL_VOICE = 'kal'
const PAUSE = 'pau'
/** The vowels of Flite's US English phone set (CMU's, as in its dictionary). */
const VOWELS = new Set('aa ae ah ao aw ax axr ay eh er ey ih iy ow oy uh uw'.split(' '))

type Segment = { phone: string; start: number; end: number }

/**
 * Flite's front end speaks ASCII English: letters lose their accents ("café"), typographic quotes and dashes
 * become their plain forms, and what is left outside ASCII (emoji, other scripts) is not spoken.
 */
function toFliteText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[‘’‛′]/gu, "'")
    .replace(/[“”„″«»]/gu, '"')
    .replace(/[–—―]/gu, ',')
    .replace(/…/gu, '...')
    .replace(/[^\x20-\x7e\n]/gu, ' ')
}

/**
 * `-psdur` prints each sentence (utterance) on a line as `phone:end` items, times counted from the start of
 * that sentence's audio; the sentences' audio follows one another in the output.
 */
function parseSegments(stdout: string): Segment[][] {
  const utterances: Segment[][] = []
  let offset = 0
  for (const line of stdout.split('\n')) {
    const segments: Segment[] = []
    let start = 0
    for (const item of line.trim().split(/\s+/)) {
      const colon = item.lastIndexOf(':')
      const end = Number(item.slice(colon + 1))
      if (colon <= 0 || !Number.isFinite(end)) continue
      segments.push({ phone: item.slice(0, colon), start: offset + start, end: offset + end })
      start = end
    }
    if (segments.length === 0) continue
    utterances.push(segments)
    offset += start
  }
  return utterances
}

const spokenPhones = (segments: Segment[]) => segments.filter((segment) => segment.phone !== PAUSE)

/** Words whose phones are known, by their Flite text; a few thousand words cover most narrations. */
const pronunciations = new Map<string, string[]>()
const PRONUNCIATIONS_KEPT = 5000

/**
 * The phones Flite says for each word on its own: the words go in as sentences of one word (a blank line
 * between them), said by the fast diphone voice at a twentieth of its length, since only the phones matter.
 * Should a word come out as two sentences (a stray full stop inside it), each word is said alone instead.
 */
async function lexicalPhones(words: TextWord[]): Promise<string[][]> {
  const args = ['-voice', LEXICAL_VOICE, '--setf', 'duration_stretch=0.05', '-psdur', '-f', 'in.txt', 'none']
  const say = async (text: string) =>
    parseSegments((await runFlite(args, text)).stdout).map((line) => spokenPhones(line).map((segment) => segment.phone))
  const texts = words.map((word) => toFliteText(word.text))
  const unknown = [...new Set(texts.filter((text) => !pronunciations.has(text)))]
  if (unknown.length > 0) {
    const lines = await say(unknown.join('\n\n'))
    const found =
      lines.length === unknown.length ? lines : await Promise.all(unknown.map(async (text) => (await say(text)).flat()))
    if (pronunciations.size + unknown.length > PRONUNCIATIONS_KEPT) pronunciations.clear()
    unknown.forEach((text, index) => pronunciations.set(text, found[index] ?? []))
  }
  return texts.map((text) => pronunciations.get(text) ?? [])
}

/**
 * Which word each spoken phone belongs to: the sentence's phones are aligned (edit distance) with the words'
 * phones said one by one. In context a word may sound a little different ("the" before a vowel is "dh iy"),
 * which the alignment absorbs; a phone with no counterpart goes with the word before it.
 */
function assignWords(spoken: string[], expected: { phone: string; word: number }[]): number[] {
  const rows = spoken.length + 1
  const cols = expected.length + 1
  const cost = new Float64Array(rows * cols)
  const substitution = (a: string, b: string) => (a === b ? 0 : VOWELS.has(a) === VOWELS.has(b) ? 0.6 : 1)
  for (let i = 0; i < rows; i++) cost[i * cols] = i
  for (let j = 0; j < cols; j++) cost[j] = j
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      cost[i * cols + j] = Math.min(
        (cost[(i - 1) * cols + j - 1] ?? 0) + substitution(spoken[i - 1] ?? '', expected[j - 1]?.phone ?? ''),
        (cost[(i - 1) * cols + j] ?? 0) + 1,
        (cost[i * cols + j - 1] ?? 0) + 1,
      )
    }
  }
  const owner: (number | undefined)[] = spoken.map(() => undefined)
  let i = rows - 1
  let j = cols - 1
  while (i > 0 && j > 0) {
    const here = cost[i * cols + j] ?? 0
    const diagonal =
      (cost[(i - 1) * cols + j - 1] ?? 0) + substitution(spoken[i - 1] ?? '', expected[j - 1]?.phone ?? '')
    if (Math.abs(here - diagonal) < 1e-9) {
      owner[i - 1] = expected[j - 1]?.word
      i -= 1
      j -= 1
    } else if (Math.abs(here - ((cost[(i - 1) * cols + j] ?? 0) + 1)) < 1e-9) {
      i -= 1
    } else {
      j -= 1
    }
  }
  // Unmatched phones join the word before them (the first word, at the very start).
  let previous = owner.find((word) => word !== undefined) ?? 0
  return owner.map((word) => {
    previous = Math.max(previous, word ?? previous)
    return previous
  })
}

/**
 * Word timings from the phones: a word runs from the start of its first phone to the end of its last, so a
 * pause belongs to no word. A word Flite did not say (nothing was aligned to it) shares the time of the word
 * before it (or after it, at the start) in proportion to letters.
 */
function timeWords(words: TextWord[], segments: Segment[], owners: number[]): WordTiming[] {
  const spans: ({ start: number; end: number } | undefined)[] = words.map(() => undefined)
  segments.forEach((segment, index) => {
    const word = owners[index]
    if (word === undefined) return
    const span = spans[word]
    spans[word] = span ? { start: span.start, end: segment.end } : { start: segment.start, end: segment.end }
  })
  const firstSaid = spans.findIndex((span) => span !== undefined)
  if (firstSaid < 0) return words.map((word) => ({ text: word.text, start: 0, end: 0 }))
  const timings: WordTiming[] = []
  let index = 0
  while (index < words.length) {
    // A group: one said word and the unsaid words after it (or, at the start, the unsaid words before the first).
    const head = index < firstSaid ? firstSaid : index
    let next = head + 1
    while (next < words.length && spans[next] === undefined) next += 1
    const span = spans[head] ?? { start: 0, end: 0 }
    const group = words.slice(index, next)
    const weights = group.map((word) => Math.max(1, word.text.replace(/[^\p{L}\p{N}]/gu, '').length))
    const total = weights.reduce((sum, weight) => sum + weight, 0)
    let cursor = span.start
    group.forEach((word, offset) => {
      const end =
        offset === group.length - 1 ? span.end : cursor + ((span.end - span.start) * (weights[offset] ?? 1)) / total
      timings.push({ text: word.text, start: cursor, end })
      cursor = end
    })
    index = next
  }
  return timings
}

/**
 * Local speech: Flite (CMU's small synthesiser, with its voices compiled in) as a WASI program, run in process
 * on in-memory files. Flite reports the time of every phone it says; word timings come from those phones,
 * matched to the words by saying each word alone (see `assignWords`), so they follow the audio exactly.
 */
export function createFliteVoiceEngine({ voices = FLITE_VOICES }: { voices?: readonly FliteVoice[] } = {}) {
  const byId = new Map(voices.map((voice) => [voice.id, voice]))

  async function synthesize({ text, voiceId, speed }: SpeechRequest): Promise<SpeechClip> {
    const voice = byId.get(voiceId)
    if (!voice) throw new EngineError('not-found', 'voice', `There is no voice "${voiceId}" in the voice library.`)
    const chars = Array.from(text)
    const words = splitWords(text)
    if (words.length > 0 && !words.some((word) => /[a-z0-9]/i.test(toFliteText(word.text)))) {
      // Flite would say nothing, and the scene would be silent.
      throw new EngineError(
        'invalid',
        'voice',
        `${voice.name} speaks English only, and this narration has no word Flite can read ("${text.slice(0, 40)}"). Choose a voice in the narration's language.`,
      )
    }
    const stretch = voice.durationStretch / Math.min(2, Math.max(0.5, speed))
    const args = ['-voice', voice.flite, '--setf', `duration_stretch=${stretch.toFixed(3)}`, ...voice.extraArgs]

    const parts: Float32Array[] = []
    const timings: WordTiming[] = []
    let sampleRate = voice.sampleRate
    let total = 0
    for (const chunk of chunkWords(words, CHUNK_CHARS)) {
      const input = toFliteText(chars.slice(chunk.start, chunk.end).join(''))
      const [spoken, expected] = await Promise.all([
        runFlite([...args, '-psdur', '-f', 'in.txt', '-o', 'out.wav'], input),
        lexicalPhones(chunk.words),
      ])
      if (!spoken.wav) throw new EngineError('failed', 'voice', 'Flite wrote no audio.')
      const audio = decodeWav(spoken.wav)
      sampleRate = audio.sampleRate
      const offset = total / sampleRate
      const segments = parseSegments(spoken.stdout).flatMap(spokenPhones)
      const owners = assignWords(
        segments.map((segment) => segment.phone),
        expected.flatMap((phones, word) => phones.map((phone) => ({ phone, word }))),
      )
      for (const word of timeWords(chunk.words, segments, owners)) {
        timings.push({ text: word.text, start: offset + word.start, end: offset + word.end })
      }
      parts.push(audio.samples)
      total += audio.samples.length
      await nextTurn()
    }

    const raw = new Float32Array(total)
    let at = 0
    for (const part of parts) {
      raw.set(part, at)
      at += part.length
    }
    const loud = amplify(raw, voice.gain)
    // A word's last phone may fade out well before it ends (a soft final "p"): captions leave with the sound.
    const levels = measureLevels(loud, sampleRate)
    const { samples, offset } = trimSilence(loud, sampleRate)
    const clipSeconds = samples.length / sampleRate
    const shift = (time: number) => Math.min(clipSeconds, Math.max(0, time - offset))
    return {
      samples,
      sampleRate,
      words: timings.map((word) => ({
        text: word.text,
        start: shift(word.start),
        end: shift(Math.max(word.start + 0.05, findSoundEnd(levels, word.start, word.end))),
      })),
    }
  }

  const toInfo = ({
    flite: _flite,
    durationStretch: _stretch,
    extraArgs: _args,
    sampleRate: _rate,
    gain: _gain,
    ...info
  }: FliteVoice) => info

  return {
    name: 'flite',
    engineFor(id: string) {
      return this.getVoice(id) ? this.name : undefined
    },
    listVoices: () => voices.map(toInfo),
    getVoice(id: string) {
      const voice = byId.get(id)
      return voice ? toInfo(voice) : undefined
    },
    synthesize,
  } satisfies VoiceEngine
}
