import type { Asset } from '@storyreel/contracts/assets'
import {
  CLIP_SLOW_MIN_RATE,
  CLIP_TRIM_MIN_SECONDS,
  type AspectRatio,
  type FocusPoint,
  type ProjectMediaAsset,
  type SceneClip,
  type SceneMedia,
  type ScenePhoto,
} from '@storyreel/contracts/studio'

/** A library photo or clip a scene can show (an audio asset is music, never a scene's picture). */
export type VisualAsset = ProjectMediaAsset & { kind: 'image' | 'video' }

/** The part of a library asset the storyboard keeps about it, as the project's `media_assets` holds it. */
export function toMediaAsset(asset: Asset): ProjectMediaAsset {
  const { id, kind, status, name, width, height, duration_seconds, thumbnail_url, url } = asset
  return { id, kind, status, name, width, height, duration_seconds, thumbnail_url, url }
}

/** A photo as a scene first shows it: focus found automatically, fit and camera move chosen for it. */
export function createPhotoMedia(assetId: string): ScenePhoto {
  return { type: 'photo', asset_id: assetId, focus: null, fit: 'auto', camera: 'auto' }
}

/** A clip as a scene first uses it: whole, framed in the middle, its last frame held, its sound left out. */
export function createClipMedia(assetId: string): SceneClip {
  return {
    type: 'clip',
    asset_id: assetId,
    trim_start: 0,
    trim_end: null,
    focus: null,
    fit: 'auto',
    fill: 'hold',
    sound: 'muted',
  }
}

export function createMediaFor(asset: Pick<ProjectMediaAsset, 'id' | 'kind'>): ScenePhoto | SceneClip {
  return asset.kind === 'video' ? createClipMedia(asset.id) : createPhotoMedia(asset.id)
}

/** The same media whatever order its keys came in (a draft's object or the server's answer). */
export function isSameMedia(a: SceneMedia | null | undefined, b: SceneMedia | null | undefined): boolean {
  return getMediaKey(a) === getMediaKey(b)
}

function getMediaKey(media: SceneMedia | null | undefined): string {
  if (!media) return 'drawn'
  return JSON.stringify(Object.entries(media).sort(([a], [b]) => a.localeCompare(b)))
}

/**
 * What a scene's media amounts to now: the drawn picture, the hosted engine's picture, or a library asset in
 * one of its states. An asset the project does not know of counts as deleted: the scene is drawn instead.
 */
export type MediaState =
  | { kind: 'drawn' }
  | { kind: 'generated' }
  | { kind: 'asset'; media: ScenePhoto | SceneClip; asset: ProjectMediaAsset | undefined; usable: boolean }

export function getMediaState(
  media: SceneMedia | null | undefined,
  assets: Readonly<Record<string, ProjectMediaAsset>>,
): MediaState {
  if (!media || media.type === 'drawn') return { kind: 'drawn' }
  if (media.type === 'generated') return { kind: 'generated' }
  const asset = assets[media.asset_id]
  return { kind: 'asset', media, asset, usable: asset?.status === 'ready' || asset?.status === 'processing' }
}

/** "photo" or "clip", as the card's words name a scene's media. */
export const mediaNoun = (media: ScenePhoto | SceneClip) => (media.type === 'clip' ? 'clip' : 'photo')

/** Where a scene's media stands, in the card's words; undefined while it is ready and in use. */
export function describeMediaProblem(
  media: ScenePhoto | SceneClip,
  asset: ProjectMediaAsset | undefined,
): { tone: 'info' | 'warning'; text: string } | undefined {
  const noun = mediaNoun(media)
  const name = asset && asset.status !== 'deleted' ? `“${asset.name}”` : `This ${noun}`
  if (!asset || asset.status === 'deleted')
    return {
      tone: 'warning',
      text: `The ${noun} this scene used was deleted from your library, so the scene shows the drawn picture.`,
    }
  if (asset.status === 'processing')
    return {
      tone: 'info',
      text: `${name} is still being prepared. The scene shows the drawn picture until it is ready, then uses it.`,
    }
  if (asset.status === 'failed')
    return {
      tone: 'warning',
      text: `${name} could not be prepared, so the scene shows the drawn picture. Choose another ${noun}.`,
    }
  return undefined
}

