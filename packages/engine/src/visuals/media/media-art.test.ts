import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { createCanvas } from '@napi-rs/canvas'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  SceneClipSchema,
  ScenePhotoSchema,
  VIDEO_STYLES,
  type SceneClip,
  type ScenePhoto,
  type VideoStyle,
} from '@storyreel/contracts/studio'

import { runFfmpeg } from '#src/encoder/ffmpeg-binary.ts'
import type { MediaFile, SceneMediaArt } from '#src/pipeline/media-files.ts'
import { drawSceneStill, getSceneStillKey, type SceneStillRequest } from '#src/pipeline/scene-still.ts'
import {
  BLOCK_COLOURS,
  makeBlocksPhoto,
  makePortraitPhoto,
  makeSecondsClip,
  SECOND_COLOURS,
} from '#src/testing/media-fixtures.ts'
import { createVisualEngine } from '#src/visuals/create-visual-engine.ts'
import type { SceneArt } from '#src/visuals/visual-engine.ts'

import { resolveCameraMove } from './camera.ts'
import { chooseClipSource } from './clip-art.ts'
import { findFocusPoint } from './focus-point.ts'
import { gradePixels, gradeYuv420, STYLE_GRADES } from './grade.ts'
import { chooseMediaFit } from './media-fit.ts'
import { yuv420ToRgba } from './yuv.ts'

const ASSET = '00000000-0000-4000-8000-000000000001'
const [WIDTH, HEIGHT] = [320, 180]
const visuals = createVisualEngine(undefined)

let dir = ''
const files: Record<'blocks' | 'portrait' | 'seconds', MediaFile> = {} as never
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'media-art-test-'))
  const [blocks, portrait, seconds] = ['blocks.jpg', 'portrait.png', 'seconds.mp4'].map((name) => path.join(dir, name))
  await Promise.all([
    makeBlocksPhoto(blocks as string),
    makePortraitPhoto(portrait as string),
    makeSecondsClip(seconds as string),
  ])
  files.blocks = { kind: 'image', path: blocks as string, version: 'blocks-1', name: 'Blocks', width: 640, height: 360 }
  files.portrait = { kind: 'image', path: portrait as string, version: 'portrait-1', name: 'Portrait' }
  files.seconds = {
    kind: 'video',
    path: seconds as string,
    version: 'seconds-1',
    name: 'Seconds',
    width: 320,
    height: 180,
    durationSeconds: 8,
    hasAudio: false,
  }
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const photo = (file: MediaFile, choices: Partial<ScenePhoto> = {}): SceneMediaArt => ({
  ...ScenePhotoSchema.parse({ type: 'photo', asset_id: ASSET, ...choices }),
  type: 'photo',
  file,
})
const clip = (file: MediaFile, choices: Partial<SceneClip> = {}): SceneMediaArt => ({
  ...SceneClipSchema.parse({ type: 'clip', asset_id: ASSET, ...choices }),
  type: 'clip',
  file,
})

function request(media: SceneMediaArt, options: { style?: VideoStyle; duration?: number; index?: number } = {}) {
  return {
    visual: 'A shop front',
    narration: '',
    style: options.style ?? 'realistic',
    seed: 1,
    index: options.index ?? 0,
    count: 3,
    width: WIDTH,
    height: HEIGHT,
    duration: options.duration ?? 4,
    media,
  }
}

/** The frame at `time`, as RGBA. */
async function frameAt(art: SceneArt, time: number) {
  const canvas = createCanvas(WIDTH, HEIGHT)
  await art.prepareFrame?.(time)
  art.drawFrame(canvas.getContext('2d'), time)
  return canvas.getContext('2d').getImageData(0, 0, WIDTH, HEIGHT).data
}

