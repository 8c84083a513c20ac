import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { createCanvas } from '@napi-rs/canvas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { NARRATION_LEAD_SECONDS } from '@storyreel/contracts/narration'
import {
  DEFAULT_PROJECT_SETTINGS,
  getFrameSize,
  SceneSchema,
  type AspectRatio,
  type CaptionStyle,
  type ProjectSettings,
  type Scene,
} from '@storyreel/contracts/studio'

import { drawCard } from '#src/brand/brand-card.ts'
import type { BrandOverlay } from '#src/brand/brand-overlay.ts'
import { prepareBrand } from '#src/brand/prepare-brand.ts'
import { getCaptionBand } from '#src/brand/caption-band.ts'
import { placeLogo } from '#src/brand/logo-placement.ts'
import { runFfmpeg } from '#src/encoder/ffmpeg-binary.ts'
import { createPipelineEngines } from '#src/pipeline/pipeline-engines.ts'
import { FONT_FILES } from '#src/testing/font-fixtures.ts'
import { makeFlatPhoto, makeLogo } from '#src/testing/media-fixtures.ts'
import { levelBetween } from '#src/testing/sound-level.ts'

import type { MediaFiles } from './media-files.ts'
import { createLocalRenderCache } from './render-cache.ts'
import { runPreviewTask, runRenderTask, type PipelineContext, type Storyboard } from './render-pipeline.ts'
import { drawScene } from './scene-segments.ts'

const PHOTO_ID = '00000000-0000-4000-8000-0000000000a1'
/** A blue-grey with no red in it, so any red pixel in a frame is a logo's. */
const GROUND = [70, 110, 150]
const MUSIC_DIR = fileURLToPath(new URL('../../../../content/music', import.meta.url))
const PRIMARY = '#1e3a8a'
const ACCENT = '#047857'
const OUR_HIGHLIGHT = [0x7c, 0x3a, 0xed]
/** A moment the spoken scene's first word is lit, its cue faded in. */
const CAPTION_SHOWN = NARRATION_LEAD_SECONDS + 0.35

let dir = ''
let media: MediaFiles = {}
let context: PipelineContext
/** The segment files each render drew and cached (by the work file's name: `segment-1-body`, `card-closing-…`). */
let drawnSegments: string[] = []
const file = (name: string) => path.join(dir, name)

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'brand-kit-render-test-'))
  await Promise.all([
    makeFlatPhoto(file('ground.jpg'), GROUND),
    makeLogo(file('red.png')),
    makeLogo(file('half.png'), { clearRight: true }),
  ])
  media = { [PHOTO_ID]: { kind: 'image', path: file('ground.jpg'), version: 'g1', name: 'Ground.jpg' } }
  const engines = createPipelineEngines({ musicDir: MUSIC_DIR, cacheDir: file('cache') })
  const cache = createLocalRenderCache(file('cache'))
  context = {
    engines,
    scenes: { draw: (drawing, options) => drawScene(drawing, engines, options) },
    cache: {
      ...cache,
      put: async (key, source) => {
        // Drawn segments, not those the logo was laid over (branded-…).
        const name = path.basename(source, '.mp4')
        if (key.startsWith('segments/') && !name.startsWith('branded-')) drawnSegments.push(name)
        await cache.put(key, source)
      },
    },
  }
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const scene = (id: number, narration = '', duration = 2): Scene =>
  SceneSchema.parse({
    id: `10000000-0000-4000-8000-00000000000${id}`,
    narration,
    visual: 'A wall',
    duration,
    seed: 3,
    media: { type: 'photo', asset_id: PHOTO_ID, focus: null, fit: 'fill', camera: 'still' },
  })

const settingsFor = (ratio: AspectRatio, style: CaptionStyle = 'karaoke'): ProjectSettings => ({
  ...DEFAULT_PROJECT_SETTINGS,
  aspect_ratio: ratio,
  target_seconds: 15,
  music_id: null,
  captions: { enabled: true, style },
})

/** A spoken scene and a silent one: the silent one draws no caption, so no colour of the brand. */
const storyboard = (ratio: AspectRatio, style: CaptionStyle = 'karaoke'): Storyboard => ({
  settings: settingsFor(ratio, style),
  scenes: [scene(1, 'Fresh bread.'), scene(2)],
  media,
})

