import { spawn, type ChildProcess } from 'node:child_process'
import type { Readable } from 'node:stream'

import { ImageData } from '@napi-rs/canvas'

import { VIDEO_FPS, type FocusPoint } from '@storyreel/contracts/studio'

import { getFfmpegPath } from '#src/encoder/ffmpeg-binary.ts'
import { probeMedia } from '#src/encoder/probe.ts'
import { EngineError } from '#src/errors.ts'
import type { MediaFile, SceneMediaArt } from '#src/pipeline/media-files.ts'
import type { SceneArt, SceneArtRequest } from '#src/visuals/visual-engine.ts'

import { gradeYuv420, STYLE_GRADES } from './grade.ts'
import { chooseMediaFit, getCoverRegion, getFitSize } from './media-fit.ts'
import { BACKDROP_BLUR_SIGMA, BACKDROP_LIGHT, BACKDROP_SHRINK } from './photo-art.ts'
import { clipFrameAt, getClipStretch, type ClipStretch } from './clip-timing.ts'
import { yuv420ToRgba } from './yuv.ts'

type ClipMedia = Extract<SceneMediaArt, { type: 'clip' }>
type Size = { width: number; height: number }

/** A frame further ahead than this is reached by starting the decoder there, not by decoding up to it. */
const SEEK_AHEAD_FRAMES = 3 * VIDEO_FPS

/** Decoded frames kept waiting ahead of the one drawn: ffmpeg works while the frame before is drawn. */
const FRAMES_AHEAD = 2

type Decoding = { stream: Readable; frames: Buffer[]; ended: boolean; wake: (() => void) | undefined }

/** Frees a frame's memory now (see ClipFrameReader.replace); a frame is its own ArrayBuffer (allocUnsafeSlow). */
function release(frame: Buffer) {
  const { buffer } = frame
  if (buffer instanceof ArrayBuffer && !buffer.detached && frame.byteLength === buffer.byteLength) buffer.transfer(0)
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2)

/** A clip's shown size, length and sound: from its MediaFile, or read from the file when the caller left them out. */
export async function getClipInfo(file: MediaFile): Promise<Size & { durationSeconds: number; hasAudio: boolean }> {
  if (file.width && file.height && file.durationSeconds !== undefined && file.hasAudio !== undefined) {
    return { width: file.width, height: file.height, durationSeconds: file.durationSeconds, hasAudio: file.hasAudio }
  }
  const probe = await probeMedia(file.path)
  const video = probe.streams.find((stream) => stream.type === 'video')
  if (!video?.width || !video.height) throw new Error('it has no picture')
  return {
    width: file.width ?? video.width,
    height: file.height ?? video.height,
    durationSeconds: file.durationSeconds ?? probe.durationSeconds,
    hasAudio: file.hasAudio ?? probe.streams.some((stream) => stream.type === 'audio'),
  }
}

/**
 * The ffmpeg filter graph that turns a clip's frames into the scene's: at 30 fps, cropped around the focus point
 * and scaled to the frame ("fill"), or scaled whole over a blurred, darkened copy of itself ("fit", the same
 * backdrop a photo gets), as BT.709 limited-range yuv420p, ungraded: the grade is done on the planes
 * (gradeYuv420), cheaper than ffmpeg's trip to RGB and back. Input [0:v], output [out].
 */
