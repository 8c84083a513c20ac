import { z } from 'zod'

import { AssetKindSchema } from './assets.ts'
import { ScriptLanguageSchema, type ScriptLanguage } from './languages.ts'
import { PLANS, RESOLUTIONS } from './plans.ts'
import { MultiLineTextSchema, SingleLineTextSchema } from './request-text.ts'

export { PLAN_LIMITS, PLANS, RESOLUTIONS } from './plans.ts'

/** The studio: a prompt or a script becomes a storyboard, then a rendered MP4. */

export const VIDEO_STYLES = ['cinematic', 'anime', 'realistic', '3d-cartoon', 'watercolor', 'comic'] as const
export const VideoStyleSchema = z.enum(VIDEO_STYLES).meta({ id: 'VideoStyle' })
export type VideoStyle = z.infer<typeof VideoStyleSchema>
export const VIDEO_STYLE_LABELS: Record<VideoStyle, string> = {
  cinematic: 'Cinematic',
  anime: 'Anime',
  realistic: 'Realistic',
  '3d-cartoon': '3D Cartoon',
  watercolor: 'Watercolor',
  comic: 'Comic',
}
/** A line on each style's look, under its name in the create form and in the style list. */
export const VIDEO_STYLE_BLURBS: Record<VideoStyle, string> = {
  cinematic: 'Film light, wide lenses',
  anime: 'Bright skies, clean lines',
  // The built-in illustrator draws every style; photographs need generated pictures, which a studio may not offer.
  realistic: 'Illustrated, in natural light and colour',
  '3d-cartoon': 'Soft, glossy, playful',
  watercolor: 'Bleeding colour, paper',
  comic: 'Ink, halftone, punch',
}
export const StyleListSchema = z
  .object({
    styles: z.array(z.object({ id: VideoStyleSchema, name: z.string(), description: z.string() })),
  })
  .meta({ id: 'StyleList' })
export type StyleList = z.infer<typeof StyleListSchema>

export const ASPECT_RATIOS = ['9:16', '16:9', '1:1'] as const
export const AspectRatioSchema = z.enum(ASPECT_RATIOS).meta({ id: 'AspectRatio' })
export type AspectRatio = z.infer<typeof AspectRatioSchema>

export const ResolutionSchema = z.enum(RESOLUTIONS).meta({ id: 'Resolution' })
export type Resolution = z.infer<typeof ResolutionSchema>

/** Frame size for an aspect ratio at a resolution: the short side is 720 or 1080 px. */
export function getFrameSize(aspectRatio: AspectRatio, resolution: Resolution): { width: number; height: number } {
  const short = resolution === '1080p' ? 1080 : 720
  const long = resolution === '1080p' ? 1920 : 1280
  if (aspectRatio === '9:16') return { width: short, height: long }
  if (aspectRatio === '16:9') return { width: long, height: short }
  return { width: short, height: short }
}

export const VIDEO_FPS = 30
export const VIDEO_MIN_SECONDS = 15
export const VIDEO_MAX_SECONDS = 90
export const SCENE_MIN_SECONDS = 2
export const SCENE_MAX_SECONDS = 15
export const SCENES_MAX = 30
export const SCENE_NARRATION_MAX_CHARS = 400
export const SCENE_VISUAL_MAX_CHARS = 300
export const SOURCE_TEXT_MAX_CHARS = 6000
export const PROJECT_TITLE_MAX_CHARS = 120
export const VOICE_SPEED_MIN = 0.75
export const VOICE_SPEED_MAX = 1.5

/**
 * Where the offline writer cannot know what to say (the steps of a how-to, the facts of an explainer), a
 * scene's narration holds a visible prompt for the user's own words instead, and the video does not render
 * until every one is replaced: "[In your own words, about 14 words: the first step]".
 */
export const OWN_WORDS_PROMPT = /\[\s*In your own words\b[^\]]*\]?/i

