import { z } from 'zod'

import { SingleLineTextSchema } from './request-text.ts'
import {
  ProjectSettingsSchema,
  SCENE_MAX_SECONDS,
  SCENE_MIN_SECONDS,
  SCENE_NARRATION_MAX_CHARS,
  SCENE_VISUAL_MAX_CHARS,
  SCENES_MAX,
} from './studio.ts'

/**
 * Templates: a project's structure to start from (its settings, brand choices, scenes and their lengths, its
 * caption style), with its words or, without them, a placeholder in each scene saying what belongs there. Eight
 * are built in; an account saves its own within its plan.
 */

export const TEMPLATE_NAME_MAX_CHARS = 80
export const TEMPLATE_DESCRIPTION_MAX_CHARS = 200

/** Built-in templates are named `builtin-…`; an account's own have uuids. */
export const TemplateIdSchema = z.union([z.uuid(), z.string().regex(/^builtin-[a-z0-9-]{2,60}$/u)])

export const TemplateSceneSchema = z
  .strictObject({
    /** The words, or a placeholder ("[In your own words, about 12 words: …]") the video does not render with. */
    narration: z.string().max(SCENE_NARRATION_MAX_CHARS),
    visual: z.string().min(1).max(SCENE_VISUAL_MAX_CHARS),
    duration: z.number().min(SCENE_MIN_SECONDS).max(SCENE_MAX_SECONDS),
  })
  .meta({ id: 'TemplateScene' })
export type TemplateScene = z.infer<typeof TemplateSceneSchema>

export const TemplateSchema = z
  .strictObject({
    id: TemplateIdSchema,
    kind: z.enum(['builtin', 'own']),
    name: z.string(),
    description: z.string(),
    /** The settings a project made from it starts with (its style, ratio, voice, music, captions). */
    settings: ProjectSettingsSchema,
    scenes: z.array(TemplateSceneSchema).min(1).max(SCENES_MAX),
    /** false: each scene's narration is a placeholder for the user's own words. */
    with_words: z.boolean(),
    /** A sample still of the template's look; null for an account's own. */
    still_url: z.string().nullable(),
    created_at: z.iso.datetime({ offset: true }).nullable(),
    updated_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Template' })
export type Template = z.infer<typeof TemplateSchema>

export const TemplateListSchema = z
  .object({
    templates: z.array(TemplateSchema),
    /** How many of its own the account keeps, and may keep on its plan. */
    own: z.object({ count: z.number().int(), limit: z.number().int() }),
  })
  .meta({ id: 'TemplateList' })
export type TemplateList = z.infer<typeof TemplateListSchema>

const TemplateNameSchema = SingleLineTextSchema.trim().min(1, 'name the template').max(TEMPLATE_NAME_MAX_CHARS)

export const CreateTemplateBodySchema = z
  .strictObject({
    project_id: z.uuid(),
    name: TemplateNameSchema,
    description: SingleLineTextSchema.trim().max(TEMPLATE_DESCRIPTION_MAX_CHARS).optional(),
    /** false: the template keeps the scenes' lengths and pictures' descriptions, each narration a placeholder. */
    with_words: z.boolean(),
  })
  .meta({ id: 'CreateTemplateBody' })
export type CreateTemplateBody = z.infer<typeof CreateTemplateBodySchema>

export const UpdateTemplateBodySchema = z
  .strictObject({
    name: TemplateNameSchema.optional(),
    description: SingleLineTextSchema.trim().max(TEMPLATE_DESCRIPTION_MAX_CHARS).optional(),
  })
  .meta({ id: 'UpdateTemplateBody' })
