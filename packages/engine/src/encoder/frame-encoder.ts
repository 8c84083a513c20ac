import { spawn } from 'node:child_process'

import { getFfmpegPath } from './ffmpeg-binary.ts'

/**
 * veryfast with the quickest motion search (diamond, one subpixel pass): our frames are drawn, with smooth
 * camera moves, so the search finds as good vectors as veryfast's hexagon and two passes do. Measured on the
 * 2-core machine with 720x1280 scene frames at CRF 23: about 30 % less x264 CPU than plain veryfast at the
 * same size within 3 %, where superfast saved as much but wrote 10-130 % more bytes (it also drops trellis and
 * reference frames). Encoding is about half the CPU of a render, so this is a fifth of a render's time.
 */
export const DEFAULT_X264_PRESET = 'veryfast'
/**
 * One thread per encoder: a render runs two scene threads, each with its encoder (and perhaps a clip decoder), so
 * both cores are busy anyway, and x264's own frame threads (three on two cores) only add the cost of sharing
 * work: 720p frames took about a fifth less CPU with threads=1 (1.9 s against 2.5 s for 150 frames), for 0.2 %
 * more bytes.
 *
 * b-adapt=0: three B-frames between references always, where veryfast's fast B-frame decision ran a lookahead
 * pass over every frame to choose (it chose B for 531 of bench:media's 900 frames; now 660). Our frames move
 * smoothly, where more B-frames cost nothing in the picture. partitions=i8x8,i4x4 (superfast's): no search for
 * motion in 8×8 sub-blocks (P or B), which pays on little but the finest noise. Instructions counted by callgrind
 * for 60 frames of 720x1280 at CRF 23, before and after both: a photo pan 2.37 → 1.92 billion (-19 %), a clip of
 * noisy 1080p footage 5.11 → 3.66 (-28 %), drawn art 2.61 → 2.27 (-13 %). The picture, as SSIM over bench:media's
 * 900 frames: 0.9797 → 0.9786 at 3.4 % fewer bytes; the noisy clips' scenes 0.9653 → 0.9629 (the partitions),
 * the photos' 0.9921-0.9925 → 0.9906-0.9912 (the B-frames); drawn art 0.9850 → 0.9847 at 0.4 % more bytes.
 *
 * All segments use the same settings, so they join with `-c copy`; one cached from before these two settings has
 * the same stream parameters (at most three B-frames) and joins too.
 */
const X264_PARAMS = 'me=dia:subme=1:b-adapt=0:partitions=i8x8,i4x4:threads=1'
export const DEFAULT_X264_CRF = 23
/**
 * A bitrate ceiling per pixel (about 4 Mbit/s at 720x1280, 9 at 1080x1920): film grain and particles would
 * otherwise make CRF spend 8+ Mbit/s on noise nobody sees on a phone, and the download would quadruple.
 */
const MAX_KBITS_PER_MEGAPIXEL = 4300
/**
 * Frames queued for ffmpeg before the caller waits: drawing and encoding then overlap instead of taking turns
 * (each waited for the other's whole frame), at 3.7 MB of memory per 720p frame.
 */
const FRAMES_IN_FLIGHT = 4
/** Seconds between keyframes: seeking in the player stays quick, and every segment starts on one anyway. */
const KEYFRAME_SECONDS = 2

export type FrameEncoderOptions = {
  width: number
  height: number
  fps: number
  outPath: string
  preset?: string
  crf?: number
  signal?: AbortSignal
  /**
   * The frames' layout: RGBA (canvas pixels, converted here to BT.709 limited-range YUV) or yuv420p already in
   * that form (a clip's frames, decoded so): 2.6 times fewer bytes through the pipe and no conversion. Both give
   * the same stream parameters, so segments of either kind join with `-c copy`.
   */
  inputFormat?: 'rgba' | 'yuv420p'
}

/** How the video streams are tagged: BT.709 primaries, transfer and matrix. */
export const BT709_TAGS = ['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709']

/**
 * The H.264 settings of every segment a render writes, drawn or with a logo laid over it: segments encoded alike
 * join with `-c copy`.
 */
export function getX264Args({
  width,
  height,
  fps,
  preset = DEFAULT_X264_PRESET,
  crf = DEFAULT_X264_CRF,
}: {
  width: number
  height: number
  fps: number
  preset?: string
  crf?: number
}): string[] {
  const gop = Math.max(1, Math.round(fps * KEYFRAME_SECONDS))
  const maxKbits = Math.round(((width * height) / 1e6) * MAX_KBITS_PER_MEGAPIXEL)
  return [
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-x264-params',
    X264_PARAMS,
    '-crf',
    String(crf),
    '-maxrate',
    `${maxKbits}k`,
    '-bufsize',
    `${maxKbits * 2}k`,
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    // A fixed GOP with no scene-cut keyframes and closed GOPs: every segment has the same structure.
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
  ]
}

