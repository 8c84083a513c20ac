import { z } from 'zod'

import { MultiLineTextSchema, SingleLineTextSchema } from './request-text.ts'
import {
  PROJECT_TITLE_MAX_CHARS,
  PartialProjectSettingsSchema,
  ProjectBrandSchema,
  ResolutionSchema,
  SOURCE_TEXT_MAX_CHARS,
} from './studio.ts'

/** How long a retried call with the same Idempotency-Key gets the first call's answer. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24
export const IDEMPOTENCY_KEY_MAX_CHARS = 255

/**
 * Printable ASCII, 1-255 characters, as the header's value; a retry sends the same one. Spaces at its ends are
 * dropped, as an HTTP server drops them from any header's value, so a key given to the MCP tool (which reaches the
 * API in process) names the same video as the key sent over HTTP.
 */
export const IdempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[\x20-\x7e]+$/, 'Idempotency-Key is printable ASCII')
  .max(IDEMPOTENCY_KEY_MAX_CHARS)
  .meta({
    description:
      'Any string of 1-255 printable ASCII characters, unique per video you mean to make (a UUID does). A retry ' +
      `with the same key and body gets the first answer for ${IDEMPOTENCY_KEY_TTL_HOURS} hours, never a second video.`,
  })

export const IdempotencyKeyHeadersSchema = z.looseObject({ 'idempotency-key': IdempotencyKeySchema.optional() })

const ONE_SOURCE = 'send either a prompt or a script, not both or neither'
const TEMPLATE_TAKES_SCRIPT = 'a template takes a script: its paragraphs fill the template’s scenes'
/** The body's rules across fields, whose messages name the fields themselves (a batch row's problems). */
export const CROSS_COLUMN_RULES: ReadonlySet<string> = new Set([ONE_SOURCE, TEMPLATE_TAKES_SCRIPT])

const sourceText = MultiLineTextSchema.trim().min(3, 'write at least a few words').max(SOURCE_TEXT_MAX_CHARS)

/** The fields of a one-call video, before the rules across them. */
const CreateVideoFieldsSchema = z.strictObject({
  prompt: sourceText.optional().meta({ description: 'What the video is about; the script engine writes it.' }),
  script: sourceText.optional().meta({ description: 'The words to say, split into scenes as they are.' }),
  title: SingleLineTextSchema.trim().min(1).max(PROJECT_TITLE_MAX_CHARS).optional(),
  settings: PartialProjectSettingsSchema.optional().meta({
    description: "Any of a project's settings; the rest are the defaults, or the template's.",
  }),
  template_id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9-]+$/, 'a template id')
    .optional()
    .meta({
      description:
        'A built-in (`builtin-…`) or own template: the video takes its scenes, their lengths and its settings. ' +
        'With a template, send a `script`: its paragraphs (split at blank lines) become the scenes’ words in order.',
    }),
  brand: ProjectBrandSchema.optional().meta({
    description: 'Which parts of the brand kit the video uses. Left out: every part (or the template’s choice).',
  }),
  resolution: ResolutionSchema.optional().meta({ description: 'Left out: 720p.' }),
})

type VideoSource = { prompt?: string | undefined; script?: string | undefined; template_id?: string | undefined }

/** Exactly one source, and a template only with a script: the rules across a one-call video's fields. */
function withSourceRules<T extends z.ZodType<VideoSource>>(schema: T) {
  return schema
    .refine((body: VideoSource) => (body.prompt === undefined) !== (body.script === undefined), {
      message: ONE_SOURCE,
      path: ['prompt'],
    })
    .refine((body: VideoSource) => body.template_id === undefined || body.prompt === undefined, {
      message: TEMPLATE_TAKES_SCRIPT,
      path: ['template_id'],
    })
}

export const CreateVideoBodySchema = withSourceRules(CreateVideoFieldsSchema).meta({ id: 'CreateVideoBody' })
export type CreateVideoBody = z.infer<typeof CreateVideoBodySchema>

/**
 * create_video's input (the MCP tool): the body, and the Idempotency-Key as an argument, since a tool call has no
 * headers of its own. The tool sends it as the header, so a retried call answers the first video again.
 */
export const CreateVideoToolInputSchema = withSourceRules(
  CreateVideoFieldsSchema.extend({
    idempotency_key: IdempotencyKeySchema.optional().meta({
      description:
        'Optional: any string of 1-255 printable ASCII characters, new for each video you mean to make (a UUID ' +
        `does). Retrying a call with the same key and arguments within ${IDEMPOTENCY_KEY_TTL_HOURS} hours answers ` +
        'the first call again instead of making a second video.',
    }),
  }),
)

export const CreatedVideoSchema = z
  .object({
    project_id: z.uuid(),
    render_id: z.uuid(),
    status_url: z.string().meta({ description: "The render's GET link, relative to the API's origin." }),
  })
  .meta({ id: 'CreatedVideo' })
export type CreatedVideo = z.infer<typeof CreatedVideoSchema>
