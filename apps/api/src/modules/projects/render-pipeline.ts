import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { createCanvas, loadImage } from '@napi-rs/canvas'

import {
  getFrameSize,
  VIDEO_FPS,
  type LicenceReceipt,
  type ProjectSettings,
  type Resolution,
  type Scene,
} from '@storyreel/contracts/studio'

import { concatSegments } from '#src/adapters/encoder/concat.ts'
import { createFrameEncoder } from '#src/adapters/encoder/frame-encoder.ts'
import { mixSoundtrack, placeClips } from '#src/adapters/encoder/audio-mix.ts'
import { muxVideoAudio } from '#src/adapters/encoder/mux.ts'
import { probeMedia } from '#src/adapters/encoder/probe.ts'
import type { MediaStore } from '#src/adapters/media/media-store.ts'
import type {
  CaptionCue,
  DrawCaptions,
  SceneArt,
  SceneArtRequest,
  VisualEngine,
} from '#src/adapters/visuals/visual-engine.ts'
import type { SpeechClip, VoiceEngine } from '#src/adapters/voice/voice-engine.ts'

import { buildCaptionCues, offsetCues, toSrt, toWebVtt } from './captions.ts'
import type { RenderOutputKeys, RenderSpec } from './render-spec.ts'

/** The voice starts this long after its scene does, and leaves this much quiet before the next one. */
const VOICE_LEAD_SECONDS = 0.25
const VOICE_TAIL_SECONDS = 0.35
/** A narration longer than its scene is spoken faster, up to this factor of the chosen speed. */
const MAX_FIT_SPEEDUP = 1.6
const POSTER_WIDTH_THUMB = 480
/** Previews are drawn at half the 720p size: enough to judge a scene, quick to make. */
const PREVIEW_SCALE = 0.5

export type PipelineTask =
  | {
      kind: 'render'
      jobId: string
      projectId: string
      resolution: Resolution
      spec: RenderSpec
    }
  | { kind: 'preview'; projectId: string; scene: Scene; index: number; count: number; settings: ProjectSettings }

export type RenderResult = { outputs: RenderOutputKeys; reusedScenes: number }
export type PreviewResult = { videoKey: string; posterKey: string; durationSeconds: number }
export type PipelineResult = RenderResult | PreviewResult

export type PipelineMessage =
  | { type: 'progress'; stage: string; progress: number }
  | { type: 'done'; result: PipelineResult }
  | { type: 'error'; message: string }

export type MusicSource = {
  getTrack(id: string): { id: string; title: string; licence: string } | undefined
  getTrackPath(id: string): string | undefined
}

export type PipelineEngines = {
  voice: VoiceEngine
  visuals: VisualEngine
  drawCaptions: DrawCaptions
  music: MusicSource
  /** Rendered into a still image; JPEG bytes. */
  renderStill: (art: SceneArt, width: number, height: number, time: number) => Promise<Buffer>
  encoderName: string
}

export type PipelineContext = {
  engines: PipelineEngines
  media: MediaStore
  /** Reusable scene parts (voice clips, scene videos) keyed by what they were made from. */
  cacheDir: string
  onProgress?: (progress: { stage: string; progress: number }) => void
  signal?: AbortSignal
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32)

function throwIfAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new Error('The render was stopped.')
}

type SceneVoice = { clip: SpeechClip | undefined; cues: CaptionCue[]; reused: boolean }

async function readCachedClip(file: string): Promise<SpeechClip | undefined> {
  if (!existsSync(`${file}.json`) || !existsSync(`${file}.f32`)) return undefined
  const meta = JSON.parse(await readFile(`${file}.json`, 'utf8')) as Omit<SpeechClip, 'samples'>
  const bytes = await readFile(`${file}.f32`)
  const samples = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice()
  return { ...meta, samples }
}

