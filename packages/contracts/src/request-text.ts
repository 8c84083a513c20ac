import { z } from 'zod'

/**
 * Every string a request carries is built on one of these two schemas. PostgreSQL refuses NUL bytes and
 * escaped unpaired surrogates, and no person types control characters, so they are a 400 here rather than
 * a database error later. Response schemas stay plain `z.string()`: rows written before these checks must
 * still read.
 */

// C0 controls but tab, line feed and carriage return (named apart below), DEL, and the C1 controls.
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
const LINE_BREAK_OR_TAB = /[\t\n\r]/
// A high surrogate not followed by a low one, or a low one not preceded by a high one. No lookbehind:
// Safari before 16.4 refuses to parse a regex that has one, and this file ships to browsers.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/

const refuseControlCharacters = z.refine<string>(
  (text) => !CONTROL_CHARACTER.test(text),
  'must not contain control characters',
)
const refuseLineBreaks = z.refine<string>(
  (text) => !LINE_BREAK_OR_TAB.test(text),
  'must be a single line, without line breaks or tabs',
)
const refuseUnpairedSurrogates = z.refine<string>(
  (text) => !UNPAIRED_SURROGATE.test(text),
  'must not contain unpaired surrogate characters (broken Unicode text)',
)

/** The checks of SingleLineTextSchema, for string formats that cannot start from it: `z.url().check(...)`. */
export const SINGLE_LINE_TEXT_CHECKS = [refuseControlCharacters, refuseLineBreaks, refuseUnpairedSurrogates]

/** Names, titles, e-mail addresses, tokens, ids, search terms: no control characters, tabs or line breaks. */
export const SingleLineTextSchema = z.string().check(...SINGLE_LINE_TEXT_CHECKS)

/** Windows (`\r\n`) and old Mac (`\r`) line breaks both become `\n`, as a browser's textarea sends them. */
export function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n')
}

/**
 * Free text a person writes in a textarea (a script, a narration, a scene's picture): tabs and line breaks
 * are kept, with every line break stored as `\n`; other control characters are refused.
 */
export const MultiLineTextSchema = z
  .string()
  .overwrite(normalizeLineBreaks)
  .check(refuseControlCharacters, refuseUnpairedSurrogates)
