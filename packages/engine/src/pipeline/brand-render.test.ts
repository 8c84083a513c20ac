import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { NARRATION_LEAD_SECONDS } from '@storyreel/contracts/narration'
import {
  DEFAULT_PROJECT_SETTINGS,
  getFrameSize,
  SceneSchema,
  type AspectRatio,
  type ProjectSettings,
  type Scene,
} from '@storyreel/contracts/studio'

import type { BrandOverlay, LogoOverlay } from '#src/brand/brand-overlay.ts'
import { getCaptionBand } from '#src/brand/caption-band.ts'
import { placeLogo, type LogoBox } from '#src/brand/logo-placement.ts'
import { getSafeArea } from '#src/brand/safe-area.ts'
import { runFfmpeg } from '#src/encoder/ffmpeg-binary.ts'
import { EngineError } from '#src/errors.ts'
import { createPipelineEngines } from '#src/pipeline/pipeline-engines.ts'
import { makeFlatPhoto, makeLogo } from '#src/testing/media-fixtures.ts'

import type { MediaFiles } from './media-files.ts'
import { createLocalRenderCache } from './render-cache.ts'
import { runPreviewTask, runRenderTask, type PipelineContext, type Storyboard } from './render-pipeline.ts'
import { drawScene } from './scene-segments.ts'

const PHOTO_ID = '00000000-0000-4000-8000-0000000000a1'
/** A blue-grey with no red in it, so any red pixel in a frame is the logo's. */
const GROUND = [70, 110, 150]
/** The logo files are 200×200: square. */
const LOGO_SIZE = { width: 200, height: 200 }
const MUSIC_DIR = fileURLToPath(new URL('../../../../content/music', import.meta.url))

let dir = ''
let media: MediaFiles = {}
let context: PipelineContext
const file = (name: string) => path.join(dir, name)

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'brand-render-test-'))
  await Promise.all([
    makeFlatPhoto(file('ground.jpg'), GROUND),
    makeLogo(file('red.png')),
    makeLogo(file('half.webp'), { format: 'webp', clearRight: true }),
    makeLogo(file('red.jpg'), { format: 'jpeg' }),
  ])
  media = { [PHOTO_ID]: { kind: 'image', path: file('ground.jpg'), version: 'g1', name: 'Ground.jpg' } }
  const engines = createPipelineEngines({ musicDir: MUSIC_DIR, cacheDir: file('cache') })
  context = {
    engines,
    scenes: { draw: (drawing, options) => drawScene(drawing, engines, options) },
    cache: createLocalRenderCache(file('cache')),
  }
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const scene = (id: number, narration = ''): Scene =>
  SceneSchema.parse({
    id: `10000000-0000-4000-8000-00000000000${id}`,
    narration,
    visual: 'A wall',
    duration: 2,
    seed: 3,
    media: { type: 'photo', asset_id: PHOTO_ID, focus: null, fit: 'fill', camera: 'still' },
  })

const settingsFor = (ratio: AspectRatio): ProjectSettings => ({
  ...DEFAULT_PROJECT_SETTINGS,
  aspect_ratio: ratio,
  target_seconds: 15,
  music_id: null,
})

const storyboard = (ratio: AspectRatio, scenes = [scene(1), scene(2)]): Storyboard => ({
  settings: settingsFor(ratio),
  scenes,
  media,
})

const logo = (name: string, settings: Partial<LogoOverlay> = {}): BrandOverlay => ({
  logo: { file: file(name), position: 'top-right', size: 0.16, opacity: 1, ...settings },
})

type Frame = { data: Buffer; width: number; height: number }

/** The video's frame at `time`, decoded as the BT.709 it is tagged with, as RGB. */
async function frameAt(video: string, time: number, { width, height }: { width: number; height: number }) {
  const { stdout } = await runFfmpeg([
    ...['-ss', time.toFixed(3), '-i', video, '-frames:v', '1'],
    ...['-vf', 'scale=in_color_matrix=bt709:in_range=tv,format=rgb24', '-f', 'rawvideo', 'pipe:1'],
  ])
  return { data: stdout, width, height }
}

async function decodeJpeg(jpeg: string): Promise<Frame> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

