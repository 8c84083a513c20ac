import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { NARRATION_LEAD_SECONDS } from '@storyreel/contracts/narration'
import { DEFAULT_PROJECT_SETTINGS, SceneSchema, type Scene, type SceneMedia } from '@storyreel/contracts/studio'

import { runFfmpeg } from '#src/encoder/ffmpeg-binary.ts'
import { measureToneDb } from '#src/encoder/loudness.ts'
import { decodeAudio } from '#src/encoder/pcm.ts'
import { createPipelineEngines } from '#src/pipeline/pipeline-engines.ts'
import {
  BLOCK_COLOURS,
  makeBlocksPhoto,
  makePortraitPhoto,
  makeSecondsClip,
  SECOND_COLOURS,
} from '#src/testing/media-fixtures.ts'

import type { MediaFiles } from './media-files.ts'
import { createLocalRenderCache } from './render-cache.ts'
import { runRenderTask, type PipelineContext, type Storyboard } from './render-pipeline.ts'
import { drawScene } from './scene-segments.ts'

const IDS = {
  blocks: '00000000-0000-4000-8000-00000000000b',
  portrait: '00000000-0000-4000-8000-00000000000c',
  seconds: '00000000-0000-4000-8000-00000000000d',
  gone: '00000000-0000-4000-8000-00000000000e',
  music: '00000000-0000-4000-8000-00000000000f',
}
/** The repository's music library (the render uses none of it: its music is the owner's track). */
const MUSIC_DIR = fileURLToPath(new URL('../../../../content/music', import.meta.url))
const MUSIC_HZ = 5000
const CLIP_HZ = 440
const [SAMPLE_WIDTH, SAMPLE_HEIGHT] = [320, 180]

let dir = ''
let media: MediaFiles = {}
let context: PipelineContext

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'media-render-test-'))
  const file = (name: string) => path.join(dir, name)
  await Promise.all([
    makeBlocksPhoto(file('blocks.jpg')),
    makePortraitPhoto(file('portrait.png')),
    makeSecondsClip(file('seconds.mp4'), { tone: true }),
    runFfmpeg(
      ['-y', '-f', 'lavfi', '-i', `sine=frequency=${MUSIC_HZ}:sample_rate=48000:duration=20`].concat([
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-ac',
        '2',
        file('song.m4a'),
      ]),
    ),
  ])
  media = {
    [IDS.blocks]: { kind: 'image', path: file('blocks.jpg'), version: 'b1', name: 'Shop front.jpg' },
    [IDS.portrait]: {
      kind: 'image',
      path: file('portrait.png'),
      version: 'p1',
      name: 'Menu board.png',
      // A stock photo: credited to its author, not listed as the owner's.
      credit: { provider: 'pexels', author: 'Ana Lima', pageUrl: 'https://www.pexels.com/photo/2001/' },
    },
    [IDS.seconds]: {
      kind: 'video',
      path: file('seconds.mp4'),
      version: 's1',
      name: 'Pouring.mp4',
      width: 320,
      height: 180,
      durationSeconds: 8,
      hasAudio: true,
    },
    [IDS.music]: { kind: 'audio', path: file('song.m4a'), version: 'm1', name: 'Our jingle.m4a', durationSeconds: 20 },
  }
  const engines = createPipelineEngines({ musicDir: MUSIC_DIR, cacheDir: file('cache') })
  context = {
    engines,
    scenes: { draw: (drawing, options) => drawScene(drawing, engines, options) },
    cache: createLocalRenderCache(file('cache')),
  }
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const scene = (narration: string, duration: number, sceneMedia: SceneMedia | null, id: number): Scene =>
  SceneSchema.parse({
    id: `10000000-0000-4000-8000-00000000000${id}`,
    narration,
    visual: 'A bakery counter with fresh bread',
    duration,
    seed: 7,
    media: sceneMedia,
  })