async function writeCachedClip(file: string, clip: SpeechClip) {
  await mkdir(path.dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.part`
  await writeFile(`${temp}.f32`, Buffer.from(clip.samples.buffer, clip.samples.byteOffset, clip.samples.byteLength))
  await writeFile(`${temp}.json`, JSON.stringify({ sampleRate: clip.sampleRate, words: clip.words }))
  await rename(`${temp}.f32`, `${file}.f32`)
  await rename(`${temp}.json`, `${file}.json`)
}

const clipSeconds = (clip: SpeechClip) => clip.samples.length / clip.sampleRate

/**
 * The narration of one scene, fitted into the scene: spoken at the chosen speed, or faster (up to
 * MAX_FIT_SPEEDUP) when it would run past the scene's end. Cached by voice, speed and words.
 */
async function voiceScene(scene: Scene, settings: ProjectSettings, context: PipelineContext): Promise<SceneVoice> {
  const text = scene.narration.trim()
  if (!text) return { clip: undefined, cues: [], reused: true }
  const voice = context.engines.voice
  const available = Math.max(0.5, scene.duration - VOICE_LEAD_SECONDS - VOICE_TAIL_SECONDS)
  let reused = true
  const speak = async (speed: number) => {
    const file = path.join(
      context.cacheDir,
      'voice',
      hashOf({ engine: voice.name, voice: settings.voice_id, speed: Math.round(speed * 1000), text }),
    )
    const cached = await readCachedClip(file)
    if (cached) return cached
    reused = false
    const clip = await voice.synthesize({ text, voiceId: settings.voice_id, speed })
    await writeCachedClip(file, clip)
    return clip
  }
  let clip = await speak(settings.voice_speed)
  const length = clipSeconds(clip)
  if (length > available) {
    const speed = Math.min(settings.voice_speed * MAX_FIT_SPEEDUP, (settings.voice_speed * length) / available)
    clip = await speak(Math.round(speed * 100) / 100)
  }
  const words = clip.words.map((word) => ({
    text: word.text,
    start: word.start + VOICE_LEAD_SECONDS,
    end: Math.min(word.end + VOICE_LEAD_SECONDS, scene.duration),
  }))
  return { clip, cues: buildCaptionCues(words.filter((word) => word.start < scene.duration)), reused }
}

type SegmentInput = {
  scene: Scene
  index: number
  count: number
  settings: ProjectSettings
  width: number
  height: number
  cues: CaptionCue[]
}

function toArtRequest(scene: Scene, input: Omit<SegmentInput, 'cues' | 'scene'>): SceneArtRequest {
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
  }
}

/** Draws one scene's frames (with burned-in captions) and encodes them; cached by everything they depend on. */
async function renderSegment(
  input: SegmentInput,
  context: PipelineContext,
  onFrame: (done: number, total: number) => void,
): Promise<{ file: string; reused: boolean; art: SceneArt | undefined }> {
  const { scene, settings, width, height } = input
  const { visuals, drawCaptions } = context.engines
  const request = toArtRequest(scene, input)
  const captions = settings.captions.enabled ? { style: settings.captions.style, cues: input.cues } : null
  const file = path.join(
    context.cacheDir,
    'segments',
    // Position is left out: a scene that only moved keeps its drawing, so reordering re-renders nothing.
    `${hashOf({ engine: visuals.name, request: { ...request, index: undefined, count: undefined }, captions, fps: VIDEO_FPS, v: 1 })}.mp4`,
  )
  const frames = Math.max(1, Math.round(scene.duration * VIDEO_FPS))
  if (existsSync(file)) {
    onFrame(frames, frames)
    return { file, reused: true, art: undefined }
  }
  await mkdir(path.dirname(file), { recursive: true })
  const art = await visuals.prepareScene(request)
  const canvas = createCanvas(width, height)
  const context2d = canvas.getContext('2d')
  const temp = `${file}.${process.pid}.part.mp4`
  const encoder = createFrameEncoder({ width, height, fps: VIDEO_FPS, outPath: temp, signal: context.signal })
  try {
    for (let frame = 0; frame < frames; frame += 1) {
      throwIfAborted(context.signal)
      const time = frame / VIDEO_FPS
      art.drawFrame(context2d, time)
      if (captions) drawCaptions(context2d, { cues: captions.cues, time, style: captions.style, width, height })
      await encoder.writeFrame(canvas.data())
      if (frame % 10 === 0) onFrame(frame, frames)
    }
    await encoder.finish()
  } catch (error) {
    encoder.abort()
    await rm(temp, { force: true })
    throw error
  }
  await rename(temp, file)
  onFrame(frames, frames)
  return { file, reused: false, art }
}

async function makeStill(
  scene: Scene,
  art: SceneArt | undefined,
  input: Omit<SegmentInput, 'cues' | 'scene'>,
  engines: PipelineEngines,
) {
  const ready = art ?? (await engines.visuals.prepareScene(toArtRequest(scene, input)))
  return engines.renderStill(ready, input.width, input.height, Math.min(1.5, scene.duration / 2))
}

async function makeThumbnail(poster: Buffer) {
  const image = await loadImage(poster)
  const width = POSTER_WIDTH_THUMB
  const height = Math.round((image.height / image.width) * width)
  const canvas = createCanvas(width, height)
  canvas.getContext('2d').drawImage(image, 0, 0, width, height)
  return canvas.encode('jpeg', 82)
}

const RECEIPT_PERMITTED = [
  'Publish the video anywhere, including monetised social media posts, websites, apps and paid advertising.',
  'Use it for your own business or for clients, in any country, with no time limit.',
  'Edit, cut, caption, translate and re-encode it.',
]
const RECEIPT_NOT_PERMITTED = [
  'Selling or distributing the music track or the voice recording on their own, apart from the video.',
  'Registering the music in a content-ID system or claiming it as your own composition.',
  'Using the video to impersonate a real person or to mislead people about who is speaking.',
]

/** Renders a whole video from a storyboard snapshot (issue #6). */
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
  const { spec, resolution } = task
  const { settings, scenes } = spec
  const { width, height } = getFrameSize(settings.aspect_ratio, resolution)
  const progress = (stage: string, value: number) =>
    context.onProgress?.({ stage, progress: Math.round(value * 10) / 10 })
  const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-render-'))
  try {
    // 1. Voice, scene by scene (0-15 %).
    progress('voice', 0)
    const voices: SceneVoice[] = []
    for (const [index, scene] of scenes.entries()) {
      throwIfAborted(context.signal)
      voices.push(await voiceScene(scene, settings, context))
      progress('voice', ((index + 1) / scenes.length) * 15)
    }
    endStage('voice')

    // 2. Pictures with burned-in captions, one cached segment per scene (15-85 %).
    const totalFrames = scenes.reduce((sum, scene) => sum + Math.max(1, Math.round(scene.duration * VIDEO_FPS)), 0)
    let framesBefore = 0
    const segments: string[] = []
    let reusedScenes = 0
    let firstArt: SceneArt | undefined
    for (const [index, scene] of scenes.entries()) {
      const voice = voices[index] as SceneVoice
      const segment = await renderSegment(
        { scene, index, count: scenes.length, settings, width, height, cues: voice.cues },
        context,
        (done) => progress('visuals', 15 + ((framesBefore + done) / totalFrames) * 70),
      )
      if (index === 0) firstArt = segment.art
      framesBefore += Math.max(1, Math.round(scene.duration * VIDEO_FPS))
      segments.push(segment.file)
      if (segment.reused && voice.reused) reusedScenes += 1
    }
    endStage('visuals')

    // 3. Voice track on the timeline, music looped and ducked under it (85-92 %).
    progress('audio', 85)
    const sceneStarts: number[] = []
    let cursor = 0
    for (const scene of scenes) {
      sceneStarts.push(cursor)
      cursor += Math.max(1, Math.round(scene.duration * VIDEO_FPS)) / VIDEO_FPS
    }
    const duration = cursor
    const sampleRate = voices.find((voice) => voice.clip)?.clip?.sampleRate ?? 24_000
    const voiceTrack = placeClips(
      voices.flatMap((voice, index) =>
        voice.clip
          ? [
              {
                samples: voice.clip.samples.subarray(
                  0,
                  Math.floor(((scenes[index] as Scene).duration - VOICE_LEAD_SECONDS) * voice.clip.sampleRate),
                ),
                sampleRate: voice.clip.sampleRate,
                at: (sceneStarts[index] ?? 0) + VOICE_LEAD_SECONDS,
              },
            ]
          : [],
      ),
      duration,
      sampleRate,
    )
    const musicPath = settings.music_id ? context.engines.music.getTrackPath(settings.music_id) : undefined
    const audioFile = path.join(work, 'audio.m4a')
    await mixSoundtrack({
      voice: { samples: voiceTrack, sampleRate },
      durationSeconds: duration,
      voiceVolume: settings.voice_volume,
      music: musicPath ? { path: musicPath, volume: settings.music_volume } : undefined,
      outPath: audioFile,
      signal: context.signal,
    })
    endStage('audio')

    // 4. One MP4: the segments joined without re-encoding, the soundtrack muxed in (92-96 %).
    progress('encoding', 92)
    const silentVideo = path.join(work, 'video-only.mp4')
    await concatSegments(segments, silentVideo, context.signal)
    const videoFile = path.join(work, 'video.mp4')
    await muxVideoAudio({
      videoPath: silentVideo,
      audioPath: audioFile,
      outPath: videoFile,
      durationSeconds: duration,
      signal: context.signal,
    })
    endStage('encoding')

    // 5. Poster, captions and the licence receipt (96-100 %).
    progress('finishing', 96)
    const first = scenes[0] as Scene
    const poster = await makeStill(
      first,
      firstArt,
      { index: 0, count: scenes.length, settings, width, height },
      context.engines,
    )
    const thumbnail = await makeThumbnail(poster)
    const allCues = voices.flatMap((voice, index) => offsetCues(voice.cues, sceneStarts[index] ?? 0))
    const probe = await probeMedia(videoFile)
    const prefix = `projects/${task.projectId}/renders/${task.jobId}`
    const keys: RenderOutputKeys = {
      videoKey: `${prefix}/video.mp4`,
      posterKey: `${prefix}/poster.jpg`,
      thumbnailKey: `${prefix}/thumbnail.jpg`,
      srtKey: allCues.length > 0 ? `${prefix}/captions.srt` : null,
      vttKey: allCues.length > 0 ? `${prefix}/captions.vtt` : null,
      receiptKey: `${prefix}/licence-receipt.json`,
      durationSeconds: Math.round(probe.durationSeconds * 100) / 100,
      width,
      height,
      sizeBytes: (await stat(videoFile)).size,
      renderSeconds: 0,
      stageSeconds,
    }
    const voiceInfo = context.engines.voice.getVoice(settings.voice_id)
    const track = settings.music_id ? context.engines.music.getTrack(settings.music_id) : undefined
    const receipt: LicenceReceipt = {
      receipt_id: randomUUID(),
      project_id: task.projectId,
      render_id: task.jobId,
      issued_at: new Date().toISOString(),
      issued_to: spec.issuedTo,
      video: { title: spec.title, duration_seconds: keys.durationSeconds, resolution },
      voice: {
        id: settings.voice_id,
        name: voiceInfo?.name ?? settings.voice_id,
        engine: context.engines.voice.name,
        licence: voiceInfo?.licence ?? '',
      },
      music: track ? { id: track.id, title: track.title, licence: track.licence } : null,
      engines: {
        script: spec.scriptEngine,
        voice: context.engines.voice.name,
        visuals: context.engines.visuals.name,
        encoder: context.engines.encoderName,
      },
      permitted: RECEIPT_PERMITTED,
      not_permitted: RECEIPT_NOT_PERMITTED,
    }
    await Promise.all([
      context.media.putFile(keys.videoKey, videoFile),
      context.media.put(keys.posterKey, poster),
      context.media.put(keys.thumbnailKey, thumbnail),
      keys.srtKey ? context.media.put(keys.srtKey, Buffer.from(toSrt(allCues))) : undefined,
      keys.vttKey ? context.media.put(keys.vttKey, Buffer.from(toWebVtt(allCues))) : undefined,
      context.media.put(keys.receiptKey, Buffer.from(JSON.stringify(receipt, null, 2))),
    ])
    endStage('finishing')
    progress('finishing', 100)
    keys.renderSeconds = Math.round(performance.now() - started) / 1000
    return { outputs: keys, reusedScenes }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** A quick, small render of one scene with its voice and captions and no music, cached by its inputs. */
export async function runPreviewTask(
  task: Extract<PipelineTask, { kind: 'preview' }>,
  context: PipelineContext,
): Promise<PreviewResult> {
  const { scene, settings } = task
  const full = getFrameSize(settings.aspect_ratio, '720p')
  const width = Math.round((full.width * PREVIEW_SCALE) / 2) * 2
  const height = Math.round((full.height * PREVIEW_SCALE) / 2) * 2
  const id = hashOf({ scene: { ...scene, id: undefined }, settings, index: task.index, count: task.count, width })
  const prefix = `projects/${task.projectId}/previews/${id}`
  const keys = { videoKey: `${prefix}.mp4`, posterKey: `${prefix}.jpg` }
  const existing = await context.media.stat(keys.videoKey)
  if (existing && (await context.media.stat(keys.posterKey))) {
    return { ...keys, durationSeconds: Math.round(scene.duration * VIDEO_FPS) / VIDEO_FPS }
  }
  const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-preview-'))
  try {
    const voice = await voiceScene(scene, settings, context)
    const input = { scene, index: task.index, count: task.count, settings, width, height, cues: voice.cues }
    const segment = await renderSegment(input, context, () => undefined)
    const duration = Math.max(1, Math.round(scene.duration * VIDEO_FPS)) / VIDEO_FPS
    const sampleRate = voice.clip?.sampleRate ?? 24_000
    const track = placeClips(
      voice.clip ? [{ samples: voice.clip.samples, sampleRate, at: VOICE_LEAD_SECONDS }] : [],
      duration,
      sampleRate,
    )
    const audioFile = path.join(work, 'audio.m4a')
    await mixSoundtrack({
      voice: { samples: track, sampleRate },
      durationSeconds: duration,
      voiceVolume: settings.voice_volume,
      outPath: audioFile,
      signal: context.signal,
    })
    const videoFile = path.join(work, 'preview.mp4')
    await muxVideoAudio({
      videoPath: segment.file,
      audioPath: audioFile,
      outPath: videoFile,
      durationSeconds: duration,
      signal: context.signal,
    })
    const poster = await makeStill(scene, segment.art, input, context.engines)
    await context.media.put(keys.posterKey, poster)
    await context.media.putFile(keys.videoKey, videoFile)
    return { ...keys, durationSeconds: duration }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