export function getClipFilterGraph(options: {
  clip: Size
  frame: Size
  fit: 'fill' | 'fit'
  focus: FocusPoint
}): string {
  const { clip, frame, fit, focus } = options
  const region = getCoverRegion(clip, frame, focus)
  const crop = [
    Math.max(2, Math.floor(region.width)),
    Math.max(2, Math.floor(region.height)),
    Math.floor(region.left),
    Math.floor(region.top),
  ].join(':')
  // Bilinear: the frames are scaled down or little up, where it looks as bicubic does, for less work.
  if (fit === 'fill') {
    return `[0:v]fps=${VIDEO_FPS},crop=${crop},scale=${frame.width}:${frame.height}:flags=bilinear,format=yuv420p[out]`
  }
  const small = [
    Math.max(2, Math.round(frame.width / BACKDROP_SHRINK)),
    Math.max(2, Math.round(frame.height / BACKDROP_SHRINK)),
  ]
  const fitted = getFitSize(clip, frame)
  const [frontWidth, frontHeight] = [
    Math.min(frame.width, even(fitted.width)),
    Math.min(frame.height, even(fitted.height)),
  ]
  // RGB × light is, in limited-range YUV, luma pulled towards 16 and chroma towards 128 by the same factor.
  const light = BACKDROP_LIGHT.toFixed(3)
  const darken = `lutyuv=y='16+(val-16)*${light}':u='128+(val-128)*${light}':v='128+(val-128)*${light}'`
  return [
    `[0:v]fps=${VIDEO_FPS},split=2[whole][back]`,
    `[back]crop=${crop},scale=${small.join(':')}:flags=area,gblur=sigma=${BACKDROP_BLUR_SIGMA},${darken},` +
      `scale=${frame.width}:${frame.height}:flags=fast_bilinear[backdrop]`,
    `[whole]scale=${frontWidth}:${frontHeight}:flags=bilinear[front]`,
    `[backdrop][front]overlay=${Math.round((frame.width - frontWidth) / 2)}:${Math.round((frame.height - frontHeight) / 2)},` +
      'format=yuv420p[out]',
  ].join(';')
}

type ClipReaderOptions = {
  path: string
  name: string
  stretch: ClipStretch
  graph: string
  frame: Size
  /** Decode without H.264's deblocking filter (see DEBLOCK_SKIP_SCALE). */
  skipDeblocking?: boolean
}

/**
 * A clip shrunk at least this much (1080p into a 720p frame is 1.5) is decoded without its deblocking filter:
 * the block edges it smooths are finer than a pixel of the frame by then, so nobody sees the difference, and
 * the decoder does about a tenth less work. A clip shown near its own size keeps the filter.
 */
export const DEBLOCK_SKIP_SCALE = 1.4

/** How much a clip is shrunk (above 1) or enlarged (below) to be shown in the frame, fitted or filled. */
export function getClipShrink(clip: Size, frame: Size, fit: 'fill' | 'fit', focus: FocusPoint): number {
  if (fit === 'fill') return getCoverRegion(clip, frame, focus).width / frame.width
  return clip.width / Math.max(1, getFitSize(clip, frame).width)
}

/**
 * The file a scene decodes and its frame size: the clip's proxy where the part of it the frame shows has at least
 * as many pixels as the frame (a 720p render of a 1080p clip, filled or fitted), otherwise the copy itself (a
 * 1080p render, or a landscape clip cropped into a portrait frame, which needs the copy's detail).
 */
export function chooseClipSource(
  file: MediaFile,
  clip: Size,
  frame: Size,
  fit: 'fill' | 'fit',
  focus: FocusPoint,
): { path: string; size: Size } {
  const { proxy } = file
  if (proxy && getClipShrink(proxy, frame, fit, focus) >= 0.999) {
    return { path: proxy.path, size: { width: proxy.width, height: proxy.height } }
  }
  return { path: file.path, size: { width: clip.width, height: clip.height } }
}

/**
 * Reads a stretch of a clip as frames of raw yuv420p, in order, from one ffmpeg at a time: a frame behind the
 * last one read (a loop's return, a still) or far ahead starts a new ffmpeg there. Only the frame in hand is
 * kept: a clip is never held in memory whole (five seconds at 720p would be 200 MB).
 */
export class ClipFrameReader {
  private child: ChildProcess | undefined
  private decoding: Decoding | undefined
  private stderr = ''
  private exited: Promise<number | null> | undefined
  private index = -1
  private frame: Buffer | undefined
  /** The last frame the stretch has, once a decoder ran out before reaching a frame asked for. */
  private lastFrame: number | undefined
  private readonly frameBytes: number
  private readonly options: ClipReaderOptions

