import { createHash, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'

import { convertClip, getClipSize } from './assets/convert-clip.ts'
import { inspectUpload, type UploadInspection } from './assets/inspect-upload.ts'
import { normalizeImage } from './assets/normalize-image.ts'
import { UploadRejectedError } from './assets/upload-rejected-error.ts'
import type { MediaFile, MediaFiles } from './pipeline/media-files.ts'

/** A problem with a file the storyboard names: the command-line renderer answers it with exit code 2. */
export class MediaFileError extends Error {}

/** What the command line reads: a photo the size of a large camera's, clips and tracks up to an hour. */
const LIMITS = { maxImagePixels: 100_000_000, maxVideoSeconds: 3600, maxAudioSeconds: 3600 }

type Wanted = { kind: MediaFile['kind']; file: string; where: string }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The content identity of a file: the SHA-256 of its bytes, so an edited file never reuses a cached scene. */
function hashFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')))
  })
}

const KIND_WORDS: Record<MediaFile['kind'], string> = { image: 'a photo', video: 'a clip', audio: 'a sound track' }

/**
 * Reads and readies one local file: it must decode as what the storyboard says it is. A clip that is not
 * already what uploads are turned into (H.264, 30 fps, at most 1080p, SDR, 8-bit) is converted, and a photo is
 * turned upright in sRGB, as the media library does, into `workDir`.
 */
async function prepareFile(wanted: Wanted, workDir: string, index: number): Promise<MediaFile> {
  const where = `${wanted.where} "${wanted.file}"`
  const info = await stat(wanted.file).catch(() => undefined)
  if (!info?.isFile()) throw new MediaFileError(`${where}: there is no such file.`)
  let inspection: UploadInspection
  try {
    inspection = await inspectUpload(wanted.file, LIMITS)
  } catch (error) {
    if (error instanceof UploadRejectedError) throw new MediaFileError(`${where}: ${error.message}`)
    throw error
  }
  if (inspection.kind !== wanted.kind) {
    throw new MediaFileError(`${where}: this is ${KIND_WORDS[inspection.kind]}, not ${KIND_WORDS[wanted.kind]}.`)
  }
  const version = await hashFile(wanted.file)
  const name = path.basename(wanted.file)
  try {
    if (inspection.kind === 'image') {
      const output = path.join(workDir, `photo-${index}`)
      const normalized = await normalizeImage({
        input: wanted.file,
        output,
        thumbnail: path.join(workDir, `photo-${index}-thumbnail.webp`),
        maxPixels: LIMITS.maxImagePixels,
      })
      return { kind: 'image', path: output, version, name, width: normalized.width, height: normalized.height }
    }
    if (inspection.kind === 'video') {
      const size = getClipSize(inspection)
      const ready =
        inspection.format === 'mp4/h264' &&
        Math.abs(inspection.frameRate - 30) < 0.01 &&
        !inspection.hdr &&
        !inspection.deepColor &&
        size.width === inspection.width &&
        size.height === inspection.height
      let clipPath = wanted.file
      let durationSeconds = inspection.durationSeconds
      if (!ready) {
        clipPath = path.join(workDir, `clip-${index}.mp4`)
        const converted = await convertClip({
          input: wanted.file,
          output: clipPath,
          poster: path.join(workDir, `clip-${index}-poster.jpg`),
          thumbnail: path.join(workDir, `clip-${index}-thumbnail.webp`),
          source: inspection,
        })
        durationSeconds = converted.durationSeconds
      }
      return {
        kind: 'video',
        path: clipPath,
        version,
        name,
        width: size.width,
        height: size.height,
        durationSeconds,
        hasAudio: inspection.hasAudio,
      }
    }
    // ffmpeg reads every format a track can pass inspection in: the music is decoded from it as it is.
    return { kind: 'audio', path: wanted.file, version, name, durationSeconds: inspection.durationSeconds }
  } catch (error) {
    if (error instanceof UploadRejectedError) throw new MediaFileError(`${where}: ${error.message}`)
    throw error
  }
}

/**
 * A storyboard file names local files where a project names library assets: a scene's
 * `"media": { "type": "photo" | "clip", "file": "shop.jpg", … }` and the settings' `"music_file": "song.mp3"`,
 * relative to the storyboard file. Each file is given an asset id (one per file, however often it is named),
 * checked by decoding it and readied in `workDir`. Answers the storyboard as a project would have it (asset ids,
 * `music_asset_id`, a music file replacing any library track) and the files, by asset id, for the render.
 */
export async function readLocalMedia(
  json: unknown,
  baseDir: string,
  workDir: string,
): Promise<{ json: unknown; media: MediaFiles }> {
  if (!isObject(json)) return { json, media: {} }
  const ids = new Map<string, { id: string; wanted: Wanted }>()
  const assetIdOf = (file: unknown, kind: MediaFile['kind'], where: string): string => {
    if (typeof file !== 'string' || !file.trim()) {
      throw new MediaFileError(`${where}: give the path of ${KIND_WORDS[kind]}, relative to the storyboard file.`)
    }
    const resolved = path.resolve(baseDir, file)
    const known = ids.get(resolved)
    if (known) {
      if (known.wanted.kind !== kind) {
        throw new MediaFileError(
          `${where} "${resolved}": it cannot be both ${KIND_WORDS[known.wanted.kind]} and ${KIND_WORDS[kind]}.`,
        )
      }
      return known.id
    }
    const id = randomUUID()
    ids.set(resolved, { id, wanted: { kind, file: resolved, where } })
    return id
  }

  const scenes = Array.isArray(json.scenes)
    ? json.scenes.map((scene: unknown, index) => {
        if (!isObject(scene) || !isObject(scene.media)) return scene
        const { file, ...media } = scene.media
        const where = `scenes.${index}.media.file`
        if (media.type === 'photo' || media.type === 'clip') {
          if (file === undefined && typeof media.asset_id === 'string') {
            throw new MediaFileError(
              `${where}: the command line has no media library; name the ${media.type}'s file instead of an asset id.`,
            )
          }
          return {
            ...scene,
            media: { ...media, asset_id: assetIdOf(file, media.type === 'photo' ? 'image' : 'video', where) },
          }
        }
        return scene
      })
    : json.scenes

  let settings = json.settings
  if (isObject(settings) && 'music_file' in settings) {
    const { music_file: musicFile, ...rest } = settings
    settings =
      musicFile === null
        ? rest
        : { ...rest, music_id: null, music_asset_id: assetIdOf(musicFile, 'audio', 'settings.music_file') }
  }

  const media: MediaFiles = {}
  let index = 0
  for (const { id, wanted } of ids.values()) {
    media[id] = await prepareFile(wanted, workDir, index)
    index += 1
  }
  return { json: { ...json, scenes, settings }, media }
}