/** The mean colour of a square of `size` pixels around (x, y), fractions of the frame. */
function colourAt(pixels: Uint8ClampedArray, x: number, y: number, size = 8) {
  const sum = [0, 0, 0]
  let count = 0
  const [cx, cy] = [Math.round(x * WIDTH), Math.round(y * HEIGHT)]
  for (let py = cy - size / 2; py < cy + size / 2; py++) {
    for (let px = cx - size / 2; px < cx + size / 2; px++) {
      const at = (py * WIDTH + px) * 4
      for (let channel = 0; channel < 3; channel++) sum[channel] = (sum[channel] ?? 0) + (pixels[at + channel] ?? 0)
      count++
    }
  }
  return sum.map((value) => value / count)
}

/** The name of the colour in `palette` nearest to `rgb`. */
function nearest<T extends string>(rgb: number[], palette: Record<T, readonly number[]>): T {
  const distance = (other: readonly number[]) => other.reduce((sum, value, i) => sum + (value - (rgb[i] ?? 0)) ** 2, 0)
  return (Object.keys(palette) as T[]).sort((a, b) => distance(palette[a]) - distance(palette[b]))[0] as T
}
const SECONDS = Object.fromEntries(SECOND_COLOURS.map((rgb, second) => [String(second), rgb])) as Record<
  string,
  readonly number[]
>
const secondShown = (pixels: Uint8ClampedArray) => Number(nearest(colourAt(pixels, 0.5, 0.5), SECONDS))

/** The spread (standard deviation) of luma over a rectangle, fractions of the frame. */
function lumaSpread(pixels: Uint8ClampedArray, left: number, top: number, right: number, bottom: number) {
  const values: number[] = []
  for (let y = Math.round(top * HEIGHT); y < Math.round(bottom * HEIGHT); y++) {
    for (let x = Math.round(left * WIDTH); x < Math.round(right * WIDTH); x++) {
      const at = (y * WIDTH + x) * 4
      values.push(0.2126 * (pixels[at] ?? 0) + 0.7152 * (pixels[at + 1] ?? 0) + 0.0722 * (pixels[at + 2] ?? 0))
    }
  }
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  return { mean, spread: Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length) }
}

describe('how a photo or clip is placed', () => {
  it('fills the frame unless the crop would keep too little: a portrait photo in 16:9 is shown whole', () => {
    const landscape = { width: 1280, height: 720 }
    expect(chooseMediaFit('auto', { width: 4000, height: 3000 }, landscape)).toBe('fill')
    expect(chooseMediaFit('auto', { width: 3000, height: 4000 }, landscape)).toBe('fit')
    expect(chooseMediaFit('auto', { width: 1080, height: 1920 }, landscape)).toBe('fit')
    expect(chooseMediaFit('auto', { width: 1080, height: 1920 }, { width: 720, height: 1280 })).toBe('fill')
    expect(chooseMediaFit('fill', { width: 1080, height: 1920 }, landscape)).toBe('fill')
    expect(chooseMediaFit('fit', { width: 1920, height: 1080 }, landscape)).toBe('fit')
  })

  it('varies the automatic camera move between neighbouring scenes', () => {
    const moves = Array.from({ length: 12 }, (_, index) => resolveCameraMove('auto', index))
    for (let index = 1; index < moves.length; index++) expect(moves[index]).not.toBe(moves[index - 1])
    expect(new Set(moves).size).toBe(4)
    expect(resolveCameraMove('pan-left', 3)).toBe('pan-left')
  })

  it('finds the focus point where the detail is, once per file version', async () => {
    const file = path.join(dir, 'detail.jpg')
    const patch = await sharp({
      create: {
        width: 120,
        height: 120,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 90 },
      },
    })
      .png()
      .toBuffer()
    await sharp({ create: { width: 960, height: 640, channels: 3, background: '#7a7a7a' } })
      .composite([{ input: patch, left: 660, top: 140 }])
      .jpeg()
      .toFile(file)
    const focus = await findFocusPoint(file, 'detail-1')
    expect(focus.x).toBeGreaterThan(0.62)
    expect(focus.x).toBeLessThan(0.88)
    expect(focus.y).toBeGreaterThan(0.2)
    expect(focus.y).toBeLessThan(0.5)
    // The same version is not looked at again; another version is.
    await sharp({ create: { width: 960, height: 640, channels: 3, background: '#7a7a7a' } })
      .composite([{ input: patch, left: 60, top: 400 }])
      .jpeg()
      .toFile(file)
    expect(await findFocusPoint(file, 'detail-1')).toEqual(focus)
    expect((await findFocusPoint(file, 'detail-2')).x).toBeLessThan(0.35)
  })
})