  constructor(options: ClipReaderOptions) {
    this.options = options
    const pixels = options.frame.width * options.frame.height
    this.frameBytes = (pixels * 3) / 2
  }

  /** The frame `target` of the stretch (0 is its in point), or its last frame if it has no such frame. */
  async read(target: number): Promise<Buffer> {
    const wanted = this.lastFrame === undefined ? target : Math.min(target, this.lastFrame)
    if (wanted === this.index && this.frame) return this.frame
    if (!this.child || wanted < this.index || wanted > this.index + SEEK_AHEAD_FRAMES) this.start(wanted)
    while (this.index < wanted) {
      const next = await this.next()
      if (!next) break
      this.replace(next)
      this.index += 1
    }
    if (this.index < wanted) {
      // Ran out: the stretch ends before this frame. A decoder started past the end gave nothing at all, so
      // read the last second again to find its last frame.
      this.lastFrame = Math.max(0, this.index)
      if (!this.frame || this.index < 0) {
        this.start(Math.max(0, wanted - VIDEO_FPS))
        for (let next = await this.next(); next; next = await this.next()) {
          this.replace(next)
          this.index += 1
        }
        this.lastFrame = this.index
      }
    }
    if (!this.frame) {
      const code = await this.exited
      throw new EngineError(
        'failed',
        'visuals',
        `The clip "${this.options.name}" gave no picture (ffmpeg ${code ?? 'killed'}: ${this.stderr.trim().split('\n').slice(-2).join(' | ')}).`,
      )
    }
    return this.frame
  }

  /**
   * Makes `frame` the one in hand and frees the one before at once: left to the garbage collector, 3.7 MB
   * frames outside the heap add up so fast that V8 spends seconds of a render in full collections.
   */
  private replace(frame: Buffer) {
    const before = this.frame
    this.frame = frame
    if (before && before !== frame) release(before)
  }

  private start(first: number) {
    this.close()
    const { stretch, path, graph } = this.options
    const from = stretch.start + first / VIDEO_FPS
    const length = stretch.length - first / VIDEO_FPS + 0.5 / VIDEO_FPS
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      // One decoding thread: a render already keeps both cores busy (two scene threads, their encoders), where
      // H.264's frame threads cost more than they give. No deblocking where the clip is scaled well down (see
      // DEBLOCK_SKIP_SCALE). Together about a fifth less CPU a clip frame (13 ms against 16, 1080p to 720p).
      '-threads',
      '1',
      ...(this.options.skipDeblocking ? ['-skip_loop_filter', 'all'] : []),
      '-ss',
      from.toFixed(4),
      '-t',
      Math.max(0.5 / VIDEO_FPS, length).toFixed(4),
      '-i',
      path,
      '-an',
      '-sn',
      '-dn',
      '-filter_complex',
      graph,
      '-map',
      '[out]',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
      'pipe:1',
    ]
    const child = spawn(getFfmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
    this.child = child
    this.decoding = this.collect(child.stdout)
    this.stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000)
    })
    this.exited = new Promise((resolve) => {
      child.on('error', (error) => {
        this.stderr += error.message
        resolve(null)
      })
      child.on('close', (code) => resolve(code))
    })
    this.index = first - 1
    if (this.frame) release(this.frame)
    this.frame = undefined
  }

  /** The decoder's next whole frame, or undefined at its end. */
  private async next(): Promise<Buffer | undefined> {
    const decoding = this.decoding
    if (!decoding) return undefined
    while (decoding.frames.length === 0 && !decoding.ended) {
      await new Promise<void>((resolve) => (decoding.wake = resolve))
    }
    const frame = decoding.frames.shift()
    if (decoding.frames.length < FRAMES_AHEAD) decoding.stream.resume()
    return frame
  }

  /**
   * Gathers the decoder's output into whole frames, each a buffer of its own, and keeps at most FRAMES_AHEAD
   * of them waiting: past that, the pipe is paused and ffmpeg waits.
   */
  private collect(stream: Readable): Decoding {
    const decoding: Decoding = { stream, frames: [], ended: false, wake: undefined }
    let frame = Buffer.allocUnsafeSlow(this.frameBytes)
    let filled = 0
    const wake = () => {
      const resolve = decoding.wake
      decoding.wake = undefined
      resolve?.()
    }
    stream.on('data', (chunk: Buffer) => {
      let offset = 0
      while (offset < chunk.length) {
        const length = Math.min(this.frameBytes - filled, chunk.length - offset)
        chunk.copy(frame, filled, offset, offset + length)
        filled += length
        offset += length
        if (filled === this.frameBytes) {
          decoding.frames.push(frame)
          frame = Buffer.allocUnsafeSlow(this.frameBytes)
          filled = 0
        }
      }
      if (decoding.frames.length >= FRAMES_AHEAD) stream.pause()
      wake()
    })
    const end = () => {
      decoding.ended = true
      wake()
    }
    stream.on('end', end)
    stream.on('close', end)
    stream.on('error', end)
    return decoding
  }

  close() {
    for (const frame of this.decoding?.frames.splice(0) ?? []) release(frame)
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL')
    this.decoding?.stream.destroy()
    this.child = undefined
    this.decoding = undefined
  }
}

