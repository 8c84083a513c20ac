import { randomUUID } from 'node:crypto'
import { setTimeout } from 'node:timers/promises'

import type { Database } from '@storyreel/db/client'
import {
  countLetters,
  countWords,
  DEFAULT_WORDS_PER_SECOND,
  getSecondsForNarration,
  isTimedByLetters,
} from '@storyreel/contracts/narration'
import {
  PLAN_LIMITS,
  ProjectSettingsSchema,
  RESOLUTIONS,
  SCENE_MAX_SECONDS,
  SceneSchema,
  VIDEO_MAX_SECONDS,
  isLibraryMedia,
  type LengthenedScene,
  type CreateProjectBody,
  type Plan,
  type Project,
  type ProjectSettings,
  type ProjectSummary,
  type RenderJob,
  type RenderOutputs,
  type Resolution,
  type SavedProject,
  type Scene,
  type SceneInput,
  type ScenePreview,
  type Source,
  type UpdateProjectBody,
  type Usage,
} from '@storyreel/contracts/studio'
import {
  castOf,
  createSeed,
  type CastMember,
  draftStoryboard,
  getOwnWordsProblems,
  getStoryboardProblems,
  isHostedScriptEngine,
  type ScriptEngine,
  type VoiceEngine,
} from '@storyreel/engine/engine'

import type { MediaLinks } from '#src/adapters/media/media-links.ts'
import type { MediaStore } from '#src/adapters/media/media-store.ts'
import { renderCachePrefix } from '#src/adapters/media/store-render-cache.ts'
import { AppError } from '#src/errors.ts'
import type { AssetRow, AssetsRepository } from '#src/modules/assets/assets.repository.ts'
import type { BrandKitRepository, BrandKitRow } from '#src/modules/brand-kit/brand-kit.repository.ts'
import type { UserRow } from '#src/modules/users/users.repository.ts'

import { assertWriterSpeaks, checkSource, getProjectLanguage, resolveNewSettings } from './project-language.ts'

import {
  checkMusicAsset,
  checkSceneMedia,
  mediaAssetIdsOf,
  sceneMediaRef,
  toProjectMediaAssets,
  toReadyMedia,
  toRenderMedia,
  type BrandLogoRef,
  type BrandRef,
  type SceneMediaRef,
} from './project-media.ts'
import type { ProjectRow, ProjectsRepository } from './projects.repository.ts'
import type { RenderJobRow, RenderJobsRepository } from './render-jobs.repository.ts'
import {
  RenderOutputKeysSchema,
  RenderSpecSchema,
  type RenderBrand,
  type RenderOutputKeys,
  type RenderSpec,
} from './render-spec.ts'
import type { SceneThumbnails, ThumbnailInput, ThumbnailProject } from './scene-thumbnails.ts'

/** How long a cancel waits for a running render's worker to stop it, and how often it looks. */
const CANCEL_WAIT_MS = 2500
const CANCEL_POLL_MS = 150
/** The projects list shows at most this many, newest first; nobody scrolls further in practice. */
const PROJECTS_LIST_LIMIT = 200
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const PROJECT_NOT_FOUND = () => new AppError('PROJECT_NOT_FOUND', 404, 'There is no such project in your account.')
const RENDER_NOT_FOUND = () => new AppError('RENDER_NOT_FOUND', 404, 'There is no such render of this project.')
const SCENE_NOT_FOUND = () => new AppError('SCENE_NOT_FOUND', 404, 'This scene is no longer in the storyboard.')

export type ScenePreviewer = {
  /** Renders one scene at preview size with its voice and captions; answers media keys. */
  preview(input: {
    /** The owner, whose reusable scene parts the preview uses and adds to. */
    userId: string
    projectId: string
    scene: Scene
    index: number
    count: number
    settings: ProjectSettings
    /** The story's people (castOf over all scenes), drawn as the video will draw them. */
    cast: CastMember[]
    /** The scene's photo or clip, when it is ready to be shown. */
    media?: SceneMediaRef
    /** The brand kit's parts the project shows (a preview has no cards). */
    brand?: BrandRef
  }): Promise<{ videoKey: string; posterKey: string; durationSeconds: number }>
}

type Deps = {
  db: Database
  projects: ProjectsRepository
  renderJobs: RenderJobsRepository
  scriptEngine: ScriptEngine
  voices: VoiceEngine
  /** Whether a music track id exists in the library. */
  hasMusicTrack: (id: string) => boolean
  /** The owner's media library, whose photos, clips and tracks scenes and music name. */
  assets: AssetsRepository
  /** Whether a hosted image engine is configured, so a scene may ask for its picture. */
  hasImageEngine?: boolean
  media: MediaStore
  links: MediaLinks
  previewer: ScenePreviewer
  thumbnails: SceneThumbnails
  /** Wakes an in-process worker at once instead of at its next poll. */
  onRenderQueued?: () => void
  /** The owners' brand kits, whose parts a project's video shows as its settings choose. */
  brandKits?: Pick<BrandKitRepository, 'find'>
  now?: () => Date
}

