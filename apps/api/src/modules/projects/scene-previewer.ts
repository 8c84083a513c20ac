import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { VIDEO_FPS } from '@storyreel/contracts/studio'
import type { RenderRunner } from '@storyreel/engine/engine'

import type { MediaStore } from '#src/adapters/media/media-store.ts'
import { createStoreRenderCache } from '#src/adapters/media/store-render-cache.ts'
import { AppError } from '#src/errors.ts'

import {
  downloadBrandFont,
  getLogoPng,
  mediaIdentity,
  toLogoOverlay,
  type AssetFileCache,
  type SceneMediaRef,
} from './project-media.ts'
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
  /** Local copies of the owner's photos and clips; without it a scene with media is previewed drawn. */
  files?: AssetFileCache,
): ScenePreviewer {
  let waiting = 0
  return {
    async preview({ userId, projectId, scene, index, count, settings, cast, media: ref, brand }) {
      const logo = brand?.logo
      // A preview shows the brand's logo, colours and font; it has no cards.
      const shownBrand = { colours: brand?.colours, font: brand?.font?.key }
      /** Where the preview of the scene is kept: named by everything it shows, the media's copy included. */
      const keysOf = (shown: SceneMediaRef | undefined, shownLogo = logo) => {
        // The music is left out of a preview, so its track is not part of what it shows.
        const id = hashOf({
          scene: { ...scene, id: undefined },
          settings: { ...settings, music_asset_id: undefined },
          index,
          count,
          cast,
          ...(shown ? { media: mediaIdentity(shown) } : {}),
          ...(shownLogo ? { logo: { ...shownLogo, asset: shownLogo.asset.fileKey } } : {}),
          ...(shownBrand.colours || shownBrand.font ? { brand: shownBrand } : {}),
          v: 3,
        })
        return {
          videoKey: `projects/${projectId}/previews/${id}.mp4`,
          posterKey: `projects/${projectId}/previews/${id}.jpg`,
        }
      }
      const stored = async (keys: { videoKey: string; posterKey: string }) =>
        (await media.stat(keys.videoKey)) && (await media.stat(keys.posterKey))
          ? { ...keys, durationSeconds: Math.max(1, Math.round(scene.duration * VIDEO_FPS)) / VIDEO_FPS }
          : undefined
      let keys = keysOf(ref)
      const ready = await stored(keys)
      if (ready) return ready
      if (waiting >= PREVIEW_QUEUE_MAX) {
        throw new AppError('PREVIEW_BUSY', 503, 'Previews are busy right now. Try again in a few seconds.')
      }
      waiting += 1
      let held: Awaited<ReturnType<AssetFileCache['acquire']>>
      let heldLogo: Awaited<ReturnType<AssetFileCache['acquire']>>
      let outDir: string | undefined
      let cache: Awaited<ReturnType<typeof createStoreRenderCache>> | undefined
      try {
        held = ref && files ? await files.acquire(userId, ref.choice.asset_id, ref.asset) : undefined
        if (ref && !held) {
          // Its photo or clip left the store meanwhile: the scene is previewed drawn, and kept as such.
          log?.warn({ projectId, assetId: ref.choice.asset_id }, 'scene previewed drawn: its media file is missing')
          keys = keysOf(undefined)
          const drawn = await stored(keys)
          if (drawn) return drawn
        }
        heldLogo = logo && files ? await files.acquire(userId, logo.assetId, logo.asset) : undefined
        if (logo && !heldLogo) {
          // The logo's copy left the store meanwhile: the preview is made without it, and kept as such.
          keys = keysOf(held ? ref : undefined, undefined)
          const plain = await stored(keys)
          if (plain) return plain
        }
        const logoFile = heldLogo ? await getLogoPng(heldLogo.file.path, heldLogo.file.version) : undefined
        outDir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-preview-out-'))
        const fontFile = brand?.font ? await downloadBrandFont(media, userId, brand.font, outDir) : undefined
        if (brand?.font && !fontFile) {
          // The font left the store meanwhile: the preview is set in our fonts, and kept as such.
          log?.warn({ projectId, key: brand.font.key }, 'scene previewed in our fonts: the brand font is gone')
          shownBrand.font = undefined
          keys = keysOf(held ? ref : undefined, heldLogo ? logo : undefined)
          const unset = await stored(keys)
          if (unset) return unset
        }
        // The owner's scene parts: a preview reuses the render's voice clip and the render reuses the preview's.
        cache = await createStoreRenderCache({
          media,
          userId,
          onError: (error, key) => log?.warn({ err: error, key }, 'render cache entry skipped'),
        })
        const result = await runner.runPreview(
          {
            kind: 'preview',
            scene,
            index,
            count,
            settings,
            outDir,
            cast,
            ...(ref && held ? { media: { [ref.choice.asset_id]: held.file } } : {}),
            brand: {
              ...(logo && logoFile ? { logo: toLogoOverlay(logo, logoFile, logo.asset.fileKey) } : {}),
              ...(brand?.colours ? { colours: brand.colours } : {}),
              ...(fontFile ? { font: { file: fontFile } } : {}),
            },
          },
          { cache },
        )
        await media.putFile(keys.posterKey, result.poster)
        await media.putFile(keys.videoKey, result.video)
        return { ...keys, durationSeconds: result.durationSeconds }
      } finally {
        held?.release()
        heldLogo?.release()
        waiting -= 1
        await Promise.all([outDir ? rm(outDir, { recursive: true, force: true }) : undefined, cache?.dispose()])
      }
    },
  }
}