const KIT: BrandOverlay = {
  logo: { file: '', position: 'top-right', size: 0.16, opacity: 1 },
  colours: { primary: PRIMARY, accent: ACCENT },
  font: { file: FONT_FILES.ttf },
  openingCard: { headline: 'Fresh bread every morning', seconds: 1.5 },
  closingCard: { callToAction: 'Come and taste it', contact: 'bakery.example.com', seconds: 2, voiced: true },
}
const kit = (changes: Partial<BrandOverlay> = {}): BrandOverlay => ({
  ...KIT,
  logo: { file: file('red.png'), position: 'top-right', size: 0.16, opacity: 1 },
  ...changes,
})

/** Renders, and says which segments it drew (the rest came from the cache). */
async function render(name: string, board: Storyboard, brand?: BrandOverlay) {
  drawnSegments = []
  const result = await runRenderTask(
    { kind: 'render', storyboard: board, resolution: '720p', outDir: file(name), brand },
    context,
  )
  return { ...result, drawn: drawnSegments.toSorted() }
}

type Frame = { data: Buffer; width: number; height: number }

async function frameAt(video: string, time: number, { width, height }: { width: number; height: number }) {
  const { stdout } = await runFfmpeg([
    ...['-ss', time.toFixed(3), '-i', video, '-frames:v', '1'],
    ...['-vf', 'scale=in_color_matrix=bt709:in_range=tv,format=rgb24', '-f', 'rawvideo', 'pipe:1'],
  ])
  return { data: stdout, width, height } satisfies Frame
}

const rgbAt = (frame: Frame, x: number, y: number) => {
  const at = (y * frame.width + x) * 3
  return [frame.data[at] ?? 0, frame.data[at + 1] ?? 0, frame.data[at + 2] ?? 0]
}
const hex = (colour: string) => [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16))
const near = (rgb: number[], expected: number[], tolerance: number) =>
  rgb.every((value, channel) => Math.abs(value - (expected[channel] ?? 0)) <= tolerance)

type Box = { left: number; top: number; width: number; height: number }

/** Pixels of a colour (give or take the video's rounding) in a box, by default a band of rows. */
function countIn(frame: Frame, colour: number[], top = 0, bottom = frame.height, tolerance = 12, box?: Box) {
  const [left, right] = box ? [box.left, box.left + box.width] : [0, frame.width]
  let count = 0
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) if (near(rgbAt(frame, x, y), colour, tolerance)) count++
  }
  return count
}
const RED = [255, 0, 0]
const redIn = (frame: Frame, box: Box) => countIn(frame, RED, box.top, box.top + box.height, 60, box)