export function getPlanLimits(plan: Plan) {
  return PLAN_LIMITS[plan]
}

function startOfUtcDay(time: Date) {
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()))
}

/** The studio's projects: storyboards, renders and their files. */
/**
 * Settings sent without `music_asset_id` (an app older than own music) keep the owner's track the project had,
 * unless they choose a library track instead: an older app cannot drop what it does not know of.
 */
function keepOwnMusic(settings: ProjectSettings, before: ProjectSettings): ProjectSettings {
  if (settings.music_asset_id !== undefined || settings.music_id !== null || !before.music_asset_id) return settings
  return { ...settings, music_asset_id: before.music_asset_id }
}

/**
 * Settings sent without `language` (an app older than languages) keep the language the project has; sent
 * without `brand` (an app older than brand kits), the brand choices it has.
 */
function keepLanguage(settings: ProjectSettings, before: ProjectSettings): ProjectSettings {
  const language = settings.language === undefined && before.language ? { language: before.language } : {}
  const brand = settings.brand === undefined && before.brand ? { brand: before.brand } : {}
  return { ...settings, ...language, ...brand }
}

export function createProjectsService(deps: Deps) {
  const { db, projects, renderJobs, links, media, thumbnails, assets } = deps
  const hasImageEngine = deps.hasImageEngine ?? false
  const now = deps.now ?? (() => new Date())

  const parseScenes = (value: unknown): Scene[] => SceneSchema.array().parse(value)
  const parseSettings = (value: unknown): ProjectSettings => ProjectSettingsSchema.parse(value)

  function assertEngines(settings: ProjectSettings) {
    if (!deps.voices.getVoice(settings.voice_id))
      throw new AppError('VOICE_NOT_FOUND', 404, `There is no voice "${settings.voice_id}" in the voice library.`)
    if (settings.music_id !== null && !deps.hasMusicTrack(settings.music_id))
      throw new AppError('MUSIC_NOT_FOUND', 404, `There is no track "${settings.music_id}" in the music library.`)
  }

  async function findProject(userId: string, id: string, db_: Database = db): Promise<ProjectRow> {
    if (!UUID.test(id)) throw PROJECT_NOT_FOUND()
    const row = await projects.findForUser(id, userId, db_)
    if (!row) throw PROJECT_NOT_FOUND()
    return row
  }

  const draftScenes = (kind: ProjectRow['sourceKind'], text: string, settings: ProjectSettings) =>
    draftStoryboard({ scriptEngine: deps.scriptEngine, voices: deps.voices }, { kind, text }, settings)

  /**
   * The settings a draft is written to: the brand kit's cards the project shows count toward the 90 s, so the
   * scenes are written to what is left (a 90 s prompt with 5 s of cards gets 85 s of scenes).
   */
  async function draftingSettings(user: UserRow, settings: ProjectSettings): Promise<ProjectSettings> {
    const { openingCard, closingCard } = await loadBrand(user, settings)
    const left = Math.floor(VIDEO_MAX_SECONDS - (openingCard?.seconds ?? 0) - (closingCard?.seconds ?? 0))
    return settings.target_seconds > left ? { ...settings, target_seconds: left } : settings
  }

  function toOutputs(userId: string, title: string, keys: RenderOutputKeys): RenderOutputs {
    const link = (key: string) => links.create(key, userId)
    const base =
      title
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60) || 'storyreel-video'
    return {
      video_url: link(keys.videoKey),
      download_url: links.create(keys.videoKey, userId, { download: true, filename: `${base}.mp4` }),
      poster_url: link(keys.posterKey),
      srt_url: keys.srtKey ? links.create(keys.srtKey, userId, { download: true, filename: `${base}.srt` }) : null,
      vtt_url: keys.vttKey ? link(keys.vttKey) : null,
      receipt_url: link(keys.receiptKey),
      duration_seconds: keys.durationSeconds,
      width: keys.width,
      height: keys.height,
      size_bytes: keys.sizeBytes,
      expires_at: links.expiresAt().toISOString(),
    }
  }

  function toRenderJob(row: RenderJobRow): RenderJob {
    const spec = RenderSpecSchema.parse(row.spec)
    const keys = row.status === 'succeeded' && row.outputs ? RenderOutputKeysSchema.parse(row.outputs) : undefined
    return {
      id: row.id,
      project_id: row.projectId,
      status: row.status,
      stage: row.stage as RenderJob['stage'],
      progress: Math.round(row.progress * 10) / 10,
      resolution: row.resolution,
      error: row.error,
      attempts: row.attempts,
      reused_scenes: row.reusedScenes,
      cancel_requested: row.cancelRequested,
      counts_toward_limit: row.countsTowardLimit,
      lengthened_scenes: keys?.lengthenedScenes ?? [],
      ...(keys?.cardSeconds ? { card_seconds: keys.cardSeconds } : {}),
      render_seconds: keys?.renderSeconds ?? null,
      stage_seconds: keys?.stageSeconds ?? null,
      created_at: row.createdAt.toISOString(),
      started_at: row.startedAt?.toISOString() ?? null,
      finished_at: row.finishedAt?.toISOString() ?? null,
      outputs: keys ? toOutputs(row.userId, spec.title, keys) : null,
    }
  }

  function toSummary(row: ProjectRow): ProjectSummary {
    const settings = parseSettings(row.settings)
    const scenes = parseScenes(row.scenes)
    return {
      id: row.id,
      title: row.title,
      status: row.status,
      style: settings.style,
      aspect_ratio: settings.aspect_ratio,
      duration_seconds: Math.round(scenes.reduce((sum, scene) => sum + scene.duration, 0) * 10) / 10,
      scene_count: scenes.length,
      thumbnail_url: row.thumbnailKey ? links.create(row.thumbnailKey, row.userId) : null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }
  }

  const toThumbnailInputs = (
    userId: string,
    scenes: Scene[],
    settings: ProjectSettings,
    rows: Map<string, AssetRow>,
    logo: BrandLogoRef | undefined,
  ): ThumbnailInput[] => {
    // The story's people, read over all its scenes, so each still draws them as the video will.
    const cast = castOf(
      scenes.flatMap((scene) => [scene.visual, scene.narration]),
      settings.language,
    )
    return scenes.map((scene, index) => {
      const ref = sceneMediaRef(scene, rows)
      return {
        scene,
        index,
        count: scenes.length,
        settings,
        cast,
        ...(ref ? { media: { userId, ref } } : {}),
        ...(logo ? { logo: { userId, ref: logo } } : {}),
      }
    })
  }

  /** The owner's assets among those the scenes and music name, by id (another account's ids find nothing). */
  async function loadAssets(userId: string, ids: string[], db_: Database = db): Promise<Map<string, AssetRow>> {
    const rows = await assets.findManyForUser(userId, ids, db_)
    return new Map(rows.map((row) => [row.id, row]))
  }

  /** The project its stills are drawn for, asked again once each is stored, in case it was deleted meanwhile. */
  const toThumbnailProject = (row: Pick<ProjectRow, 'id' | 'userId'>): ThumbnailProject => ({
    id: row.id,
    isDeleted: async () => !(await projects.exists(row.id, row.userId)),
  })

  /**
   * A deleted project's files. Its stills still being drawn are stopped first and the folder goes after
   * them; a still another instance finishes later is removed by that instance.
   */
  async function deleteProjectFiles(projectId: string) {
    await thumbnails.stop(projectId)
    await media.deletePrefix(`projects/${projectId}`)
  }

  /** Links to each scene's still; the stills not drawn yet start drawing, so they are ready when asked for. */
  function toSceneThumbnails(
    row: ProjectRow,
    scenes: Scene[],
    settings: ProjectSettings,
    rows: Map<string, AssetRow>,
    logo: BrandLogoRef | undefined,
  ): Record<string, string> {
    const stills = toThumbnailInputs(row.userId, scenes, settings, rows, logo).map((input) => ({
      key: thumbnails.keyOf(input),
      input,
    }))
    thumbnails.warm(toThumbnailProject(row), stills)
    return Object.fromEntries(
      stills.map(({ key, input }) => [input.scene.id, thumbnails.createLink(row.userId, row.id, input.scene.id, key)]),
    )
  }

  async function toProject(row: ProjectRow, db_: Database = db): Promise<Project> {
    const latest = row.latestRenderId ? await renderJobs.findById(row.latestRenderId, db_) : undefined
    const settings = parseSettings(row.settings)
    const scenes = parseScenes(row.scenes)
    const ids = mediaAssetIdsOf(scenes, settings)
    const rows = await loadAssets(row.userId, ids, db_)
    return {
      ...toSummary(row),
      source: { kind: row.sourceKind, text: row.sourceText },
      settings,
      scenes,
      script_engine: row.scriptEngine,
      script_writer: isHostedScriptEngine(row.scriptEngine) ? 'hosted' : 'offline',
      latest_render: latest ? toRenderJob(latest) : null,
      media_assets: toProjectMediaAssets(ids, rows, scenes, links),
      scene_thumbnails: toSceneThumbnails(row, scenes, settings, rows, await loadBrandLogo(row.userId, settings, db_)),
    }
  }

  /**
   * The scenes' media and the music as chosen, checked against the owner's library (only choices that
   * changed since `before`); a clip's out point a hair past its end comes back as its end.
   */
  async function checkMedia(
    userId: string,
    scenes: Scene[],
    settings: ProjectSettings,
    before?: { scenes: Scene[]; settings: ProjectSettings },
  ): Promise<Scene[]> {
    const rows = await loadAssets(userId, mediaAssetIdsOf(scenes, settings))
    const known = new Map((before?.scenes ?? []).map((scene) => [scene.id, scene]))
    const checked = checkSceneMedia(scenes, known, rows, { hasImageEngine })
    checkMusicAsset(settings, before?.settings, rows)
    return checked
  }

  /** The project's library links made to match what its scenes and music use (in the saving transaction). */
  const linkAssets = (
    row: Pick<ProjectRow, 'id' | 'userId'>,
    scenes: Scene[],
    settings: ProjectSettings,
    tx: Database,
  ) => assets.setProjectLinks(row.id, row.userId, mediaAssetIdsOf(scenes, settings), tx)

  /** New scenes get an id and a seed; a known scene keeps its seed unless the client sends another. */
  function mergeScenes(current: Scene[], incoming: SceneInput[]): Scene[] {
    const known = new Map(current.map((scene) => [scene.id, scene]))
    const seen = new Set<string>()
    return incoming.map((input) => {
      const id = input.id && known.has(input.id) ? input.id : randomUUID()
      if (seen.has(id)) throw new AppError('VALIDATION_FAILED', 400, ['scenes: each scene id may appear only once'])
      seen.add(id)
      // Media left out keeps what the scene had (an older app knows nothing of it); null clears it.
      const media = input.media === undefined ? known.get(id)?.media : input.media
      return SceneSchema.parse({
        ...input,
        id,
        seed: input.seed ?? known.get(id)?.seed ?? createSeed(),
        media: media ?? undefined,
      })
    })
  }

  /**
   * Scenes sized so their narration fits at the voice's pace, never cut: a scene too short for its words is
   * lengthened (and listed), one whose words would need more than a scene may hold is refused. Only the
   * scenes `check` names are looked at, so an old storyboard is not refused for a scene nobody touched.
   */
  function fitNarration(
    scenes: Scene[],
    settings: ProjectSettings,
    check: (scene: Scene) => boolean,
  ): { scenes: Scene[]; lengthened: LengthenedScene[] } {
    const wordsPerSecond = deps.voices.getVoice(settings.voice_id)?.wordsPerSecond ?? DEFAULT_WORDS_PER_SECOND
    const problems: string[] = []
    const lengthened: LengthenedScene[] = []
    const fitted = scenes.map((scene, index) => {
      if (!check(scene)) return scene
      const needed = getSecondsForNarration(scene.narration, wordsPerSecond, settings.voice_speed)
      if (needed <= scene.duration) return scene
      if (needed > SCENE_MAX_SECONDS) {
        const words = countWords(scene.narration)
        // Words far longer than usual are spelled out, so their letters set the time.
        const size = isTimedByLetters(scene.narration)
          ? `${words} ${words === 1 ? 'word' : 'words'} of ${countLetters(scene.narration)} letters in all, which a voice spells out`
          : `${words} words`
        problems.push(
          `Scene ${index + 1}: its narration has ${size}, about ${needed.toFixed(1)} s at this voice's pace, and ` +
            `a scene lasts at most ${SCENE_MAX_SECONDS} s. Shorten it or split it into two scenes.`,
        )
        return scene
      }
      lengthened.push({ scene_id: scene.id, from_seconds: scene.duration, to_seconds: needed })
      return { ...scene, duration: needed }
    })
    if (problems.length > 0) throw new AppError('NARRATION_TOO_LONG', 422, problems)
    return { scenes: fitted, lengthened }
  }

  async function requireRender(userId: string, projectId: string, renderId: string) {
    if (!UUID.test(projectId) || !UUID.test(renderId)) throw RENDER_NOT_FOUND()
    const row = await renderJobs.findForUser(renderId, projectId, userId)
    if (!row) throw RENDER_NOT_FOUND()
    return row
  }

  /** The kit's logo as the project shows it (its switch on, the kit's logo a ready PNG or WebP of the library). */
  async function loadBrandLogo(
    userId: string,
    settings: ProjectSettings,
    tx: Database = db,
    kit?: BrandKitRow,
  ): Promise<BrandLogoRef | undefined> {
    if (!settings.brand?.logo || !deps.brandKits) return undefined
    const logo = (kit ?? (await deps.brandKits.find(userId, tx)))?.settings.logo
    if (!logo) return undefined
    const row = (await loadAssets(userId, [logo.asset_id], tx)).get(logo.asset_id)
    const asset = toReadyMedia(row)
    if (!asset || row?.kind !== 'image' || (row.format !== 'png' && row.format !== 'webp')) return undefined
    return {
      assetId: logo.asset_id,
      asset,
      position: logo.position as BrandLogoRef['position'],
      size: logo.size,
      opacity: logo.opacity,
    }
  }

  /**
   * The parts of the owner's brand kit a video of these settings shows: those the project has switched on and the
   * kit has (the font only while the plan includes one). The logo only while it is a PNG or WebP of the library.
   */
  async function loadBrand(user: UserRow, settings: ProjectSettings, tx: Database = db): Promise<BrandRef> {
    const use = settings.brand
    if (!use || !deps.brandKits || !Object.values(use).some(Boolean)) return {}
    const kit = await deps.brandKits.find(user.id, tx)
    if (!kit) return {}
    const logo = await loadBrandLogo(user.id, settings, tx, kit)
    const { colours, opening_card: opening, closing_card: closing } = kit.settings
    return {
      ...(logo ? { logo } : {}),
      ...(use.colours ? { colours: { primary: colours.primary, accent: colours.accent } } : {}),
      ...(use.font && kit.font && getPlanLimits(user.plan).brandFont
        ? { font: { key: kit.font.key, family: kit.font.family } }
        : {}),
      ...(use.opening_card && opening.enabled && opening.headline
        ? { openingCard: { headline: opening.headline, seconds: opening.seconds } }
        : {}),
      ...(use.closing_card && closing.enabled && closing.call_to_action
        ? {
            closingCard: {
              callToAction: closing.call_to_action,
              contact: closing.contact,
              seconds: closing.seconds,
              voiced: closing.voiced,
            },
          }
        : {}),
    }
  }

  async function getRenderBrand(
    user: UserRow,
    settings: ProjectSettings,
    tx: Database,
  ): Promise<RenderBrand | undefined> {
    const { logo, ...rest } = await loadBrand(user, settings, tx)
    const brand: RenderBrand = {
      ...(logo
        ? { logo: { assetId: logo.assetId, position: logo.position, size: logo.size, opacity: logo.opacity } }
        : {}),
      ...rest,
    }
    return Object.keys(brand).length > 0 ? brand : undefined
  }

  /** The brand with its logo only while the spec still holds the logo's file. */
  function withLiveLogo(brand: RenderBrand, media: RenderSpec['media']): RenderBrand {
    if (!brand.logo || media[brand.logo.assetId]?.fileKey) return brand
    const { logo: _logo, ...rest } = brand
    return rest
  }

  function assertResolutionInPlan(user: UserRow, resolution: Resolution) {
    const limits = getPlanLimits(user.plan)
    if (RESOLUTIONS.indexOf(resolution) > RESOLUTIONS.indexOf(limits.maxResolution)) {
      throw new AppError(
        'RESOLUTION_NOT_IN_PLAN',
        403,
        `${resolution} renders come with a paid plan; the free plan renders at ${limits.maxResolution}.`,
      )
    }
  }

  const renderLimitReached = (rendersPerDay: number) =>
    new AppError(
      'RENDER_LIMIT_REACHED',
      429,
      `You have used all ${rendersPerDay} renders of your plan for today. More are available after midnight UTC.`,
    )

  async function queueRender(user: UserRow, projectId: string, resolution: Resolution, spec?: RenderSpec) {
    const limits = getPlanLimits(user.plan)
    assertResolutionInPlan(user, resolution)
    const job = await db.transaction(async (tx) => {
      // One user's render requests run one at a time, so two tabs cannot both take the last render of the day.
      await renderJobs.lockOwner(user.id, tx)
      const project = await projects.lockForUser(projectId, user.id, tx)
      if (!project) throw PROJECT_NOT_FOUND()
      if (await renderJobs.findActiveForProject(project.id, tx)) {
        throw new AppError('RENDER_IN_PROGRESS', 409, 'This project is already rendering. Wait for it or cancel it.')
      }
      let renderSpec: RenderSpec
      if (spec) {
        // A render asked for again shows only what is still in the library: a photo, clip or track deleted
        // since is drawn (left out), as in a new render, though another render may still hold its file.
        const rows = await loadAssets(user.id, Object.keys(spec.media), tx)
        const live = Object.entries(spec.media).filter(([id]) => rows.get(id)?.deletedAt === null)
        renderSpec = { ...spec, media: Object.fromEntries(live) }
      } else {
        const settings = parseSettings(project.settings)
        const scenes = parseScenes(project.scenes)
        const brand = await getRenderBrand(user, settings, tx)
        const ids = [...mediaAssetIdsOf(scenes, settings), ...(brand?.logo ? [brand.logo.assetId] : [])]
        const media = toRenderMedia(ids, await loadAssets(user.id, ids, tx))
        renderSpec = {
          title: project.title,
          settings,
          scenes,
          scriptEngine: project.scriptEngine,
          issuedTo: user.email,
          // The copies the storyboard shows now; the worker reads these even if the asset is deleted meanwhile
          // (its files are kept until no queued or running render's spec names it).
          media,
          ...(brand ? { brand: withLiveLogo(brand, media) } : {}),
        }
      }
      const problems = getStoryboardProblems(renderSpec.scenes, renderSpec.brand)
      if (problems.length > 0) throw new AppError('STORYBOARD_INVALID', 422, problems)
      assertEngines(renderSpec.settings)
      // Exactly the storyboard of the last finished render, at its resolution: every scene is reused, so it
      // costs no render of the day.
      const last = await renderJobs.findLatestSucceeded(project.id, tx)
      const lastSpec = last ? RenderSpecSchema.parse(last.spec) : undefined
      const unchanged =
        last?.resolution === resolution &&
        lastSpec !== undefined &&
        JSON.stringify([lastSpec.settings, lastSpec.scenes, lastSpec.media, lastSpec.brand ?? null]) ===
          JSON.stringify([renderSpec.settings, renderSpec.scenes, renderSpec.media, renderSpec.brand ?? null])
      const used = unchanged ? 0 : await renderJobs.countSince(user.id, startOfUtcDay(now()), tx)
      if (used >= limits.rendersPerDay) throw renderLimitReached(limits.rendersPerDay)
      const created = await renderJobs.create(
        { projectId: project.id, userId: user.id, resolution, spec: renderSpec, countsTowardLimit: !unchanged },
        tx,
      )
      await projects.setRenderState(project.id, { status: 'queued', latestRenderId: created.id }, tx)
      return created
    })
    deps.onRenderQueued?.()
    return toRenderJob(job)
  }

  return {
    toRenderJob,

    async getUsage(user: UserRow): Promise<Usage> {
      const limits = getPlanLimits(user.plan)
      const dayStart = startOfUtcDay(now())
      return {
        plan: user.plan,
        renders_today: await renderJobs.countSince(user.id, dayStart),
        renders_per_day: limits.rendersPerDay,
        max_resolution: limits.maxResolution,
        resets_at: new Date(dayStart.getTime() + 24 * 3600 * 1000).toISOString(),
      }
    },

    async list(user: UserRow): Promise<ProjectSummary[]> {
      const rows = await projects.listForUser(user.id, PROJECTS_LIST_LIMIT)
      return rows.map(toSummary)
    },

    /** The language, its voice and a prompt's length, read from a text before the project is made. */
    checkSource: (source: Source) => checkSource(source, deps),

    async create(user: UserRow, body: CreateProjectBody): Promise<Project> {
      const settings = resolveNewSettings(body, deps)
      assertEngines(settings)
      await checkMedia(user.id, [], settings)
      const source = body.source
      const draft = await draftScenes(source.kind, source.text, await draftingSettings(user, settings))
      const row = await db.transaction(async (tx) => {
        const created = await projects.create(
          {
            userId: user.id,
            title: body.title ?? draft.title,
            sourceKind: source.kind,
            sourceText: source.text,
            settings,
            scenes: draft.scenes,
            scriptEngine: deps.scriptEngine.name,
          },
          tx,
        )
        await linkAssets(created, draft.scenes, settings, tx)
        return created
      })
      return toProject(row)
    },

    /**
     * A project laid out as a template is: its settings, and its scenes with their words (or placeholders for
     * the owner's own) and lengths as they are; every scene drawn until it is given a photo or clip. The source
     * text is the scenes' words, so a rewrite keeps the template's structure.
     */
    async createFromTemplate(
      user: UserRow,
      input: {
        title: string
        settings: ProjectSettings
        scenes: { narration: string; visual: string; duration: number }[]
      },
    ): Promise<Project> {
      const { settings } = input
      assertEngines(settings)
      await checkMedia(user.id, [], settings)
      const scenes = input.scenes.map((scene) =>
        SceneSchema.parse({ ...scene, id: randomUUID(), seed: createSeed(), media: null }),
      )
      const row = await db.transaction(async (tx) => {
        const created = await projects.create(
          {
            userId: user.id,
            title: input.title,
            sourceKind: 'script',
            sourceText: scenes.map((scene) => scene.narration).join('\n\n'),
            settings,
            scenes,
            scriptEngine: deps.scriptEngine.name,
          },
          tx,
        )
        await linkAssets(created, scenes, settings, tx)
        return created
      })
      return toProject(row)
    },

    async get(user: UserRow, id: string): Promise<Project> {
      return toProject(await findProject(user.id, id))
    },

    async update(user: UserRow, id: string, body: UpdateProjectBody): Promise<SavedProject> {
      const current = await findProject(user.id, id)
      const before = parseScenes(current.scenes)
      const settingsBefore = parseSettings(current.settings)
      const settings = body.settings
        ? keepLanguage(keepOwnMusic(ProjectSettingsSchema.parse(body.settings), settingsBefore), settingsBefore)
        : settingsBefore
      if (body.settings) assertEngines(settings)
      // The voice or its speed changed: every scene's narration takes another time.
      const paceChanged =
        settings.voice_id !== settingsBefore.voice_id || settings.voice_speed !== settingsBefore.voice_speed
      const known = new Map(before.map((scene) => [scene.id, scene]))
      const merged = body.scenes !== undefined ? mergeScenes(before, body.scenes) : before
      const fitted = fitNarration(merged, settings, (scene) => {
        const old = known.get(scene.id)
        return paceChanged || !old || old.narration !== scene.narration || old.duration !== scene.duration
      })
      const { lengthened } = fitted
      const scenes = await checkMedia(user.id, fitted.scenes, settings, { scenes: before, settings: settingsBefore })
      const updated = await db.transaction(async (tx) => {
        const row = await projects.update(
          current.id,
          user.id,
          {
            ...(body.title !== undefined ? { title: body.title } : {}),
            ...(body.settings !== undefined ? { settings } : {}),
            ...(body.scenes !== undefined || lengthened.length > 0 ? { scenes } : {}),
          },
          tx,
        )
        if (row) await linkAssets(row, parseScenes(row.scenes), parseSettings(row.settings), tx)
        return row
      })
      if (!updated) throw PROJECT_NOT_FOUND()
      return { ...(await toProject(updated)), lengthened_scenes: lengthened }
    },

    async regenerateStoryboard(user: UserRow, id: string): Promise<Project> {
      const current = await findProject(user.id, id)
      const settings = parseSettings(current.settings)
      assertWriterSpeaks(current.sourceKind, getProjectLanguage(settings), deps.scriptEngine)
      const before = parseScenes(current.scenes)
      const draft = await draftScenes(current.sourceKind, current.sourceText, await draftingSettings(user, settings))
      // The words are written again; the photos and clips the user put in stay in their places, in order.
      const scenes = draft.scenes.map((scene, index) => {
        const media = before[index]?.media
        return media ? { ...scene, media } : scene
      })
      const updated = await db.transaction(async (tx) => {
        const row = await projects.update(current.id, user.id, { scenes, scriptEngine: deps.scriptEngine.name }, tx)
        if (row) await linkAssets(row, scenes, settings, tx)
        return row
      })
      if (!updated) throw PROJECT_NOT_FOUND()
      return toProject(updated)
    },

    async rerollScene(user: UserRow, id: string, sceneId: string): Promise<Project> {
      const current = await findProject(user.id, id)
      const scenes = parseScenes(current.scenes)
      if (!scenes.some((scene) => scene.id === sceneId)) throw SCENE_NOT_FOUND()
      const updated = await projects.update(current.id, user.id, {
        scenes: scenes.map((scene) => (scene.id === sceneId ? { ...scene, seed: createSeed() } : scene)),
      })
      if (!updated) throw PROJECT_NOT_FOUND()
      return toProject(updated)
    },

    async previewScene(user: UserRow, id: string, sceneId: string): Promise<ScenePreview> {
      const current = await findProject(user.id, id)
      const scenes = parseScenes(current.scenes)
      const index = scenes.findIndex((scene) => scene.id === sceneId)
      const scene = scenes[index]
      if (!scene) throw SCENE_NOT_FOUND()
      // A preview would speak the writer's instruction aloud; the scene needs the user's words first.
      const awaiting = getOwnWordsProblems([scene], [index + 1])
      if (awaiting.length > 0) throw new AppError('STORYBOARD_INVALID', 422, awaiting)
      const settings = parseSettings(current.settings)
      assertEngines(settings)
      const ref = isLibraryMedia(scene.media)
        ? sceneMediaRef(scene, await loadAssets(user.id, [scene.media.asset_id]))
        : undefined
      const brand = await loadBrand(user, settings)
      const preview = await deps.previewer.preview({
        userId: user.id,
        projectId: current.id,
        scene,
        index,
        count: scenes.length,
        settings,
        cast: castOf(
          scenes.flatMap((item) => [item.visual, item.narration]),
          settings.language,
        ),
        ...(ref ? { media: ref } : {}),
        brand,
      })
      // Deleted while the preview was made: its files go with the project's others.
      if (!(await projects.exists(current.id, user.id))) {
        await media.deletePrefix(`projects/${current.id}`)
        throw PROJECT_NOT_FOUND()
      }
      return {
        video_url: links.create(preview.videoKey, user.id),
        poster_url: links.create(preview.posterKey, user.id),
        duration_seconds: preview.durationSeconds,
      }
    },

    /** Whom a scene thumbnail link was made for, and until when (the link stands in for the session in an <img>). */
    requireThumbnailLink: (
      projectId: string,
      sceneId: string,
      query: { v?: string; u?: string; e?: string; s?: string },
    ) => thumbnails.requireLink(projectId, sceneId, query),

    /**
     * A scene's still as `key` names it (the current one when none is given): its key, for the ETag, and a
     * reader. An older version is served while it is stored; past that it is 404 THUMBNAIL_OUTDATED.
     */
    async getSceneThumbnail(
      userId: string,
      projectId: string,
      sceneId: string,
      key: string | undefined,
    ): Promise<{ key: string; read: () => Promise<Buffer> }> {
      const current = await findProject(userId, projectId)
      const scenes = parseScenes(current.scenes)
      const settings = parseSettings(current.settings)
      const scene = scenes.find((item) => item.id === sceneId)
      const rows = isLibraryMedia(scene?.media)
        ? await loadAssets(userId, [scene.media.asset_id])
        : new Map<string, AssetRow>()
      const logo = await loadBrandLogo(userId, settings)
      const input = toThumbnailInputs(userId, scenes, settings, rows, logo).find((item) => item.scene.id === sceneId)
      if (input) {
        const currentKey = thumbnails.keyOf(input)
        if (key === undefined || key === currentKey) {
          return { key: currentKey, read: () => thumbnails.get(toThumbnailProject(current), currentKey, input) }
        }
      } else if (key === undefined) throw SCENE_NOT_FOUND()
      return {
        key,
        read: async () => {
          const stored = await thumbnails.readStored(current.id, key)
          if (stored) return stored
          if (!input) throw SCENE_NOT_FOUND()
          throw new AppError(
            'THUMBNAIL_OUTDATED',
            404,
            'This picture shows an earlier version of the scene. Open the project again for the current one.',
          )
        },
      }
    },

    async duplicate(user: UserRow, id: string): Promise<Project> {
      const current = await findProject(user.id, id)
      // Same words, seeds and media: a render of the copy reuses the original's scene parts.
      const scenes = parseScenes(current.scenes).map((scene) => ({ ...scene, id: randomUUID() }))
      const row = await db.transaction(async (tx) => {
        const created = await projects.create(
          {
            userId: user.id,
            title: `${current.title} (copy)`.slice(0, 120),
            sourceKind: current.sourceKind,
            sourceText: current.sourceText,
            settings: current.settings,
            scenes,
            scriptEngine: current.scriptEngine,
          },
          tx,
        )
        await linkAssets(created, scenes, parseSettings(current.settings), tx)
        return created
      })
      return toProject(row)
    },

    /** Every project of an account that is being deleted, with its files (links already given stop working). */
    async deleteAllForUser(userId: string): Promise<void> {
      for (const project of await projects.listForUser(userId, Number.MAX_SAFE_INTEGER)) {
        const active = await renderJobs.findActiveForProject(project.id)
        if (active) await renderJobs.requestCancel(active.id)
        await projects.delete(project.id, userId)
        await deleteProjectFiles(project.id)
      }
      // The account's reusable scene parts, which every worker shares through the store.
      await media.deletePrefix(renderCachePrefix(userId))
    },

    async delete(user: UserRow, id: string): Promise<void> {
      const current = await findProject(user.id, id)
      const active = await renderJobs.findActiveForProject(current.id)
      if (active) await renderJobs.requestCancel(active.id)
      if (!(await projects.delete(current.id, user.id))) throw PROJECT_NOT_FOUND()
      await deleteProjectFiles(current.id)
    },

    /**
     * The plan's refusals of a new render (resolution, renders left today) before anything is made for it;
     * the render itself checks again under the owner's lock.
     */
    async assertCanRender(user: UserRow, resolution: Resolution): Promise<void> {
      assertResolutionInPlan(user, resolution)
      const limit = getPlanLimits(user.plan).rendersPerDay
      if ((await renderJobs.countSince(user.id, startOfUtcDay(now()))) >= limit) throw renderLimitReached(limit)
    },

    startRender: (user: UserRow, projectId: string, resolution: Resolution) => {
      if (!UUID.test(projectId)) throw PROJECT_NOT_FOUND()
      return queueRender(user, projectId, resolution)
    },

    async getRender(user: UserRow, projectId: string, renderId: string): Promise<RenderJob> {
      return toRenderJob(await requireRender(user.id, projectId, renderId))
    },

    async cancelRender(user: UserRow, projectId: string, renderId: string): Promise<RenderJob> {
      const row = await requireRender(user.id, projectId, renderId)
      let latest = (await renderJobs.requestCancel(row.id)) ?? row
      if (latest.status === 'canceled') await projects.setRenderState(projectId, { status: 'canceled' })
      // A running render stops at its worker's next progress write (a few tenths of a second): wait that
      // long, so the answer most often says canceled; otherwise cancel_requested says the cancel was taken.
      const until = Date.now() + CANCEL_WAIT_MS
      while (latest.status === 'running' && latest.cancelRequested && Date.now() < until) {
        await setTimeout(CANCEL_POLL_MS)
        latest = (await renderJobs.findById(row.id)) ?? latest
      }
      return toRenderJob(latest)
    },

    async retryRender(user: UserRow, projectId: string, renderId: string): Promise<RenderJob> {
      const row = await requireRender(user.id, projectId, renderId)
      if (row.status !== 'failed' && row.status !== 'canceled') {
        throw new AppError('RENDER_NOT_RETRYABLE', 409, 'Only a failed or canceled render can be tried again.')
      }
      return queueRender(user, projectId, row.resolution, RenderSpecSchema.parse(row.spec))
    },
  }
}

export type ProjectsService = ReturnType<typeof createProjectsService>