const rgbAt = (frame: Frame, x: number, y: number) => {
  const at = (y * frame.width + x) * 3
  return [frame.data[at] ?? 0, frame.data[at + 1] ?? 0, frame.data[at + 2] ?? 0]
}
const isRed = ([r = 0, g = 0, b = 0]: number[]) => r > 180 && g < 80 && b < 80

/** The red pixels of a frame: how many, and the rectangle around them (right and bottom exclusive). */
function findRed(frame: Frame) {
  let [count, left, top, right, bottom] = [0, frame.width, frame.height, 0, 0]
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      if (!isRed(rgbAt(frame, x, y))) continue
      count += 1
      left = Math.min(left, x)
      top = Math.min(top, y)
      right = Math.max(right, x + 1)
      bottom = Math.max(bottom, y + 1)
    }
  }
  return { count, left, top, right, bottom }
}

/** The mean colour over the middle of a box (a quarter of its size on each side left out). */
function meanIn(frame: Frame, box: { left: number; top: number; width: number; height: number }) {
  const sum = [0, 0, 0]
  let count = 0
  for (let y = box.top + box.height / 4; y < box.top + (box.height * 3) / 4; y++) {
    for (let x = box.left + box.width / 4; x < box.left + (box.width * 3) / 4; x++) {
      rgbAt(frame, Math.round(x), Math.round(y)).forEach(
        (value, channel) => (sum[channel] = (sum[channel] ?? 0) + value),
      )
      count += 1
    }
  }
  return sum.map((value) => value / count)
}

/** The logo is red over all of its box (give or take a pixel of chroma at its edges), and nowhere else. */
function expectLogoAt(frame: Frame, box: LogoBox, label: string) {
  const red = findRed(frame)
  const safe = getSafeArea(frame.width, frame.height)
  expect(red.count, label).toBeGreaterThan(box.width * box.height * 0.95)
  expect(red.left, label).toBeGreaterThanOrEqual(Math.max(safe.left, box.left - 1))
  expect(red.top, label).toBeGreaterThanOrEqual(Math.max(safe.top, box.top - 1))
  expect(red.right, label).toBeLessThanOrEqual(Math.min(safe.right, box.left + box.width + 1))
  expect(red.bottom, label).toBeLessThanOrEqual(Math.min(safe.bottom, box.top + box.height + 1))
}

