import { VIDEO_MAX_SECONDS, VIDEO_MIN_SECONDS } from '@storyreel/contracts/studio'

/** How long a prompt asks the video to be ("a 20 second ad" → 20), and what a video may last. */
export interface PromptLength {
  /** The words that said it, as written: "20 second", "half a minute". */
  phrase: string
  /** What the prompt asked for. */
  askedSeconds: number
  /** The same within the video's bounds (15 to 90 s). */
  seconds: number
  /** True when `seconds` differs from what was asked, so the studio can say why. */
  clamped: boolean
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
}
const TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety'
const UNITS = 'one|two|three|four|five|six|seven|eight|nine'
const WORD_NUMBER = `(?:(?:${TENS})(?:[\\s-](?:${UNITS}))?|${UNITS}|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)`
const DIGITS = String.raw`\d{1,3}(?:[.,]\d{1,2})?`
const NUMBER = `(?:${DIGITS}|${WORD_NUMBER})`

// Units in our eight languages (digits work in any of them; number words only in English).
const SECOND_UNIT = String.raw`(?:seconds?|secs?|s|segundos?|seg|secondes?|sekunden?|sek|secondi|secondo|seconden|seconde|सेकंड|सेकेंड)`
const MINUTE_UNIT = String.raw`(?:minutes?|mins?|minutos?|minuten?|minuti|minuto|minuut|minuten|मिनट)`
const BOUNDARY_BEFORE = String.raw`(?<![\p{L}\p{N}])`
const BOUNDARY_AFTER = String.raw`(?![\p{L}\p{N}])`
/** "5 minutes from the beach" is a distance, "20 minutes later" a time in the story: not the video's length. */
const NOT_A_LENGTH_AFTER =
  /^[\s-]*(?:walk|walking|drive|driving|ride|away|from|ago|later|earlier|before|after|of (?:fame|silence|work)|to (?:go|walk|drive|get|reach|cook|make|bake|prepare))\b/iu

const PATTERNS: { pattern: RegExp; seconds: (match: RegExpExecArray) => number }[] = [
  // "a minute and a half", "one and a half minutes", "1½ minutes".
  {
    pattern: new RegExp(
      `${BOUNDARY_BEFORE}(?:(?:a|an|one|1)[\\s-]+${MINUTE_UNIT}[\\s-]+and[\\s-]+a[\\s-]+half|(?:one|1)[\\s-]+and[\\s-]+a[\\s-]+half[\\s-]+${MINUTE_UNIT}|1½[\\s-]*${MINUTE_UNIT})${BOUNDARY_AFTER}`,
      'iu',
    ),
    seconds: () => 90,
  },
  // "half a minute", "half-minute".
  {
    pattern: new RegExp(`${BOUNDARY_BEFORE}half(?:[\\s-]+an?)?[\\s-]+${MINUTE_UNIT}${BOUNDARY_AFTER}`, 'iu'),
    seconds: () => 30,
  },
  // "1:30", "1 min 30", "1m30s".
  {
    pattern: new RegExp(
      String.raw`${BOUNDARY_BEFORE}(\d)(?::|\s*(?:m|mins?|minutes?)\s*)([0-5]\d)(?:\s*(?:s|secs?|seconds?))?${BOUNDARY_AFTER}`,
      'iu',
    ),
    seconds: (match) => Number(match[1]) * 60 + Number(match[2]),
  },
  // "a minute" (but not "a second", which is an ordinal as often as a length).
  {
    pattern: new RegExp(`${BOUNDARY_BEFORE}an?[\\s-]+${MINUTE_UNIT}${BOUNDARY_AFTER}`, 'iu'),
    seconds: () => 60,
  },
  // "20 seconds", "20-second", "20s", "twenty second", "2 minutes", "1.5 minutes".
  {
    pattern: new RegExp(`${BOUNDARY_BEFORE}(${NUMBER})[\\s-]*(${SECOND_UNIT}|${MINUTE_UNIT})${BOUNDARY_AFTER}`, 'iu'),
    seconds: (match) => {
      const value = readNumber(match[1] ?? '')
      const minutes = new RegExp(`^${MINUTE_UNIT}$`, 'iu').test(match[2] ?? '')
      return minutes ? value * 60 : value
    },
  },
]

function readNumber(text: string): number {
  const lower = text.toLowerCase()
  if (/^\d/u.test(lower)) return Number(lower.replace(',', '.'))
  const [tens, unit] = lower.split(/[\s-]+/u)
  return (NUMBER_WORDS[tens ?? ''] ?? 0) + (NUMBER_WORDS[unit ?? ''] ?? 0)
}

/** "the 90s", "in the '80s" (decades) and "the twenty-second of May" (an ordinal): not lengths. */
function isDecadeOrDate(text: string, match: RegExpExecArray): boolean {
  const before = text.slice(0, match.index)
  if (/^\d+s$/iu.test(match[0]) && /(?:the|'|’)\s*$/iu.test(before)) return true
  return /second$/iu.test(match[0]) && /\bthe\s*$/iu.test(before)
}

/**
 * The length a prompt asks for, from the first phrase that names one ("a 20 second ad for my flower shop" → 20 s;
 * "20-second", "20 sec", "a minute", "half a minute", "90 seconds", "1:30"), kept within the video's bounds.
 * Durations inside the story ("5 minutes from the beach", "ten minutes later") are not the video's length.
 */
export function getPromptLength(text: string): PromptLength | undefined {
  let best: { match: RegExpExecArray; seconds: number } | undefined
  for (const { pattern, seconds } of PATTERNS) {
    const global = new RegExp(pattern.source, 'giu')
    for (let match = global.exec(text); match; match = global.exec(text)) {
      const after = text.slice(match.index + match[0].length)
      if (NOT_A_LENGTH_AFTER.test(after) || isDecadeOrDate(text, match)) continue
      const value = seconds(match)
      if (!(value > 0)) continue
      if (!best || match.index < best.match.index) best = { match, seconds: value }
      break
    }
  }
  if (!best) return undefined
  const askedSeconds = Math.round(best.seconds)
  const seconds = Math.min(VIDEO_MAX_SECONDS, Math.max(VIDEO_MIN_SECONDS, askedSeconds))
  return { phrase: best.match[0].trim(), askedSeconds, seconds, clamped: seconds !== askedSeconds }
}
