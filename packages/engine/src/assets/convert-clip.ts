import { rm } from 'node:fs/promises'

import sharp from 'sharp'

import { runFfmpeg } from '../encoder/ffmpeg-binary.ts'
import { probeMedia } from '../encoder/probe.ts'
import { runFfmpegWithProgress } from './ffmpeg-progress.ts'
import { THUMBNAIL_MAX_SIDE } from './normalize-image.ts'
import { UploadRejectedError } from './upload-rejected-error.ts'

export const CLIP_FPS = 30
/** The copy is at most 1080p: 1920 × 1080 lying down, 1080 × 1920 standing up. */
const LONG_SIDE_MAX = 1920
const SHORT_SIDE_MAX = 1080
/** A copy this much shorter than the clip said it was stopped decoding part-way. */
const SHORTFALL_ALLOWED = 0.9

export type ClipSource = { width: number; height: number; durationSeconds: number; hdr: boolean; hasAudio: boolean }

/** Threads ffmpeg may use to decode and to encode: a clip's memory does not grow with the machine's cores. */
const THREADS = 2
/** A conversion still running after this many times its clip's length (and a minute) is stopped. */
const DEADLINE_PER_SECOND = 6

/** Whether ffmpeg stopped because it was killed (out of memory, a restart), not because of the file. */
const wasKilled = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { exitCode?: number | null }).exitCode === null
export type ConvertedClip = {
  width: number
  height: number
  durationSeconds: number
  /** The proxy's size, when one was asked for and the copy is large enough to have one. */
  proxy?: { width: number; height: number }
}

/**
 * A render's proxy of a clip: the copy at 720p (short side), written by the same ffmpeg run. A 720p render shows
 * a clip at that size or smaller, and decoding it from the 1080p copy spent most of a clip frame's time on pixels
 * the frame then threw away. Encoded for quick decoding (x264's fastdecode: no CABAC, no deblocking, no
 * weighted prediction): with the smaller frame, 60 % less CPU a frame to decode, crop and scale (1.2 s against
 * 3.0 s for 180 frames of bench:media's noisy 1080p clip on the 2-core machine), for more bytes than a plain 720p
 * copy would take (that clip: a 12.5 MB proxy beside its 10.3 MB copy). It is stored, never streamed, and not
 * counted in the owner's storage (the upload is). Only renders read it; previews, stills and the library show
 * the copy.
 */
export const CLIP_PROXY_SHORT_SIDE = 720
/**
 * Finer than the copy's CRF 20: a scene shows the proxy's frames as they are, where the copy's are scaled down
 * (which hides its losses), so at 17 the frames a render gets are as close to the source as the copy's were (SSIM
 * against the source scaled to 720p, bench:media's noisy clip: 0.9833 from the proxy, 0.9824 from the copy;
 * 0.9756 at CRF 20), for no more decoding time.
 */
const PROXY_CRF = 17
/** The copy's quality: what the library plays and previews and 1080p renders show. */
const COPY_CRF = 20
/** A copy whose short side is at most this has no proxy: decoding it costs little more than a proxy would. */
const PROXY_FROM_SHORT_SIDE = 900

/** The proxy's frame for a copy of this size, or undefined when the copy is small enough to be its own. */
export function getClipProxySize(copy: {
  width: number
  height: number
}): { width: number; height: number } | undefined {
  const short = Math.min(copy.width, copy.height)
  if (short <= PROXY_FROM_SHORT_SIDE) return undefined
  const scale = CLIP_PROXY_SHORT_SIDE / short
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2)
  return { width: even(copy.width), height: even(copy.height) }
}

/** The copy's frame: the shown size scaled down to fit 1080p, even on both sides (H.264 needs it). */
export function getClipSize({ width, height }: { width: number; height: number }): { width: number; height: number } {
  const [long, short] = width >= height ? [width, height] : [height, width]
  const scale = Math.min(1, LONG_SIDE_MAX / long, SHORT_SIDE_MAX / short)
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2)
  return { width: even(width), height: even(height) }
}

/**
 * The filter chain: HDR (PQ or HLG) tone-mapped to SDR BT.709 through linear light, scaled to the copy's
 * frame, conformed to a constant 30 fps (phones record 60 fps and variable rates), 8-bit 4:2:0.
 */
export function getClipFilters(source: ClipSource): string {
  const { width, height } = getClipSize(source)
  // Frames are dropped to 30 fps and scaled down first: tone mapping works in 32-bit float per pixel, and a 4K
  // 60 fps clip has eight times the pixels of its 1080p 30 fps copy.
  const frame = [`fps=${CLIP_FPS}`]
  if (!source.hdr) return [...frame, `scale=${width}:${height}:flags=lanczos`, 'format=yuv420p', 'setsar=1'].join(',')
  return [
    ...frame,
    `zscale=w=${width}:h=${height}:f=lanczos`,
    'zscale=t=linear:npl=100',
    'format=gbrpf32le',
    'zscale=p=bt709',
    'tonemap=tonemap=hable:desat=0',
    'zscale=t=bt709:m=bt709:r=tv',
    'format=yuv420p',
    'setsar=1',
  ].join(',')
}

/**
 * The copy of a clip scenes and renders use: H.264 8-bit at 30 fps, no larger than 1080p, upright (the
 * rotation a phone records is applied), tone-mapped when HDR, with its sound as AAC and every bit of
 * metadata gone; plus a poster frame and a WebP thumbnail. A clip that stops decoding part-way is refused
 * as unreadable, in words a person can act on.
 */