describe('photo scenes', () => {
  it('show the photo graded by each style, its coloured blocks still recognisable', async () => {
    for (const style of VIDEO_STYLES) {
      const art = await visuals.prepareScene(request(photo(files.blocks, { camera: 'zoom-in' }), { style }))
      for (const time of [0, 2, 3.9]) {
        const frame = await frameAt(art, time)
        const seen = [
          [0.25, 0.25],
          [0.75, 0.25],
          [0.25, 0.75],
          [0.75, 0.75],
        ].map(([x, y]) => nearest(colourAt(frame, x as number, y as number), BLOCK_COLOURS))
        expect(seen, `${style} at ${time} s`).toEqual(['red', 'green', 'blue', 'yellow'])
      }
    }
  })

  it("moves the camera smoothly and never shows past the picture's edge", async () => {
    const focus = { x: 0.5, y: 0.5 }
    const panning = await visuals.prepareScene(request(photo(files.blocks, { camera: 'pan-right', focus })))
    const zooming = await visuals.prepareScene(
      request(photo(files.blocks, { camera: 'zoom-in', focus: { x: 0.25, y: 0.25 } })),
    )
    /** Where the red block gives way to the green one, a quarter of the way down. */
    const boundary = (frame: Uint8ClampedArray) => {
      const y = Math.round(HEIGHT * 0.25)
      for (let x = 0; x < WIDTH; x++) if ((frame[(y * WIDTH + x) * 4 + 1] ?? 0) > 120) return x
      return WIDTH
    }
    const positions: number[] = []
    for (let frame = 0; frame <= 4 * 30; frame += 6) {
      const time = frame / 30
      positions.push(boundary(await frameAt(panning, time)))
      for (const art of [panning, zooming]) {
        const pixels = await frameAt(art, time)
        expect(nearest(colourAt(pixels, 0.02, 0.03, 4), BLOCK_COLOURS)).toBe('red')
        expect(nearest(colourAt(pixels, 0.98, 0.97, 4), BLOCK_COLOURS)).toBe('yellow')
      }
    }
    // The camera moving right slides the picture left, a little every frame, never by a jump.
    for (let index = 1; index < positions.length; index++) {
      const step = (positions[index - 1] ?? 0) - (positions[index] ?? 0)
      expect(step).toBeGreaterThanOrEqual(0)
      expect(step).toBeLessThanOrEqual(3)
    }
    expect((positions[0] ?? 0) - (positions.at(-1) ?? 0)).toBeGreaterThan(15)
    // Zooming in on the red block's middle, the red block grows.
    const redHeight = async (time: number) => {
      const pixels = await frameAt(zooming, time)
      let rows = 0
      for (let y = 0; y < HEIGHT; y++) if ((pixels[(y * WIDTH + 20) * 4] ?? 0) > 150) rows++
      return rows
    }
    expect(await redHeight(4)).toBeGreaterThan((await redHeight(0)) + 5)
  })

  it('fits a portrait photo in a 16:9 frame whole and sharp over its blurred, darkened copy', async () => {
    const art = await visuals.prepareScene(request(photo(files.portrait, { camera: 'still' })))
    const frame = await frameAt(art, 1)
    // 270 × 480 fitted to 180 px high is about 101 px wide: from x 0.34 to 0.66 of the frame.
    const centre = lumaSpread(frame, 0.38, 0.2, 0.62, 0.8)
    const sides = [lumaSpread(frame, 0, 0.2, 0.3, 0.8), lumaSpread(frame, 0.7, 0.2, 1, 0.8)]
    expect(centre.spread).toBeGreaterThan(90)
    for (const side of sides) {
      expect(side.spread).toBeLessThan(centre.spread / 3)
      expect(side.mean).toBeLessThan(centre.mean * 0.75)
    }
    // Whole: its red bands at the top and the bottom are in the frame.
    expect(nearest(colourAt(frame, 0.5, 0.03, 4), { red: [220, 20, 20], other: [128, 128, 128] })).toBe('red')
    expect(nearest(colourAt(frame, 0.5, 0.97, 4), { red: [220, 20, 20], other: [128, 128, 128] })).toBe('red')
  })

  it('gives the same still key for the same media wherever its file is, another when the focus moves', () => {
    const base: SceneStillRequest = { ...request(photo(files.blocks)), width: undefined } as never
    const size = { width: 360, height: 202 }
    const key = getSceneStillKey('local-illustrator', base, size)
    const moved = { ...files.blocks, path: '/elsewhere/blocks.jpg' }
    expect(getSceneStillKey('local-illustrator', { ...base, media: photo(moved) }, size)).toBe(key)
    expect(
      getSceneStillKey(
        'local-illustrator',
        { ...base, media: photo(files.blocks, { focus: { x: 0.2, y: 0.5 } }) },
        size,
      ),
    ).not.toBe(key)
    expect(
      getSceneStillKey('local-illustrator', { ...base, media: photo({ ...files.blocks, version: 'blocks-2' }) }, size),
    ).not.toBe(key)
    // Words do not change a photo's picture.
    expect(getSceneStillKey('local-illustrator', { ...base, visual: 'Another text' }, size)).toBe(key)
  })
})