export function ownWordsPrompt(words: number, what: string): string {
  return `[In your own words, about ${words} words: ${what}]`
}

/** The numbers (1-based) of the scenes whose narration still holds a prompt for the user's own words. */
export function getScenesAwaitingWords(scenes: readonly { narration: string }[]): number[] {
  return scenes.flatMap((scene, index) => (OWN_WORDS_PROMPT.test(scene.narration) ? [index + 1] : []))
}

export const PlanSchema = z.enum(PLANS).meta({ id: 'Plan' })
export type Plan = z.infer<typeof PlanSchema>

export const CAPTION_STYLES = ['classic', 'bold', 'karaoke', 'boxed'] as const
export const CaptionStyleSchema = z.enum(CAPTION_STYLES).meta({ id: 'CaptionStyle' })
export type CaptionStyle = z.infer<typeof CaptionStyleSchema>
export const CAPTION_STYLE_LABELS: Record<CaptionStyle, string> = {
  classic: 'Classic',
  bold: 'Bold pop',
  karaoke: 'Word by word',
  boxed: 'Boxed',
}

const IdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/, 'must be a lower-case id')

/** Which parts of the account's brand kit a project's video uses; each can be switched off per project. */
export const ProjectBrandSchema = z
  .strictObject({
    logo: z.boolean(),
    colours: z.boolean(),
    font: z.boolean(),
    opening_card: z.boolean(),
    closing_card: z.boolean(),
  })
  .meta({ id: 'ProjectBrand' })
export type ProjectBrand = z.infer<typeof ProjectBrandSchema>
/** A new project uses every part of the kit (a part the kit does not have is simply not shown). */
export const ALL_OF_THE_BRAND_KIT: ProjectBrand = {
  logo: true,
  colours: true,
  font: true,
  opening_card: true,
  closing_card: true,
}

const ProjectSettingsFieldsSchema = z.strictObject({
  style: VideoStyleSchema,
  aspect_ratio: AspectRatioSchema,
  target_seconds: z.number().int().min(VIDEO_MIN_SECONDS).max(VIDEO_MAX_SECONDS),
  voice_id: IdSchema,
  voice_speed: z.number().min(VOICE_SPEED_MIN).max(VOICE_SPEED_MAX),
  /** null: no music from the music library. */
  music_id: IdSchema.nullable(),
  /** An audio asset of the owner's media library as the music instead; at most one of the two is set. */
  music_asset_id: z.uuid().nullable().optional(),
  voice_volume: z.number().min(0).max(2).meta({ description: '1 is the voice as synthesised.' }),
  music_volume: z.number().min(0).max(1).meta({ description: 'Before ducking under the voice.' }),
  captions: z.strictObject({ enabled: z.boolean(), style: CaptionStyleSchema }),
  language: ScriptLanguageSchema.optional().meta({
    description:
      'The language the words are in, which the pictures and the voice follow. Left out: English (projects made ' +
      'before languages), or, for a new project, the language detected from its text. A save that leaves it out ' +
      'keeps the one the project has.',
  }),
  brand: ProjectBrandSchema.optional().meta({
    description:
      'Which parts of the brand kit the video uses. Left out: every part, for a new project; none, for a project ' +
      'made before brand kits (it renders as it did). A save that leaves it out keeps what the project has.',
  }),
})
const ONE_MUSIC = {
  check: (settings: { music_id?: string | null; music_asset_id?: string | null | undefined }) =>
    !(settings.music_id && settings.music_asset_id),
  message: 'choose a library track or one of your own, not both',
  path: ['music_asset_id'],
}

export const ProjectSettingsSchema = ProjectSettingsFieldsSchema.refine(ONE_MUSIC.check, {
  message: ONE_MUSIC.message,
  path: ONE_MUSIC.path,
}).meta({ id: 'ProjectSettings' })
export type ProjectSettings = z.infer<typeof ProjectSettingsSchema>

