import { z } from 'zod'

import { ScriptLanguageSchema } from './languages.ts'
import {
  MusicListSchema,
  MusicQuerySchema,
  ProjectListSchema,
  RENDER_STAGES,
  RENDER_STATUSES,
  RenderOutputsSchema,
  ResolutionSchema,
  SceneSchema,
  StyleListSchema,
  VoiceListSchema,
} from './studio.ts'
import { TemplateListSchema } from './templates.ts'
import { CreatedVideoSchema, CreateVideoToolInputSchema } from './videos.ts'

/**
 * The tools of StoryReel's MCP server, for AI assistants: each one is made of REST calls with the caller's API key,
 * so the calls' scopes, limits and errors are the tools' too. Inputs are the REST API's own schemas where a call
 * takes a body, and are built from its parts where the call takes ids in its path. Every link a tool answers is
 * absolute; media links are signed and work without the key until they expire.
 */

const ProjectIdSchema = z.uuid().meta({ description: "The video's project id, from create_video or list_videos." })

/** What create_video and render_video answer: the ids to follow with get_video. */
export const McpQueuedVideoSchema = CreatedVideoSchema.extend({
  status_url: z.string().meta({ description: "The render's REST link (GET with the API key)." }),
  next_step: z.string(),
})
export type McpQueuedVideo = z.infer<typeof McpQueuedVideoSchema>

export const McpSceneSchema = SceneSchema.pick({ id: true, narration: true, visual: true, duration: true })

export const McpVideoSchema = z.object({
  project_id: z.uuid(),
  title: z.string(),
  render_id: z.uuid().nullable().meta({ description: 'The render this answer describes; null before the first.' }),
  status: z.enum(['not_rendered', ...RENDER_STATUSES]),
  stage: z.enum(RENDER_STAGES).nullable(),
  stage_label: z.string().nullable(),
  progress: z.number().min(0).max(100).meta({ description: "The render's progress in percent." }),
  error: z.string().nullable().meta({ description: 'Why the render failed.' }),
  links: RenderOutputsSchema.nullable().meta({
    description:
      "The finished video's files, once the render has succeeded: video_url plays the MP4, download_url downloads " +
      'it. Signed links that need no key; they work until expires_at, and get_video answers fresh ones.',
  }),
  scenes: z.array(McpSceneSchema).optional().meta({ description: 'The storyboard, with include_scenes.' }),
  next_step: z.string(),
})
export type McpVideo = z.infer<typeof McpVideoSchema>

export const McpVideoListSchema = ProjectListSchema.extend({
  total: z.number().int().meta({ description: 'How many videos the account has, of which `projects` are the newest.' }),
})
export type McpVideoList = z.infer<typeof McpVideoListSchema>

export const McpRerolledSceneSchema = z.object({
  project_id: z.uuid(),
  scene: McpSceneSchema,
  thumbnail_url: z.string().nullable().meta({ description: "A still of the scene's new picture (WebP)." }),
  next_step: z.string(),
})
export type McpRerolledScene = z.infer<typeof McpRerolledSceneSchema>

/** MCP's hints to clients: whether a tool only reads, may overwrite what it changes, and gives the same on a retry. */
type ToolAnnotations = {
  readOnlyHint: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint: false
}

export type McpToolInfo = {
  title: string
  description: string
  input: z.ZodObject
  output: z.ZodObject
  annotations: ToolAnnotations
}

const READS: ToolAnnotations = { readOnlyHint: true, openWorldHint: false }