export async function convertClip({
  input,
  output,
  poster,
  thumbnail,
  source,
  proxy,
  maxSeconds = Number.POSITIVE_INFINITY,
  onProgress,
  signal,
}: {
  input: string
  output: string
  /** Where to write the render's 720p proxy (see CLIP_PROXY_SHORT_SIDE); none is made for a small copy. */
  proxy?: string | undefined
  poster: string
  thumbnail: string
  source: ClipSource
  /** The copy stops here whatever the file claims (the plan's longest clip). */
  maxSeconds?: number
  onProgress?: (share: number) => void
  signal?: AbortSignal
}): Promise<ConvertedClip> {
  const deadline = AbortSignal.timeout((Math.min(source.durationSeconds, maxSeconds) * DEADLINE_PER_SECOND + 60) * 1000)
  const stop = signal ? AbortSignal.any([signal, deadline]) : deadline
  const proxySize = proxy ? getClipProxySize(getClipSize(source)) : undefined
  /** The proxy asked for, where the copy is large enough to have one. */
  const proxied = proxy && proxySize ? { file: proxy, size: proxySize } : undefined
  // A keyframe every second: a render starts reading at a scene's in point, the next scene's blend reads its last
  // frames and each still one frame, and every start decodes from the keyframe before it (with x264's default of
  // 250 frames, up to eight seconds of 1080p to throw away each time).
  const x264 = (crf: number, tune?: string) => [
    '-threads',
    String(THREADS),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    ...(tune ? ['-tune', tune] : []),
    '-g',
    String(CLIP_FPS),
    '-crf',
    String(crf),
  ]
  const length = Number.isFinite(maxSeconds) ? ['-t', String(maxSeconds)] : []
  const tags = ['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709']
  const noMetadata = ['-map_metadata', '-1', '-map_chapters', '-1', '-metadata:s:v:0', 'rotate=0']
  // The proxy is scaled from the copy's frames in the same run: the source is decoded (and tone-mapped) once.
  const picture = proxied
    ? [
        '-filter_complex',
        `[0:v]${getClipFilters(source)},split=2[copy][small];` +
          `[small]scale=${proxied.size.width}:${proxied.size.height}:flags=lanczos[proxy]`,
        '-map',
        '[copy]',
      ]
    : ['-map', '0:v:0', '-vf', getClipFilters(source)]
  const proxyOutput = proxied
    ? [
        '-map',
        '[proxy]',
        ...length,
        ...x264(PROXY_CRF, 'fastdecode'),
        '-pix_fmt',
        'yuv420p',
        ...tags,
        '-an',
        ...noMetadata,
        proxied.file,
      ]
    : []
  const removeOutputs = () => Promise.all([output, ...(proxy ? [proxy] : [])].map((file) => rm(file, { force: true })))
  try {
    await runFfmpegWithProgress(
      [
        '-y',
        '-threads',
        String(THREADS),
        '-i',
        input,
        ...picture,
        ...(source.hasAudio ? ['-map', '0:a:0'] : []),
        ...length,
        ...x264(COPY_CRF),
        '-profile:v',
        'high',
        '-pix_fmt',
        'yuv420p',
        ...tags,
        ...(source.hasAudio ? ['-c:a', 'aac', '-b:a', '160k', '-ac', '2', '-ar', '48000'] : []),
        ...noMetadata,
        '-movflags',
        '+faststart',
        output,
        ...proxyOutput,
      ],
      { durationSeconds: source.durationSeconds, onProgress, signal: stop },
    )
  } catch (error) {
    await removeOutputs()
    if (signal?.aborted) throw error
    if (deadline.aborted) {
      throw new UploadRejectedError(
        'unreadable',
        'This clip took far too long to convert. Export it again at 4K or less, 60 frames a second or less, and upload the new file.',
      )
    }
    // Killed (memory, a restart): the server's trouble, not the file's; the worker tries it again.
    if (wasKilled(error)) throw error
    throw unreadable()
  }
  const converted = await probeMedia(output)
  const video = converted.streams.find((stream) => stream.type === 'video')
  if (!video?.width || !video.height || converted.durationSeconds < source.durationSeconds * SHORTFALL_ALLOWED) {
    await removeOutputs()
    throw unreadable()
  }
  // Renders work out the proxy's size from the copy's (getClipProxySize): it must be that size.
  const expected = getClipProxySize({ width: video.width, height: video.height })
  const madeProxy =
    proxied &&
    expected?.width === proxied.size.width &&
    expected.height === proxied.size.height &&
    (await isWhole(proxied.file, proxied.size, converted.durationSeconds))
      ? proxied.size
      : undefined
  // One that did not come out whole is deleted: renders read the copy, as for a clip converted before proxies.
  if (proxy && !madeProxy) await rm(proxy, { force: true })
  const at = Math.min(1, converted.durationSeconds / 3)
  await runFfmpeg(['-y', '-ss', at.toFixed(2), '-i', output, '-frames:v', '1', '-q:v', '3', '-f', 'image2', poster], {
    signal,
  })
  await sharp(poster)
    .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72 })
    .toFile(thumbnail)
  return {
    width: video.width,
    height: video.height,
    durationSeconds: converted.durationSeconds,
    ...(madeProxy ? { proxy: madeProxy } : {}),
  }
}

/** Whether the proxy came out whole: the size asked for, and as long as the copy. */
async function isWhole(
  file: string,
  size: { width: number; height: number },
  durationSeconds: number,
): Promise<boolean> {
  const probe = await probeMedia(file).catch(() => undefined)
  const video = probe?.streams.find((stream) => stream.type === 'video')
  return (
    probe !== undefined &&
    video?.width === size.width &&
    video.height === size.height &&
    probe.durationSeconds >= durationSeconds - 1 / CLIP_FPS - 0.05
  )
}

const unreadable = () =>
  new UploadRejectedError(
    'unreadable',
    'This clip could not be read to the end: it may be damaged or only partly copied. Export it again from your phone or editor and upload the new file.',
  )