export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = {
  style: 'cinematic',
  aspect_ratio: '9:16',
  target_seconds: 30,
  voice_id: 'en-us-flite-rms',
  voice_speed: 1,
  music_id: null,
  voice_volume: 1,
  music_volume: 0.6,
  captions: { enabled: true, style: 'karaoke' },
}

/**
 * The voice a project in each language gets when none is chosen. English keeps the default above (decision 028);
 * the others are the female variants, which measured smoother and livelier than the male ones on the same
 * eSpeak NG variants in English (decision 052).
 */
export const DEFAULT_VOICE_IDS: Record<ScriptLanguage, string> = {
  en: DEFAULT_PROJECT_SETTINGS.voice_id,
  es: 'es-es-lucia',
  fr: 'fr-fr-camille',
  de: 'de-de-lena',
  it: 'it-it-giulia',
  pt: 'pt-br-beatriz',
  nl: 'nl-nl-sanne',
  hi: 'hi-in-priya',
}

/** The settings of a new project: without a voice, it gets the default voice of its words' language. */
export const NewProjectSettingsSchema = ProjectSettingsFieldsSchema.extend({
  voice_id: IdSchema.optional().meta({
    description: "Left out: the default voice of the project's language (`settings.language` or the detected one).",
  }),
})
  .refine(ONE_MUSIC.check, { message: ONE_MUSIC.message, path: ONE_MUSIC.path })
  .meta({ id: 'NewProjectSettings' })
export type NewProjectSettings = z.input<typeof NewProjectSettingsSchema>

/**
 * Settings sent with a one-call video: any of a new project's, over the defaults (or a template's); the brand
 * kit's parts are chosen beside them, in the call's `brand`.
 */
export const PartialProjectSettingsSchema = ProjectSettingsFieldsSchema.omit({ brand: true })
  .partial()
  .refine(ONE_MUSIC.check, { message: ONE_MUSIC.message, path: ONE_MUSIC.path })
  .meta({ id: 'PartialProjectSettings' })
export type PartialProjectSettings = z.infer<typeof PartialProjectSettingsSchema>

// Bounds shared by the stored (and answered) shapes and the request ones; only a request's text has its
// characters checked, so rows written before those checks still read.
const boundNarration = (text: z.ZodString) => text.trim().max(SCENE_NARRATION_MAX_CHARS)
const boundVisual = (text: z.ZodString) =>
  text.trim().min(1, 'describe what the scene shows').max(SCENE_VISUAL_MAX_CHARS)
const boundSourceText = (text: z.ZodString) =>
  text.trim().min(3, 'write at least a few words').max(SOURCE_TEXT_MAX_CHARS)

/**
 * What a scene shows: a photo or a clip from the owner's media library, the built-in illustrator's picture
 * ('drawn'), or the hosted image engine's ('generated', where one is configured). Absent or null: the server's
 * default picture, drawn by the illustrator, or by the hosted engine where one is configured, so projects saved
 * before this choice render as they did. A scene whose asset was deleted (or is not ready) is pictured by that
 * default instead, and the project says so.
 */
export const CAMERA_MOVES = ['auto', 'zoom-in', 'zoom-out', 'pan-left', 'pan-right', 'still'] as const
export const CameraMoveSchema = z.enum(CAMERA_MOVES).meta({ id: 'CameraMove' })
export type CameraMove = z.infer<typeof CameraMoveSchema>
export const CAMERA_MOVE_LABELS: Record<CameraMove, string> = {
  auto: 'Automatic',
  'zoom-in': 'Slow zoom in',
  'zoom-out': 'Slow zoom out',
  'pan-left': 'Pan left',
  'pan-right': 'Pan right',
  still: 'Still',
}

/**
 * fill: cover the frame, cropped around the focus point. fit: the whole picture over a blurred, darkened copy
 * of itself. auto: fill, unless the crop would cut away too much of the picture (a portrait photo in a 16:9
 * video), then fit.
 */