export const MCP_TOOLS = {
  create_video: {
    title: 'Make a video',
    description:
      'Make a video from a `prompt` (what it is about; StoryReel writes the words) or a `script` (the words to ' +
      'say), exactly one, with an optional `title`, `settings` (style, aspect_ratio, target_seconds, voice_id, ' +
      'music_id, captions, language…), `template_id` (then a `script` with one paragraph per scene), `brand` and ' +
      '`resolution`. It drafts the storyboard, queues the render and answers at once with `project_id` and ' +
      '`render_id`; rendering takes a minute or more, so follow it with get_video. Each call makes a new video and ' +
      "uses one of the day's renders, unless it repeats an earlier call's `idempotency_key`: then it answers that " +
      'call’s video again, so a call retried after a lost answer makes no second video.',
    input: CreateVideoToolInputSchema,
    output: McpQueuedVideoSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  get_video: {
    title: "A video's state and links",
    description:
      "A video's state: `status` (queued, running, succeeded, failed, canceled; not_rendered for a draft), the " +
      "render's `stage` and `progress` (0-100), and once it has succeeded `links` to the MP4 (video_url to play, " +
      'download_url to download), poster, captions and licence receipt. It answers at once: while the video ' +
      'renders, call it again every ten seconds or so. Without `render_id`, the latest render. With ' +
      '`include_scenes`, the storyboard’s scenes and their ids (for reroll_scene).',
    input: z.strictObject({
      project_id: ProjectIdSchema,
      render_id: z.uuid().optional().meta({ description: 'A render of the video; left out, the latest.' }),
      include_scenes: z.boolean().optional().meta({ description: "true: answer the storyboard's scenes too." }),
    }),
    output: McpVideoSchema,
    annotations: READS,
  },
  list_videos: {
    title: 'Your videos',
    description:
      "The account's videos (projects), newest first: id, title, status, style, aspect ratio and length. Pass an " +
      'id to get_video for its state and links.',
    input: z.strictObject({
      limit: z
        .number()
        .int()
        .min(1)
        .max(100)
        .optional()
        .meta({ description: 'How many, newest first; 20 if left out.' }),
    }),
    output: McpVideoListSchema,
    annotations: READS,
  },
  list_voices: {
    title: 'Voices',
    description:
      'The voices a video can be narrated in: `id` (for settings.voice_id), name, language, gender and a ' +
      "description. Filter by the language of the video's words.",
    input: z.strictObject({ language: ScriptLanguageSchema.optional() }),
    output: VoiceListSchema,
    annotations: READS,
  },
  list_music: {
    title: 'Music',
    description:
      'The music library: `id` (for settings.music_id), title, mood, genre, tempo, length and a link to listen. ' +
      'Filter by mood or genre; `q` matches words of the title, description, mood and genre.',
    input: MusicQuerySchema,
    output: MusicListSchema,
    annotations: READS,
  },
  list_styles: {
    title: 'Styles',
    description: 'The looks a video can have: `id` (for settings.style), name and a line on each.',
    input: z.strictObject({}),
    output: StyleListSchema,
    annotations: READS,
  },
  list_templates: {
    title: 'Templates',
    description:
      "Templates to start a video from: the built-in ones (`builtin-…`) and the account's own, with their scenes, " +
      "the scenes' lengths and the settings. Pass an id as create_video's `template_id` with a `script` of one " +
      'paragraph per scene; a scene whose narration is an "[In your own words …]" placeholder needs its paragraph.',
    input: z.strictObject({}),
    output: TemplateListSchema,
    annotations: READS,
  },
  reroll_scene: {
    title: "Redraw a scene's picture",
    description:
      "Draw one scene's picture another way, keeping its words (scene ids come from get_video with " +
      'include_scenes). The video changes only when it is rendered again: call render_video afterwards.',
    input: z.strictObject({
      project_id: ProjectIdSchema,
      scene_id: z.uuid().meta({ description: 'The scene, from get_video with include_scenes.' }),
    }),
    output: McpRerolledSceneSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  },
  render_video: {
    title: 'Render a video',
    description:
      "Render a video's storyboard as it is now (after reroll_scene, or a draft): it queues the render and answers " +
      "at once with the render's id; follow it with get_video. Uses one of the day's renders; 720p unless " +
      '`resolution` asks for 1080p (paid plan).',
    input: z.strictObject({ project_id: ProjectIdSchema, resolution: ResolutionSchema.optional() }),
    output: McpQueuedVideoSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
} as const satisfies Record<string, McpToolInfo>

export type McpToolName = keyof typeof MCP_TOOLS
export type McpToolInput<Name extends McpToolName> = z.output<(typeof MCP_TOOLS)[Name]['input']>
export type McpToolOutput<Name extends McpToolName> = z.input<(typeof MCP_TOOLS)[Name]['output']>
