import { mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { runFfmpeg } from '../encoder/ffmpeg-binary.ts'
import { probeMedia } from '../encoder/probe.ts'
import { convertAudio } from './convert-audio.ts'
import { convertClip, getClipProxySize, getClipSize } from './convert-clip.ts'
import { inspectUpload, type UploadInspection } from './inspect-upload.ts'
import { normalizeImage } from './normalize-image.ts'
import { makeCameraPhoto, makeClip, makePngHeader, makeTurnedCopy } from '../testing/upload-fixtures.ts'
import { UploadRejectedError, type UploadRejection } from './upload-rejected-error.ts'

const LIMITS = { maxImagePixels: 100_000_000, maxVideoSeconds: 180, maxAudioSeconds: 1200 }

let dir: string
const file = (name: string) => path.join(dir, name)

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-assets-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function rejection(target: string, limits = LIMITS): Promise<UploadRejection | 'accepted'> {
  try {
    await inspectUpload(target, limits)
    return 'accepted'
  } catch (error) {
    if (error instanceof UploadRejectedError) return error.reason
    throw error
  }
}

async function makeCameraPhotoFile(name: string) {
  await writeFile(file(name), await makeCameraPhoto())
  return file(name)
}

describe('inspectUpload', () => {
  it('reads a photo and reports it as it is shown, turned by its EXIF orientation', async () => {
    const photo = await makeCameraPhotoFile('camera.jpg')
    expect(await inspectUpload(photo, LIMITS)).toEqual({ kind: 'image', format: 'jpeg', width: 40, height: 120 })
  })

  it('refuses by content, whatever the name: text, SVG, GIF, TIFF, a zip, HEIC', async () => {
    await writeFile(file('notes.jpg'), 'These are my notes, not a photo.\n'.repeat(20))
    await writeFile(
      file('drawing.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    )
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toFile(file('a.gif'))
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .tiff()
      .toFile(file('b.jpg'))
    // A zip's local file header, then a stored file.
    await writeFile(
      file('photos.zip'),
      Buffer.concat([Buffer.from('504b0304140000000000', 'hex'), Buffer.alloc(200, 7)]),
    )
    // An ISO-BMFF file typed as HEIC, as an iPhone writes it.
    await writeFile(
      file('IMG_0001.jpg'),
      Buffer.concat([Buffer.from('0000001c6674797068656963000000006d69663168656963', 'hex'), Buffer.alloc(64)]),
    )
    expect(await rejection(file('notes.jpg'))).toBe('unsupported')
    expect(await rejection(file('drawing.svg'))).toBe('unsupported')
    expect(await rejection(file('a.gif'))).toBe('unsupported')
    expect(await rejection(file('b.jpg'))).toBe('unsupported')
    expect(await rejection(file('photos.zip'))).toBe('unsupported')
    expect(await rejection(file('IMG_0001.jpg'))).toBe('heic')
  })

  it('refuses a 20,000 × 20,000 PNG from its header, before decoding a pixel', async () => {
    await writeFile(file('bomb.png'), makePngHeader(20_000, 20_000))
    expect(await rejection(file('bomb.png'))).toBe('too-many-pixels')
  })

  it('reads a phone clip as it is shown: a quarter-turned recording is tall', async () => {
    await makeClip(file('flat.mp4'))
    await makeTurnedCopy(file('flat.mp4'), file('phone.mov'))
    const clip = await inspectUpload(file('phone.mov'), LIMITS)
    expect(clip).toMatchObject({ kind: 'video', format: 'mp4/h264', width: 120, height: 160, hasAudio: false })
  })

  it('times a clip by its packets when the header understates it, and refuses frames too large or fast', async () => {
    await runFfmpeg([
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=10',
      '-t',
      '8',
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '100k',
      file('honest.webm'),
    ])
    // The Matroska Duration element (ID 0x4489, an 8-byte float of milliseconds) rewritten to say one second.
    const webm = await readFile(file('honest.webm'))
    const at = webm.indexOf(Buffer.from([0x44, 0x89, 0x88]))
    expect(at).toBeGreaterThan(0)
    webm.writeDoubleBE(1000, at + 3)
    await writeFile(file('lying.webm'), webm)
    expect(await rejection(file('lying.webm'), { ...LIMITS, maxVideoSeconds: 3 })).toBe('too-long')
    const inspected = await inspectUpload(file('lying.webm'), LIMITS)
    expect(inspected.kind === 'video' && inspected.durationSeconds).toBeGreaterThan(7.5)

    await makeClip(file('wide.mp4'), { width: 9000, height: 64, fps: 5, seconds: 0.4 })
    await makeClip(file('quick.mp4'), { width: 64, height: 48, fps: 300, seconds: 0.2 })
    expect(await rejection(file('wide.mp4'))).toBe('too-many-pixels')
    expect(await rejection(file('quick.mp4'))).toBe('too-many-pixels')
  })

  it('refuses a clip over the plan length, and an MP4 cut short before its index', async () => {
    await runFfmpeg([
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=10',
      '-t',
      '4',
      '-c:v',
      'libx264',
      file('long.mp4'),
    ])
    expect(await rejection(file('long.mp4'), { ...LIMITS, maxVideoSeconds: 3 })).toBe('too-long')
    const cut = file('cut.mp4')
    await writeFile(cut, await readFile(file('long.mp4')))
    await truncate(cut, Math.floor((await stat(cut)).size / 2))
    expect(await rejection(cut)).toBe('unreadable')
  })
})

describe('normalizeImage', () => {
  it('stores the photo upright, without EXIF or GPS, and makes a WebP thumbnail', async () => {
    const photo = await makeCameraPhotoFile('camera2.jpg')
    expect((await readFile(photo)).includes('Pixelphone')).toBe(true)
    const normalized = await normalizeImage({
      input: photo,
      output: file('normalized'),
      thumbnail: file('thumb.webp'),
      maxPixels: LIMITS.maxImagePixels,
    })
    expect(normalized).toEqual({ format: 'jpeg', width: 40, height: 120 })
    const meta = await sharp(file('normalized')).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect((await readFile(file('normalized'))).includes('Pixelphone')).toBe(false)
    // Turned a quarter clockwise, the red left half is now on top.
    const { data } = await sharp(file('normalized')).raw().toBuffer({ resolveWithObject: true })
    expect(data[0]).toBeGreaterThan(200)
    const bottom = (120 - 1) * 40 * 3
    expect(data[bottom + 2]).toBeGreaterThan(200)
    expect((await sharp(file('thumb.webp')).metadata()).format).toBe('webp')
  })

  it('keeps real transparency as a PNG', async () => {
    await sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
      .png()
      .toFile(file('logo.png'))
    const normalized = await normalizeImage({
      input: file('logo.png'),
      output: file('logo-normalized'),
      thumbnail: file('logo-thumb.webp'),
      maxPixels: LIMITS.maxImagePixels,
    })
    expect(normalized.format).toBe('png')
    expect((await sharp(file('logo-normalized')).metadata()).hasAlpha).toBe(true)
  })

  it('refuses a photo that stops part-way instead of storing it grey', async () => {
    const photo = await makeCameraPhotoFile('broken.jpg')
    await truncate(photo, Math.floor((await stat(photo)).size * 0.6))
    await expect(
      normalizeImage({ input: photo, output: file('b'), thumbnail: file('b.webp'), maxPixels: LIMITS.maxImagePixels }),
    ).rejects.toMatchObject({ reason: 'unreadable' })
  })
})

describe('convertClip', () => {
  it('fits the copy within 1080p standing up or lying down', () => {
    expect(getClipSize({ width: 3840, height: 2160 })).toEqual({ width: 1920, height: 1080 })
    expect(getClipSize({ width: 2160, height: 3840 })).toEqual({ width: 1080, height: 1920 })
    expect(getClipSize({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 })
    expect(getClipSize({ width: 1001, height: 999 })).toEqual({ width: 1002, height: 1000 })
  })

  it('turns a 10-bit HDR HEVC phone clip at 60 fps into an upright 8-bit H.264 copy at 30 fps', async () => {
    await runFfmpeg([
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=192x108:rate=60',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000',
      '-t',
      '1.5',
      '-c:v',
      'libx265',
      '-pix_fmt',
      'yuv420p10le',
      '-x265-params',
      'log-level=error',
      '-color_primaries',
      'bt2020',
      '-color_trc',
      'smpte2084',
      '-colorspace',
      'bt2020nc',
      '-c:a',
      'aac',
      '-metadata',
      'location=+48.8566+002.3522/',
      file('hdr.mp4'),
    ])
    await makeTurnedCopy(file('hdr.mp4'), file('hdr-phone.mov'))
    const inspected = (await inspectUpload(file('hdr-phone.mov'), LIMITS)) as Extract<
      UploadInspection,
      { kind: 'video' }
    >
    expect(inspected).toMatchObject({ format: 'mp4/hevc', deepColor: true, hdr: true, width: 108, height: 192 })
    const shares: number[] = []
    const converted = await convertClip({
      input: file('hdr-phone.mov'),
      output: file('copy.mp4'),
      poster: file('poster.jpg'),
      thumbnail: file('poster.webp'),
      source: inspected,
      onProgress: (share) => shares.push(share),
    })
    expect(converted).toMatchObject({ width: 108, height: 192 })
    expect(converted.durationSeconds).toBeGreaterThan(1.3)
    const info = await probeMedia(file('copy.mp4'))
    expect(info.streams).toEqual([
      expect.objectContaining({ type: 'video', codec: 'h264', pixelFormat: 'yuv420p', width: 108, height: 192 }),
      expect.objectContaining({ type: 'audio', codec: 'aac', channels: 2 }),
    ])
    const copy = await readFile(file('copy.mp4'))
    expect(copy.includes('+48.8566')).toBe(false)
    expect(shares.at(-1)).toBeGreaterThan(0.5)
    expect((await sharp(file('poster.jpg')).metadata()).width).toBe(108)
    expect((await sharp(file('poster.webp')).metadata()).format).toBe('webp')
  })

  it('writes a 720p proxy for renders beside a copy larger than 900p, in the same run, and none for a small one', async () => {
    expect(getClipProxySize({ width: 1080, height: 1920 })).toEqual({ width: 720, height: 1280 })
    expect(getClipProxySize({ width: 1920, height: 1080 })).toEqual({ width: 1280, height: 720 })
    expect(getClipProxySize({ width: 1280, height: 720 })).toBeUndefined()
    /** A clip of this size made, inspected and converted with a proxy asked for, all named after `name`. */
    const convert = async (name: string, width: number, height: number) => {
      await makeClip(file(`${name}.mp4`), { width, height, fps: 30, seconds: 1 })
      const source = (await inspectUpload(file(`${name}.mp4`), LIMITS)) as Extract<UploadInspection, { kind: 'video' }>
      return convertClip({
        input: file(`${name}.mp4`),
        output: file(`${name}-copy.mp4`),
        proxy: file(`${name}-proxy.mp4`),
        poster: file(`${name}.jpg`),
        thumbnail: file(`${name}.webp`),
        source,
      })
    }
    const converted = await convert('large', 1280, 960)
    expect(converted).toMatchObject({ width: 1280, height: 960, proxy: { width: 960, height: 720 } })
    const proxy = await probeMedia(file('large-proxy.mp4'))
    // Picture only, as long as the copy.
    expect(proxy.streams).toEqual([
      expect.objectContaining({ type: 'video', codec: 'h264', pixelFormat: 'yuv420p', width: 960, height: 720 }),
    ])
    expect(proxy.durationSeconds).toBeCloseTo(converted.durationSeconds, 1)

    expect((await convert('small', 320, 240)).proxy).toBeUndefined()
    await expect(stat(file('small-proxy.mp4'))).rejects.toThrow()
  })

  it('refuses a clip whose data stops part-way, though its header reads', async () => {
    await makeClip(file('fast.mp4'), { seconds: 4, faststart: true })
    await truncate(file('fast.mp4'), Math.floor((await stat(file('fast.mp4'))).size * 0.4))
    const inspected = (await inspectUpload(file('fast.mp4'), LIMITS)) as Extract<UploadInspection, { kind: 'video' }>
    const refused = await convertClip({
      input: file('fast.mp4'),
      output: file('fast-copy.mp4'),
      poster: file('fast.jpg'),
      thumbnail: file('fast.webp'),
      source: inspected,
    }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(UploadRejectedError)
    expect(refused).toMatchObject({ reason: 'unreadable' })
    expect((refused as Error).message).toMatch(/could not be read to the end/)
  })
})

describe('convertAudio', () => {
  it('takes an MP3 with tags to a tagless M4A of the same length', async () => {
    await runFfmpeg([
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:sample_rate=44100',
      '-t',
      '2',
      '-c:a',
      'libmp3lame',
      '-metadata',
      'title=Secret Demo',
      '-metadata',
      'artist=Band',
      file('song.mp3'),
    ])
    const inspected = await inspectUpload(file('song.mp3'), LIMITS)
    expect(inspected).toMatchObject({ kind: 'audio', format: 'mp3' })
    const converted = await convertAudio({
      input: file('song.mp3'),
      output: file('song.m4a'),
      durationSeconds: inspected.kind === 'audio' ? inspected.durationSeconds : 0,
    })
    expect(converted.durationSeconds).toBeGreaterThan(1.9)
    expect((await readFile(file('song.m4a'))).includes('Secret Demo')).toBe(false)
    expect((await probeMedia(file('song.m4a'))).streams).toEqual([
      expect.objectContaining({ type: 'audio', codec: 'aac', sampleRate: 48000, channels: 2 }),
    ])
  })
})
