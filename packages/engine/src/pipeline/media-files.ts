import type { SceneMedia } from '@storyreel/contracts/studio'

import { resolveCameraMove } from '#src/visuals/media/camera.ts'
import { GRADE_VERSION } from '#src/visuals/media/grade.ts'

/**
 * The owner's photos, clips and tracks a task uses, as local files the caller fetched (from the API's media
 * store, or named on the CLI's command line). The engine knows nothing of where they came from: a scene's
 * media names an asset id, and the file is found here. A scene whose asset is not here is drawn instead.
 */
export type MediaFile = {
  kind: 'image' | 'video' | 'audio'
  /** A local path, readable for the whole task. Never part of a cache key: it is a temporary name. */
  path: string
  /**
   * What identifies the file's content (the store's key of an immutable copy, or a hash of the bytes): part of
   * every cache key that depends on the file, so a replaced file is never served from the cache.
   */
  version: string
  /** The library's name for it, for the licence receipt. */
  name: string
  width?: number
  height?: number
  durationSeconds?: number
  /** Whether a clip has a sound track (only then can its sound be mixed). */
  hasAudio?: boolean
  /** A stock library's photo or clip: whom the licence receipt credits for it. */
  credit?: StockCredit
  /**
   * A clip's smaller proxy (see CLIP_PROXY_SHORT_SIDE), made from the same copy: a scene reads it instead where
   * it has as many pixels as the frame shows of the clip. Not part of a cache key beyond its presence: it is
   * derived from the copy that `version` names.
   */
  proxy?: { path: string; width: number; height: number }
}

/** Where a stock photo or clip came from, for the credit its provider's licence asks for or we give. */
export type StockCredit = { provider: 'pexels' | 'pixabay'; author: string; authorUrl?: string; pageUrl: string }

/** By asset id. */
export type MediaFiles = Record<string, MediaFile>

/** A scene's photo or clip with the file it names, as the drawing path receives it. */
export type SceneMediaArt =
  | (Extract<SceneMedia, { type: 'photo' }> & { file: MediaFile })
  | (Extract<SceneMedia, { type: 'clip' }> & { file: MediaFile })

/**
 * A scene's own choice of picture where it shows no photo or clip: the built-in illustrator ('drawn') or the
 * hosted image engine ('generated'); undefined: the engine's default picture.
 */
export type PictureChoice = 'drawn' | 'generated'

export function pictureChoice(media: SceneMedia | null | undefined): PictureChoice | undefined {
  return media?.type === 'drawn' || media?.type === 'generated' ? media.type : undefined
}

/** The media a scene can show from `files`: undefined (draw the picture) when none, or its file is missing. */
export function resolveSceneMedia(
  media: SceneMedia | null | undefined,
  files: MediaFiles | undefined,
): SceneMediaArt | undefined {
  if (!media || media.type === 'generated' || media.type === 'drawn') return undefined
  const file = files?.[media.asset_id]
  if (!file) return undefined
  if (media.type === 'photo' && file.kind === 'image') return { ...media, file }
  if (media.type === 'clip' && file.kind === 'video') return { ...media, file }
  return undefined
}

/**
 * Raised whenever the same media would be drawn differently (crop, camera, backdrop, decoding): part of the
 * cache keys of every scene that shows a photo or clip, with the grades' own GRADE_VERSION.
 */
export const MEDIA_ART_VERSION = 1

/**
 * What a scene's photo or clip contributes to a cache key: every choice that changes its picture and the file's
 * content identity (`version`), never its local path (a temporary name). A photo's "auto" camera is resolved by
 * the scene's place, so a moved scene keeps its picture unless its move changes; a clip's sound is left out (it
 * is in the soundtrack, not the frames).
 */
export function getMediaKey(media: SceneMediaArt, index: number): Record<string, unknown> {
  const file = { kind: media.file.kind, version: media.file.version }
  const art = { v: MEDIA_ART_VERSION, grade: GRADE_VERSION }
  if (media.type === 'photo') {
    const { focus, fit, camera } = media
    return { type: 'photo', file, focus, fit, camera: resolveCameraMove(camera, index), ...art }
  }
  const { trim_start, trim_end, focus, fit, fill } = media
  // Frames decoded from the proxy differ from the copy's by its scaling: a scene drawn with one is not the other.
  const proxy = media.file.proxy ? `${media.file.proxy.width}x${media.file.proxy.height}` : undefined
  return { type: 'clip', file: { ...file, proxy }, trim_start, trim_end, focus, fit, fill, ...art }
}
