import Papa from 'papaparse'
import { z } from 'zod'

import { SingleLineTextSchema } from './request-text.ts'
import { PROJECT_TITLE_MAX_CHARS, RenderJobSchema, ResolutionSchema, SOURCE_TEXT_MAX_CHARS } from './studio.ts'
import { CROSS_COLUMN_RULES, CreateVideoBodySchema, type CreateVideoBody } from './videos.ts'

/** A batch holds at most this many videos: a day's renders on the paid plan. */
export const BATCH_MAX_ROWS = 50
/** A CSV of 50 rows of 10,000-character scripts is about 500 KB; this leaves room for quoting. */
export const BATCH_CSV_MAX_BYTES = 1024 * 1024
/** The columns a batch's CSV may have; `prompt` or `script` is needed on each row, the rest are optional. */
export const BATCH_COLUMNS = ['prompt', 'script', 'title', 'style', 'ratio', 'voice', 'template'] as const
export type BatchColumn = (typeof BATCH_COLUMNS)[number]
export type BatchRowInput = Partial<Record<BatchColumn, string>>

/** What each CSV column means, for the studio's help and the developers page. */
export const BATCH_COLUMN_HELP: Record<BatchColumn, string> = {
  prompt: 'What the video is about; the writer drafts it. Fill prompt or script on each row.',
  script: 'The words to say, split into scenes as they are (with a template: one paragraph per scene).',
  title: 'The project’s title. Left empty: one is made from the words.',
  style: 'cinematic, anime, realistic, 3d-cartoon, watercolor or comic.',
  ratio: '9:16, 16:9 or 1:1.',
  voice: 'A voice id from GET /api/v1/voices. Left empty: a voice of the script’s language.',
  template: 'A template id (builtin-… or your own): the video takes its scenes and settings.',
}

/** A cell other than the words: a title, a style, a voice or template id. */
const CELL_MAX_CHARS = 500

/**
 * One row, as the API receives it: text cells as a spreadsheet has them, each checked as a one-call video's
 * body (toVideoBody) so that a bad row is named with its column rather than failing the whole request's parse.
 */
export const BatchRowSchema = z
  .strictObject({
    prompt: z.string().max(SOURCE_TEXT_MAX_CHARS).optional(),
    script: z.string().max(SOURCE_TEXT_MAX_CHARS).optional(),
    title: z.string().max(CELL_MAX_CHARS).optional(),
    style: z.string().max(CELL_MAX_CHARS).optional(),
    ratio: z.string().max(CELL_MAX_CHARS).optional(),
    voice: z.string().max(CELL_MAX_CHARS).optional(),
    template: z.string().max(CELL_MAX_CHARS).optional(),
  })
  .meta({ id: 'BatchRow' })

export const CreateBatchBodySchema = z
  .strictObject({
    title: SingleLineTextSchema.trim()
      .max(PROJECT_TITLE_MAX_CHARS)
      .optional()
      .meta({ description: 'A name for the batch. Left out: the date and time.' }),
    rows: z.array(BatchRowSchema).min(1).max(BATCH_MAX_ROWS),
    resolution: ResolutionSchema.optional().meta({ description: 'For every video of the batch. Left out: 720p.' }),
  })
  .meta({ id: 'CreateBatchBody' })
export type CreateBatchBody = z.infer<typeof CreateBatchBodySchema>

