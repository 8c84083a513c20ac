import { toVideoBody, type BatchRowInput } from '@storyreel/contracts/batches'

/** A CSV row as the preview shows it: its number as the API counts rows (from 1) and what stops it, if anything. */
export type CheckedRow = {
  row: number
  input: BatchRowInput
  problems: string[]
}

/** The ids a row may name, as the API has them; undefined while they load, so nothing is marked too early. */
export type KnownIds = { voices: ReadonlySet<string> | undefined; templates: ReadonlySet<string> | undefined }

/**
 * Each row's problems as the API will find them: the contract's own check of the row, then its voice and
 * template against the lists the account can use.
 */
export function checkBatchRows(rows: BatchRowInput[], known: KnownIds): CheckedRow[] {
  return rows.map((input, index) => {
    const own = [...toVideoBody(input).problems]
    // Read from the cells, not the checked body, so a row with another problem is told of these too.
    const voice = input.voice?.trim() || undefined
    if (voice !== undefined && known.voices && !known.voices.has(voice)) own.push(`voice: there is no voice "${voice}"`)
    const template = input.template?.trim() || undefined
    if (template !== undefined && known.templates && !known.templates.has(template))
      own.push(`template: there is no template "${template}"`)
    return { row: index + 1, input, problems: own }
  })
}

/** A cell's first words, on one line, for a table that must stay readable on a phone. */
export function excerpt(text: string | undefined, maxChars = 90): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim()
  return line.length > maxChars ? `${line.slice(0, maxChars - 1).trimEnd()}…` : line
}
