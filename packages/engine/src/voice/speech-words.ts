/**
 * The words of a narration as captions show them: whitespace-separated tokens, with a token that
 * has no letter or digit (a dash, an ellipsis, an emoji) kept on the word before it, so the words joined
 * with spaces give back the text.
 */

/** A caption word and where it sits in the text, in code points (eSpeak counts positions that way). */
export type TextWord = { text: string; start: number; end: number }

const SPOKEN = /[\p{L}\p{N}]/u

export function splitWords(text: string): TextWord[] {
  const chars = Array.from(text)
  const words: TextWord[] = []
  let pending: TextWord | undefined
  let i = 0
  while (i < chars.length) {
    if (/\s/u.test(chars[i] ?? '')) {
      i += 1
      continue
    }
    const start = i
    while (i < chars.length && !/\s/u.test(chars[i] ?? '')) i += 1
    const token: TextWord = { text: chars.slice(start, i).join(''), start, end: i }
    const last = words.at(-1)
    if (SPOKEN.test(token.text)) {
      // Leading punctuation ("— and so") goes with the first spoken word.
      if (pending) words.push({ text: `${pending.text} ${token.text}`, start: pending.start, end: token.end })
      else words.push(token)
      pending = undefined
    } else if (last) {
      words[words.length - 1] = { text: `${last.text} ${token.text}`, start: last.start, end: token.end }
    } else {
      pending = pending ? { text: `${pending.text} ${token.text}`, start: pending.start, end: token.end } : token
    }
  }
  return words
}

const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u

/** A run of whole sentences, and where it sits in the text (code points). */
export type WordChunk = { words: TextWord[]; start: number; end: number }

/**
 * Groups the words into chunks of at least `minChars` that end at a sentence end (or run on to four times that
 * when a sentence is very long): engines synthesise a chunk at a time and yield to the event loop between them.
 */
export function chunkWords(words: TextWord[], minChars: number): WordChunk[] {
  const chunks: WordChunk[] = []
  let current: TextWord[] = []
  for (const word of words) {
    current.push(word)
    const length = word.end - (current[0]?.start ?? word.start)
    if ((SENTENCE_END.test(word.text) && length >= minChars) || length >= minChars * 4) {
      chunks.push({ words: current, start: current[0]?.start ?? 0, end: word.end })
      current = []
    }
  }
  const first = current[0]
  const last = current.at(-1)
  if (first && last) chunks.push({ words: current, start: first.start, end: last.end })
  return chunks
}

const VOWEL_GROUPS = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœ]+/giu

/**
 * A rough spoken length of a word, in syllables: vowel groups for Latin script (a silent final e is
 * dropped), digits read as about one syllable each, and other scripts by letter count.
 */
export function countSyllables(word: string): number {
  const letters = word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')
  if (!letters) return 0
  const digits = letters.replace(/\D/g, '').length
  const latin = letters.replace(/[^a-zà-ÿœæ]/g, '')
  const other = letters.length - digits - latin.length
  let syllables = (latin.match(VOWEL_GROUPS) ?? []).length
  if (latin.length > 2 && latin.endsWith('e') && !latin.endsWith('le') && syllables > 1) syllables -= 1
  if (latin && syllables === 0) syllables = 1
  return syllables + digits * 1.2 + other / 2.5
}
