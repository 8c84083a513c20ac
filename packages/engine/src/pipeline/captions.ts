import type { CaptionCue } from '#src/visuals/visual-engine.ts'

/** A spoken word with its time in seconds, as the voice engine reports it. */
export type TimedWord = { text: string; start: number; end: number }

export type CaptionCueOptions = {
  /** Words per cue: about what a viewer reads at a glance. */
  maxWords?: number
  /** Characters per cue, so a cue fits on two short lines of a 9:16 frame. */
  maxChars?: number
  /** A cue stays at least this long, unless the next one starts sooner. */
  minDuration?: number
  /** How long a cue lingers after its last word, unless the next one starts sooner. */
  hold?: number
  /** No cue ends after this time (the end of the scene). */
  maxEnd?: number
}

const SENTENCE_END = /[.!?…]["'”’)\]]*$/
const PHRASE_END = /[,;:—–]["'”’)\]]*$/

/**
 * Groups a scene's timed words into readable caption phrases. A cue starts with its first word, so it
 * appears when the phrase is spoken (within 200 ms); it never spans a sentence end, and
 * breaks at commas when the phrase is long enough to stand alone.
 */
export function buildCaptionCues(words: TimedWord[], options: CaptionCueOptions = {}): CaptionCue[] {
  const { maxWords = 7, maxChars = 38, minDuration = 0.8, hold = 0.2, maxEnd = Infinity } = options
  const spoken = words.filter((word) => word.text.trim() !== '').sort((a, b) => a.start - b.start)
  const groups: TimedWord[][] = []
  let current: TimedWord[] = []
  spoken.forEach((word, index) => {
    const text = [...current, word].map((item) => item.text.trim()).join(' ')
    if (current.length > 0 && (current.length >= maxWords || text.length > maxChars)) {
      groups.push(current)
      current = []
    }
    current.push({ ...word, text: word.text.trim() })
    const isLast = index === spoken.length - 1
    const next = spoken[index + 1]
    // A comma ends a cue only when what follows would not be left as a lone word or two.
    const remainingInSentence = next ? countUntilSentenceEnd(spoken, index + 1) : 0
    if (
      isLast ||
      SENTENCE_END.test(word.text.trim()) ||
      (PHRASE_END.test(word.text.trim()) && current.length >= 3 && remainingInSentence >= 2)
    ) {
      groups.push(current)
      current = []
    }
  })
  if (current.length > 0) groups.push(current)

  return groups.flatMap((group, index) => {
    const first = group[0]
    const last = group.at(-1)
    if (!first || !last) return []
    const nextStart = groups[index + 1]?.[0]?.start ?? Infinity
    const end = Math.min(Math.max(last.end + hold, first.start + minDuration), nextStart, maxEnd)
    return {
      start: first.start,
      // Words with no length (a zero-width timing) still get a visible cue.
      end: Math.max(end, first.start + 0.04),
      text: group.map((word) => word.text).join(' '),
      words: group.map((word) => ({ text: word.text, start: word.start, end: word.end })),
    }
  })
}

function countUntilSentenceEnd(words: TimedWord[], from: number): number {
  let count = 0
  for (let index = from; index < words.length; index++) {
    count += 1
    if (SENTENCE_END.test(words[index]?.text.trim() ?? '')) break
  }
  return count
}

/** Moves cues from scene time to video time. */
export function offsetCues(cues: CaptionCue[], seconds: number): CaptionCue[] {
  return cues.map((cue) => ({
    ...cue,
    start: cue.start + seconds,
    end: cue.end + seconds,
    words: cue.words.map((word) => ({ ...word, start: word.start + seconds, end: word.end + seconds })),
  }))
}

/** HH:MM:SS,mmm for SRT, HH:MM:SS.mmm for WebVTT. */
function formatTimestamp(seconds: number, separator: ',' | '.'): string {
  const totalMs = Math.max(0, Math.round(seconds * 1000))
  const hours = Math.floor(totalMs / 3_600_000)
  const minutes = Math.floor((totalMs % 3_600_000) / 60_000)
  const secs = Math.floor((totalMs % 60_000) / 1000)
  const ms = totalMs % 1000
  const pad = (value: number, length = 2) => String(value).padStart(length, '0')
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}${separator}${pad(ms, 3)}`
}

/** SubRip: numbered cues separated by a blank line. A blank line inside a cue would end it, so none is kept. */
export function toSrt(cues: CaptionCue[]): string {
  return cues
    .map((cue, index) => {
      const text = cue.text.replace(/\n\s*\n/g, '\n').trim()
      return `${index + 1}\n${formatTimestamp(cue.start, ',')} --> ${formatTimestamp(cue.end, ',')}\n${text}\n`
    })
    .join('\n')
}

/**
 * WebVTT: a `WEBVTT` header, then cues. `&` and `<` start entities and tags in cue text, and `-->` would
 * be read as a timing line, so they are escaped.
 * @see https://www.w3.org/TR/webvtt1/#cue-text
 */
export function toWebVtt(cues: CaptionCue[]): string {
  const body = cues.map((cue, index) => {
    const text = cue.text
      .replace(/\n\s*\n/g, '\n')
      .trim()
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
    return `${index + 1}\n${formatTimestamp(cue.start, '.')} --> ${formatTimestamp(cue.end, '.')}\n${text}\n`
  })
  return ['WEBVTT\n', ...body].join('\n')
}