const blankToUndefined = (value: string | undefined) => {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

/**
 * A row as a one-call video's body, or the problems that stop it, in words that name the column. Empty cells
 * count as left out, so a spreadsheet's blank cells need no care.
 */
export function toVideoBody(
  row: BatchRowInput,
  resolution?: CreateVideoBody['resolution'],
): { body: CreateVideoBody; problems: [] } | { body: undefined; problems: string[] } {
  const settings: Record<string, string> = {}
  const style = blankToUndefined(row.style)
  const ratio = blankToUndefined(row.ratio)
  const voice = blankToUndefined(row.voice)
  if (style !== undefined) settings.style = style
  if (ratio !== undefined) settings.aspect_ratio = ratio
  if (voice !== undefined) settings.voice_id = voice
  const candidate = {
    prompt: blankToUndefined(row.prompt),
    script: row.script?.trim() ? row.script : undefined,
    title: blankToUndefined(row.title),
    template_id: blankToUndefined(row.template),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
    ...(resolution ? { resolution } : {}),
  }
  const parsed = CreateVideoBodySchema.safeParse(candidate)
  if (parsed.success) return { body: parsed.data, problems: [] }
  const columnOf: Record<string, string> = {
    prompt: 'prompt',
    script: 'script',
    title: 'title',
    template_id: 'template',
    'settings.style': 'style',
    'settings.aspect_ratio': 'ratio',
    'settings.voice_id': 'voice',
  }
  const problems = parsed.error.issues.map((issue) => {
    const where = columnOf[issue.path.join('.')]
    if (issue.path.join('.') === 'prompt' && candidate.prompt === undefined && candidate.script === undefined)
      return 'fill in prompt or script'
    // A rule across columns (prompt or script, a template's script) names them itself.
    if (!where || CROSS_COLUMN_RULES.has(issue.message)) return issue.message
    if (issue.code === 'invalid_value')
      return `${where}: "${row[where as BatchColumn]?.trim() ?? ''}" is not one of ${issue.values.map(String).join(', ')}`
    return `${where}: ${issue.message}`
  })
  return { body: undefined, problems: [...new Set(problems)] }
}

export type ParsedBatchCsv = { rows: BatchRowInput[]; problems: string[] }

/**
 * A CSV's rows by its header line's column names (case and spaces ignored), with what is wrong with the file
 * itself: no known column, unknown columns, more rows than a batch holds. Rows are not checked here.
 */
export function parseBatchCsv(text: string): ParsedBatchCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  const [header = [], ...lines] = parsed.data
  const problems: string[] = []
  const columns = header.map((name) => name.trim().toLowerCase().replace(/\s+/g, '_'))
  const known = new Set<string>(BATCH_COLUMNS)
  const unknown = columns.filter((name) => name !== '' && !known.has(name))
  if (!columns.includes('prompt') && !columns.includes('script')) {
    problems.push(
      'The first line must name the columns, with a prompt or a script column: ' + BATCH_COLUMNS.join(', ') + '.',
    )
  }
  if (unknown.length > 0) problems.push(`Unknown columns: ${unknown.join(', ')}. Known: ${BATCH_COLUMNS.join(', ')}.`)
  if (lines.length === 0 && problems.length === 0) problems.push('The file has a header line but no rows.')
  if (lines.length > BATCH_MAX_ROWS)
    problems.push(`The file has ${lines.length} rows; a batch holds at most ${BATCH_MAX_ROWS}.`)
  // A file of one column has no delimiter to detect; papaparse says so and reads it right all the same.
  for (const error of parsed.errors.filter((item) => item.type !== 'Delimiter').slice(0, 5)) {
    // Papaparse counts data rows from 0 after the header it was not told of: row 1 is its row 1.
    problems.push(`Row ${error.row ?? '?'}: ${error.message}`)
  }
  const rows = lines.slice(0, BATCH_MAX_ROWS).map((cells) => {
    const row: BatchRowInput = {}
    columns.forEach((name, index) => {
      if (known.has(name) && cells[index] !== undefined) row[name as BatchColumn] = cells[index]
    })
    return row
  })
  return { rows, problems }
}

export const BATCH_ROW_STATES = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'canceled',
  'not_queued',
  'deleted',
] as const
export type BatchRowState = (typeof BATCH_ROW_STATES)[number]

export const BatchRowResultSchema = z
  .object({
    row: z.number().int(),
    title: z.string(),
    project_id: z.uuid().nullable(),
    render_id: z.uuid().nullable(),
    state: z.enum(BATCH_ROW_STATES).meta({
      description:
        "The row's render state; `not_queued` when its draft could not render (see `error`), `deleted` when its " +
        'project was deleted since.',
    }),
    error: z.string().nullable(),
    render: RenderJobSchema.nullable(),
  })
  .meta({ id: 'BatchRowResult' })
export type BatchRowResult = z.infer<typeof BatchRowResultSchema>

export const BatchSummarySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    row_count: z.number().int(),
    counts: z.object({
      queued: z.number().int(),
      running: z.number().int(),
      succeeded: z.number().int(),
      failed: z.number().int(),
      canceled: z.number().int(),
      not_queued: z.number().int(),
      deleted: z.number().int(),
    }),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
    zip_url: z.string().meta({
      description:
        "The finished videos so far as one ZIP, streamed: a signed link, relative to the API's origin, that expires " +
        'like the media links (GET the batch again for a fresh one).',
    }),
  })
  .meta({ id: 'BatchSummary' })
export type BatchSummary = z.infer<typeof BatchSummarySchema>

export const BatchSchema = BatchSummarySchema.extend({ rows: z.array(BatchRowResultSchema) }).meta({ id: 'Batch' })
export type Batch = z.infer<typeof BatchSchema>

export const BatchListSchema = z.object({ batches: z.array(BatchSummarySchema) }).meta({ id: 'BatchList' })
