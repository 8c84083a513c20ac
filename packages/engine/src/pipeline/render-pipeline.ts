import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { createCanvas, loadImage } from '@napi-rs/canvas'

import { NARRATION_LEAD_SECONDS, NARRATION_TAIL_SECONDS } from '@storyreel/contracts/narration'
import { getFrameSize, VIDEO_FPS, type ProjectSettings, type Resolution, type Scene } from '@storyreel/contracts/studio'

import { getBrandCardSeconds, type BrandOverlay } from '#src/brand/brand-overlay.ts'
import type { CardDrawing } from '#src/brand/brand-card.ts'
import { drawLogoOnJpeg, type PreparedLogo } from '#src/brand/logo-image.ts'
import { getCaptionBrand, getCardKey, prepareBrand } from '#src/brand/prepare-brand.ts'
import { concatSegments } from '#src/encoder/concat.ts'
import { mixSoundtrack, placeClips } from '#src/encoder/audio-mix.ts'
import { placeClipSounds, type ClipSound } from '#src/encoder/clip-sound.ts'
import { muxVideoAudio } from '#src/encoder/mux.ts'
import { probeMedia } from '#src/encoder/probe.ts'
import { EngineError, type SerializedEngineError } from '#src/errors.ts'
import { castOf, type CastMember } from '#src/visuals/art/scene-planner.ts'
import { getClipInfo } from '#src/visuals/media/clip-art.ts'
import { getClipStretch } from '#src/visuals/media/clip-timing.ts'
import type {
  ArtworkCredit,
  CaptionBrand,
  CaptionCue,
  DrawCaptions,
  SceneArt,
  SceneArtRequest,
  VisualEngine,
} from '#src/visuals/visual-engine.ts'
import type { SpeechClip, VoiceEngine } from '#src/voice/voice-engine.ts'

import { createSegmentBranding, type SegmentBranding } from './branded-segments.ts'
import { buildCaptionCues, offsetCues, toSrt, toWebVtt } from './captions.ts'
import { drawSegments, hashOf, type DrawnSegments, type SceneDrawer, type SegmentPlan } from './drawn-segments.ts'
import { addTimings, noTimings, type FrameTimings } from './scene-segments.ts'
import { getSpokenLengthProblem, getVideoLengthProblem } from './spoken-length.ts'
import { TRANSITIONS } from './transitions.ts'
import { getMediaKey, pictureChoice, resolveSceneMedia, type MediaFiles, type StockCredit } from './media-files.ts'
import type { RenderCache } from './render-cache.ts'

const POSTER_WIDTH_THUMB = 480
/** The poster's JPEG quality, as renderStill encodes it, for the poster drawn again with a logo. */
const POSTER_QUALITY = 88
/** Previews are drawn at half the 720p size: enough to judge a scene, quick to make. */
const PREVIEW_SCALE = 0.5

/**
 * What a render draws: the storyboard's settings and scenes, in order, and the local files of the owner's
 * photos, clips and track they name (by asset id). A scene whose file is missing is drawn instead.
 */
export type Storyboard = { settings: ProjectSettings; scenes: Scene[]; media?: MediaFiles }

export type PipelineTask =
  | {
      kind: 'render'
      storyboard: Storyboard
      resolution: Resolution
      outDir: string
      /**
       * The owner's brand: the logo over every scene's frames and the poster (laid over the drawn segments, never
       * drawn into them), the colours and font in the captions, and the opening and closing cards.
       */
      brand?: BrandOverlay | undefined
    }
  | {
      kind: 'preview'
      scene: Scene
      index: number
      count: number
      settings: ProjectSettings
      outDir: string
      /** The storyboard's named people (castOf over all its scenes), so a preview draws them as the video will. */
      cast?: CastMember[]
      /** The scene's photo or clip, when it has one (its music is left out of a preview). */
      media?: MediaFiles
      /** The owner's logo, colours and font, as the video will show them; a preview has no cards. */
      brand?: BrandOverlay | undefined
    }