describe('clip scenes', () => {
  const trimmed = { trim_start: 2, trim_end: 5 }

  it('show the in point at the start and the out point near the end, then hold the last frame', async () => {
    const art = await visuals.prepareScene(request(clip(files.seconds, trimmed), { duration: 4 }))
    try {
      expect(secondShown(await frameAt(art, 0))).toBe(2)
      expect(secondShown(await frameAt(art, 1))).toBe(3)
      expect(secondShown(await frameAt(art, 2.9))).toBe(5)
      expect(secondShown(await frameAt(art, 3.9))).toBe(5)
      // Past the scene's end (the next scene blending in) it still holds.
      expect(secondShown(await frameAt(art, 4.3))).toBe(5)
    } finally {
      art.close?.()
    }
  })

  it('loop from the in point again, and slow down to last the scene', async () => {
    const looped = await visuals.prepareScene(
      request(clip(files.seconds, { ...trimmed, fill: 'loop' }), { duration: 5 }),
    )
    const slowed = await visuals.prepareScene(
      request(clip(files.seconds, { ...trimmed, fill: 'slow' }), { duration: 6 }),
    )
    try {
      expect(secondShown(await frameAt(looped, 2.9))).toBe(5)
      expect(secondShown(await frameAt(looped, 3.1))).toBe(2)
      expect(secondShown(await frameAt(looped, 4.2))).toBe(3)
      // Three seconds of clip over six of scene: half speed.
      expect(secondShown(await frameAt(slowed, 0))).toBe(2)
      expect(secondShown(await frameAt(slowed, 2.1))).toBe(3)
      expect(secondShown(await frameAt(slowed, 4.1))).toBe(4)
      expect(secondShown(await frameAt(slowed, 5.9))).toBe(5)
    } finally {
      looped.close?.()
      slowed.close?.()
    }
  })

  it('read the proxy where it has the pixels the frame shows of the clip, and the copy where it has not', async () => {
    const [tall, wide] = [
      { width: 720, height: 1280 },
      { width: 1280, height: 720 },
    ]
    const centre = { x: 0.5, y: 0.5 }
    const copy = (width: number, height: number, proxy: { width: number; height: number }): MediaFile => ({
      ...files.seconds,
      width,
      height,
      proxy: { path: 'proxy.mp4', ...proxy },
    })
    const source = (file: MediaFile, frame: typeof tall, fit: 'fill' | 'fit') =>
      chooseClipSource(file, { width: file.width ?? 0, height: file.height ?? 0 }, frame, fit, centre).path
    // A tall 1080p clip filling a tall 720p frame, or fitted into a wide one: the proxy has every pixel shown.
    expect(source(copy(1080, 1920, tall), tall, 'fill')).toBe('proxy.mp4')
    expect(source(copy(1080, 1920, tall), wide, 'fit')).toBe('proxy.mp4')
    // A wide clip cropped into a tall frame shows a third of its width: only the copy has those pixels.
    expect(source(copy(1920, 1080, wide), tall, 'fill')).toBe(files.seconds.path)
    expect(source(copy(1920, 1080, wide), tall, 'fit')).toBe('proxy.mp4')
    // A 1080p render reads the copy.
    expect(source(copy(1080, 1920, tall), { width: 1080, height: 1920 }, 'fill')).toBe(files.seconds.path)

    // Drawn: the proxy's frames where it serves (here a different clip, to tell them apart), the copy's where not.
    const grey: MediaFile = { ...files.seconds, path: path.join(dir, 'grey.mp4'), width: 640, height: 360 }
    await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'color=c=#808080:s=640x360:r=30:d=8', '-c:v', 'libx264', grey.path])
    const served = await visuals.prepareScene(
      request(clip({ ...grey, proxy: { path: files.seconds.path, width: WIDTH, height: HEIGHT } }, trimmed)),
    )
    const passed = await visuals.prepareScene(
      request(clip({ ...grey, proxy: { path: files.seconds.path, width: WIDTH / 2, height: HEIGHT / 2 } }, trimmed)),
    )
    try {
      expect(secondShown(await frameAt(served, 0))).toBe(2)
      for (const channel of colourAt(await frameAt(passed, 0), 0.5, 0.5)) expect(channel).toBeCloseTo(128, -1)
    } finally {
      served.close?.()
      passed.close?.()
    }
  })

  it("draw a clip scene's still from the frame at the still's moment", async () => {
    const still: SceneStillRequest = { ...request(clip(files.seconds, trimmed), { duration: 4 }) }
    const bytes = await drawSceneStill(visuals, still, { width: WIDTH, height: HEIGHT, time: 1, format: 'jpeg' })
    const { data } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    expect(secondShown(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength))).toBe(3)
    // By default a storyboard still shows the scene's first moment: the clip's in point.
    const first = await drawSceneStill(visuals, still, { width: WIDTH, height: HEIGHT, format: 'jpeg' })
    const pixels = await sharp(first).ensureAlpha().raw().toBuffer()
    expect(secondShown(new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.byteLength))).toBe(2)
  })
})