function storyboard(focus: { x: number; y: number } | null = null): Storyboard {
  return {
    settings: {
      ...DEFAULT_PROJECT_SETTINGS,
      style: 'cinematic',
      aspect_ratio: '16:9',
      target_seconds: 15,
      music_id: null,
      music_asset_id: IDS.music,
      music_volume: 1,
    },
    scenes: [
      scene(
        'Our shop opens at eight.',
        3,
        { type: 'photo', asset_id: IDS.blocks, focus, fit: 'auto', camera: 'zoom-in' },
        1,
      ),
      scene('', 2, { type: 'photo', asset_id: IDS.portrait, focus: null, fit: 'auto', camera: 'still' }, 2),
      scene(
        '',
        3,
        {
          type: 'clip',
          asset_id: IDS.seconds,
          trim_start: 2,
          trim_end: 5,
          focus: null,
          fit: 'auto',
          fill: 'hold',
          sound: 'mixed',
        },
        3,
      ),
      // Its photo left the library: the scene is drawn instead.
      scene('', 2, { type: 'photo', asset_id: IDS.gone, focus: null, fit: 'auto', camera: 'auto' }, 4),
    ],
    media,
  }
}

/** The video's frame at `time`, scaled down, as RGB. */
async function frameAt(video: string, time: number) {
  const { stdout } = await runFfmpeg(
    ['-ss', time.toFixed(3), '-i', video, '-frames:v', '1', '-s', `${SAMPLE_WIDTH}x${SAMPLE_HEIGHT}`].concat([
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ]),
  )
  return stdout
}

function colourAt(frame: Buffer, x: number, y: number) {
  const sum = [0, 0, 0]
  let count = 0
  for (let py = Math.round(y * SAMPLE_HEIGHT) - 3; py < Math.round(y * SAMPLE_HEIGHT) + 3; py++) {
    for (let px = Math.round(x * SAMPLE_WIDTH) - 3; px < Math.round(x * SAMPLE_WIDTH) + 3; px++) {
      for (let channel = 0; channel < 3; channel++) {
        sum[channel] = (sum[channel] ?? 0) + (frame[(py * SAMPLE_WIDTH + px) * 3 + channel] ?? 0)
      }
      count++
    }
  }
  return sum.map((value) => value / count)
}

function nearest<T extends string>(rgb: number[], palette: Record<T, readonly number[]>): T {
  const distance = (other: readonly number[]) => other.reduce((sum, value, i) => sum + (value - (rgb[i] ?? 0)) ** 2, 0)
  return (Object.keys(palette) as T[]).sort((a, b) => distance(palette[a]) - distance(palette[b]))[0] as T
}

const SECONDS = Object.fromEntries(SECOND_COLOURS.map((rgb, second) => [String(second), rgb]))

/** Mean and spread of luma over a band of columns (fractions of the width), rows 20-80 %. */
function band(frame: Buffer, left: number, right: number) {
  const values: number[] = []
  for (let y = Math.round(0.2 * SAMPLE_HEIGHT); y < Math.round(0.8 * SAMPLE_HEIGHT); y++) {
    for (let x = Math.round(left * SAMPLE_WIDTH); x < Math.round(right * SAMPLE_WIDTH); x++) {
      const at = (y * SAMPLE_WIDTH + x) * 3
      values.push(0.2126 * (frame[at] ?? 0) + 0.7152 * (frame[at + 1] ?? 0) + 0.0722 * (frame[at + 2] ?? 0))
    }
  }
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  return { mean, spread: Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length) }
}

