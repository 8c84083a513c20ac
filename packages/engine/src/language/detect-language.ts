import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

import { SCRIPT_LANGUAGES, type ScriptLanguage } from '@storyreel/contracts/languages'

export interface DetectedLanguage {
  language: ScriptLanguage
  /** False for short or ambiguous text: the studio then shows the guess and asks the user to check it. */
  confident: boolean
}

/** What eld's detect() returns (its own types are not exported for a require()d entry). */
interface EldResult {
  language: string
  getScores: () => Record<string, number>
  isReliable: () => boolean
}
interface Eld {
  detect: (text: string) => EldResult
  setLanguageSubset: (languages: string[]) => unknown
}

/** Fewer letters than this and the detector guesses; a script's first sentence is usually longer. */
const MIN_CONFIDENT_LETTERS = 20
/** The best language must lead the next by this much of eld's score (0…1) to be sure. */
const MIN_LEAD = 0.05
/** Share of the letters in Devanagari from which a text is Hindi: our only language in that script. */
const DEVANAGARI_SHARE = 0.3

const LETTER = /\p{L}/gu
const DEVANAGARI_LETTER = /\p{Script=Devanagari}/gu

let detector: Eld | undefined

/**
 * eld's smallest database (about 30 MB of heap, a quarter second to parse) is loaded on the first call, not
 * when the engine is imported, so servers and tests that never detect a language do not pay for it. The
 * package exports only an `import` condition, so the file is resolved as an import would and then
 * require()d, which keeps this function synchronous (Node 22+ loads ES modules with require()).
 */
function getDetector(): Eld {
  if (detector) return detector
  const require = createRequire(import.meta.url)
  const loaded = require(fileURLToPath(import.meta.resolve('eld/extrasmall'))) as { eld: Eld }
  loaded.eld.setLanguageSubset([...SCRIPT_LANGUAGES])
  detector = loaded.eld
  return detector
}

function isScriptLanguage(code: string): code is ScriptLanguage {
  return (SCRIPT_LANGUAGES as readonly string[]).includes(code)
}

/**
 * The language a script or prompt is written in, among the eight the studio pictures and voices.
 *
 * Devanagari is Hindi outright. Latin text goes to eld restricted to our seven Latin-script languages. A guess
 * is confident only with enough letters and a clear lead; otherwise English wins any near tie (the studio's own
 * language, and the safe default for "Hello world", which n-grams call German), else the best guess stands.
 */
export function detectLanguage(text: string): DetectedLanguage {
  const letters = text.match(LETTER)?.length ?? 0
  if (letters === 0) return { language: 'en', confident: false }
  const devanagari = text.match(DEVANAGARI_LETTER)?.length ?? 0
  if (devanagari / letters >= DEVANAGARI_SHARE) return { language: 'hi', confident: true }

  const latin = devanagari > 0 ? text.replace(DEVANAGARI_LETTER, ' ') : text
  const scores = Object.entries(getDetector().detect(latin).getScores())
    .filter((entry): entry is [ScriptLanguage, number] => isScriptLanguage(entry[0]) && entry[0] !== 'hi')
    .sort((a, b) => b[1] - a[1])
  const [best, next] = scores
  if (!best) return { language: 'en', confident: false }
  const lead = best[1] - (next?.[1] ?? 0)
  if (letters >= MIN_CONFIDENT_LETTERS && lead >= MIN_LEAD) return { language: best[0], confident: true }
  const english = scores.find(([language]) => language === 'en')
  if (english && best[1] - english[1] < MIN_LEAD) return { language: 'en', confident: false }
  return { language: best[0], confident: false }
}
