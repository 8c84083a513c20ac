import { createHash } from 'node:crypto'

import type { FastifyBaseLogger } from 'fastify'

import type { ProjectSettings, Scene } from '@storyreel/contracts/studio'
import {
  getStillSize,
  pictureChoice,
  type CastMember,
  type SceneStillRequest,
  type StillOptions,
  type StillRunner,
} from '@storyreel/engine/engine'

import type { MediaLinks } from '#src/adapters/media/media-links.ts'
import type { MediaStore } from '#src/adapters/media/media-store.ts'
import { AppError, linkRefusal } from '#src/errors.ts'

import {
  getLogoPng,
  mediaIdentity,
  toMediaFile,
  type BrandLogoRef,
  toLogoOverlay,
  toSceneMediaArt,
  type AssetFileCache,
  type MediaFile,
  type SceneMediaRef,
} from './project-media.ts'

/** More stills than this drawing or waiting get a 503 instead of a long wait. */
const THUMBNAIL_QUEUE_MAX = 64
/** Drawing ahead of the browser's requests stops here, leaving the rest of the queue to requests. */
const WARM_QUEUE_MAX = THUMBNAIL_QUEUE_MAX / 2

/**
 * The project a still is drawn for, and whether it has been deleted since (by this instance or another):
 * a still finished for a deleted project is removed with the rest of its files, never kept.
 */
export type ThumbnailProject = { id: string; isDeleted: () => Promise<boolean> }

export type ThumbnailInput = {
  scene: Scene
  index: number
  count: number
  settings: ProjectSettings
  cast: CastMember[]
  /** The owner's photo or clip the scene shows, when it is ready (otherwise the still is drawn). */
  media?: { userId: string; ref: SceneMediaRef }
  /** The brand kit's logo, where the project shows it. */
  logo?: { userId: string; ref: BrandLogoRef }
}

/** A stored still: under its project, so deleting the project deletes it. */
const storeKey = (projectId: string, key: string) => `projects/${projectId}/thumbnails/${key}.webp`
const PROJECT_DELETED = () => new AppError('PROJECT_NOT_FOUND', 404, 'There is no such project in your account.')
const isProjectDeleted = (error: unknown) => error instanceof AppError && error.code === 'PROJECT_NOT_FOUND'

/** `promise`, or a PROJECT_NOT_FOUND as soon as `signal` is aborted (a still drawing in its thread runs on). */
function untilStopped<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(PROJECT_DELETED())
    if (signal.aborted) stop()
    signal.addEventListener('abort', stop, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop))
  })
}

/** What a thumbnail link signs. It names no media file, so the signature opens nothing at the media route. */
const linkKey = (projectId: string, sceneId: string, key: string) => `scene-thumbnails/${projectId}/${sceneId}/${key}`

/**
 * The engine's still request; `file` is the scene's media's local copy (none: the drawn picture), `logoFile` the
 * logo's (none: no logo; a key is made with the copy's identity alone).
 */
function toStill(
  { scene, index, count, settings, cast, media, logo }: ThumbnailInput,
  file?: MediaFile,
  logoFile?: string,
): [SceneStillRequest, StillOptions] {
  const request: SceneStillRequest = {
    visual: scene.visual,
    narration: scene.narration,
    style: settings.style,
    seed: scene.seed,
    index,
    count,
    duration: scene.duration,
    cast,
    // Words in another language are read as that language's; English stills keep the keys they had.
    ...(settings.language && settings.language !== 'en' ? { language: settings.language } : {}),
    ...(media && file ? { media: toSceneMediaArt(media.ref, file) } : {}),
    // The scene's own choice of the illustrator or the hosted engine, when it made one.
    picture: pictureChoice(scene.media),
  }
  const brand = logo
    ? {
        brand: {
          logo: toLogoOverlay(logo.ref, logoFile ?? '', logo.ref.asset.fileKey),
        },
        captions: settings.captions.enabled,
      }
    : {}
  return [request, { ...getStillSize(settings.aspect_ratio), format: 'webp', ...brand }]
}

/**
 * A still's key: the engine's, and for a scene with media, that key hashed with the media's choice and the
 * identity of its copy (never its local path), so changing the photo, its focus, fit, camera or a clip's
 * trim makes a new key, and a scene without media keeps the key it always had.
 */
function stillKeyOf(runner: StillRunner, input: ThumbnailInput): string {
  const placeholder = input.media ? toMediaFile(input.media.ref.asset, '') : undefined
  const key = runner.keyOf(...toStill(input, placeholder))
  if (!input.media) return key
  return createHash('sha256')
    .update(JSON.stringify({ key, media: mediaIdentity(input.media.ref) }))
    .digest('hex')
    .slice(0, 32)
}

/**
 * Storyboard thumbnails: one still per scene, drawn by the engine's still runner (threads of this process,
 * never the render queue) and kept in the media store under a key made of everything the picture depends
 * on, so an unchanged scene costs one file read and a changed one gets a new key, hence a new link.
 */