export const MEDIA_FITS = ['auto', 'fill', 'fit'] as const
export const MediaFitSchema = z.enum(MEDIA_FITS).meta({ id: 'MediaFit' })
export type MediaFit = z.infer<typeof MediaFitSchema>
export const MEDIA_FIT_LABELS: Record<MediaFit, string> = {
  auto: 'Automatic',
  fill: 'Fill the frame',
  fit: 'Show it whole',
}

/** How a clip shorter than its scene fills the rest: hold its last frame, play it again, or play it slower. */
export const CLIP_FILLS = ['hold', 'loop', 'slow'] as const
export const ClipFillSchema = z.enum(CLIP_FILLS).meta({ id: 'ClipFill' })
export type ClipFill = z.infer<typeof ClipFillSchema>
export const CLIP_FILL_LABELS: Record<ClipFill, string> = {
  hold: 'Hold the last frame',
  loop: 'Loop',
  slow: 'Slow down',
}

/** A clip's own sound: left out, or mixed under the voice and ducked like the music. */
export const CLIP_SOUNDS = ['muted', 'mixed'] as const
export const ClipSoundSchema = z.enum(CLIP_SOUNDS).meta({ id: 'ClipSound' })
export type ClipSound = z.infer<typeof ClipSoundSchema>

/** A clip is slowed to at most this factor (a quarter speed); past it, the rest is held. */
export const CLIP_SLOW_MIN_RATE = 0.25
/** The shortest stretch of a clip a scene may use. */
export const CLIP_TRIM_MIN_SECONDS = 0.5

/** Where the crop centres, as fractions of the picture's width and height (0.5, 0.5 is the middle). */
export const FocusPointSchema = z
  .strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
  .meta({ id: 'FocusPoint' })
export type FocusPoint = z.infer<typeof FocusPointSchema>

const focus = FocusPointSchema.nullable()
  .default(null)
  .meta({ description: 'null: found in the picture automatically (the photo) or the middle (a clip).' })

export const ScenePhotoSchema = z
  .strictObject({
    type: z.literal('photo'),
    asset_id: z.uuid(),
    focus,
    fit: MediaFitSchema.default('auto'),
    camera: CameraMoveSchema.default('auto').meta({ description: 'auto: varied from the neighbouring scenes.' }),
  })
  .meta({ id: 'ScenePhoto' })

export const SceneClipSchema = z
  .strictObject({
    type: z.literal('clip'),
    asset_id: z.uuid(),
    /** Seconds into the clip where the scene starts using it. */
    trim_start: z.number().min(0).max(3600).default(0),
    /** Seconds into the clip where the scene stops using it; null: its end. */
    trim_end: z.number().min(0).max(3600).nullable().default(null),
    focus,
    fit: MediaFitSchema.default('auto'),
    fill: ClipFillSchema.default('hold'),
    sound: ClipSoundSchema.default('muted'),
  })
  .refine((clip) => clip.trim_end === null || clip.trim_end - clip.trim_start >= CLIP_TRIM_MIN_SECONDS, {
    message: `the clip's out point must be at least ${CLIP_TRIM_MIN_SECONDS} s after its in point`,
    path: ['trim_end'],
  })
  .meta({ id: 'SceneClip' })

export const SceneGeneratedSchema = z
  .strictObject({ type: z.literal('generated') })
  .meta({ id: 'SceneGenerated', description: 'A picture from the hosted image engine, where one is configured.' })

export const SceneDrawnSchema = z.strictObject({ type: z.literal('drawn') }).meta({
  id: 'SceneDrawn',
  description:
    "The built-in illustrator's picture, even where a hosted image engine pictures the scenes that choose nothing.",
})

export const SceneMediaSchema = z
  .discriminatedUnion('type', [ScenePhotoSchema, SceneClipSchema, SceneGeneratedSchema, SceneDrawnSchema])
  .meta({ id: 'SceneMedia' })
