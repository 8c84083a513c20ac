import { PLAN_LIMITS } from '@storyreel/contracts/plans'
import {
  ownWordsPrompt,
  OWN_WORDS_PROMPT,
  ProjectSettingsSchema,
  SCENE_NARRATION_MAX_CHARS,
  type NewProjectSettings,
  type PartialProjectSettings,
  type Project,
  type ProjectBrand,
  type ProjectSettings,
} from '@storyreel/contracts/studio'
import {
  TemplateSceneSchema,
  type CreateTemplateBody,
  type Template,
  type TemplateList,
  type TemplateScene,
} from '@storyreel/contracts/templates'
import { getStillSize, type StillRunner } from '@storyreel/engine/engine'

import type { MediaStore } from '#src/adapters/media/media-store.ts'
import { AppError } from '#src/errors.ts'
import { getDefaultVoiceId } from '#src/modules/projects/project-language.ts'
import type { ProjectsService } from '#src/modules/projects/projects.service.ts'
import type { UserRow } from '#src/modules/users/users.repository.ts'

import { BUILTIN_TEMPLATES, type BuiltinTemplate } from './builtin-templates.ts'
import type { TemplateRow, TemplatesRepository } from './templates.repository.ts'

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const NOT_FOUND = () => new AppError('TEMPLATE_NOT_FOUND', 404, 'There is no such template.')
const BUILTIN_READ_ONLY = () =>
  new AppError('TEMPLATE_BUILT_IN', 403, 'Built-in templates cannot be renamed or deleted. Save a copy as your own.')

/** A sample still's long side: sharp on a 2x screen at the size the create page shows it. */
const STILL_LONG_SIDE = 480

/** The link a built-in template's still is served at (public: it shows nobody's data). */
export const builtinStillUrl = (id: string) => `/api/v1/templates/${id}/still`

/** What a placeholder asks for, about as many words as the scene held or its length fits. */
function placeholderFor(scene: { narration: string; visual: string; duration: number }): string {
  if (OWN_WORDS_PROMPT.test(scene.narration)) return scene.narration
  const spoken = scene.narration.split(/\s+/u).filter(Boolean).length
  const words = spoken > 0 ? spoken : Math.max(4, Math.round((scene.duration - 0.6) * 2.4))
  const shown = scene.visual.replace(/\s+/gu, ' ').trim()
  const about = shown.length > 80 ? `${shown.slice(0, 79).trimEnd()}…` : shown
  return ownWordsPrompt(words, `what this scene says over “${about}”`)
}

/** A language changed without a voice takes that language's default voice, not the template's. */
function withChanges(
  settings: ProjectSettings,
  changes: PartialProjectSettings & { brand?: ProjectBrand | undefined },
): NewProjectSettings {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
  const voice = changes.language && !changes.voice_id ? { voice_id: undefined } : {}
  return { ...settings, ...defined, ...voice }
}