describe('a render with the owner’s logo', () => {
  const plain: Partial<Record<AspectRatio, string>> = {}

  it('shows a red-square logo top-right inside the safe area of every ratio’s frames and poster, drawing no scene again', async () => {
    for (const ratio of ['9:16', '16:9', '1:1'] as const) {
      const without = await runRenderTask(
        { kind: 'render', storyboard: storyboard(ratio), resolution: '720p', outDir: file(`plain-${ratio}`) },
        context,
      )
      plain[ratio] = without.files.video
      const frame = getFrameSize(ratio, '720p')
      expect(findRed(await frameAt(without.files.video, 1, frame)).count, ratio).toBe(0)

      const branded = await runRenderTask(
        {
          kind: 'render',
          storyboard: storyboard(ratio),
          resolution: '720p',
          outDir: file(`logo-${ratio}`),
          brand: logo('red.png'),
        },
        context,
      )
      // The logo is laid over the joined video: every scene's segments come from the cache.
      expect(branded.reusedScenes, ratio).toBe(2)
      expect(branded.frameSeconds.frames, ratio).toBe(0)
      const box = placeLogo(LOGO_SIZE, { position: 'top-right', size: 0.16 }, frame, { captions: true })
      for (const time of [0.2, 1, 2.5, 3.9]) {
        expectLogoAt(await frameAt(branded.files.video, time, frame), box, `${ratio} at ${time} s`)
      }
      expectLogoAt(await decodeJpeg(branded.files.poster), box, `${ratio} poster`)
      expect(branded.durationSeconds).toBeCloseTo(without.durationSeconds, 1)
      expect(branded.stageSeconds.logo, ratio).toBeGreaterThan(0)
    }
    // The segments with the logo laid over them are kept too: the same render again lays it over none.
    const again = await runRenderTask(
      {
        kind: 'render',
        storyboard: storyboard('1:1'),
        resolution: '720p',
        outDir: file('again'),
        brand: logo('red.png'),
      },
      context,
    )
    expect(again.stageSeconds.logo).toBe(0)
    expectLogoAt(
      await frameAt(again.files.video, 1, getFrameSize('1:1', '720p')),
      placeLogo(LOGO_SIZE, { position: 'top-right', size: 0.16 }, getFrameSize('1:1', '720p'), { captions: true }),
      'again',
    )
  }, 180_000)

  it('blends a logo at half opacity, and shows what is under a WebP’s transparent half', async () => {
    const ratio = '16:9'
    const frame = getFrameSize(ratio, '720p')
    const branded = await runRenderTask(
      {
        kind: 'render',
        storyboard: storyboard(ratio),
        resolution: '720p',
        outDir: file('half'),
        brand: logo('half.webp', { position: 'top-left', opacity: 0.5 }),
      },
      context,
    )
    expect(branded.reusedScenes).toBe(2)
    const box = placeLogo(LOGO_SIZE, { position: 'top-left', size: 0.16 }, frame, { captions: true })
    const half = { ...box, width: box.width / 2 }
    const clear = { ...half, left: box.left + box.width / 2 }
    const [under, over] = await Promise.all([
      frameAt(plain[ratio] ?? '', 1, frame),
      frameAt(branded.files.video, 1, frame),
    ])
    const ground = meanIn(under, half)
    const blended = meanIn(over, half)
    ground.forEach((value, channel) => {
      const expected = ((channel === 0 ? 255 : 0) + value) / 2
      expect(Math.abs((blended[channel] ?? 0) - expected), `channel ${channel}`).toBeLessThan(8)
    })
    const kept = meanIn(over, clear)
    meanIn(under, clear).forEach((value, channel) => expect(Math.abs((kept[channel] ?? 0) - value)).toBeLessThan(4))
  }, 60_000)

  it('keeps a bottom-left logo above the captions', async () => {
    const ratio = '9:16'
    const frame = getFrameSize(ratio, '720p')
    const branded = await runRenderTask(
      {
        kind: 'render',
        storyboard: storyboard(ratio, [scene(3, 'Fresh bread every single morning.')]),
        resolution: '720p',
        outDir: file('captions'),
        brand: logo('red.png', { position: 'bottom-left', size: 0.3 }),
      },
      context,
    )
    const box = placeLogo(LOGO_SIZE, { position: 'bottom-left', size: 0.3 }, frame, { captions: true })
    const band = getCaptionBand(frame.width, frame.height)
    const shown = await frameAt(branded.files.video, NARRATION_LEAD_SECONDS + 0.6, frame)
    expectLogoAt(shown, box, 'bottom-left')
    // The caption's white letters are there, all of them below the logo.
    let captionTop = frame.height
    for (let y = 0; y < frame.height; y++) {
      for (let x = 0; x < frame.width && captionTop === frame.height; x++) {
        if (rgbAt(shown, x, y).every((value) => value > 225)) captionTop = y
      }
    }
    expect(captionTop).toBeGreaterThanOrEqual(band.top)
    expect(captionTop).toBeLessThan(band.bottom)
    expect(findRed(shown).bottom).toBeLessThan(captionTop)
  }, 60_000)

  it('shows the logo in a scene’s preview and its still', async () => {
    const settings = settingsFor('9:16')
    const preview = await runPreviewTask(
      {
        kind: 'preview',
        scene: scene(1),
        index: 0,
        count: 2,
        settings,
        outDir: file('preview'),
        media,
        brand: logo('red.png'),
      },
      context,
    )
    const frame = { width: 360, height: 640 }
    const box = placeLogo(LOGO_SIZE, { position: 'top-right', size: 0.16 }, frame, { captions: true })
    expectLogoAt(await frameAt(preview.video, 1, frame), box, 'preview video')
    expectLogoAt(await decodeJpeg(preview.poster), box, 'preview still')
  }, 60_000)

  it('refuses a JPEG logo with an EngineError before drawing anything', async () => {
    const rendering = runRenderTask(
      {
        kind: 'render',
        storyboard: storyboard('1:1', [scene(4)]),
        resolution: '720p',
        outDir: file('refused'),
        brand: logo('red.jpg'),
      },
      context,
    )
    await expect(rendering).rejects.toBeInstanceOf(EngineError)
    await expect(rendering).rejects.toMatchObject({
      kind: 'invalid',
      message: 'The logo must be a PNG or WebP image; this file is a JPEG.',
    })
    await expect(readFile(file('refused/video.mp4'))).rejects.toThrow()
  })
})