describe('a render with the owner’s photos, clip and music', () => {
  it('shows each photo and the trimmed clip in its scene, draws a scene whose file is gone, mixes the music', async () => {
    const out = path.join(dir, 'out-1')
    const result = await runRenderTask(
      { kind: 'render', storyboard: storyboard(), resolution: '720p', outDir: out },
      context,
    )
    expect(result.durationSeconds).toBeCloseTo(10, 0)
    const video = result.files.video

    // Scene 1 (0-3 s): the photo of four blocks, graded by the cinematic style, every block its colour.
    const blocks = await frameAt(video, 1)
    const seen = [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
    ].map(([x, y]) => nearest(colourAt(blocks, x as number, y as number), BLOCK_COLOURS))
    expect(seen).toEqual(['red', 'green', 'blue', 'yellow'])

    // Scene 2 (3-5 s): the portrait photo whole and sharp in the middle, its blurred, darker copy at the sides.
    const portrait = await frameAt(video, 4)
    const middle = band(portrait, 0.42, 0.58)
    for (const side of [band(portrait, 0.02, 0.28), band(portrait, 0.72, 0.98)]) {
      expect(middle.spread).toBeGreaterThan(80)
      expect(side.spread).toBeLessThan(middle.spread / 3)
      expect(side.mean).toBeLessThan(middle.mean * 0.75)
    }

    // Scene 3 (5-8 s): the clip from its second 2 (after the 0.4 s blend) to its second 5 near the end.
    expect(nearest(colourAt(await frameAt(video, 5.45), 0.5, 0.5), SECONDS)).toBe('2')
    expect(nearest(colourAt(await frameAt(video, 7.9), 0.5, 0.5), SECONDS)).toBe('5')

    // Scene 4 (8-10 s): drawn, as its photo is gone: a picture, not the clip's last frame held.
    const drawn = await frameAt(video, 9.5)
    expect(band(drawn, 0, 1).spread).toBeGreaterThan(15)
    expect(nearest(colourAt(drawn, 0.5, 0.5), SECONDS)).not.toBe('5')

    // The owner's track is the music, credited as theirs; the photos and the clip shown are named.
    expect(result.credits.music).toEqual({
      id: IDS.music,
      title: 'Our jingle.m4a',
      licence: expect.stringMatching(/your own upload/i) as unknown,
      source: 'own',
    })
    expect(result.credits.ownMedia).toEqual([
      { name: 'Shop front.jpg', kind: 'photo' },
      { name: 'Pouring.mp4', kind: 'clip' },
    ])
    expect(result.credits.stockMedia).toEqual([
      { provider: 'pexels', author: 'Ana Lima', pageUrl: 'https://www.pexels.com/photo/2001/', kind: 'photo' },
    ])

    // The music is heard, and ducked under the voice; the clip's own sound plays in its scene only.
    const audio = await decodeAudio(video, { sampleRate: 48_000, channels: 2 })
    const tone = (hz: number, from: number, to: number) => measureToneDb(audio, 48_000, hz, from, to, 2)
    const musicAlone = tone(MUSIC_HZ, 3.3, 4.7)
    const musicUnderVoice = tone(MUSIC_HZ, NARRATION_LEAD_SECONDS + 0.2, NARRATION_LEAD_SECONDS + 1)
    expect(musicAlone).toBeGreaterThan(-40)
    expect(musicAlone - musicUnderVoice).toBeGreaterThan(6)
    expect(tone(CLIP_HZ, 5.5, 7.5) - tone(CLIP_HZ, 3.3, 4.7)).toBeGreaterThan(20)
    expect(tone(CLIP_HZ, 5.5, 7.5)).toBeGreaterThan(-40)
  }, 120_000)

  it('reuses every unchanged scene, and draws again only the scene whose focus moved', async () => {
    const again = await runRenderTask(
      { kind: 'render', storyboard: storyboard(), resolution: '720p', outDir: path.join(dir, 'out-2') },
      context,
    )
    expect(again.reusedScenes).toBe(4)
    const moved = await runRenderTask(
      {
        kind: 'render',
        storyboard: storyboard({ x: 0.2, y: 0.3 }),
        resolution: '720p',
        outDir: path.join(dir, 'out-3'),
      },
      context,
    )
    expect(moved.reusedScenes).toBe(3)
  }, 60_000)
})