export function createTemplatesService(deps: {
  templates: TemplatesRepository
  projects: Pick<ProjectsService, 'get' | 'createFromTemplate'>
  stills: StillRunner
  media: MediaStore
  /** The voices a template's settings may name; a voice the server lacks falls back to the language's. */
  voices: Parameters<typeof getDefaultVoiceId>[1]
}) {
  const { templates, media } = deps
  /** Stills being drawn, by template id, so a burst of requests draws each once. */
  const drawing = new Map<string, Promise<Buffer>>()

  function fromBuiltin(template: BuiltinTemplate): Template {
    return {
      id: template.id,
      kind: 'builtin',
      name: template.name,
      description: template.description,
      settings: template.settings,
      scenes: template.scenes,
      with_words: false,
      still_url: builtinStillUrl(template.id),
      created_at: null,
      updated_at: null,
    }
  }

  function fromRow(row: TemplateRow): Template {
    return {
      id: row.id,
      kind: 'own',
      name: row.name,
      description: row.description,
      settings: ProjectSettingsSchema.parse(row.settings),
      scenes: TemplateSceneSchema.array().parse(row.scenes),
      with_words: row.withWords,
      still_url: null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }
  }

  async function find(userId: string, id: string): Promise<Template> {
    const builtin = BUILTIN_TEMPLATES.find((template) => template.id === id)
    if (builtin) return fromBuiltin(builtin)
    if (id.startsWith('builtin-') || !UUID_PATTERN.test(id)) throw NOT_FOUND()
    const row = await templates.findForUser(userId, id)
    if (!row) throw NOT_FOUND()
    return fromRow(row)
  }

  /** A built-in template's still: drawn once by the engine from its chosen scene, then kept in the store. */
  async function drawStill(template: BuiltinTemplate): Promise<Buffer> {
    const scene = template.scenes[template.stillScene] ?? template.scenes[0]
    if (!scene) throw NOT_FOUND()
    const { width, height } = getStillSize(template.settings.aspect_ratio, STILL_LONG_SIDE)
    const request = {
      visual: scene.visual,
      narration: '',
      style: template.settings.style,
      seed: 7,
      index: template.stillScene,
      count: template.scenes.length,
      duration: scene.duration,
      cast: [],
    }
    const options = { width, height, format: 'webp' as const, quality: 78 }
    const key = `templates/${template.id}/${deps.stills.keyOf(request, options)}.webp`
    const stored = await media.get(key)
    if (stored) return stored
    const still = await deps.stills.draw(request, options)
    await media.put(key, still)
    return still
  }

  return {
    /** A built-in or own template by id; 404 TEMPLATE_NOT_FOUND otherwise. */
    find: (user: UserRow, id: string): Promise<Template> => find(user.id, id),

    async list(user: UserRow): Promise<TemplateList> {
      const own = await templates.listForUser(user.id)
      return {
        templates: [...BUILTIN_TEMPLATES.map(fromBuiltin), ...own.map(fromRow)],
        own: { count: own.length, limit: PLAN_LIMITS[user.plan].savedTemplates },
      }
    },

    get: (user: UserRow, id: string) => find(user.id, id),

    /** Saves a project's structure as the owner's template, with its words or placeholders in their place. */
    async create(user: UserRow, body: CreateTemplateBody): Promise<Template> {
      const project = await deps.projects.get(user, body.project_id)
      const scenes: TemplateScene[] = project.scenes.map((scene) => ({
        narration: body.with_words ? scene.narration : placeholderFor(scene),
        visual: scene.visual,
        duration: scene.duration,
      }))
      // A template is the project's shape, not its files: the owner's own track stays with the project.
      const settings: ProjectSettings = { ...project.settings, music_asset_id: null }
      const limit = PLAN_LIMITS[user.plan].savedTemplates
      const row = await templates.createWithin(
        {
          userId: user.id,
          name: body.name,
          description: body.description ?? '',
          settings,
          scenes,
          withWords: body.with_words,
        },
        limit,
      )
      if (!row)
        throw new AppError(
          'TEMPLATE_LIMIT_REACHED',
          403,
          user.plan === 'free'
            ? `The free plan keeps ${limit} templates of your own. Delete one you no longer use, or upgrade to keep more.`
            : `Your plan keeps ${limit} templates of your own. Delete one you no longer use.`,
        )
      return fromRow(row)
    },

    async update(user: UserRow, id: string, changes: { name?: string | undefined; description?: string | undefined }) {
      if (id.startsWith('builtin-')) throw BUILTIN_READ_ONLY()
      const row = await templates.update(user.id, id, changes)
      if (!row) throw NOT_FOUND()
      return fromRow(row)
    },

    async delete(user: UserRow, id: string): Promise<void> {
      if (id.startsWith('builtin-')) throw BUILTIN_READ_ONLY()
      if (!(await templates.delete(user.id, id))) throw NOT_FOUND()
    },

    /**
     * A new project laid out as the template: its scenes and lengths, its words or placeholders, and the
     * template's settings, or those the create form sends (the template filled the form; the user may have
     * changed it).
     */
    async createProject(
      user: UserRow,
      id: string,
      body: {
        title?: string | undefined
        settings?: NewProjectSettings | undefined
        /** Instead of whole settings: these over the template's (a one-call video's). */
        changes?: (PartialProjectSettings & { brand?: ProjectBrand | undefined }) | undefined
        /** Words for the scenes in order, in place of the template's; scenes past the last keep theirs. */
        narrations?: string[] | undefined
      },
    ): Promise<Project> {
      const template = await find(user.id, id)
      const chosen = body.settings ?? withChanges(template.settings, body.changes ?? {})
      const narrations = body.narrations ?? []
      if (narrations.length > template.scenes.length) {
        throw new AppError(
          'SCRIPT_DOES_NOT_FIT_TEMPLATE',
          422,
          `The script has ${narrations.length} paragraphs; the template has ${template.scenes.length} scenes, one paragraph each.`,
        )
      }
      const tooLong = narrations.findIndex((words) => words.length > SCENE_NARRATION_MAX_CHARS)
      if (tooLong >= 0) {
        throw new AppError(
          'SCRIPT_DOES_NOT_FIT_TEMPLATE',
          422,
          `Paragraph ${tooLong + 1} has more than ${SCENE_NARRATION_MAX_CHARS} characters, the most a scene says.`,
        )
      }
      const language = chosen.language ?? template.settings.language ?? 'en'
      const voice =
        chosen.voice_id && deps.voices.getVoice(chosen.voice_id)
          ? chosen.voice_id
          : getDefaultVoiceId(language, deps.voices)
      const settings = ProjectSettingsSchema.parse({
        ...chosen,
        language,
        voice_id: voice,
        brand: chosen.brand ?? template.settings.brand,
      })
      return deps.projects.createFromTemplate(user, {
        title: body.title ?? template.name,
        settings,
        scenes: template.scenes.map((scene, index) => ({ ...scene, narration: narrations[index] ?? scene.narration })),
      })
    },

    /** The still of a built-in template (WebP); 404 for any other. */
    async still(id: string): Promise<Buffer> {
      const template = BUILTIN_TEMPLATES.find((item) => item.id === id)
      if (!template) throw NOT_FOUND()
      let pending = drawing.get(id)
      if (!pending) {
        pending = drawStill(template).finally(() => drawing.delete(id))
        drawing.set(id, pending)
      }
      return pending
    },
  }
}

export type TemplatesService = ReturnType<typeof createTemplatesService>