export function createSceneThumbnails({
  runner,
  media,
  links,
  log,
  files,
}: {
  runner: StillRunner
  media: MediaStore
  links: MediaLinks
  log: FastifyBaseLogger
  /** Local copies of the owner's photos and clips the stills show; without it every scene is drawn. */
  files?: AssetFileCache
}) {
  // One drawing per still however many requests (and warm-ups) ask for it at once.
  const drawing = new Map<string, Promise<Buffer>>()
  // Per project, the drawings and warm-ups under way and the signal that stops them when it is deleted.
  const underway = new Map<string, { stop: AbortController; tasks: Set<Promise<unknown>> }>()

  /** Runs `task` as work for the project, which `stop(projectId)` aborts and waits for. */
  function track<T>(projectId: string, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
    let work = underway.get(projectId)
    if (!work) {
      work = { stop: new AbortController(), tasks: new Set() }
      underway.set(projectId, work)
    }
    const entry = work
    const promise = task(entry.stop.signal)
    entry.tasks.add(promise)
    void promise
      .catch(() => undefined)
      .finally(() => {
        entry.tasks.delete(promise)
        if (entry.tasks.size === 0 && underway.get(projectId) === entry) underway.delete(projectId)
      })
    return promise
  }

  function draw(project: ThumbnailProject, key: string, input: ThumbnailInput): Promise<Buffer> {
    const target = storeKey(project.id, key)
    const running = drawing.get(target)
    if (running) return running
    if (runner.pending >= THUMBNAIL_QUEUE_MAX) {
      return Promise.reject(
        new AppError('THUMBNAIL_BUSY', 503, 'Scene pictures are busy right now. Try again in a few seconds.'),
      )
    }
    const promise = track(project.id, async (signal) => {
      const held = input.media
        ? await files?.acquire(input.media.userId, input.media.ref.choice.asset_id, input.media.ref.asset)
        : undefined
      const logo = input.logo
        ? await files?.acquire(input.logo.userId, input.logo.ref.assetId, input.logo.ref.asset)
        : undefined
      let bytes: Buffer
      try {
        const logoFile = logo ? await getLogoPng(logo.file.path, logo.file.version) : undefined
        // A logo whose copy left the store is left out, and the still not kept under a key that names it.
        const shown = input.logo && !logoFile ? { ...input, logo: undefined } : input
        bytes = await untilStopped(runner.draw(...toStill(shown, held?.file, logoFile), { signal }), signal)
        if (shown !== input) return bytes
      } finally {
        held?.release()
        logo?.release()
      }
      if (signal.aborted) throw PROJECT_DELETED()
      // The photo or clip went from the store meanwhile: the drawn picture is shown, but not kept under a key
      // that names the photo.
      if (input.media && !held) return bytes
      await media.put(target, bytes)
      // Deleted meanwhile, here after the check above or by another instance: the still goes the way of
      // the project's other files.
      if (await project.isDeleted()) {
        await media.deletePrefix(`projects/${project.id}`)
        throw PROJECT_DELETED()
      }
      return bytes
    }).finally(() => drawing.delete(target))
    drawing.set(target, promise)
    return promise
  }

  return {
    keyOf: (input: ThumbnailInput) => stillKeyOf(runner, input),

    /** A link for the project's owner; its `v` is the still's key, so the URL changes with the picture. */
    createLink(userId: string, projectId: string, sceneId: string, key: string): string {
      const query = links.createQuery(linkKey(projectId, sceneId, key), userId)
      return `/api/v1/projects/${projectId}/scenes/${sceneId}/thumbnail?v=${key}&${query}`
    },

    /** Whom a thumbnail link was made for, and until when; 403 for a link we did not make, 410 for an old one. */
    requireLink(projectId: string, sceneId: string, query: { v?: string; u?: string; e?: string; s?: string }) {
      const verdict = query.v
        ? links.verify(linkKey(projectId, sceneId, query.v), query)
        : { ok: false as const, reason: 'invalid' as const }
      if (verdict.ok) return { userId: verdict.claims.userId, expiresAt: verdict.claims.expiresAt }
      throw linkRefusal(verdict.reason, 'the project')
    },

    /** A still already stored under its key, or undefined. */
    readStored: (projectId: string, key: string) => media.get(storeKey(projectId, key)),

    /**
     * The still of a scene as it is now: stored, or drawn (or joined while it is being drawn) and stored;
     * 404 PROJECT_NOT_FOUND when the project is deleted meanwhile.
     */
    async get(project: ThumbnailProject, key: string, input: ThumbnailInput): Promise<Buffer> {
      return (
        drawing.get(storeKey(project.id, key)) ??
        (await media.get(storeKey(project.id, key))) ??
        draw(project, key, input)
      )
    },

    /**
     * Starts drawing the stills a project's links name that are not stored yet, in the background, so they
     * are ready (or on their way) when the browser asks. Failures are only logged: the request draws again.
     */
    warm(project: ThumbnailProject, stills: Array<{ key: string; input: ThumbnailInput }>): void {
      const projectId = project.id
      const notDrawn = (error: unknown, sceneId?: string) => {
        if (!isProjectDeleted(error)) log.warn({ err: error, projectId, sceneId }, 'scene thumbnail not drawn')
      }
      track(projectId, async (signal) => {
        for (const { key, input } of stills) {
          if (signal.aborted) return
          if (drawing.has(storeKey(projectId, key)) || (await media.stat(storeKey(projectId, key)))) continue
          if (signal.aborted || runner.pending >= WARM_QUEUE_MAX) return
          draw(project, key, input).catch((error: unknown) => notDrawn(error, input.scene.id))
        }
      }).catch((error: unknown) => notDrawn(error))
    },

    /**
     * Stops the stills of a project being deleted: those waiting are dropped and those drawing are not
     * stored. Resolves once nothing of the project is being written, so its folder can go (decision 046).
     */
    async stop(projectId: string): Promise<void> {
      const work = underway.get(projectId)
      if (!work) return
      work.stop.abort()
      await Promise.allSettled([...work.tasks])
    },

    /** Waits for the stills being drawn to be stored or given up, so nothing writes after the server closes. */
    async drain(): Promise<void> {
      await Promise.allSettled([...drawing.values()])
    },
  }
}

export type SceneThumbnails = ReturnType<typeof createSceneThumbnails>