/** Raw frames through one ffmpeg filter: `from` and `to` are pixel formats, the size stays. */
async function convertRaw(
  input: Buffer,
  { width, height, from, to, filter }: { width: number; height: number; from: string; to: string; filter: string },
) {
  const size = `${width}x${height}`
  const args = ['-f', 'rawvideo', '-pix_fmt', from, '-s', size, '-i', 'pipe:0', '-vf', filter]
  return (await runFfmpeg([...args, '-f', 'rawvideo', '-pix_fmt', to, 'pipe:1'], { input })).stdout
}

describe('colour grades', () => {
  it('grade a clip frame in YUV (gradeYuv420) as a photo is graded, within a few levels', async () => {
    const [width, height] = [256, 48]
    const pixels = Buffer.alloc(width * height * 4)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // Smooth, so that chroma subsampling is not what is measured; from dark to light, grey to saturated.
        pixels.set([x, y * 5, Math.round(255 - x / 2 - y * 2), 255], (y * width + x) * 4)
      }
    }
    const convert = (input: Buffer, from: string, to: string, filter: string) =>
      convertRaw(input, { width, height, from, to, filter })
    // The clip's frame as the decoder gives it (yuv420p), graded there, then made RGBA as a player would.
    const yuv = await convert(pixels, 'rgba', 'yuv420p', 'scale=out_color_matrix=bt709:out_range=tv')
    const toRgba = (frame: Buffer) => convert(frame, 'yuv420p', 'rgba', 'scale=in_color_matrix=bt709:in_range=tv')
    const plain = await toRgba(yuv)
    for (const style of VIDEO_STYLES) {
      const photoGraded = Buffer.from(pixels)
      gradePixels(photoGraded, STYLE_GRADES[style])
      const frame = Buffer.from(yuv)
      gradeYuv420(frame, width, height, STYLE_GRADES[style])
      const clipGraded = await toRgba(frame)
      const tripGraded = Buffer.from(plain)
      gradePixels(tripGraded, STYLE_GRADES[style])
      let [worst, tripWorst, sum, tripSum] = [0, 0, 0, 0]
      for (let i = 0; i < pixels.length; i++) {
        if (i % 4 === 3) continue
        const difference = Math.abs((photoGraded[i] ?? 0) - (clipGraded[i] ?? 0))
        worst = Math.max(worst, difference)
        sum += difference
        const trip = Math.abs((photoGraded[i] ?? 0) - (tripGraded[i] ?? 0))
        tripWorst = Math.max(tripWorst, trip)
        tripSum += trip
      }
      const mean = sum / ((pixels.length * 3) / 4)
      // Measured against the trip through yuv420p by itself (swscale's, a level or two on average here).
      expect(mean, style).toBeLessThan(tripSum / ((pixels.length * 3) / 4) + 0.6)
      expect(worst, style).toBeLessThanOrEqual(tripWorst + 4)
    }
  })

  it('makes a clip frame RGBA (yuv420ToRgba) at least as faithfully as ffmpeg does', async () => {
    const [width, height] = [64, 48]
    const pixels = Buffer.alloc(width * height * 4)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // Smooth, so that chroma subsampling is not what is measured; dark to light, near-black to saturated.
        pixels.set([x * 4, Math.round(y * 5.4), 255 - x * 2 - y, 255], (y * width + x) * 4)
      }
    }
    const run = (input: Buffer, from: string, to: string, filter: string) =>
      convertRaw(input, { width, height, from, to, filter })
    const yuv = await run(pixels, 'rgba', 'yuv420p', 'scale=out_color_matrix=bt709:out_range=tv')
    const byFfmpeg = await run(yuv, 'yuv420p', 'rgba', 'scale=in_color_matrix=bt709:in_range=tv')
    /** Mean and largest difference from the source's colour channels; alpha must be opaque. */
    const errors = (rgba: Uint8Array) => {
      let [worst, sum] = [0, 0]
      for (let i = 0; i < rgba.length; i++) {
        if (i % 4 === 3) {
          expect(rgba[i]).toBe(255)
          continue
        }
        const difference = Math.abs((rgba[i] ?? 0) - (pixels[i] ?? 0))
        worst = Math.max(worst, difference)
        sum += difference
      }
      return { mean: sum / ((rgba.length * 3) / 4), worst }
    }
    const ffmpeg = errors(byFfmpeg)
    // Written at an offset that is not a multiple of 4 as well: converted aside, then copied.
    for (const offset of [0, 1]) {
      const out = Buffer.alloc(width * height * 4 + offset, 7).subarray(offset)
      yuv420ToRgba(yuv, out, width, height)
      const ours = errors(out)
      expect(ours.mean, `offset ${offset}`).toBeLessThanOrEqual(ffmpeg.mean + 0.05)
      expect(ours.worst, `offset ${offset}`).toBeLessThanOrEqual(ffmpeg.worst)
    }
    expect(() => yuv420ToRgba(yuv.subarray(1), Buffer.alloc(width * height * 4), width, height)).toThrow()
  })
})