export type FrameEncoder = {
  /**
   * Queues a frame the caller will not touch again (a copy of the canvas pixels). Resolves at once while fewer
   * than FRAMES_IN_FLIGHT frames wait for ffmpeg, so drawing the next frame overlaps encoding this one;
   * otherwise once ffmpeg has taken the oldest. Once ffmpeg has it, a frame that spans its whole ArrayBuffer
   * is detached, which frees its memory there and then.
   */
  writeFrame(frame: Uint8Array): Promise<void>
  /** Closes the input and waits for the file to be complete. */
  finish(): Promise<void>
  /** Kills ffmpeg; the partial file is left for the caller to delete. */
  abort(): void
}

/**
 * Encodes raw RGBA frames (`getImageData()` pixels from @napi-rs/canvas) into a silent H.264 MP4. Segments made with
 * the same size, fps, preset and CRF share their codec parameters, so concatSegments can join them with
 * `-c copy`.
 */
export function createFrameEncoder({
  width,
  height,
  fps,
  outPath,
  preset = DEFAULT_X264_PRESET,
  crf = DEFAULT_X264_CRF,
  signal,
  inputFormat = 'rgba',
}: FrameEncoderOptions): FrameEncoder {
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error(`yuv420p needs an even size, got ${width}x${height}`)
  const frameBytes = inputFormat === 'rgba' ? width * height * 4 : (width * height * 3) / 2
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'rawvideo',
    '-pix_fmt',
    inputFormat,
    '-s',
    `${width}x${height}`,
    '-framerate',
    String(fps),
    '-i',
    'pipe:0',
    '-an',
    ...getX264Args({ width, height, fps, preset, crf }),
    // BT.709 tagged, as the canvas draws sRGB; players otherwise guess BT.601 for SD and shift colours.
    ...(inputFormat === 'rgba' ? ['-vf', 'scale=out_color_matrix=bt709:out_range=tv'] : ['-color_range', 'tv']),
    ...BT709_TAGS,
    '-movflags',
    '+faststart',
    outPath,
  ]
  const child = spawn(getFfmpegPath(), args, { stdio: ['pipe', 'ignore', 'pipe'] })
  let stderr = ''
  let failure: Error | undefined
  let killed = false
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000)
  })
  // A write after ffmpeg died reports EPIPE here; the exit code and stderr say why, below.
  child.stdin.on('error', () => {})

  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', (error) => {
      failure ??= error
      reject(error)
    })
    child.on('close', (code, sig) => {
      if (code === 0) return resolve()
      failure ??= killed
        ? abortError(signal)
        : new Error(
            `ffmpeg (frame encoder) exited with ${code ?? sig}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
          )
      reject(failure)
    })
  })
  // Rejections are surfaced through writeFrame/finish; this keeps an early death from being unhandled.
  exited.catch(() => {})

  const abort = () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    killed = true
    child.kill('SIGKILL')
  }
  const onAbort = () => abort()
  signal?.addEventListener('abort', onAbort, { once: true })
  if (signal?.aborted) abort()
  void exited.finally(() => signal?.removeEventListener('abort', onAbort)).catch(() => {})

  /** Writes ffmpeg has not yet taken, oldest first. */
  const pending: Promise<void>[] = []
  return {
    async writeFrame(rgba) {
      if (failure) throw failure
      if (killed) throw abortError(signal)
      if (rgba.length !== frameBytes) {
        throw new Error(`A ${width}x${height} ${inputFormat} frame has ${frameBytes} bytes, got ${rgba.length}`)
      }
      const written = new Promise<void>((resolve, reject) => {
        child.stdin.write(rgba, (error) => {
          if (!error) {
            release(rgba)
            return resolve()
          }
          exited.then(() => reject(error), reject)
        })
      })
      // A failed write also surfaces through the next writeFrame or finish; never as an unhandled rejection.
      written.catch(() => undefined)
      pending.push(written)
      while (pending.length >= FRAMES_IN_FLIGHT) await pending.shift()
    },
    async finish() {
      if (failure) throw failure
      await Promise.all(pending.splice(0))
      child.stdin.end()
      await exited
    },
    abort,
  }
}

/**
 * Frees a frame the pipe has taken at once instead of at some later garbage collection. A 720p frame is 3.7 MB
 * outside the JS heap; left for the collector, they added up so fast that V8 ran a full mark-compact of the
 * drawing thread's heap every dozen frames, a tenth of a render's CPU. Detaching (`transfer(0)`) gives the
 * memory back now. A view into part of a larger buffer (a pooled Buffer) is left alone.
 */
function release(frame: Uint8Array) {
  const { buffer } = frame
  if (!(buffer instanceof ArrayBuffer) || buffer.detached) return
  if (frame.byteOffset !== 0 || frame.byteLength !== buffer.byteLength) return
  try {
    buffer.transfer(0)
  } catch {
    // Not detachable (a WebAssembly memory, say): the collector frees it as before.
  }
}

function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason
  return reason instanceof Error ? reason : new DOMException('The encoding was aborted', 'AbortError')
}