export type SceneMedia = z.infer<typeof SceneMediaSchema>
export type ScenePhoto = Extract<SceneMedia, { type: 'photo' }>
export type SceneClip = Extract<SceneMedia, { type: 'clip' }>
export type SceneMediaInput = z.input<typeof SceneMediaSchema>

/** A scene's photo or clip from the media library (not the drawn picture, not the hosted engine's). */
export type LibraryMedia = ScenePhoto | SceneClip
export const isLibraryMedia = (media: SceneMedia | null | undefined): media is LibraryMedia =>
  media?.type === 'photo' || media?.type === 'clip'

export const SceneSchema = z
  .strictObject({
    id: z.uuid(),
    narration: boundNarration(z.string()),
    visual: boundVisual(z.string()),
    duration: z.number().min(SCENE_MIN_SECONDS).max(SCENE_MAX_SECONDS),
    /** A re-roll picks a new seed: the same words drawn another way. */
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    /** Absent or null: the drawn picture (a scene saved before media existed has none). */
    media: SceneMediaSchema.nullish(),
  })
  .meta({ id: 'Scene' })
export type Scene = z.infer<typeof SceneSchema>

export const SourceSchema = z
  .strictObject({
    kind: z.enum(['prompt', 'script']),
    text: boundSourceText(z.string()),
  })
  .meta({ id: 'ProjectSource' })
export type Source = z.infer<typeof SourceSchema>

const SourceInputSchema = SourceSchema.extend({ text: boundSourceText(MultiLineTextSchema) }).meta({
  id: 'ProjectSourceInput',
})

export const PROJECT_STATUSES = ['draft', 'queued', 'rendering', 'ready', 'failed', 'canceled'] as const
export const RENDER_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const
export const RENDER_STAGES = ['queued', 'voice', 'visuals', 'audio', 'encoding', 'finishing', 'done'] as const
export const RENDER_STAGE_LABELS: Record<(typeof RENDER_STAGES)[number], string> = {
  queued: 'Waiting for a renderer',
  voice: 'Recording the voiceover',
  visuals: 'Drawing the scenes',
  audio: 'Mixing voice and music',
  encoding: 'Encoding the MP4',
  finishing: 'Writing captions and receipt',
  done: 'Done',
}

/** Signed, expiring links to a finished render's files; only the owner receives them. */
export const RenderOutputsSchema = z
  .object({
    video_url: z.string(),
    download_url: z.string(),
    poster_url: z.string(),
    srt_url: z.string().nullable(),
    vtt_url: z.string().nullable(),
    receipt_url: z.string(),
    duration_seconds: z.number(),
    width: z.number().int(),
    height: z.number().int(),
    size_bytes: z.number().int(),
    expires_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'RenderOutputs' })
export type RenderOutputs = z.infer<typeof RenderOutputsSchema>

/** A scene made longer than the storyboard said, so that its narration is never cut. */
export const LengthenedSceneSchema = z
  .object({ scene_id: z.uuid(), from_seconds: z.number(), to_seconds: z.number() })
  .meta({ id: 'LengthenedScene' })
export type LengthenedScene = z.infer<typeof LengthenedSceneSchema>