/**
 * A clip as scene art. ffmpeg decodes the scene's stretch of it (from the H.264 copy made at upload) already
 * cropped or fitted to the frame, as yuv420p; each frame is graded once on its planes (gradeYuv420). Frames with
 * nothing blended in go to the encoder so; the few a canvas needs (a transition's blend, a still) are made RGBA
 * here. One decoder serves both, read in order, so a scene's lead-in and body are one pass through the clip. The
 * scene's time maps to the clip's through its in and out points and how it fills the scene (hold, loop or slow).
 */
export async function prepareClipArt(request: SceneArtRequest & { media: ClipMedia }): Promise<SceneArt> {
  const { media, width, height, duration } = request
  let info: Awaited<ReturnType<typeof getClipInfo>>
  try {
    info = await getClipInfo(media.file)
  } catch (error) {
    throw new EngineError(
      'failed',
      'visuals',
      `The clip "${media.file.name}" could not be read: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const frame = { width, height }
  const stretch = getClipStretch(media, info.durationSeconds)
  const fit = chooseMediaFit(media.fit, info, frame)
  const focus = media.focus ?? { x: 0.5, y: 0.5 }
  const grade = STYLE_GRADES[request.style]
  const source = chooseClipSource(media.file, info, frame, fit, focus)
  const reader = new ClipFrameReader({
    path: source.path,
    name: media.file.name,
    stretch,
    frame,
    graph: getClipFilterGraph({ clip: source.size, frame, fit, focus }),
    skipDeblocking: getClipShrink(source.size, frame, fit, focus) >= DEBLOCK_SKIP_SCALE,
  })
  // Each decoded frame is a buffer of its own: graded once, however many times it is shown.
  const graded = new WeakSet<Buffer>()
  const frameAt = async (time: number) => {
    const decoded = await reader.read(clipFrameAt(media.fill, stretch, duration, time))
    if (!graded.has(decoded)) {
      gradeYuv420(decoded, width, height, grade)
      graded.add(decoded)
    }
    return decoded
  }
  let rgba: Buffer | undefined
  let rgbaOf: Buffer | undefined
  return {
    async prepareFrame(time) {
      const decoded = await frameAt(time)
      if (decoded === rgbaOf) return
      rgba ??= Buffer.allocUnsafeSlow(width * height * 4)
      yuv420ToRgba(decoded, rgba, width, height)
      rgbaOf = decoded
    },
    drawFrame(context) {
      if (!rgba) throw new EngineError('failed', 'visuals', 'A clip frame was drawn before it was decoded.')
      const pixels = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.byteLength)
      context.putImageData(new ImageData(pixels, width, height), 0, 0)
    },
    framePixels: () => rgba,
    // The same decoder: the body that follows the lead-in goes on where the lead-in stopped.
    openYuv: () => ({ frameAt, close: () => undefined }),
    close: () => reader.close(),
  }
}
