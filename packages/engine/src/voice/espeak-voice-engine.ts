import { setImmediate as nextTurn } from 'node:timers/promises'

import type { EspeakEvent } from '@echogarden/espeak-ng-emscripten'

import { EngineError } from '#src/errors.ts'

import { withEspeak } from './espeak-module.ts'
import { ESPEAK_VOICES, type EspeakVoice } from './espeak-voices.ts'
import { amplify, findSoundEnd, findSoundStart, measureLevels, trimSilence, type Levels } from './speech-levels.ts'
import { chunkWords, splitWords, type TextWord } from './speech-words.ts'
import type { SpeechClip, SpeechRequest, VoiceEngine, WordTiming } from './voice-engine.ts'

/**
 * eSpeak NG's variants speak at about -22 dBFS with peaks near -8 dBFS; a fixed gain (not per-clip
 * normalisation) keeps every scene of a video at the same loudness.
 */
const GAIN = 2.2
/** Sentences are synthesised in groups of about this many characters, yielding to the event loop between them. */
const CHUNK_CHARS = 240
/** A silence this long before a word's first sound is a pause eSpeak counted into the word; captions skip it. */
const PAUSE_SECONDS = 0.06

/**
 * eSpeak reads its input as SSML, so markup characters are escaped; `origin[i]` is the code point of the
 * original text that code point i of the escaped text came from (event positions point into the escaped text).
 */
function escapeForEspeak(chars: string[]): { text: string; origin: number[] } {
  const out: string[] = []
  const origin: number[] = []
  chars.forEach((char, index) => {
    // `[[` switches eSpeak to phoneme input; a user's brackets are text.
    const replacement =
      char === '&'
        ? '&amp;'
        : char === '<'
          ? '&lt;'
          : char === '>'
            ? '&gt;'
            : char === '['
              ? ' ( '
              : char === ']'
                ? ' ) '
                : char
    for (const piece of Array.from(replacement)) {
      out.push(piece)
      origin.push(index)
    }
  })
  return { text: out.join(''), origin }
}

function concat(parts: Int16Array[], total: number): Float32Array {
  const samples = new Float32Array(total)
  let offset = 0
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) samples[offset + i] = (part[i] ?? 0) / 32768
    offset += part.length
  }
  return amplify(samples, GAIN)
}

/**
 * eSpeak sends a word event per stressed word; an unstressed one it joins to the word before ("of the",
 * "was a") gets none. Such a group shares its sound in proportion to the letters of each word.
 */
function timeWords(words: TextWord[], starts: (number | undefined)[], levels: Levels, duration: number): WordTiming[] {
  const firstTimed = starts.findIndex((start) => start !== undefined)
  const anchors = [...starts]
  if (firstTimed !== 0) anchors[0] = firstTimed > 0 ? anchors[firstTimed] : 0
  if (firstTimed > 0) anchors[firstTimed] = undefined

  const timings: WordTiming[] = []
  let index = 0
  while (index < words.length) {
    let next = index + 1
    while (next < words.length && anchors[next] === undefined) next += 1
    const groupEndLimit = anchors[next] ?? duration
    let start = Math.max(timings.at(-1)?.end ?? 0, anchors[index] ?? 0)
    const soundStart = findSoundStart(levels, start, groupEndLimit)
    if (soundStart - start >= PAUSE_SECONDS) start = soundStart
    const end = Math.max(start, findSoundEnd(levels, start, Math.max(start, groupEndLimit)))
    const group = words.slice(index, next)
    const weights = group.map((word) => Math.max(1, word.text.replace(/[^\p{L}\p{N}]/gu, '').length))
    const totalWeight = weights.reduce((sum, weight) => sum + weight, 0)
    let cursor = start
    group.forEach((word, offset) => {
      const wordEnd =
        offset === group.length - 1 ? end : cursor + ((end - start) * (weights[offset] ?? 1)) / totalWeight
      timings.push({ text: word.text, start: cursor, end: wordEnd })
      cursor = wordEnd
    })
    index = next
  }
  return timings
}

/**
 * Local speech: eSpeak NG compiled to JavaScript (@echogarden/espeak-ng-emscripten), in process.
 * Word timings come from eSpeak's own word events (exact audio positions), with each word's end moved back
 * to where its sound stops, so captions leave when the word does.
 */
export function createEspeakVoiceEngine({ voices = ESPEAK_VOICES }: { voices?: readonly EspeakVoice[] } = {}) {
  const byId = new Map(voices.map((voice) => [voice.id, voice]))

  async function synthesize({ text, voiceId, speed }: SpeechRequest): Promise<SpeechClip> {
    const voice = byId.get(voiceId)
    if (!voice) throw new EngineError('not-found', 'voice', `There is no voice "${voiceId}" in the voice library.`)
    const chars = Array.from(text)
    const words = splitWords(text)
    const starts: (number | undefined)[] = words.map(() => undefined)

    return withEspeak(async (espeak) => {
      if (espeak.set_voice(voice.espeak) !== 0) {
        throw new EngineError('unavailable', 'voice', `eSpeak NG has no voice "${voice.espeak}".`)
      }
      espeak.set_rate(Math.round(Math.min(450, Math.max(80, voice.rate * Math.min(2, Math.max(0.5, speed))))))
      espeak.set_pitch(voice.pitch)
      espeak.set_range(voice.range)
      const sampleRate = espeak.get_samplerate()

      const parts: Int16Array[] = []
      let total = 0
      let wordIndex = 0
      for (const chunk of chunkWords(words, CHUNK_CHARS)) {
        const { text: input, origin } = escapeForEspeak(chars.slice(chunk.start, chunk.end))
        const chunkSeconds = total / sampleRate
        const events: EspeakEvent[] = []
        espeak.synthesize(input, (samples, chunkEvents) => {
          parts.push(samples)
          total += samples.length
          events.push(...chunkEvents)
        })
        for (const event of events) {
          if (event.type !== 'word') continue
          const position = chunk.start + (origin[event.text_position - 1] ?? chunk.end - chunk.start)
          // eSpeak may say one word as several (a number, a hyphenated compound): the first one counts.
          while (wordIndex < words.length - 1 && (words[wordIndex]?.end ?? 0) <= position) wordIndex += 1
          if (starts[wordIndex] === undefined) starts[wordIndex] = chunkSeconds + event.audio_position / 1000
        }
        await nextTurn()
      }

      const raw = concat(parts, total)
      const timings = timeWords(words, starts, measureLevels(raw, sampleRate), total / sampleRate)
      const { samples, offset } = trimSilence(raw, sampleRate)
      const clipSeconds = samples.length / sampleRate
      const shift = (time: number) => Math.min(clipSeconds, Math.max(0, time - offset))
      return {
        samples,
        sampleRate,
        words: timings.map((word) => ({ text: word.text, start: shift(word.start), end: shift(word.end) })),
      }
    })
  }

  return {
    name: 'espeak-ng',
    engineFor(id: string) {
      return this.getVoice(id) ? this.name : undefined
    },
    listVoices: () => voices.map(({ espeak: _espeak, rate: _rate, pitch: _pitch, range: _range, ...info }) => info),
    getVoice(id: string) {
      const voice = byId.get(id)
      if (!voice) return undefined
      const { espeak: _espeak, rate: _rate, pitch: _pitch, range: _range, ...info } = voice
      return info
    },
    synthesize,
  } satisfies VoiceEngine
}