export const RenderJobSchema = z
  .object({
    id: z.uuid(),
    project_id: z.uuid(),
    status: z.enum(RENDER_STATUSES),
    stage: z.enum(RENDER_STAGES),
    progress: z.number().min(0).max(100),
    resolution: ResolutionSchema,
    error: z.string().nullable(),
    attempts: z.number().int(),
    /** Scenes whose voice and picture came from an earlier render unchanged. */
    reused_scenes: z.number().int(),
    /** Cancel was asked for; a running render stops at its next frame and then reads canceled. */
    cancel_requested: z.boolean(),
    /** Whether it takes one of the day's renders: a render of exactly the last finished storyboard does not. */
    counts_toward_limit: z.boolean(),
    /** Scenes the render made longer so every word of their measured speech is heard. */
    lengthened_scenes: z.array(LengthenedSceneSchema),
    /**
     * How long the brand kit's opening and closing cards last in the finished video, 0 for a card it does not
     * show (a closing card read aloud lasts as long as its words need). Absent until it finishes, and for renders
     * made before brand kits.
     */
    card_seconds: z.strictObject({ opening: z.number(), closing: z.number() }).optional(),
    /** Wall time of the finished render, in total and per stage (seconds). */
    render_seconds: z.number().nullable(),
    stage_seconds: z.record(z.string(), z.number()).nullable(),
    created_at: z.iso.datetime({ offset: true }),
    started_at: z.iso.datetime({ offset: true }).nullable(),
    finished_at: z.iso.datetime({ offset: true }).nullable(),
    outputs: RenderOutputsSchema.nullable(),
  })
  .meta({ id: 'RenderJob' })
export type RenderJob = z.infer<typeof RenderJobSchema>

export const ProjectSummarySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    status: z.enum(PROJECT_STATUSES),
    style: VideoStyleSchema,
    aspect_ratio: AspectRatioSchema,
    duration_seconds: z.number(),
    scene_count: z.number().int(),
    thumbnail_url: z.string().nullable(),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ProjectSummary' })
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>

/**
 * A library asset a project's scenes or music name, as the storyboard needs to show it. `deleted`: it left the
 * library (or never was the owner's), so the scene is drawn instead; `processing`/`failed`: not usable yet.
 */
export const ProjectMediaAssetSchema = z
  .object({
    id: z.uuid(),
    kind: AssetKindSchema,
    status: z.enum(['ready', 'processing', 'failed', 'deleted']),
    name: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    duration_seconds: z.number().nullable(),
    thumbnail_url: z.string().nullable(),
    url: z.string().nullable(),
  })
  .meta({ id: 'ProjectMediaAsset' })
export type ProjectMediaAsset = z.infer<typeof ProjectMediaAssetSchema>

export const ProjectSchema = ProjectSummarySchema.extend({
  source: SourceSchema,
  settings: ProjectSettingsSchema,
  scenes: z.array(SceneSchema),
  /** Which engine wrote the storyboard, so the page can say a local draft is a starting point. */
  script_engine: z.string(),
  /** Whether that engine is the offline writer or a hosted model. */
  script_writer: z.enum(['offline', 'hosted']),
  latest_render: RenderJobSchema.nullable(),
  /** A still of each scene for the storyboard; the link changes whenever the picture would. */
  /** The library assets the scenes and the music name, by asset id. */
  media_assets: z.record(z.uuid(), ProjectMediaAssetSchema),
  scene_thumbnails: z.record(z.uuid(), z.string()).meta({
    description:
      'Signed links to a WebP still of each scene, by scene id. A link names the version of the scene it shows, ' +
      'so it changes after an edit or a re-roll, and a browser may keep its answer until the link expires.',
  }),
}).meta({ id: 'Project' })
export type Project = z.infer<typeof ProjectSchema>

/** A saved storyboard, with the scenes the save lengthened so that their narration fits at the voice's pace. */
export const SavedProjectSchema = ProjectSchema.extend({
  lengthened_scenes: z.array(LengthenedSceneSchema),
}).meta({ id: 'SavedProject' })
export type SavedProject = z.infer<typeof SavedProjectSchema>

export const ProjectListSchema = z.object({ projects: z.array(ProjectSummarySchema) }).meta({ id: 'ProjectList' })
export type ProjectList = z.infer<typeof ProjectListSchema>

export const CreateProjectBodySchema = z
  .strictObject({
    title: SingleLineTextSchema.trim().min(1).max(PROJECT_TITLE_MAX_CHARS).optional(),
    source: SourceInputSchema,
    settings: NewProjectSettingsSchema,
    length_from_prompt: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: a prompt that names a length ("a 20 second ad") sets `target_seconds`, kept within 15-90 s; a ' +
          'prompt that names none, or a script, keeps `settings.target_seconds`.',
      }),
  })
  .meta({ id: 'CreateProjectBody' })