/** The files a render wrote into its output folder (absolute paths), and its figures. */
export type RenderResult = {
  files: { video: string; poster: string; thumbnail: string; srt: string | null; vtt: string | null }
  durationSeconds: number
  width: number
  height: number
  sizeBytes: number
  renderSeconds: number
  stageSeconds: Record<string, number>
  /**
   * Where the drawing threads' time went over the frames drawn (not those reused), in seconds summed over the
   * threads: see FrameTimings. `frames`: how many were drawn.
   */
  frameSeconds: FrameTimings & { frames: number }
  /** Scenes whose voice and pictures both came from the cache. */
  reusedScenes: number
  /** Scenes made longer than the storyboard said, so that every word of their measured speech is heard. */
  lengthenedScenes: { sceneId: string; from: number; to: number }[]
  /**
   * How long the brand's cards last in the video, 0 for a card it does not have: a voiced closing card may last
   * longer than the kit says, as long as its speech needs. The scenes take the rest of `durationSeconds`.
   */
  cardSeconds: { opening: number; closing: number }
  /** What made the video, for a licence receipt: the engines, the voice, the music and the owner's own media. */
  credits: {
    engines: { voice: string; visuals: string; encoder: string }
    voice: { id: string; name: string; licence: string }
    /** source "library": a track of the music library; "own": one the owner uploaded (id: its asset id). */
    music: { id: string; title: string; licence: string; source: 'library' | 'own' } | null
    /** The drawing libraries the pictures were made from, with the credit their licences ask for. */
    artwork: ArtworkCredit[]
    /** The owner's photos and clips the video shows, by their library names, each once, in order of use. */
    ownMedia: { name: string; kind: 'photo' | 'clip' }[]
    /** Stock photos and clips the video shows, each once, in order of use, with their credits. */
    stockMedia: (StockCredit & { kind: 'photo' | 'clip' })[]
  }
}
export type PreviewResult = { video: string; poster: string; durationSeconds: number }
export type PipelineResult = RenderResult | PreviewResult

export type PipelineMessage =
  | { type: 'progress'; stage: string; progress: number }
  | { type: 'done'; result: PipelineResult }
  | { type: 'error'; error: SerializedEngineError }

export type MusicSource = {
  getTrack(id: string): { id: string; title: string; licence: string } | undefined
  getTrackPath(id: string): string | undefined
}

export type PipelineEngines = {
  voice: VoiceEngine
  visuals: VisualEngine
  drawCaptions: DrawCaptions
  /** drawCaptions for a frame of raw pixels, RGBA or yuv420p (a clip's frame that skips the canvas). */
  blendCaptions: (frame: Uint8Array, options: Parameters<DrawCaptions>[1], format?: 'rgba' | 'yuv420p') => void
  music: MusicSource
  /** Rendered into a still image; JPEG bytes. */
  renderStill: (art: SceneArt, width: number, height: number, time: number) => Promise<Buffer>
  encoderName: string
}

export type { SceneDrawer }

export type PipelineContext = {
  engines: PipelineEngines
  scenes: SceneDrawer
  /** Reusable scene parts (voice clips, scene videos) keyed by what they were made from. */
  cache: RenderCache
  onProgress?: (progress: { stage: string; progress: number }) => void
  signal?: AbortSignal
}

function throwIfAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new EngineError('aborted', 'renderer', 'The render was stopped.')
}

type SceneVoice = { clip: SpeechClip | undefined; cues: CaptionCue[]; reused: boolean }

/** A clip is kept as two files: its samples as raw float32, then its sample rate and word timings. */
async function readCachedClip(cache: RenderCache, key: string): Promise<SpeechClip | undefined> {
  const [metaFile, samplesFile] = await Promise.all([cache.get(`${key}.json`), cache.get(`${key}.f32`)])
  if (!metaFile || !samplesFile) return undefined
  const meta = JSON.parse(await readFile(metaFile, 'utf8')) as Omit<SpeechClip, 'samples'>
  const bytes = await readFile(samplesFile)
  const samples = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice()
  return { ...meta, samples }
}

