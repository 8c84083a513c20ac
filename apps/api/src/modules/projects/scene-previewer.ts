import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { VIDEO_FPS } from '@storyreel/contracts/studio'
import type { RenderRunner } from '@storyreel/engine/engine'

import type { MediaStore } from '#src/adapters/media/media-store.ts'
import { createStoreRenderCache } from '#src/adapters/media/store-render-cache.ts'
import { AppError } from '#src/errors.ts'

import type { ScenePreviewer } from './projects.service.ts'

/** More scene previews than this waiting at once get a 503 instead of a long wait. */
const PREVIEW_QUEUE_MAX = 4

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32)

/**
 * Scene previews in their own render child, one at a time, with a short queue. A preview is kept in the
 * media store under a key made of everything it shows, so asking again for an unchanged scene is free.
 */
export function createScenePreviewer(
  runner: RenderRunner,
  media: MediaStore,
  log?: { warn(details: object, message: string): void },
): ScenePreviewer {
  let waiting = 0
  return {
    async preview({ userId, projectId, scene, index, count, settings, cast }) {
      const id = hashOf({ scene: { ...scene, id: undefined }, settings, index, count, cast, v: 3 })
      const keys = {
        videoKey: `projects/${projectId}/previews/${id}.mp4`,
        posterKey: `projects/${projectId}/previews/${id}.jpg`,
      }
      if ((await media.stat(keys.videoKey)) && (await media.stat(keys.posterKey))) {
        return { ...keys, durationSeconds: Math.max(1, Math.round(scene.duration * VIDEO_FPS)) / VIDEO_FPS }
      }
      if (waiting >= PREVIEW_QUEUE_MAX) {
        throw new AppError('PREVIEW_BUSY', 503, 'Previews are busy right now. Try again in a few seconds.')
      }
      waiting += 1
      const outDir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-preview-out-'))
      // The owner's scene parts: a preview reuses the render's voice clip and the render reuses the preview's.
      const cache = await createStoreRenderCache({
        media,
        userId,
        onError: (error, key) => log?.warn({ err: error, key }, 'render cache entry skipped'),
      })
      try {
        const result = await runner.runPreview(
          { kind: 'preview', scene, index, count, settings, outDir, cast },
          { cache },
        )
        await media.putFile(keys.posterKey, result.poster)
        await media.putFile(keys.videoKey, result.video)
        return { ...keys, durationSeconds: result.durationSeconds }
      } finally {
        waiting -= 1
        await Promise.all([rm(outDir, { recursive: true, force: true }), cache.dispose()])
      }
    },
  }
}