export type CreateProjectBody = z.input<typeof CreateProjectBodySchema>

/** A scene sent without an id is new; the array's order is the storyboard's order. */
export const SceneInputSchema = SceneSchema.extend({
  id: z.uuid().optional(),
  narration: boundNarration(MultiLineTextSchema),
  visual: boundVisual(MultiLineTextSchema),
  seed: SceneSchema.shape.seed.optional(),
  media: SceneMediaSchema.nullable().optional().meta({
    description:
      'Left out: the scene keeps the media it had (matched by id), so an older app cannot drop it. null: the drawn picture.',
  }),
}).meta({ id: 'SceneInput' })
export type SceneInput = z.input<typeof SceneInputSchema>

export const UpdateProjectBodySchema = z
  .strictObject({
    title: SingleLineTextSchema.trim().min(1).max(PROJECT_TITLE_MAX_CHARS).optional(),
    settings: ProjectSettingsSchema.optional(),
    scenes: z.array(SceneInputSchema).min(1).max(SCENES_MAX).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change')
  .meta({ id: 'UpdateProjectBody' })
export type UpdateProjectBody = z.input<typeof UpdateProjectBodySchema>

export const SourceCheckBodySchema = z.strictObject({ source: SourceInputSchema }).meta({ id: 'SourceCheckBody' })
export type SourceCheckBody = z.input<typeof SourceCheckBodySchema>

/** What the studio reads in a prompt or script before creating the project, so the form can show it. */
export const SourceCheckSchema = z
  .object({
    language: ScriptLanguageSchema,
    language_confident: z.boolean().meta({
      description: 'false for short or mixed text: show the guess and let the user change it.',
    }),
    /** The default voice of that language (DEFAULT_VOICE_IDS, or the first voice of the language). */
    voice_id: z.string(),
    prompt_length: z
      .object({
        phrase: z.string().meta({ description: 'The words that name the length, as written: "20 second".' }),
        asked_seconds: z.number().int(),
        seconds: z.number().int().meta({ description: 'asked_seconds within 15-90 s.' }),
      })
      .nullable()
      .meta({ description: 'For a prompt that names a length; null otherwise.' }),
  })
  .meta({ id: 'SourceCheck' })
export type SourceCheck = z.infer<typeof SourceCheckSchema>

const ParamIdSchema = SingleLineTextSchema.max(64)
export const ProjectParamsSchema = z.strictObject({ id: ParamIdSchema })
export const SceneParamsSchema = z.strictObject({ id: ParamIdSchema, sceneId: ParamIdSchema })
export const RenderParamsSchema = z.strictObject({ id: ParamIdSchema, renderId: ParamIdSchema })

/** A scene thumbnail's version and, in a link from the project, the signature that stands for the owner. */
export const SceneThumbnailQuerySchema = z.strictObject({
  v: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'must be a thumbnail version from the project')
    .optional()
    .meta({ description: 'The version of the scene the picture shows; left out, the current one.' }),
  u: SingleLineTextSchema.max(64).optional(),
  e: SingleLineTextSchema.max(16).optional(),
  s: SingleLineTextSchema.max(128).optional(),
})
export type SceneThumbnailQuery = z.input<typeof SceneThumbnailQuerySchema>

export const ScenePreviewSchema = z
  .object({ video_url: z.string(), poster_url: z.string(), duration_seconds: z.number() })
  .meta({ id: 'ScenePreview' })
export type ScenePreview = z.infer<typeof ScenePreviewSchema>

export const UsageSchema = z
  .object({
    plan: PlanSchema,
    renders_today: z.number().int(),
    renders_per_day: z.number().int(),
    max_resolution: ResolutionSchema,
    resets_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Usage' })
export type Usage = z.infer<typeof UsageSchema>

export const VOICE_GENDERS = ['female', 'male'] as const
export const VoiceSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    language: z.string().meta({ description: 'BCP 47 tag, e.g. en-US.' }),
    language_label: z.string(),
    gender: z.enum(VOICE_GENDERS),
    description: z.string(),
    engine: z.enum(['local', 'hosted']),
    /** Words a second at speed 1, so a client can tell how long a narration will take before it is spoken. */
    words_per_second: z.number().positive(),
    preview_url: z.string(),
  })
  .meta({ id: 'Voice' })
export type Voice = z.infer<typeof VoiceSchema>
export const VoiceListSchema = z.object({ voices: z.array(VoiceSchema) }).meta({ id: 'VoiceList' })

export const MUSIC_MOODS = ['calm', 'epic', 'upbeat', 'dreamy', 'dark', 'playful', 'inspiring', 'romantic'] as const
export const MUSIC_GENRES = [
  'ambient',
  'cinematic',
  'electronic',
  'lo-fi',
  'anime',
  'corporate',
  'acoustic',
  'pop',
] as const
export const MusicTrackSchema = z
  .object({
    id: IdSchema,
    title: z.string(),
    mood: z.enum(MUSIC_MOODS),
    genre: z.enum(MUSIC_GENRES),
    bpm: z.number().int(),
    duration_seconds: z.number(),
    description: z.string(),
    audio_url: z.string(),
    licence: z.string(),
  })
  .meta({ id: 'MusicTrack' })
export type MusicTrack = z.infer<typeof MusicTrackSchema>
export const MusicListSchema = z.object({ tracks: z.array(MusicTrackSchema) }).meta({ id: 'MusicList' })
export const MusicQuerySchema = z.strictObject({
  mood: z.enum(MUSIC_MOODS).optional(),
  genre: z.enum(MUSIC_GENRES).optional(),
  q: SingleLineTextSchema.trim().max(80).optional(),
})
export type MusicQuery = z.input<typeof MusicQuerySchema>

/** What ships with every export: who made each part and what the user may do with the result. */
export const LicenceReceiptSchema = z
  .object({
    receipt_id: z.uuid(),
    project_id: z.uuid(),
    render_id: z.uuid(),
    issued_at: z.iso.datetime({ offset: true }),
    issued_to: z.string(),
    video: z.object({ title: z.string(), duration_seconds: z.number(), resolution: ResolutionSchema }),
    voice: z.object({ id: z.string(), name: z.string(), engine: z.string(), licence: z.string() }),
    /** source "own": a track the owner uploaded, credited as theirs. */
    music: z
      .object({
        id: z.string(),
        title: z.string(),
        licence: z.string(),
        source: z.enum(['library', 'own']).default('library'),
      })
      .nullable(),
    /** The owner's own photos and clips the video shows, by their library names. */
    own_media: z.array(z.object({ name: z.string(), kind: z.enum(['photo', 'clip']) })).default([]),
    /** Stock photos and clips the video shows: provider, author, page, and the provider's licence in short. */
    stock_media: z
      .array(
        z.object({
          kind: z.enum(['photo', 'clip']),
          provider: z.string(),
          author: z.string(),
          author_url: z.string().nullable(),
          page_url: z.string(),
          licence: z.string(),
          licence_url: z.string(),
        }),
      )
      .default([]),
    engines: z.object({ script: z.string(), voice: z.string(), visuals: z.string(), encoder: z.string() }),
    /** Drawing libraries the pictures come from, with the credit their licences ask for. */
    artwork: z.array(z.object({ name: z.string(), licence: z.string(), credit: z.string() })),
    permitted: z.array(z.string()),
    not_permitted: z.array(z.string()),
  })
  .meta({ id: 'LicenceReceipt' })
export type LicenceReceipt = z.infer<typeof LicenceReceiptSchema>