async function writeCachedClip(cache: RenderCache, key: string, clip: SpeechClip) {
  const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-clip-'))
  try {
    const samplesFile = path.join(work, 'clip.f32')
    const metaFile = path.join(work, 'clip.json')
    await writeFile(samplesFile, Buffer.from(clip.samples.buffer, clip.samples.byteOffset, clip.samples.byteLength))
    await writeFile(metaFile, JSON.stringify({ sampleRate: clip.sampleRate, words: clip.words }))
    // Samples first: a reader finds the clip only once its metadata, written last, is there.
    await cache.put(`${key}.f32`, samplesFile)
    await cache.put(`${key}.json`, metaFile)
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

const clipSeconds = (clip: SpeechClip) => clip.samples.length / clip.sampleRate

/** Words spoken at the chosen speed, cached by the engine that speaks the voice, the voice, speed and words. */
async function speak(
  text: string,
  settings: ProjectSettings,
  context: PipelineContext,
): Promise<{ clip: SpeechClip; reused: boolean }> {
  const voice = context.engines.voice
  // The engine that speaks this voice, not the whole library: adding a hosted engine keeps the clips.
  const key = `voice/${hashOf({ engine: voice.engineFor(settings.voice_id) ?? voice.name, voice: settings.voice_id, speed: Math.round(settings.voice_speed * 1000), text })}`
  const cached = await readCachedClip(context.cache, key)
  if (cached) return { clip: cached, reused: true }
  const clip = await voice.synthesize({ text, voiceId: settings.voice_id, speed: settings.voice_speed })
  await writeCachedClip(context.cache, key, clip)
  return { clip, reused: false }
}

/** How long a scene or card must last for a clip to be heard whole, with the quiet before and after it. */
const secondsFor = (clip: SpeechClip) =>
  Math.ceil((NARRATION_LEAD_SECONDS + clipSeconds(clip) + NARRATION_TAIL_SECONDS) * 10) / 10

/**
 * The narration of one scene, spoken at the chosen speed (cached by voice, speed and words), and the scene as
 * long as it must be for all of it to be heard: a narration is never cut or hurried, its scene grows instead.
 */
async function voiceScene(
  scene: Scene,
  settings: ProjectSettings,
  context: PipelineContext,
): Promise<SceneVoice & { scene: Scene }> {
  const text = scene.narration.trim()
  if (!text) return { clip: undefined, cues: [], reused: true, scene }
  const { clip, reused } = await speak(text, settings, context)
  const needed = secondsFor(clip)
  const fitted = needed > scene.duration ? { ...scene, duration: needed } : scene
  const words = clip.words.map((word) => ({
    text: word.text,
    start: word.start + NARRATION_LEAD_SECONDS,
    end: word.end + NARRATION_LEAD_SECONDS,
  }))
  return { clip, cues: buildCaptionCues(words), reused, scene: fitted }
}

type SegmentInput = {
  scene: Scene
  index: number
  count: number
  settings: ProjectSettings
  width: number
  height: number
  cues: CaptionCue[]
  cast?: CastMember[]
  /** The scene before, which the first frames blend in from (a render's scenes after the first). */
  previous?: Scene
  /** The brand's opening card, which the first scene blends in from instead. */
  openingCard?: { card: CardDrawing; seconds: number } | undefined
  /** The local files of the photos and clips the scenes name. */
  media?: MediaFiles
  /** The brand's colours and font, as the captions' style uses them. */
  captionBrand?: CaptionBrand | undefined
}

function toArtRequest(
  scene: Scene,
  input: Omit<SegmentInput, 'cues' | 'scene' | 'openingCard' | 'captionBrand'>,
): SceneArtRequest {
  return {
    visual: scene.visual,
    narration: scene.narration,
    style: input.settings.style,
    seed: scene.seed,
    index: input.index,
    count: input.count,
    width: input.width,
    height: input.height,
    duration: scene.duration,
    cast: input.cast,
    // English stays out of the request, so the cache keys of English scenes are what they were.
    ...(input.settings.language && input.settings.language !== 'en' ? { language: input.settings.language } : {}),
    media: resolveSceneMedia(scene.media, input.media),
    picture: pictureChoice(scene.media),
  }
}

/**
 * What a scene's picture depends on, for its segments' cache keys. A drawn scene: its request without its place
 * (a scene that only moved keeps its drawing). A photo or clip: the style (its grade), size and length, and the
 * media's key (file version and choices, never its local path).
 */
function pictureKey(request: SceneArtRequest) {
  const { media, style, width, height, duration, index } = request
  if (media) return { style, width, height, duration, media: getMediaKey(media, index) }
  return { ...request, index: undefined, count: undefined }
}

/** A clip's own sound, to mix under the voice where it is set to play and has any. */
async function getClipSound(scene: Scene, media: MediaFiles | undefined, at: number): Promise<ClipSound | undefined> {
  const clip = resolveSceneMedia(scene.media, media)
  if (clip?.type !== 'clip' || clip.sound !== 'mixed') return undefined
  const info = await getClipInfo(clip.file)
  if (!info.hasAudio) return undefined
  return {
    path: clip.file.path,
    stretch: getClipStretch(clip, info.durationSeconds),
    fill: clip.fill,
    at,
    sceneSeconds: scene.duration,
  }
}

const framesOf = (seconds: number) => Math.max(1, Math.round(seconds * VIDEO_FPS))
const frameCount = (scene: Scene) => framesOf(scene.duration)

/** A brand card as the scene before a segment: what the segment's lead-in blends in from. */
function cardBefore(card: CardDrawing, seconds: number, width: number, height: number) {
  return { art: { card }, key: { card: getCardKey(card, width, height) }, duration: seconds }
}

/**
 * The frames of one scene (with burned-in captions) as two cached segments (drawSegments): its lead-in, blended
 * from the scene before (or the opening card), and its body.
 */
function renderScene(
  input: SegmentInput,
  context: PipelineContext,
  workDir: string,
  options: { stillAt?: number; onFrames: (done: number) => void },
): Promise<DrawnSegments> {
  const { scene, settings, width, height } = input
  const request = toArtRequest(scene, input)
  const previousRequest = input.previous
    ? toArtRequest(input.previous, { ...input, index: input.index - 1 })
    : undefined
  const previous =
    previousRequest && input.previous
      ? { art: { request: previousRequest }, key: pictureKey(previousRequest), duration: input.previous.duration }
      : input.openingCard
        ? cardBefore(input.openingCard.card, input.openingCard.seconds, width, height)
        : undefined
  // A scene with nothing said draws no caption, so the brand is no part of its drawing or its keys.
  const captions = settings.captions.enabled
    ? {
        style: settings.captions.style,
        cues: input.cues,
        brand: input.cues.length > 0 ? input.captionBrand : undefined,
      }
    : null
  return drawSegments(
    {
      name: `segment-${input.index}`,
      art: { request },
      key: pictureKey(request),
      frames: frameCount(scene),
      previous,
      transition: TRANSITIONS[settings.style],
      captions,
      width,
      height,
    },
    { scenes: context.scenes, cache: context.cache, visualsName: context.engines.visuals.name, signal: context.signal },
    workDir,
    options,
  )
}

/** The moment of the first scene the poster shows. */
const posterTime = (scene: Scene) => Math.min(1.5, scene.duration / 2)

async function makeThumbnail(poster: Buffer) {
  const image = await loadImage(poster)
  const width = POSTER_WIDTH_THUMB
  const height = Math.round((image.height / image.width) * width)
  const canvas = createCanvas(width, height)
  canvas.getContext('2d').drawImage(image, 0, 0, width, height)
  return canvas.encode('jpeg', 82)
}

/** What a logo contributes to the key of a segment that draws it in (a card's lead-in): its pixels and box. */
const getLogoDrawnKey = (logo: PreparedLogo) =>
  createHash('sha256').update(logo.png).update(JSON.stringify(logo.box)).digest('hex').slice(0, 32)

/** A scene's segment files, with the logo laid over them when there is one (decision 056). */
function brandSegments(
  segments: { key: string; file: string }[],
  branding: SegmentBranding | undefined,
  signal: AbortSignal | undefined,
): Promise<string[]> | string[] {
  return branding ? branding.brand(segments, signal) : segments.map((segment) => segment.file)
}

/** Progress shares of a render: speech is quick, the pictures are nearly all of the work. */
const VOICE_SHARE = 5
const VISUALS_SHARE = 90

/**
 * The track a render's music comes from: the owner's own upload (`music_asset_id`, an audio file of the
 * storyboard's media) or the music library's (`music_id`). None when neither is set or the file is missing.
 */
function getMusic(
  settings: ProjectSettings,
  library: MusicSource,
  media: MediaFiles | undefined,
): { path: string; credit: NonNullable<RenderResult['credits']['music']> } | undefined {
  if (settings.music_asset_id) {
    const file = media?.[settings.music_asset_id]
    if (file?.kind !== 'audio') return undefined
    return {
      path: file.path,
      credit: {
        id: settings.music_asset_id,
        title: file.name,
        licence: 'Your own upload: you supplied this track and are responsible for its rights.',
        source: 'own',
      },
    }
  }
  const track = settings.music_id ? library.getTrack(settings.music_id) : undefined
  const trackPath = settings.music_id ? library.getTrackPath(settings.music_id) : undefined
  if (!track || !trackPath) return undefined
  return { path: trackPath, credit: { id: track.id, title: track.title, licence: track.licence, source: 'library' } }
}

/**
 * The photos and clips the scenes show (their files are here), each once, in order of first use: the owner's
 * own by their library names, and stock ones with their credits.
 */
function getShownMedia(
  scenes: Scene[],
  media: MediaFiles | undefined,
): Pick<RenderResult['credits'], 'ownMedia' | 'stockMedia'> {
  const seen = new Set<string>()
  const shown = scenes.flatMap((scene) => {
    const item = resolveSceneMedia(scene.media, media)
    if (!item || seen.has(item.asset_id)) return []
    seen.add(item.asset_id)
    return [item]
  })
  return {
    ownMedia: shown.filter((item) => !item.file.credit).map((item) => ({ name: item.file.name, kind: item.type })),
    stockMedia: shown.flatMap((item) => (item.file.credit ? [{ ...item.file.credit, kind: item.type }] : [])),
  }
}

/**
 * Every scene's speech placed at its scene's start on one track (and a voiced closing card's at its start), mixed
 * with the music and the clips' own sound (those set to play it) into `outPath`.
 */
async function mixSceneVoices(options: {
  voices: SceneVoice[]
  scenes: Scene[]
  sceneStarts: number[]
  /** A voiced closing card's speech and where the card starts. */
  card: { clip: SpeechClip; start: number } | undefined
  duration: number
  settings: ProjectSettings
  music: MusicSource
  media: MediaFiles | undefined
  outPath: string
  signal: AbortSignal
}): Promise<void> {
  const { voices, sceneStarts, card, duration, settings } = options
  const spoken = [
    ...voices.map((voice, index) => ({ clip: voice.clip, start: sceneStarts[index] ?? 0 })),
    ...(card ? [card] : []),
  ].flatMap(({ clip, start }) =>
    clip ? [{ samples: clip.samples, sampleRate: clip.sampleRate, at: start + NARRATION_LEAD_SECONDS }] : [],
  )
  const sampleRate = spoken[0]?.sampleRate ?? 24_000
  const voiceTrack = placeClips(spoken, duration, sampleRate)
  const music = getMusic(settings, options.music, options.media)
  const clips = await Promise.all(
    options.scenes.map((scene, index) => getClipSound(scene, options.media, sceneStarts[index] ?? 0)),
  )
  const sounds = await placeClipSounds(
    clips.filter((clip) => clip !== undefined),
    duration,
    options.signal,
  )
  await mixSoundtrack({
    voice: { samples: voiceTrack, sampleRate },
    durationSeconds: duration,
    voiceVolume: settings.voice_volume,
    music: music ? { path: music.path, volume: settings.music_volume } : undefined,
    sounds,
    outPath: options.outPath,
    signal: options.signal,
  })
}

/**
 * Renders a whole video from a storyboard into `task.outDir`: video.mp4, poster.jpg, thumbnail.jpg and,
 * when anything is spoken, captions.srt and captions.vtt.
 */
export async function runRenderTask(
  task: Extract<PipelineTask, { kind: 'render' }>,
  context: PipelineContext,
): Promise<RenderResult> {
  const started = performance.now()
  const stageSeconds: Record<string, number> = {}
  let stageStart = performance.now()
  const endStage = (name: string) => {
    const time = performance.now()
    stageSeconds[name] = Math.round((time - stageStart) / 10) / 100
    stageStart = time
  }
  const { storyboard, resolution, outDir } = task
  const { settings } = storyboard
  const cast = castOf(
    storyboard.scenes.flatMap((scene) => [scene.visual, scene.narration]),
    settings.language,
  )
  if (storyboard.scenes.length === 0) throw new EngineError('invalid', 'renderer', 'The storyboard has no scenes.')
  // The cards count toward the video's length, so a storyboard the API would refuse with them is refused here too.
  const plannedCards = getBrandCardSeconds(task.brand)
  const tooLongPlanned = getVideoLengthProblem(storyboard.scenes, plannedCards)
  if (tooLongPlanned) throw new EngineError('invalid', 'renderer', tooLongPlanned, 'too-long')
  const { width, height } = getFrameSize(settings.aspect_ratio, resolution)
  const brand = await prepareBrand(task.brand, { width, height }, { captions: settings.captions.enabled, cards: true })
  const { logo } = brand
  const captionBrand = getCaptionBrand(settings.captions.style, brand.colours, brand.font)
  const progress = (stage: string, value: number) =>
    context.onProgress?.({ stage, progress: Math.round(value * 10) / 10 })
  const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-render-'))
  /** Segments whose ffmpeg is still writing: the work folder is removed only once they are done. */
  const encoding: Promise<void>[] = []
  try {
    const branding = logo
      ? await createSegmentBranding({
          logo,
          cache: context.cache,
          frame: { width, height, fps: VIDEO_FPS },
          workDir: work,
        })
      : undefined
    // Speech (0-5 %), then pictures (5-95 %): a scene's speech sets its captions and, when longer, its length,
    // and only the measured speech of every scene says whether the video stays within its limit, so nothing is
    // drawn before all of it is made. Voicing stops at the first scene that makes the video too long.
    const count = storyboard.scenes.length
    let voicesDone = 0
    const framesDone = storyboard.scenes.map(() => 0)
    const frameTotals = storyboard.scenes.map(frameCount)
    let reported = 0
    const report = () => {
      const frames = framesDone.reduce((sum, value) => sum + value, 0)
      const total = frameTotals.reduce((sum, value) => sum + value, 0)
      // Never backwards, though a lengthened scene adds frames to do.
      reported = Math.max(reported, (voicesDone / count) * VOICE_SHARE + (frames / total) * VISUALS_SHARE)
      progress(voicesDone < count ? 'voice' : 'visuals', reported)
    }
    progress('voice', 0)
    const drawingAbort = new AbortController()
    const stopDrawing = () => drawingAbort.abort(context.signal?.reason)
    context.signal?.addEventListener('abort', stopDrawing, { once: true })
    const voicing: Promise<SceneVoice & { scene: Scene }>[] = []
    const spoken: Scene[] = []
    for (const [index, scene] of storyboard.scenes.entries()) {
      const before = voicing[index - 1] ?? Promise.resolve()
      voicing.push(
        before.then(async () => {
          throwIfAborted(drawingAbort.signal)
          const voice = await voiceScene(scene, settings, context)
          spoken.push(voice.scene)
          const tooLong = getSpokenLengthProblem(storyboard.scenes, spoken, plannedCards)
          if (tooLong) throw new EngineError('invalid', 'renderer', tooLong, 'too-long')
          frameTotals[index] = frameCount(voice.scene)
          voicesDone += 1
          report()
          return voice
        }),
      )
    }
    const allSpoken = Promise.all(voicing)
    // A voiced closing card is read after the scenes, and lasts as long as its speech needs: the video's length
    // is checked again with it.
    const closingSpoken = (voicing.at(-1) ?? Promise.resolve()).then(async () => {
      if (!brand.closing) return undefined
      const speech = brand.closing.speech ? (await speak(brand.closing.speech, settings, context)).clip : undefined
      const seconds = Math.max(brand.closing.seconds, speech ? secondsFor(speech) : 0)
      const cards = (brand.opening?.seconds ?? 0) + seconds
      const tooLong = getSpokenLengthProblem(storyboard.scenes, spoken, cards)
      if (tooLong) throw new EngineError('invalid', 'renderer', tooLong, 'too-long')
      return { speech, seconds }
    })
    const cardContext = {
      scenes: context.scenes,
      cache: context.cache,
      visualsName: context.engines.visuals.name,
      signal: drawingAbort.signal,
    }
    // The cards are drawn like scenes, and cached by what they show; no captions, and no corner logo over them.
    const drawCardSegments = (card: CardDrawing, seconds: number, previous?: SegmentPlan['previous']) =>
      drawSegments(
        {
          name: `card-${card.kind}`,
          art: { card },
          key: { card: getCardKey(card, width, height) },
          frames: framesOf(seconds),
          previous,
          transition: TRANSITIONS[settings.style],
          captions: null,
          width,
          height,
        },
        cardContext,
        work,
        { onFrames: () => undefined },
      )
    const openingDrawing = brand.opening ? drawCardSegments(brand.opening.card, brand.opening.seconds) : undefined
    // The closing card blends in from the last scene, with the logo the video shows over that scene.
    const closingDrawing = brand.closing
      ? Promise.all([closingSpoken, voicing.at(-1)]).then(([closing, last]) => {
          if (!brand.closing || !closing || !last)
            throw new EngineError('failed', 'renderer', 'The last scene had no speech.')
          const lastRequest = toArtRequest(last.scene, {
            index: count - 1,
            count,
            settings,
            width,
            height,
            cast,
            media: storyboard.media,
          })
          return drawCardSegments(brand.closing.card, closing.seconds, {
            art: { request: lastRequest },
            key: pictureKey(lastRequest),
            duration: last.scene.duration,
            logo: logo && { png: logo.png, box: logo.box, key: getLogoDrawnKey(logo) },
          })
        })
      : undefined
    // A scene is drawn as soon as its speech and the scene before's are known (its length and the blend's), not
    // after all of them: the first scenes' frames overlap the voicing of the rest, which runs on one core.
    const drawing = storyboard.scenes.map(async (_, index) => {
      const [voice, previous] = await Promise.all([voicing[index], voicing[index - 1]])
      if (!voice) throw new EngineError('failed', 'renderer', 'A scene had no speech.')
      const scene = await renderScene(
        {
          scene: voice.scene,
          index,
          count,
          settings,
          width,
          height,
          cues: voice.cues,
          cast,
          previous: previous?.scene,
          openingCard: brand.opening,
          media: storyboard.media,
          captionBrand,
        },
        { ...context, signal: drawingAbort.signal },
        work,
        {
          stillAt: index === 0 ? posterTime(voice.scene) : undefined,
          onFrames: (done) => {
            framesDone[index] = done
            report()
          },
        },
      )
      // The logo over each segment as soon as the scene is drawn, while the next scenes are.
      return { ...scene, files: await brandSegments(scene.segments, branding, drawingAbort.signal) }
    })
    // The first failure stops the other scenes; the rest are waited for before the work folder goes.
    const cardDrawing = [openingDrawing, closingDrawing].filter((card) => card !== undefined)
    for (const promise of [...voicing, closingSpoken, ...drawing, ...cardDrawing]) {
      void promise.catch(() => drawingAbort.abort())
    }
    encoding.push(...[...drawing, ...cardDrawing].map((segments) => segments.then(() => undefined)))
    let voices: (SceneVoice & { scene: Scene })[]
    let closing: Awaited<typeof closingSpoken>
    try {
      ;[voices, closing] = await Promise.all([allSpoken, closingSpoken])
    } catch (error) {
      context.signal?.removeEventListener('abort', stopDrawing)
      throw error
    }
    // From here on, every scene is as long as its speech needs.
    const scenes = voices.map((voice) => voice.scene)
    const lengthenedScenes = storyboard.scenes.flatMap((scene, index) => {
      const to = scenes[index]?.duration ?? scene.duration
      return to > scene.duration ? [{ sceneId: scene.id, from: scene.duration, to }] : []
    })
    endStage('voice')

    // The soundtrack (voice on the timeline, music looped and ducked under it) is mixed by its own ffmpeg
    // process while the pictures are drawn, so it adds no time of its own.
    const cardSeconds = {
      opening: brand.opening ? framesOf(brand.opening.seconds) / VIDEO_FPS : 0,
      closing: closing ? framesOf(closing.seconds) / VIDEO_FPS : 0,
    }
    const sceneStarts: number[] = []
    let cursor = cardSeconds.opening
    for (const scene of scenes) {
      sceneStarts.push(cursor)
      cursor += frameCount(scene) / VIDEO_FPS
    }
    const closingStart = cursor
    const duration = cursor + cardSeconds.closing
    const audioFile = path.join(work, 'audio.m4a')
    const audioAbort = new AbortController()
    const stopAudio = () => audioAbort.abort(context.signal?.reason)
    context.signal?.addEventListener('abort', stopAudio, { once: true })
    const audioStarted = performance.now()
    const audioDone = mixSceneVoices({
      voices,
      scenes,
      sceneStarts,
      card: closing?.speech ? { clip: closing.speech, start: closingStart } : undefined,
      duration,
      settings,
      music: context.engines.music,
      media: storyboard.media,
      outPath: audioFile,
      signal: audioAbort.signal,
    }).then(() => {
      stageSeconds.audio = Math.round((performance.now() - audioStarted) / 10) / 100
    })
    // Awaited below; a failure while the pictures are still drawing must not go unhandled meanwhile.
    audioDone.catch(() => undefined)

    let drawn: Awaited<(typeof drawing)[number]>[]
    let cards: { opening: DrawnSegments | undefined; closing: DrawnSegments | undefined }
    try {
      const [scenesDrawn, opening, closingDrawn] = await Promise.all([
        Promise.all(drawing),
        openingDrawing,
        closingDrawing,
      ])
      drawn = scenesDrawn
      cards = { opening, closing: closingDrawn }
    } catch (error) {
      audioAbort.abort(error)
      throw error
    } finally {
      context.signal?.removeEventListener('abort', stopDrawing)
      context.signal?.removeEventListener('abort', stopAudio)
    }
    const segments = [
      ...(cards.opening?.segments ?? []).map((segment) => segment.file),
      ...drawn.flatMap((scene) => scene.files),
      ...(cards.closing?.segments ?? []).map((segment) => segment.file),
    ]
    const reusedScenes = drawn.filter((scene, index) => scene.reused && (voices[index] as SceneVoice).reused).length
    const frameSeconds = { ...noTimings(), frames: 0 }
    for (const scene of [cards.opening, ...drawn, cards.closing].filter((part) => part !== undefined)) {
      addTimings(frameSeconds, scene.timings)
      frameSeconds.frames += scene.drawn
    }
    for (const key of Object.keys(frameSeconds) as (keyof typeof frameSeconds)[]) {
      frameSeconds[key] = Math.round(frameSeconds[key] * 100) / 100
    }
    endStage('visuals')
    if (branding) stageSeconds.logo = branding.seconds()
    await audioDone

    // 4. One MP4: the segments joined without re-encoding, the soundtrack muxed in (95-98 %).
    progress('encoding', VOICE_SHARE + VISUALS_SHARE)
    const silentVideo = path.join(work, 'video-only.mp4')
    await concatSegments(segments, silentVideo, context.signal)
    await mkdir(outDir, { recursive: true })
    const videoFile = path.join(outDir, 'video.mp4')
    await muxVideoAudio({
      videoPath: silentVideo,
      audioPath: audioFile,
      outPath: videoFile,
      durationSeconds: duration,
      signal: context.signal,
    })
    endStage('encoding')

    // 5. Poster and captions (98-100 %).
    progress('finishing', 98)
    const drawnPoster = drawn[0]?.still
    if (!drawnPoster) throw new EngineError('failed', 'renderer', 'The poster was not drawn.')
    const poster = logo ? await drawLogoOnJpeg(drawnPoster, logo, POSTER_QUALITY) : drawnPoster
    const allCues = voices.flatMap((voice, index) => offsetCues(voice.cues, sceneStarts[index] ?? 0))
    const files: RenderResult['files'] = {
      video: videoFile,
      poster: path.join(outDir, 'poster.jpg'),
      thumbnail: path.join(outDir, 'thumbnail.jpg'),
      srt: allCues.length > 0 ? path.join(outDir, 'captions.srt') : null,
      vtt: allCues.length > 0 ? path.join(outDir, 'captions.vtt') : null,
    }
    await Promise.all([
      writeFile(files.poster, poster),
      makeThumbnail(poster).then((thumbnail) => writeFile(files.thumbnail, thumbnail)),
      files.srt ? writeFile(files.srt, toSrt(allCues)) : undefined,
      files.vtt ? writeFile(files.vtt, toWebVtt(allCues)) : undefined,
    ])
    const probe = await probeMedia(videoFile)
    const voiceInfo = context.engines.voice.getVoice(settings.voice_id)
    const music = getMusic(settings, context.engines.music, storyboard.media)
    endStage('finishing')
    progress('finishing', 100)
    return {
      files,
      durationSeconds: Math.round(probe.durationSeconds * 100) / 100,
      width,
      height,
      sizeBytes: (await stat(videoFile)).size,
      renderSeconds: Math.round(performance.now() - started) / 1000,
      stageSeconds,
      frameSeconds,
      reusedScenes,
      lengthenedScenes,
      cardSeconds,
      credits: {
        engines: {
          voice: context.engines.voice.engineFor(settings.voice_id) ?? context.engines.voice.name,
          visuals: context.engines.visuals.name,
          encoder: context.engines.encoderName,
        },
        voice: {
          id: settings.voice_id,
          name: voiceInfo?.name ?? settings.voice_id,
          licence: voiceInfo?.licence ?? '',
        },
        music: music?.credit ?? null,
        artwork:
          context.engines.visuals.artworkFor?.(
            scenes.map((scene) => ({
              media: resolveSceneMedia(scene.media, storyboard.media),
              picture: pictureChoice(scene.media),
            })),
          ) ??
          context.engines.visuals.artwork ??
          [],
        ...getShownMedia(scenes, storyboard.media),
      },
    }
  } finally {
    await Promise.allSettled(encoding)
    await rm(work, { recursive: true, force: true })
    brand.release()
  }
}

/** A quick, small render of one scene with its voice and captions and no music, into `task.outDir`. */
export async function runPreviewTask(
  task: Extract<PipelineTask, { kind: 'preview' }>,
  context: PipelineContext,
): Promise<PreviewResult> {
  const { settings, outDir } = task
  const full = getFrameSize(settings.aspect_ratio, '720p')
  const width = Math.round((full.width * PREVIEW_SCALE) / 2) * 2
  const height = Math.round((full.height * PREVIEW_SCALE) / 2) * 2
  const brand = await prepareBrand(task.brand, { width, height }, { captions: settings.captions.enabled, cards: false })
  const { logo } = brand
  const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-preview-'))
  try {
    // A preview, like the render, lengthens a scene too short for its speech rather than cut it.
    const voice = await voiceScene(task.scene, settings, context)
    const { scene } = voice
    const cast = task.cast ?? castOf([scene.visual, scene.narration], settings.language)
    const input = {
      scene,
      index: task.index,
      count: task.count,
      settings,
      width,
      height,
      cues: voice.cues,
      cast,
      media: task.media,
      captionBrand: getCaptionBrand(settings.captions.style, brand.colours, brand.font),
    }
    const segment = await renderScene(input, context, work, { stillAt: posterTime(scene), onFrames: () => undefined })
    const branding = logo
      ? await createSegmentBranding({
          logo,
          cache: context.cache,
          frame: { width, height, fps: VIDEO_FPS },
          workDir: work,
        })
      : undefined
    const silentVideo = path.join(work, 'preview-video.mp4')
    await concatSegments(await brandSegments(segment.segments, branding, context.signal), silentVideo, context.signal)
    const duration = Math.max(1, Math.round(scene.duration * VIDEO_FPS)) / VIDEO_FPS
    const sampleRate = voice.clip?.sampleRate ?? 24_000
    const track = placeClips(
      voice.clip ? [{ samples: voice.clip.samples, sampleRate, at: NARRATION_LEAD_SECONDS }] : [],
      duration,
      sampleRate,
    )
    const audioFile = path.join(work, 'audio.m4a')
    // A clip set to play its own sound plays it in its preview too; the music is left out.
    const clip = await getClipSound(scene, task.media, 0)
    await mixSoundtrack({
      voice: { samples: track, sampleRate },
      durationSeconds: duration,
      voiceVolume: settings.voice_volume,
      sounds: clip ? await placeClipSounds([clip], duration, context.signal) : undefined,
      outPath: audioFile,
      signal: context.signal,
    })
    await mkdir(outDir, { recursive: true })
    const result = { video: path.join(outDir, 'preview.mp4'), poster: path.join(outDir, 'preview.jpg') }
    await muxVideoAudio({
      videoPath: silentVideo,
      audioPath: audioFile,
      outPath: result.video,
      durationSeconds: duration,
      signal: context.signal,
    })
    if (!segment.still) throw new EngineError('failed', 'renderer', 'The preview still was not drawn.')
    await writeFile(result.poster, logo ? await drawLogoOnJpeg(segment.still, logo, POSTER_QUALITY) : segment.still)
    return { ...result, durationSeconds: duration }
  } finally {
    await rm(work, { recursive: true, force: true })
    brand.release()
  }
}