describe('a render with the owner’s colours, font and cards', () => {
  it('keeps every segment of a video without a kit as it was, and its keys', async () => {
    const plain = await render('plain', storyboard('1:1'))
    expect(plain.cardSeconds).toEqual({ opening: 0, closing: 0 })
    // The silent scene's segments, as keyed before brand colours, fonts and cards: a change here draws every
    // stored scene again (it moves with STILL_ART_VERSION, and, as the scenes show a photo, GRADE_VERSION).
    const keys = await Promise.all(
      ['65044af14627ac9efa4e69a814956614', 'a5a537d91b9147fa162275ce057b0201'].map((key) =>
        context.cache.has(`segments/${key}.mp4`),
      ),
    )
    expect(keys).toEqual([true, true])
    // The logo alone, or colours the style does not use, draw nothing again.
    const logo = await render('logo', storyboard('1:1'), { logo: kit().logo })
    expect(logo.drawn).toEqual([])
    const classic = await render('classic', storyboard('1:1', 'classic'))
    const unused = await render('unused', storyboard('1:1', 'classic'), {
      colours: { primary: PRIMARY, accent: ACCENT },
    })
    expect(classic.drawn.length).toBeGreaterThan(0)
    expect(unused.drawn).toEqual([])
  }, 120_000)

  it('lights the spoken word in the accent, and draws again only the scenes with captions', async () => {
    const ratio = '1:1'
    const frame = getFrameSize(ratio, '720p')
    const branded = await render('accent', storyboard(ratio), { colours: { primary: PRIMARY, accent: ACCENT } })
    // The spoken scene is drawn again; the silent one draws no caption and is reused.
    expect(branded.drawn).toEqual(['segment-0-body', 'segment-0-lead-in'])
    const band = getCaptionBand(frame.width, frame.height)
    const shown = await frameAt(branded.files.video, CAPTION_SHOWN, frame)
    expect(countIn(shown, hex(ACCENT), band.top, band.bottom, 10)).toBeGreaterThan(300)
    expect(countIn(shown, OUR_HIGHLIGHT, band.top, band.bottom, 10)).toBe(0)
    // The primary is no part of karaoke captions: changing it draws no scene again.
    const primary = await render('primary', storyboard(ratio), { colours: { accent: ACCENT, primary: '#7f1d1d' } })
    expect(primary.drawn).toEqual([])
    // The boxed style's plate is the primary.
    const boxed = await render('boxed', storyboard(ratio, 'boxed'), { colours: { primary: PRIMARY, accent: ACCENT } })
    const plate = await frameAt(boxed.files.video, CAPTION_SHOWN, frame)
    const expected = hex(PRIMARY).map((value, channel) => value * 0.88 + (GROUND[channel] ?? 0) * 0.12)
    expect(countIn(plate, expected, band.top, band.bottom, 8)).toBeGreaterThan(2000)
  }, 120_000)

  it('opens and closes the video with the cards: the primary colour, no captions, no corner logo', async () => {
    const ratio = '16:9'
    const frame = getFrameSize(ratio, '720p')
    const board = storyboard(ratio)
    const plain = await render('cards-plain', board)
    const branded = await render('cards', board, kit())
    const { opening, closing } = branded.cardSeconds
    expect(opening).toBe(1.5)
    expect(closing).toBeGreaterThanOrEqual(2)
    expect(branded.durationSeconds).toBeCloseTo(plain.durationSeconds + opening + closing, 1)
    const corner = placeLogo({ width: 200, height: 200 }, { position: 'top-right', size: 0.16 }, frame, {
      captions: true,
    })
    const band = getCaptionBand(frame.width, frame.height)
    // Each card is the frame as drawCard draws it, and nothing over it: no caption, no corner logo.
    const prepared = await prepareBrand(kit(), frame, { captions: true, cards: true })
    try {
      for (const [time, card] of [
        [0.7, prepared.opening?.card],
        [branded.durationSeconds - 0.4, prepared.closing?.card],
      ] as const) {
        if (!card) throw new Error('no card')
        const label = `${card.kind} card at ${time} s`
        const shown = await frameAt(branded.files.video, time, frame)
        const canvas = createCanvas(frame.width, frame.height)
        await drawCard(canvas.getContext('2d'), card, frame.width, frame.height)
        const drawn = canvas.getContext('2d').getImageData(0, 0, frame.width, frame.height).data
        let difference = 0
        for (let at = 0; at < frame.width * frame.height; at++) {
          for (let channel = 0; channel < 3; channel++) {
            difference += Math.abs((shown.data[at * 3 + channel] ?? 0) - (drawn[at * 4 + channel] ?? 0))
          }
        }
        expect(difference / (frame.width * frame.height * 3), label).toBeLessThan(2)
        // The primary colour halfway down at the frame's edge, where nothing is drawn over the ground.
        expect(near(rgbAt(shown, 8, frame.height / 2), hex(PRIMARY), 6), label).toBe(true)
        expect(redIn(shown, corner), label).toBe(0)
        // The card's own logo, centred and larger than the corner one.
        expect(countIn(shown, RED, 0, frame.height, 60), label).toBeGreaterThan(corner.width * corner.height * 1.5)
      }
    } finally {
      prepared.release()
    }
    // The scenes in between, moved on by the opening card, with the logo in its corner and their captions.
    const sceneFrame = await frameAt(branded.files.video, opening + CAPTION_SHOWN, frame)
    expect(redIn(sceneFrame, corner)).toBeGreaterThan(corner.width * corner.height * 0.9)
    expect(countIn(sceneFrame, hex(ACCENT), band.top, band.bottom, 10)).toBeGreaterThan(300)

    // The voiced closing card has its speech under it; unvoiced, it is as quiet as a video without music.
    const scenesEnd = opening + plain.durationSeconds
    const speech = await levelBetween(branded.files.video, scenesEnd + 0.3, branded.durationSeconds - 0.2)
    const closingCard = KIT.closingCard ?? { callToAction: '', contact: '', seconds: 2, voiced: true }
    const quiet = await render('cards-quiet', board, kit({ closingCard: { ...closingCard, voiced: false } }))
    const silence = await levelBetween(quiet.files.video, scenesEnd + 0.3, quiet.durationSeconds - 0.2)
    expect(speech).toBeGreaterThan(-35)
    expect(silence).toBeLessThan(speech - 30)
    // The card is drawn from what it shows: unvoiced it is shorter, and only its body is drawn again.
    expect(quiet.cardSeconds.closing).toBe(2)
    expect(quiet.drawn).toEqual(closing > 2 ? ['card-closing-body'] : [])

    // Another logo: every scene body is reused (the logo is laid over them); the cards, which show it, are not,
    // nor the first scene's lead-in, which blends in from the opening card.
    const logo = await render(
      'cards-logo',
      board,
      kit({ logo: { ...KIT.logo, file: file('half.png') } as BrandOverlay['logo'] }),
    )
    expect(logo.drawn).toEqual([
      'card-closing-body',
      'card-closing-lead-in',
      'card-opening-body',
      'card-opening-lead-in',
      'segment-0-lead-in',
    ])
    expect(logo.reusedScenes).toBe(2)
    // Another accent: the spoken scene's captions and both cards (the chip, the opening card's bar).
    const accent = await render('cards-accent', board, kit({ colours: { primary: PRIMARY, accent: '#b45309' } }))
    expect(accent.drawn).toEqual([
      'card-closing-body',
      'card-closing-lead-in',
      'card-opening-body',
      'card-opening-lead-in',
      'segment-0-body',
      'segment-0-lead-in',
    ])
  }, 240_000)

  it('refuses a storyboard whose scenes and cards last more than 90 s, before voicing or drawing', async () => {
    const long = { ...storyboard('1:1'), scenes: Array.from({ length: 6 }, (_, index) => scene(index + 3, '', 14.5)) }
    drawnSegments = []
    const rendering = runRenderTask(
      { kind: 'render', storyboard: long, resolution: '720p', outDir: file('long'), brand: kit() },
      context,
    )
    await expect(rendering).rejects.toMatchObject({
      kind: 'invalid',
      reason: 'too-long',
      message:
        "The scenes add up to 87.0 s and the brand's cards 3.5 s, 90.5 s in all; a video can last at most 90 s. " +
        'Shorten the storyboard or turn a card off.',
    })
    expect(drawnSegments).toEqual([])
    // Without the cards it fits.
    const { openingCard: _opening, closingCard: _closing, ...noCards } = kit()
    const fits = await render('long-fits', { ...long, scenes: long.scenes.slice(0, 1) }, noCards)
    expect(fits.cardSeconds).toEqual({ opening: 0, closing: 0 })
  }, 60_000)

  it('shows a scene’s preview in the brand’s colours and font, with no cards', async () => {
    const preview = await runPreviewTask(
      {
        kind: 'preview',
        scene: scene(1, 'Fresh bread.'),
        index: 0,
        count: 2,
        settings: settingsFor('9:16'),
        outDir: file('preview'),
        media,
        brand: kit(),
      },
      context,
    )
    expect(preview.durationSeconds).toBe(2)
    const frame = { width: 360, height: 640 }
    const band = getCaptionBand(frame.width, frame.height)
    const shown = await frameAt(preview.video, CAPTION_SHOWN, frame)
    expect(countIn(shown, hex(ACCENT), band.top, band.bottom, 10)).toBeGreaterThan(100)
    expect(near(rgbAt(shown, 8, frame.height / 2), GROUND, 8)).toBe(true)
  }, 60_000)
})
