import type { FastifyBaseLogger } from 'fastify'

import type { ProjectSettings, Scene } from '@storyreel/contracts/studio'
import {
  getStillSize,
  type CastMember,
  type SceneStillRequest,
  type StillOptions,
  type StillRunner,
} from '@storyreel/engine/engine'

import type { MediaLinks } from '#src/adapters/media/media-links.ts'
import type { MediaStore } from '#src/adapters/media/media-store.ts'
import { AppError } from '#src/errors.ts'

/** More stills than this drawing or waiting get a 503 instead of a long wait. */
const THUMBNAIL_QUEUE_MAX = 64
/** Drawing ahead of the browser's requests stops here, leaving the rest of the queue to requests. */
const WARM_QUEUE_MAX = THUMBNAIL_QUEUE_MAX / 2

export type ThumbnailInput = {
  scene: Scene
  index: number
  count: number
  settings: ProjectSettings
  cast: CastMember[]
}

/** A stored still: under its project, so deleting the project deletes it. */
const storeKey = (projectId: string, key: string) => `projects/${projectId}/thumbnails/${key}.webp`
/** What a thumbnail link signs. It names no media file, so the signature opens nothing at the media route. */
const linkKey = (projectId: string, sceneId: string, key: string) => `scene-thumbnails/${projectId}/${sceneId}/${key}`

function toStill({ scene, index, count, settings, cast }: ThumbnailInput): [SceneStillRequest, StillOptions] {
  const request = {
    visual: scene.visual,
    narration: scene.narration,
    style: settings.style,
    seed: scene.seed,
    index,
    count,
    duration: scene.duration,
    cast,
  }
  return [request, { ...getStillSize(settings.aspect_ratio), format: 'webp' }]
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
}: {
  runner: StillRunner
  media: MediaStore
  links: MediaLinks
  log: FastifyBaseLogger
}) {
  // One drawing per still however many requests (and warm-ups) ask for it at once.
  const drawing = new Map<string, Promise<Buffer>>()

  function draw(projectId: string, key: string, input: ThumbnailInput): Promise<Buffer> {
    const target = storeKey(projectId, key)
    const running = drawing.get(target)
    if (running) return running
    if (runner.pending >= THUMBNAIL_QUEUE_MAX) {
      return Promise.reject(
        new AppError('THUMBNAIL_BUSY', 503, 'Scene pictures are busy right now. Try again in a few seconds.'),
      )
    }
    const promise = (async () => {
      const bytes = await runner.draw(...toStill(input))
      await media.put(target, bytes)
      return bytes
    })().finally(() => drawing.delete(target))
    drawing.set(target, promise)
    return promise
  }

  return {
    keyOf: (input: ThumbnailInput) => runner.keyOf(...toStill(input)),

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
      throw verdict.reason === 'expired'
        ? new AppError('MEDIA_LINK_EXPIRED', 410, 'This link has expired. Open the project again for a new one.')
        : new AppError('MEDIA_LINK_INVALID', 403, 'This link is not valid.')
    },

    /** A still already stored under its key, or undefined. */
    readStored: (projectId: string, key: string) => media.get(storeKey(projectId, key)),

    /** The still of a scene as it is now: stored, or drawn (or joined while it is being drawn) and stored. */
    async get(projectId: string, key: string, input: ThumbnailInput): Promise<Buffer> {
      return (
        drawing.get(storeKey(projectId, key)) ??
        (await media.get(storeKey(projectId, key))) ??
        draw(projectId, key, input)
      )
    },

    /**
     * Starts drawing the stills a project's links name that are not stored yet, in the background, so they
     * are ready (or on their way) when the browser asks. Failures are only logged: the request draws again.
     */
    warm(projectId: string, stills: Array<{ key: string; input: ThumbnailInput }>): void {
      void (async () => {
        for (const { key, input } of stills) {
          if (drawing.has(storeKey(projectId, key)) || (await media.stat(storeKey(projectId, key)))) continue
          if (runner.pending >= WARM_QUEUE_MAX) return
          draw(projectId, key, input).catch((error: unknown) =>
            log.warn({ err: error, projectId, sceneId: input.scene.id }, 'scene thumbnail not drawn'),
          )
        }
      })().catch((error: unknown) => log.warn({ err: error, projectId }, 'scene thumbnails not warmed'))
    },

    /** Waits for the stills being drawn to be stored or given up, so nothing writes after the server closes. */
    async drain(): Promise<void> {
      await Promise.allSettled([...drawing.values()])
    },
  }
}

export type SceneThumbnails = ReturnType<typeof createSceneThumbnails>