/** The whole seconds of a clip a scene uses: from the in point to the out point (its end when null). */
export function getTrimmedSeconds(clip: Pick<SceneClip, 'trim_start' | 'trim_end'>, clipSeconds: number): number {
  return Math.max(0, (clip.trim_end ?? clipSeconds) - clip.trim_start)
}

const roundTenth = (seconds: number) => Math.round(seconds * 10) / 10

/**
 * Moves the in or out point to `seconds`, kept inside the clip and at least the shortest stretch apart; an
 * out point at the clip's end is stored as null (its end, whatever the exact length turns out to be).
 */
export function setTrimPoint(
  clip: SceneClip,
  point: 'start' | 'end',
  seconds: number,
  clipSeconds: number,
): Pick<SceneClip, 'trim_start' | 'trim_end'> {
  const end = clip.trim_end ?? clipSeconds
  const gap = Math.min(CLIP_TRIM_MIN_SECONDS, clipSeconds)
  if (point === 'start') {
    const start = roundTenth(Math.min(Math.max(0, seconds), end - gap))
    return { trim_start: Math.max(0, start), trim_end: clip.trim_end }
  }
  const next = roundTenth(Math.max(Math.min(clipSeconds, seconds), clip.trim_start + gap))
  return { trim_start: clip.trim_start, trim_end: next >= clipSeconds - 0.05 ? null : next }
}

/** What happens between the clip's stretch and the scene's length, in the card's words. */
export function describeClipFit(clip: SceneClip, clipSeconds: number, sceneSeconds: number): string {
  const used = getTrimmedSeconds(clip, clipSeconds)
  const rest = roundTenth(sceneSeconds - used)
  const usedText = `${roundTenth(used)} s`
  if (rest <= 0.05) {
    return rest < -0.05
      ? `The scene lasts ${roundTenth(sceneSeconds)} s, so it shows the first ${roundTenth(sceneSeconds)} s of this ${usedText} stretch.`
      : `This ${usedText} stretch fills the ${roundTenth(sceneSeconds)} s scene exactly.`
  }
  const head = `This ${usedText} stretch is ${rest} s shorter than the scene`
  if (clip.fill === 'loop') return `${head}: it plays again from its in point.`
  if (clip.fill === 'slow') {
    const rate = used / sceneSeconds
    return rate >= CLIP_SLOW_MIN_RATE
      ? `${head}: it plays at ${Math.round(rate * 100)} % speed to fill it.`
      : `${head}: it plays at a quarter of its speed, then holds its last frame.`
  }
  return `${head}: its last frame holds for ${rest} s.`
}

/** Where the focus point is when none is set: the picture's middle, as the renderer starts from. */
export const CENTRE: FocusPoint = { x: 0.5, y: 0.5 }

/** The focus point after an arrow key: 5 % a press, 1 % with Shift for fine moves; undefined for other keys. */
export function moveFocus(focus: FocusPoint | null, key: string, fine = false): FocusPoint | undefined {
  const step = fine ? 0.01 : 0.05
  const from = focus ?? CENTRE
  const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100
  switch (key) {
    case 'ArrowLeft':
      return { x: clamp(from.x - step), y: from.y }
    case 'ArrowRight':
      return { x: clamp(from.x + step), y: from.y }
    case 'ArrowUp':
      return { x: from.x, y: clamp(from.y - step) }
    case 'ArrowDown':
      return { x: from.x, y: clamp(from.y + step) }
    default:
      return undefined
  }
}

const FRAME_RATIO: Record<AspectRatio, number> = { '9:16': 9 / 16, '16:9': 16 / 9, '1:1': 1 }

/**
 * The part of a picture that a cover crop around `focus` keeps in a frame of the aspect ratio, as fractions
 * of the picture (left, top, width, height): what the scene will show of it.
 */
