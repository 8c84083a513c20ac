import { createHash, randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'

import {
  CLIP_TRIM_MIN_SECONDS,
  isLibraryMedia,
  type LibraryMedia,
  type ProjectMediaAsset,
  type ProjectSettings,
  type Scene,
  type SceneClip,
} from '@storyreel/contracts/studio'
import {
  CLIP_PROXY_SHORT_SIDE,
  getClipProxySize,
  probeMedia,
  type LogoOverlay,
  type SceneStillRequest,
  type Storyboard,
} from '@storyreel/engine/engine'

import type { MediaLinks } from '#src/adapters/media/media-links.ts'
import { isMediaKey, type MediaStore } from '#src/adapters/media/media-store.ts'
import { AppError } from '#src/errors.ts'
import { assetPrefix, clipProxyKey, toAssetLinks } from '#src/modules/assets/assets.service.ts'
import type { AssetRow } from '#src/modules/assets/assets.repository.ts'
import { brandKitPrefix } from '#src/modules/brand-kit/brand-kit.service.ts'

import type { RenderMedia } from './render-spec.ts'

/** The engine's local files of a task's photos, clips and track, by asset id. */
export type MediaFiles = NonNullable<Storyboard['media']>
export type MediaFile = MediaFiles[string]
/** A scene's photo or clip with its local file, as a still or preview draws it. */
export type SceneMediaArt = NonNullable<SceneStillRequest['media']>

/** A clip's out point may pass its end by this much (a player's rounding) and is then taken as its end. */
export const TRIM_END_TOLERANCE_SECONDS = 0.05

/** The asset kind each scene media type shows. */
const KIND_OF = { photo: 'image', clip: 'video' } as const
const KIND_NAME = { image: 'a photo', video: 'a clip', audio: 'a track' } as const

/** Every library asset the scenes and the music name, each once, in the storyboard's order. */
export function mediaAssetIdsOf(scenes: Scene[], settings: ProjectSettings): string[] {
  const ids = new Set<string>()
  for (const scene of scenes) if (isLibraryMedia(scene.media)) ids.add(scene.media.asset_id)
  if (settings.music_asset_id) ids.add(settings.music_asset_id)
  return [...ids]
}

/** An asset a project can use now or once converted: the owner's, in the library, not failed. */
const isLive = (row: AssetRow | undefined): row is AssetRow => row !== undefined && row.deletedAt === null

const ASSET_GONE = (what: string) =>
  new AppError('ASSET_NOT_FOUND', 404, `${what} is not in your library (it may have been deleted). Choose another.`)

/**
 * The scenes' media as chosen, checked against the owner's library; a clip's out point a hair past its end
 * is taken as its end. Only a choice that changed is checked for its asset, so a scene whose photo was
 * deleted since can still be saved (it is drawn, and the storyboard says so) without choosing again.
 */
export function checkSceneMedia(
  scenes: Scene[],
  before: Map<string, Scene>,
  rows: Map<string, AssetRow>,
  { hasImageEngine }: { hasImageEngine: boolean },
): Scene[] {
  return scenes.map((scene, index) => {
    const media = scene.media
    const label = `Scene ${index + 1}`
    if (!media) return scene
    const old = before.get(scene.id)?.media
    if (media.type === 'drawn') return scene
    if (media.type === 'generated') {
      if (!hasImageEngine && old?.type !== 'generated') {
        throw new AppError(
          'IMAGE_ENGINE_NOT_CONFIGURED',
          422,
          `${label}: this server has no hosted image engine, so its pictures are drawn. Choose the drawn picture, a photo or a clip.`,
        )
      }
      return scene
    }
    const row = rows.get(media.asset_id)
    const sameAsset = isLibraryMedia(old) && old.type === media.type && old.asset_id === media.asset_id
    if (!isLive(row)) {
      if (sameAsset) return scene
      throw ASSET_GONE(`${label}: the ${media.type} you chose`)
    }
    const wanted = KIND_OF[media.type]
    if (row.kind !== wanted) {
      throw new AppError(
        'MEDIA_KIND_MISMATCH',
        422,
        `${label}: "${row.name}" is ${KIND_NAME[row.kind]}, not ${KIND_NAME[wanted]}. Choose it as ${KIND_NAME[row.kind]}, or choose another file.`,
      )
    }
    if (row.status === 'failed' && !sameAsset) {
      throw new AppError(
        'ASSET_FAILED',
        422,
        `${label}: "${row.name}" could not be converted, so it cannot be shown. Upload it again or choose another file.`,
      )
    }
    if (media.type === 'clip') return { ...scene, media: checkTrim(media, row, label) }
    return scene
  })
}

/** A clip's in and out points within its length (when known), with at least CLIP_TRIM_MIN_SECONDS between. */
function checkTrim(clip: SceneClip, row: AssetRow, label: string): SceneClip {
  const duration = row.durationSeconds
  if (duration === null) return clip
  const seconds = (value: number) => `${Math.round(value * 100) / 100} s`
  const refuse = (message: string) => new AppError('CLIP_TRIM_INVALID', 422, `${label}: ${message}`)
  if (clip.trim_start >= duration) {
    throw refuse(`the clip starts at ${seconds(clip.trim_start)}, but "${row.name}" lasts ${seconds(duration)}.`)
  }
  let end = clip.trim_end
  if (end !== null && end > duration) {
    if (end > duration + TRIM_END_TOLERANCE_SECONDS) {
      throw refuse(`the clip ends at ${seconds(end)}, but "${row.name}" lasts ${seconds(duration)}.`)
    }
    end = duration
  }
  const length = (end ?? duration) - clip.trim_start
  if (length < CLIP_TRIM_MIN_SECONDS && length < duration) {
    throw refuse(
      `use at least ${CLIP_TRIM_MIN_SECONDS} s of the clip; from ${seconds(clip.trim_start)} to ${seconds(end ?? duration)} is ${seconds(length)}.`,
    )
  }
  return end === clip.trim_end ? clip : { ...clip, trim_end: end }
}

/** The music chosen from the owner's library: a track of theirs, ready or being converted. */
export function checkMusicAsset(
  settings: ProjectSettings,
  before: ProjectSettings | undefined,
  rows: Map<string, AssetRow>,
): void {
  const id = settings.music_asset_id
  if (!id || id === before?.music_asset_id) return
  const row = rows.get(id)
  if (!isLive(row)) throw ASSET_GONE('The track you chose as the music')
  if (row.kind !== 'audio') {
    throw new AppError(
      'MEDIA_KIND_MISMATCH',
      422,
      `"${row.name}" is ${KIND_NAME[row.kind]}; only a track can be the music.`,
    )
  }
  if (row.status === 'failed') {
    throw new AppError(
      'ASSET_FAILED',
      422,
      `"${row.name}" could not be converted, so it cannot be the music. Upload it again or choose another track.`,
    )
  }
}

/**
 * The storyboard's view of each asset the scenes and music name: its status and links, `deleted` for one
 * that left the library or was never the owner's (nothing more is told about another account's file).
 */
export function toProjectMediaAssets(
  ids: string[],
  rows: Map<string, AssetRow>,
  scenes: Scene[],
  links: MediaLinks,
): Record<string, ProjectMediaAsset> {
  const kindNamed = new Map<string, ProjectMediaAsset['kind']>()
  for (const scene of scenes) {
    if (isLibraryMedia(scene.media)) kindNamed.set(scene.media.asset_id, KIND_OF[scene.media.type])
  }
  return Object.fromEntries(
    ids.map((id): [string, ProjectMediaAsset] => {
      const row = rows.get(id)
      if (!row || row.deletedAt !== null) {
        return [
          id,
          {
            id,
            kind: row?.kind ?? kindNamed.get(id) ?? 'audio',
            status: 'deleted',
            name: row?.name ?? '',
            width: null,
            height: null,
            duration_seconds: null,
            thumbnail_url: null,
            url: null,
          },
        ]
      }
      return [
        id,
        {
          id,
          kind: row.kind,
          status: row.status === 'uploading' ? 'processing' : row.status,
          name: row.name,
          width: row.width,
          height: row.height,
          duration_seconds: row.durationSeconds,
          ...toAssetLinks(row, links),
        },
      ]
    }),
  )
}

/** What a render records of each asset it will use: the live ones (deleted ones are drawn instead). */
export function toRenderMedia(ids: string[], rows: Map<string, AssetRow>): Record<string, RenderMedia> {
  const media: Record<string, RenderMedia> = {}
  for (const id of ids) {
    const row = rows.get(id)
    if (!isLive(row) || row.status === 'failed') continue
    media[id] = {
      kind: row.kind,
      name: row.name,
      fileKey: row.status === 'ready' ? row.fileKey : null,
      width: row.width,
      height: row.height,
      durationSeconds: row.durationSeconds,
      ...(row.credit ? { credit: row.credit } : {}),
    }
  }
  return media
}

/** A ready asset's normalised copy as a render spec names it (for stills and previews, which draw it now). */
export function toReadyMedia(row: AssetRow | undefined): (RenderMedia & { fileKey: string }) | undefined {
  if (!isLive(row) || row.status !== 'ready' || !row.fileKey) return undefined
  return {
    kind: row.kind,
    name: row.name,
    fileKey: row.fileKey,
    width: row.width,
    height: row.height,
    durationSeconds: row.durationSeconds,
    ...(row.credit ? { credit: row.credit } : {}),
  }
}

/** A file key of the owner's asset's own folder, never anything else in the store. */
export const isOwnAssetKey = (key: string, userId: string, assetId: string) =>
  isMediaKey(key) && key.startsWith(`${assetPrefix(userId, assetId)}/`)

/** The engine's description of an asset's local copy. `version` is the immutable copy's store key. */
export function toMediaFile(
  entry: RenderMedia & { fileKey: string },
  localPath: string,
  hasAudio?: boolean,
): MediaFile {
  return {
    kind: entry.kind,
    path: localPath,
    version: entry.fileKey,
    name: entry.name,
    ...(entry.width !== null ? { width: entry.width } : {}),
    ...(entry.height !== null ? { height: entry.height } : {}),
    ...(entry.durationSeconds !== null ? { durationSeconds: entry.durationSeconds } : {}),
    ...(hasAudio !== undefined ? { hasAudio } : {}),
    ...(entry.credit ? { credit: entry.credit } : {}),
  }
}

/** Whether a clip has a sound track; unknown (undefined) when it cannot be read. */
export async function probeHasAudio(file: string): Promise<boolean | undefined> {
  try {
    return (await probeMedia(file)).streams.some((stream) => stream.type === 'audio')
  } catch {
    return undefined
  }
}

const EXTENSION = /\.[a-z0-9]{1,5}$/i
const localName = (key: string) => `${randomBytes(6).toString('hex')}${EXTENSION.exec(key)?.[0] ?? ''}`

/**
 * Downloads the normalised copies `entries` name into `dir` and describes them for the engine. Only keys in
 * the owner's own asset folders are read; a copy that is no longer in the store is left out (its scene is
 * drawn), and so reported. For a render of `frame` no larger than a clip's proxy, the proxy comes too (the
 * engine reads it where a scene needs no more pixels); a clip without one is read from its copy.
 */
export async function downloadMediaFiles({
  media,
  userId,
  entries,
  dir,
  frame,
  onMissing,
}: {
  media: MediaStore
  userId: string
  entries: Array<[assetId: string, RenderMedia & { fileKey: string }]>
  dir: string
  frame?: { width: number; height: number }
  onMissing: (assetId: string, reason: string) => void
}): Promise<MediaFiles> {
  const files: MediaFiles = {}
  for (const [assetId, entry] of entries) {
    if (!isOwnAssetKey(entry.fileKey, userId, assetId)) {
      onMissing(assetId, 'its file is not in the owner’s library')
      continue
    }
    const target = path.join(dir, localName(entry.fileKey))
    if (!(await media.download(entry.fileKey, target))) {
      onMissing(assetId, 'its file is gone from the media store')
      continue
    }
    const hasAudio = entry.kind === 'video' ? await probeHasAudio(target) : undefined
    const proxy = frame && entry.kind === 'video' ? await downloadProxy(media, entry, frame, dir) : undefined
    files[assetId] = { ...toMediaFile(entry, target, hasAudio), ...(proxy ? { proxy } : {}) }
  }
  return files
}

/** A clip's 720p proxy as a local file, when the frame is no larger than it and the store has it. */
async function downloadProxy(
  media: MediaStore,
  entry: RenderMedia & { fileKey: string },
  frame: { width: number; height: number },
  dir: string,
): Promise<MediaFile['proxy']> {
  if (entry.width === null || entry.height === null) return undefined
  if (Math.min(frame.width, frame.height) > CLIP_PROXY_SHORT_SIDE) return undefined
  const size = getClipProxySize({ width: entry.width, height: entry.height })
  if (!size) return undefined
  const key = clipProxyKey(entry.fileKey)
  const target = path.join(dir, localName(key))
  return (await media.download(key, target)) ? { path: target, ...size } : undefined
}

/**
 * The brand font's file, downloaded into `dir` for one render or preview (the engine's drawing threads read it
 * for the whole task). Only a key under the owner's own brand kit folder is read; undefined when it is gone from
 * the store (the video is set in our fonts instead).
 */
export async function downloadBrandFont(
  media: MediaStore,
  userId: string,
  font: { key: string },
  dir: string,
): Promise<string | undefined> {
  if (!font.key.startsWith(`${brandKitPrefix(userId)}/`) || font.key.includes('..')) return undefined
  const target = path.join(dir, `brand-font${path.extname(font.key)}`)
  await mkdir(dir, { recursive: true })
  return (await media.download(font.key, target)) ? target : undefined
}

type CacheEntry = { path: string; size: number; users: number; lastUsed: number; hasAudio: boolean | undefined }

/**
 * Local copies of library assets for stills and previews, shared across requests of this process: kept by
 * the store key of the immutable normalised copy, at most `maxBytes` in all (the least recently used copies
 * not being read go first), removed on `close`.
 */
export function createAssetFileCache({ media, maxBytes }: { media: MediaStore; maxBytes: number }) {
  let dir: Promise<string> | undefined
  const entries = new Map<string, CacheEntry>()
  const loading = new Map<string, Promise<CacheEntry | undefined>>()
  // Copies forgotten while being read, removed when the last reader is done.
  const forgotten = new Set<CacheEntry>()
  // Keys forgotten while their copy was being fetched: handed to those waiting for it, then removed, never kept.
  const droppedWhileLoading = new Set<string>()

  const folder = () => (dir ??= mkdtemp(path.join(os.tmpdir(), 'storyreel-asset-files-')))

  async function evict() {
    let total = [...entries.values()].reduce((sum, entry) => sum + entry.size, 0)
    const idle = [...entries.entries()].filter(([, entry]) => entry.users === 0)
    idle.sort(([, a], [, b]) => a.lastUsed - b.lastUsed)
    for (const [key, entry] of idle) {
      if (total <= maxBytes) break
      entries.delete(key)
      total -= entry.size
      await rm(entry.path, { force: true })
    }
  }

  async function load(entry: RenderMedia & { fileKey: string }): Promise<CacheEntry | undefined> {
    const base = await folder()
    await mkdir(base, { recursive: true })
    const target = path.join(base, localName(entry.fileKey))
    try {
      if (!(await media.download(entry.fileKey, target))) return undefined
    } catch (error) {
      // A download cut short leaves no partial copy behind.
      await rm(target, { force: true })
      throw error
    }
    const size = (await stat(target)).size
    const hasAudio = entry.kind === 'video' ? await probeHasAudio(target) : undefined
    return { path: target, size, users: 0, lastUsed: Date.now(), hasAudio }
  }

  return {
    /**
     * The asset's local file, held until `release` is called; undefined when its copy is not in the store
     * (or not in the owner's folder), so the scene is drawn instead.
     */
    async acquire(
      userId: string,
      assetId: string,
      entry: RenderMedia & { fileKey: string },
    ): Promise<{ file: MediaFile; release: () => void } | undefined> {
      if (!isOwnAssetKey(entry.fileKey, userId, assetId)) return undefined
      const key = entry.fileKey
      let cached = entries.get(key)
      if (!cached) {
        let pending = loading.get(key)
        if (!pending) {
          pending = load(entry)
            .then((loaded) => {
              if (loaded && droppedWhileLoading.has(key)) forgotten.add(loaded)
              return loaded
            })
            .finally(() => {
              loading.delete(key)
              droppedWhileLoading.delete(key)
            })
          loading.set(key, pending)
        }
        const loaded = await pending
        if (!loaded) return undefined
        if (forgotten.has(loaded)) cached = loaded
        else {
          cached = entries.get(key) ?? loaded
          entries.set(key, cached)
        }
      }
      const held = cached
      held.users += 1
      held.lastUsed = Date.now()
      await evict()
      let released = false
      return {
        file: toMediaFile(entry, held.path, held.hasAudio),
        release: () => {
          if (released) return
          released = true
          held.users -= 1
          held.lastUsed = Date.now()
          if (held.users === 0 && forgotten.delete(held)) void rm(held.path, { force: true })
          void evict()
        },
      }
    },

    /**
     * Drops the copies under a store prefix (an asset's folder when it is deleted, an account's when it
     * goes); one being read goes once it is released.
     */
    async forget(prefix: string): Promise<void> {
      for (const key of loading.keys()) if (key.startsWith(`${prefix}/`)) droppedWhileLoading.add(key)
      for (const [key, entry] of entries) {
        if (!key.startsWith(`${prefix}/`)) continue
        entries.delete(key)
        if (entry.users === 0) await rm(entry.path, { force: true })
        else forgotten.add(entry)
      }
    },

    /** Bytes held on disk now (tests). */
    get sizeBytes() {
      return [...entries.values()].reduce((sum, entry) => sum + entry.size, 0)
    },

    async close() {
      entries.clear()
      if (dir) await rm(await dir, { recursive: true, force: true })
      dir = undefined
    },
  }
}

export type AssetFileCache = ReturnType<typeof createAssetFileCache>

/** A scene's media, as stills and previews resolve it: the choice and the ready copy it names. */
export type SceneMediaRef = { choice: LibraryMedia; asset: RenderMedia & { fileKey: string } }

/** The scene's media a still or preview can show now (a ready, live asset of the right kind), or undefined. */
export function sceneMediaRef(scene: Scene, rows: Map<string, AssetRow>): SceneMediaRef | undefined {
  const choice = scene.media
  if (!isLibraryMedia(choice)) return undefined
  const asset = toReadyMedia(rows.get(choice.asset_id))
  if (!asset || asset.kind !== KIND_OF[choice.type]) return undefined
  return { choice, asset }
}

/** What of a scene's media changes its picture: the choice and the copy's identity, never a local path. */
export const mediaIdentity = (ref: SceneMediaRef | undefined) =>
  ref ? { ...ref.choice, version: ref.asset.fileKey } : null

/** The engine's SceneMediaArt for `ref` with its local file. */
export const toSceneMediaArt = (ref: SceneMediaRef, file: MediaFile): SceneMediaArt => ({ ...ref.choice, file })

/** The brand kit's logo as stills and previews lay it: its ready copy, and its place, size and opacity. */
export type BrandLogoRef = {
  assetId: string
  asset: RenderMedia & { fileKey: string }
  position: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right'
  size: number
  opacity: number
}

/**
 * The engine's logo overlay: the kit's place, size and opacity over the logo's local PNG or WebP file, `version`
 * naming its content (stills and previews key by it in place of the file's temporary path).
 */
export const toLogoOverlay = (
  logo: Pick<BrandLogoRef, 'position' | 'size' | 'opacity'>,
  file: string,
  version: string,
): LogoOverlay => ({ file, version, position: logo.position, size: logo.size, opacity: logo.opacity })

/**
 * The brand kit's parts a preview or render shows: the logo's ready copy with its place, the colours, the font's
 * file in the media store, and the cards (a preview shows none).
 */
export type BrandRef = {
  logo?: BrandLogoRef
  colours?: { primary: string; accent: string }
  font?: { key: string; family: string }
  openingCard?: { headline: string; seconds: number }
  closingCard?: { callToAction: string; contact: string; seconds: number; voiced: boolean }
}

/** Made PNG copies of JPEG logo copies, by the copy's key: the library keeps an opaque PNG as a JPEG. */
const logoPngs = new Map<string, Promise<string>>()
let logoPngDir: Promise<string> | undefined

/**
 * The logo's file as the engine takes logos, PNG or WebP: the local copy itself, or a PNG made from it once per
 * copy (a copy never changes under its key).
 */
export function getLogoPng(file: string, fileKey: string): Promise<string> {
  let made = logoPngs.get(fileKey)
  if (!made) {
    made = (async () => {
      const { format } = await sharp(file).metadata()
      if (format === 'png' || format === 'webp') return file
      logoPngDir ??= mkdtemp(path.join(os.tmpdir(), 'storyreel-logos-'))
      const target = path.join(
        await logoPngDir,
        `${createHash('sha256').update(fileKey).digest('hex').slice(0, 32)}.png`,
      )
      await sharp(file).png().toFile(target)
      return target
    })()
    // A copy read from the file cache may be evicted later: only a made PNG is remembered.
    made.then(
      (result) => {
        if (result === file) logoPngs.delete(fileKey)
      },
      () => logoPngs.delete(fileKey),
    )
    logoPngs.set(fileKey, made)
  }
  return made
}
