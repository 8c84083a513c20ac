import { countWordTimes, LETTERS_PER_SPOKEN_WORD } from '@storyreel/contracts/narration'

/**
 * Sentence and clause splitting for the local scene splitter. Plain rules instead of a language
 * model: they must cope with what people paste into a script box (abbreviations, decimals, quotes,
 * ellipses, hard line breaks and bullet lists).
 */

// Abbreviations that never end a sentence: a title or a Latin "for example" is always followed by more.
const NEVER_FINAL = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'st',
  'mt',
  'jr',
  'sr',
  'vs',
  'no',
  'fig',
  'approx',
  'e.g',
  'i.e',
  'cf',
  'ca',
  'gen',
  'capt',
  'sgt',
  'lt',
  'col',
  'rev',
  'hon',
])
// These may end a sentence; they do only when the next word starts with a capital (as any sentence does).
const MAYBE_FINAL = new Set([
  'etc',
  'a.m',
  'p.m',
  'inc',
  'ltd',
  'co',
  'corp',
  'u.s',
  'u.k',
  'jan',
  'feb',
  'aug',
  'sept',
])

const BULLET = /^\s*(?:[-*•‣◦–—]|\d{1,2}[.)]|[a-z][.)])\s+/i
const TERMINAL = /[.!?…。！？।॥]["'”’)\]」』]*$/

/** Splits text into sentences, keeping each one's punctuation; bullet items and headings become sentences. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = []
  for (const block of joinLines(text)) sentences.push(...splitParagraph(block))
  return sentences
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => /\p{L}|\d/u.test(sentence))
}

/**
 * Hard-wrapped lines are joined back; a bullet item, a blank line or a line that ends without punctuation
 * before a capitalised line ends a block, and a block without final punctuation gets a full stop.
 */
function joinLines(text: string): string[] {
  const blocks: string[] = []
  let current = ''
  const flush = () => {
    const block = current.trim()
    if (block) blocks.push(TERMINAL.test(block) || /[.!?…:;,]$/.test(block) ? block : `${block}.`)
    current = ''
  }
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    const isBullet = BULLET.test(rawLine)
    const stripped = rawLine.replace(BULLET, '').trim()
    // A bullet item is spoken as a sentence of its own, so it starts like one.
    const line = isBullet ? stripped.charAt(0).toUpperCase() + stripped.slice(1) : stripped
    if (!line) {
      flush()
      continue
    }
    const continues = current !== '' && !isBullet && !TERMINAL.test(current.trim()) && /^[\p{Ll}\d(]/u.test(line)
    if (!continues) flush()
    current = current ? `${current} ${line}` : line
    if (isBullet) flush()
  }
  flush()
  return blocks
}

/** Chinese and Japanese full stops end a sentence with no space after them; the rest is split as below. */
function splitParagraph(paragraph: string): string[] {
  // Chinese and Japanese full stops, and the Devanagari danda, end a sentence with or without a space after.
  return paragraph.split(/(?<=[。！？।॥]["'”’)\]」』]*)/u).flatMap(splitLatinParagraph)
}

function splitLatinParagraph(paragraph: string): string[] {
  const sentences: string[] = []
  // A candidate end: terminal punctuation (an ellipsis counts), closing quotes or brackets, then a space.
  const boundary = /(\.{3}|…|[.!?]+)(["'”’)\]]*)\s+/g
  let start = 0
  for (let match = boundary.exec(paragraph); match; match = boundary.exec(paragraph)) {
    const [whole, punctuation = '', closers = ''] = match
    const end = match.index + punctuation.length + closers.length
    const next = paragraph.slice(match.index + whole.length)
    if (!isSentenceEnd(paragraph.slice(start, match.index), punctuation, next)) continue
    sentences.push(paragraph.slice(start, end))
    start = match.index + match[0].length
  }
  sentences.push(paragraph.slice(start))
  return sentences
}

function isSentenceEnd(before: string, punctuation: string, next: string): boolean {
  // The next sentence starts with a capital, a digit or an opening quote; "and then... nothing" goes on.
  const startsNew = /^["'“‘([]?[\p{Lu}\d]/u.test(next)
  // Stray punctuation after a full stop ("Hello. ... !!!") is noise that starts no sentence of its own.
  if (!startsNew) return /^[^\p{L}\d\s"'“‘(]/u.test(next)
  if (punctuation !== '.') return true
  const lastWord = /([\p{L}.]+)$/u.exec(before)?.[1]?.toLowerCase() ?? ''
  if (NEVER_FINAL.has(lastWord)) return false
  // A single capital letter before a dot is an initial ("J. R. R. Tolkien").
  if (/^\p{Lu}$/u.test(/(\p{L}+)$/u.exec(before)?.[1] ?? '')) return false
  if (MAYBE_FINAL.has(lastWord)) return true
  return true
}

const CONJUNCTIONS =
  /\s+(?=(?:and|but|so|because|while|which|when|whereas|although|though|until|where|then|or|yet|after|before|since)\s)/i

/**
 * Splits a sentence that takes longer than `maxWords` to say, or is longer than `maxChars`, into parts that
 * each fit: first at commas, semicolons, colons and dashes, then before conjunctions, then every few words,
 * and a word too long for a part on its own (a run of letters, a line of text without spaces) into pieces.
 * Every character is kept.
 */
export function splitLongSentence(sentence: string, maxWords: number, maxChars: number): string[] {
  if (fits(sentence, maxWords, maxChars)) return [sentence]
  for (const separator of [/(?<=[;:])\s+|\s+[—–]\s+|\s+-\s+/, /(?<=,)\s+/, CONJUNCTIONS]) {
    const pieces = sentence.split(separator).filter((piece) => piece.trim())
    if (pieces.length < 2) continue
    const parts = packPieces(pieces, maxWords, maxChars)
    if (parts.length > 1) return parts.flatMap((part) => splitLongSentence(part, maxWords, maxChars))
  }
  // No punctuation to split at: pack words, evenly sized so the last part is not a crumb.
  const words = sentence
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => breakWord(word, maxWords, maxChars))
  const time = countTimedWords(sentence)
  const partCount = Math.max(Math.ceil(time / maxWords), Math.ceil(sentence.length / maxChars))
  const evenWords = Math.min(maxWords, Math.ceil(time / partCount) + 1)
  return packPieces(words, evenWords, maxChars)
}

/** A word that does not fit a part on its own, in pieces that do; whole code points, so no emoji is cut. */
function breakWord(word: string, maxWords: number, maxChars: number): string[] {
  if (fits(word, maxWords, maxChars)) return [word]
  const size = Math.max(1, Math.min(Math.floor(maxChars / 2), Math.floor(maxWords * LETTERS_PER_SPOKEN_WORD)))
  const characters = Array.from(word)
  const pieces: string[] = []
  for (let start = 0; start < characters.length; start += size)
    pieces.push(characters.slice(start, start + size).join(''))
  return pieces
}

/** Joins consecutive pieces back together as long as they still fit, so a split leaves no crumbs. */
function packPieces(pieces: string[], maxWords: number, maxChars: number): string[] {
  const parts: string[] = []
  let current = ''
  for (const piece of pieces) {
    const joined = current ? `${current} ${piece.trim()}` : piece.trim()
    if (current && !fits(joined, maxWords, maxChars)) {
      parts.push(current)
      current = piece.trim()
    } else {
      current = joined
    }
  }
  if (current) parts.push(current)
  return parts
}

function fits(text: string, maxWords: number, maxChars: number): boolean {
  return countTimedWords(text) <= maxWords && text.length <= maxChars
}

/** Words as a voice speaks them: a long number ("1952") takes several. */
export function countSpokenWords(text: string): number {
  let count = 0
  for (const token of text.split(/\s+/)) {
    if (!/[\p{L}\d]/u.test(token)) continue
    const digits = token.replace(/\D/g, '').length
    count += digits >= 4 ? 3 : digits === 3 ? 2 : 1
  }
  return count
}

/**
 * The words' worth of time a text takes to say: its spoken words, or, when its words are long, its letters
 * and digits as words of six (see LETTERS_PER_SPOKEN_WORD): a voice spells out a word it cannot read.
 */
export function countTimedWords(text: string): number {
  return countWordTimes(text, countSpokenWords(text))
}
