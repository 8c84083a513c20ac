import { REDEEM_CODES_UPLOAD_MAX, RedeemCodeSchema, type RedeemCodesUploadBody } from '@storyreel/contracts/admin'

/** At most this many bad entries are named in a 400, so a wrong file does not answer megabytes of errors. */
const MAX_LISTED_PROBLEMS = 50
const HEADER_CELL = /^(redeem[ _-]?|promo[ _-]?)?codes?$/i

export type ParsedUpload = { ok: true; codes: string[]; received: number } | { ok: false; problems: string[] }

/**
 * RFC 4180 rows, first column only: quoted cells may hold separators, doubled quotes and line breaks. Rows
 * may end in CRLF, LF or CR, and cells may be split by commas, semicolons or tabs, as spreadsheets in
 * different locales save them; none of these can be part of a code.
 */
export function readFirstColumn(csv: string): Array<{ line: number; cell: string }> {
  const rows: Array<{ line: number; cell: string }> = []
  let line = 1
  let rowLine = 1
  let cell = ''
  let column = 0
  let quoted = false
  const text = csv.replace(/^\uFEFF/, '')
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        if (column === 0) cell += '"'
        index += 1
      } else if (char === '"') {
        quoted = false
      } else {
        if (char === '\n') line += 1
        if (column === 0) cell += char
      }
    } else if (char === '"') {
      quoted = true
    } else if (char === ',' || char === ';' || char === '\t') {
      column += 1
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1
      rows.push({ line: rowLine, cell })
      line += 1
      rowLine = line
      cell = ''
      column = 0
    } else if (column === 0) {
      cell += char
    }
  }
  if (cell !== '' || column > 0) rows.push({ line: rowLine, cell })
  return rows
}

/**
 * Turns an upload into the codes to insert: trimmed, blank entries and a CSV header row skipped, repeats
 * dropped. Any entry that is not a valid code fails the whole upload, so a wrong file adds nothing.
 */
export function parseRedeemCodeUpload(body: RedeemCodesUploadBody): ParsedUpload {
  const entries =
    'codes' in body
      ? body.codes.map((value, index) => ({ label: `codes.${index}`, value: value.trim() }))
      : readFirstColumn(body.csv).map(({ line, cell }) => ({ label: `line ${line}`, value: cell.trim() }))
  const first = entries.findIndex(({ value }) => value !== '')
  const header = 'csv' in body && first !== -1 && HEADER_CELL.test(entries[first]?.value ?? '') ? first : -1
  const candidates = entries.filter(({ value }, index) => value !== '' && index !== header)
  const problems: string[] = []
  for (const { label, value } of candidates) {
    const result = RedeemCodeSchema.safeParse(value)
    if (!result.success) {
      problems.push(`${label}: "${value.slice(0, 80)}" ${result.error.issues[0]?.message ?? 'is not a valid code'}`)
    }
  }
  if (problems.length > MAX_LISTED_PROBLEMS) {
    const more = problems.length - MAX_LISTED_PROBLEMS
    problems.splice(MAX_LISTED_PROBLEMS, more, `…and ${more} more`)
  }
  if (problems.length > 0) return { ok: false, problems }
  if (candidates.length === 0) return { ok: false, problems: ['The upload holds no codes.'] }
  if (candidates.length > REDEEM_CODES_UPLOAD_MAX) {
    return {
      ok: false,
      problems: [`One upload holds at most ${REDEEM_CODES_UPLOAD_MAX} codes; this one has ${candidates.length}.`],
    }
  }
  return { ok: true, codes: [...new Set(candidates.map(({ value }) => value))], received: candidates.length }
}