export function getCoverCrop(
  picture: { width: number; height: number },
  aspectRatio: AspectRatio,
  focus: FocusPoint,
): { left: number; top: number; width: number; height: number } {
  const pictureRatio = picture.width / picture.height
  const frameRatio = FRAME_RATIO[aspectRatio]
  const width = pictureRatio > frameRatio ? frameRatio / pictureRatio : 1
  const height = pictureRatio > frameRatio ? 1 : pictureRatio / frameRatio
  const place = (centre: number, size: number) => Math.min(1 - size, Math.max(0, centre - size / 2))
  return { left: place(focus.x, width), top: place(focus.y, height), width, height }
}

export type MediaAssignment = {
  media: { key: string; media: SceneMedia }[]
  /** Scene numbers (1-based) that already show media of their own, which the assignment replaces. */
  replacing: number[]
  /** Chosen items beyond the last scene. */
  leftOut: number
}

/** "Use my media": the chosen items go into the scenes in order, the first into scene 1. */
export function assignMediaToScenes(
  scenes: readonly { key: string; media: SceneMedia | null }[],
  assets: readonly Pick<ProjectMediaAsset, 'id' | 'kind'>[],
): MediaAssignment {
  const media = scenes.slice(0, assets.length).flatMap((scene, index) => {
    const asset = assets[index]
    return asset ? [{ key: scene.key, media: createMediaFor(asset) }] : []
  })
  const replacing = scenes.slice(0, media.length).flatMap((scene, index) => (scene.media ? [index + 1] : []))
  return { media, replacing, leftOut: Math.max(0, assets.length - scenes.length) }
}

/** A newly chosen asset in place of the scene's media: a photo for a photo keeps its fit and camera move. */
export function chooseMediaAsset(
  previous: SceneMedia | null,
  asset: Pick<ProjectMediaAsset, 'id' | 'kind'>,
): ScenePhoto | SceneClip {
  const next = createMediaFor(asset)
  if (previous?.type === 'photo' && next.type === 'photo')
    return { ...next, fit: previous.fit, camera: previous.camera }
  if (previous?.type === 'clip' && next.type === 'clip')
    return { ...next, fit: previous.fit, fill: previous.fill, sound: previous.sound }
  return next
}

export type MediaErrors = { scenes: Record<string, string>; music: string | undefined }

/** "/scenes/2/media/trim_end: must be …" or "Scene 3: the clip …" -> "Must be …", "The clip …": the control it
 * sits beside says where. */
function tidyMessage(message: string): string {
  const text = message.replace(/^(?:[^\s:]*(?:scenes|settings|body)[^\s:]*|Scene \d+):\s*/u, '')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * A refused save's messages, placed beside the controls they are about: a scene's media (a validation path
 * "/scenes/1/media/…" counts from 0, the API's "Scene 2: …" from 1; an asset error naming no scene goes to
 * every scene whose media changed since the last save, or to the music when only it changed). Anything else
 * stays with the toast and the save status.
 */
export function getMediaErrors(
  error: { status: number; code: string; messages: readonly string[] },
  sent: readonly { key: string }[],
  changed: { sceneKeys: readonly string[]; music: boolean },
): MediaErrors {
  const scenes: Record<string, string> = {}
  let music: string | undefined
  if (error.status < 400 || error.status >= 500) return { scenes, music }
  for (const message of error.messages) {
    const path = /scenes[/.[](\d+)\]?[/.]media\b/u.exec(message)
    const named = /^Scene (\d+): /u.exec(message)
    const index = path ? Number(path[1]) : named ? Number(named[1]) - 1 : undefined
    const key = index === undefined ? undefined : sent[index]?.key
    if (key) scenes[key] = tidyMessage(message)
    else if (/music_asset_id/u.test(message)) music = tidyMessage(message)
  }
  if (Object.keys(scenes).length === 0 && music === undefined && /ASSET|MEDIA|MUSIC/u.test(error.code)) {
    const message = tidyMessage(error.messages.join(' '))
    if (changed.music && (changed.sceneKeys.length === 0 || /MUSIC/u.test(error.code))) music = message
    else for (const key of changed.sceneKeys) scenes[key] = message
  }
  return { scenes, music }
}
