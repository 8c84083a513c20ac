import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_PROJECT_SETTINGS, ownWordsPrompt } from '@storyreel/contracts/studio'

import { runFfmpeg } from './encoder/ffmpeg-binary.ts'
import { probeMedia } from './encoder/probe.ts'
import { placeLogo } from './brand/logo-placement.ts'
import { getSafeArea } from './brand/safe-area.ts'
import { FONT_FILES } from './testing/font-fixtures.ts'
import { BLOCK_COLOURS, makeBlocksPhoto, makeFlatPhoto, makeLogo } from './testing/media-fixtures.ts'
import { makeClip } from './testing/upload-fixtures.ts'

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url))

type Run = { code: number | null; stdout: string; stderr: string }

function runCli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('npm run render (the command-line renderer)', () => {
  let work = ''
  let env: Record<string, string> = {}

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-cli-test-'))
    env = { RENDER_CACHE_DIR: path.join(work, 'cache') }
  })
  afterAll(() => rm(work, { recursive: true, force: true }))

  it('renders a two-scene storyboard file to an H.264 + AAC MP4 with poster, captions and timings', async () => {
    const file = path.join(work, 'storyboard.json')
    await writeFile(
      file,
      JSON.stringify({
        // The file `--from-text` writes carries the title too.
        title: 'Morning bread',
        settings: { ...DEFAULT_PROJECT_SETTINGS, style: 'comic', target_seconds: 15 },
        scenes: [
          { narration: 'The baker opens her shop at dawn.', visual: 'A small bakery on a quiet street', duration: 12 },
          // Far too short for its words: the render lengthens it rather than cut or hurry the speech.
          {
            narration: 'Fresh bread fills the window, and the first customers of the morning line up for warm loaves.',
            visual: 'Loaves of bread in a shop window',
            duration: 3,
          },
        ],
      }),
    )
    const out = path.join(work, 'out')
    const run = await runCli([file, out, '--ratio', '16:9'], env)
    expect(run.code, run.stderr).toBe(0)
    // Not a terminal here: plain progress lines, one per stage at least.
    expect(run.stderr).toMatch(/^\s*\d+%\s+Voicing the narration$/m)
    expect(run.stderr).toMatch(/^100%\s+Writing poster and captions$/m)
    for (const name of ['video.mp4', 'poster.jpg', 'captions.srt', 'captions.vtt', 'render.json']) {
      expect(existsSync(path.join(out, name)), name).toBe(true)
    }
    const probe = await probeMedia(path.join(out, 'video.mp4'))
    expect(probe.streams.map((stream) => stream.codec).sort()).toEqual(['aac', 'h264'])
    expect(probe.streams.find((stream) => stream.type === 'video')).toMatchObject({ width: 1280, height: 720 })
    const report = JSON.parse(await readFile(path.join(out, 'render.json'), 'utf8')) as {
      stageSeconds: Record<string, number>
      width: number
      lengthenedScenes: { from: number; to: number }[]
    }
    expect(report.lengthenedScenes).toHaveLength(1)
    const [lengthened] = report.lengthenedScenes
    expect(lengthened?.from).toBe(3)
    expect(lengthened?.to).toBeGreaterThan(5)
    const expected = 12 + (lengthened?.to ?? 0)
    expect(probe.durationSeconds).toBeGreaterThan(expected - 0.3)
    expect(probe.durationSeconds).toBeLessThan(expected + 0.6)
    expect(await readFile(path.join(out, 'captions.srt'), 'utf8')).toMatch(/warm loaves\.\s*$/)
    // The soundtrack is mixed while the pictures are drawn, so its entry lands whenever it finishes.
    expect(Object.keys(report.stageSeconds).sort()).toEqual(['audio', 'encoding', 'finishing', 'visuals', 'voice'])
    expect(report.width).toBe(1280)
    expect(await readFile(path.join(out, 'captions.srt'), 'utf8')).toContain('baker')
  }, 120_000)

  it('refuses a file that is not a storyboard with exit code 2, naming each field', async () => {
    const file = path.join(work, 'bad.json')
    await writeFile(file, JSON.stringify({ settings: { ...DEFAULT_PROJECT_SETTINGS, style: 'oil' }, scenes: [] }))
    const run = await runCli([file, path.join(work, 'never')], env)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('settings.style:')
    expect(run.stderr).toContain('scenes: add at least one scene')
    expect(existsSync(path.join(work, 'never', 'video.mp4'))).toBe(false)
  })

  it('refuses a scene that still holds a prompt for your own words with exit code 2, naming the scene', async () => {
    const file = path.join(work, 'unfilled.json')
    const scenes = [
      { narration: 'Ever wondered how solar panels work?', visual: 'Solar panels on a roof', duration: 5 },
      {
        narration: ownWordsPrompt(20, 'the first part of the answer'),
        visual: 'A diagram of solar panels on a whiteboard',
        duration: 8,
      },
      { narration: 'And that is how solar panels work.', visual: 'Solar panels at dusk', duration: 5 },
    ]
    await writeFile(file, JSON.stringify({ settings: DEFAULT_PROJECT_SETTINGS, scenes }))
    const run = await runCli([file, path.join(work, 'never')], env)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Scene 2 still holds a prompt for your own words')
    expect(run.stderr).toContain('[In your own words, about 20 words: the first part of the answer]')
    expect(existsSync(path.join(work, 'never', 'video.mp4'))).toBe(false)
  })

  it('drafts an explainer offline, writes its storyboard and refuses to render its prompts with exit code 2', async () => {
    const out = path.join(work, 'explainer')
    const run = await runCli(['--from-text', 'How solar panels work', '--kind', 'prompt', out], env)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/Scene \d+ still holds a prompt for your own words/)
    expect(run.stderr).toContain(`npm run render -- ${path.join(out, 'storyboard.json')} ${out}`)
    const written = JSON.parse(await readFile(path.join(out, 'storyboard.json'), 'utf8')) as {
      title: string
      settings: { language: string; voice_id: string }
    }
    expect(written.title).toBe('How Solar Panels Work')
    expect(written.settings).toMatchObject({ language: 'en', voice_id: DEFAULT_PROJECT_SETTINGS.voice_id })
    expect(existsSync(path.join(out, 'video.mp4'))).toBe(false)
  })

  it('refuses a prompt in another language for the offline writer, saying a script in it would do', async () => {
    const prompt = 'Un anuncio de veinte segundos para mi floristería en Sevilla, con rosas y girasoles'
    const run = await runCli(['--from-text', prompt, '--kind', 'prompt', path.join(work, 'spanish')], env)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('This prompt is in Spanish')
    expect(run.stderr).toContain('give --kind script')
    expect(existsSync(path.join(work, 'spanish', 'storyboard.json'))).toBe(false)
  })

  it('refuses a script too long for any video with exit code 2, naming its word count', async () => {
    const script = Array.from({ length: 100 }, () => 'The keeper climbs the stairs to light the old lamp.').join(' ')
    const run = await runCli(['--from-text', script, '--kind', 'script', path.join(work, 'long')], env)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('This script has 1,000 words')
    expect(run.stderr).toContain('a video lasts at most 90 s')
  })

  it('refuses an unknown option value and a missing output folder with exit code 2', async () => {
    const badRatio = await runCli(['story.json', 'out', '--ratio', '4:3'], env)
    expect(badRatio.code).toBe(2)
    expect(badRatio.stderr).toContain('--ratio must be one of 9:16, 16:9, 1:1')
    const missing = await runCli(['story.json'], env)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('Give a storyboard file and an output folder.')
  })

  it('renders scenes that name local photo and clip files, with a track of its own as the music', async () => {
    const folder = path.join(work, 'own-media')
    await mkdir(folder, { recursive: true })
    // A 25 fps clip is converted to the 30 fps H.264 renders read; the photo and track are used as they are.
    await Promise.all([
      makeBlocksPhoto(path.join(folder, 'shop.jpg')),
      makeClip(path.join(folder, 'pour.mp4'), { width: 320, height: 180, fps: 25, seconds: 3 }),
      runFfmpeg(['-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=20', path.join(folder, 'song.wav')]),
    ])
    const file = path.join(folder, 'storyboard.json')
    await writeFile(
      file,
      JSON.stringify({
        settings: { ...DEFAULT_PROJECT_SETTINGS, aspect_ratio: '16:9', target_seconds: 15, music_file: 'song.wav' },
        scenes: [
          {
            narration: 'Our shop opens at eight.',
            visual: 'A shop',
            duration: 8,
            media: { type: 'photo', file: 'shop.jpg', camera: 'zoom-in' },
          },
          {
            narration: 'Coffee, poured by hand.',
            visual: 'Coffee',
            duration: 7,
            media: { type: 'clip', file: 'pour.mp4', trim_start: 0.5, trim_end: 2.5, fill: 'loop' },
          },
        ],
      }),
    )
    const out = path.join(folder, 'out')
    const run = await runCli([file, out], env)
    expect(run.code, run.stderr).toBe(0)
    const report = JSON.parse(await readFile(path.join(out, 'render.json'), 'utf8')) as {
      credits: { music: { title: string; source: string }; ownMedia: { name: string; kind: string }[] }
    }
    expect(report.credits.music).toMatchObject({ title: 'song.wav', source: 'own' })
    expect(report.credits.ownMedia).toEqual([
      { name: 'shop.jpg', kind: 'photo' },
      { name: 'pour.mp4', kind: 'clip' },
    ])
    // The photo's four blocks, in the first scene's frames (sampled above the captions).
    const { stdout } = await runFfmpeg(
      ['-ss', '1', '-i', path.join(out, 'video.mp4'), '-frames:v', '1', '-vf', 'scale=32:18:flags=area'].concat([
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        'pipe:1',
      ]),
    )
    const quarters = [
      [8, 4],
      [24, 4],
      [8, 11],
      [24, 11],
    ].map(([x = 0, y = 0]) => [...stdout.subarray((y * 32 + x) * 3, (y * 32 + x) * 3 + 3)])
    const names = Object.keys(BLOCK_COLOURS) as (keyof typeof BLOCK_COLOURS)[]
    const nearest = (rgb: number[]) =>
      names.sort(
        (a, b) =>
          BLOCK_COLOURS[a].reduce((sum, value, i) => sum + (value - (rgb[i] ?? 0)) ** 2, 0) -
          BLOCK_COLOURS[b].reduce((sum, value, i) => sum + (value - (rgb[i] ?? 0)) ** 2, 0),
      )[0]
    expect(quarters.map(nearest), JSON.stringify(quarters)).toEqual(['red', 'green', 'blue', 'yellow'])
  }, 120_000)

  it('refuses a media file that is missing, cannot be read or is not what the scene says, with exit code 2', async () => {
    const folder = path.join(work, 'bad-media')
    await mkdir(folder, { recursive: true })
    await writeFile(path.join(folder, 'notes.jpg'), 'not a photo at all')
    await makeClip(path.join(folder, 'clip.mp4'))
    const attempt = async (media: Record<string, unknown>) => {
      const file = path.join(folder, 'storyboard.json')
      await writeFile(
        file,
        JSON.stringify({
          settings: DEFAULT_PROJECT_SETTINGS,
          scenes: [{ narration: 'Our shop opens at eight.', visual: 'A shop', duration: 5, media }],
        }),
      )
      return runCli([file, path.join(folder, 'out')], env)
    }
    const missing = await attempt({ type: 'photo', file: 'gone.jpg' })
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain(`scenes.0.media.file "${path.join(folder, 'gone.jpg')}": there is no such file.`)
    const unreadable = await attempt({ type: 'photo', file: 'notes.jpg' })
    expect(unreadable.code).toBe(2)
    expect(unreadable.stderr).toContain('This file is not a photo, clip or sound we can use.')
    const wrongKind = await attempt({ type: 'photo', file: 'clip.mp4' })
    expect(wrongKind.code).toBe(2)
    expect(wrongKind.stderr).toContain('this is a clip, not a photo.')
    expect(existsSync(path.join(folder, 'out', 'video.mp4'))).toBe(false)
  })

  it('renders a --brand-kit file: cards in its colours and font, captions in its font and accent, its logo in the safe area', async () => {
    const folder = path.join(work, 'brand')
    await mkdir(path.join(folder, 'kit'), { recursive: true })
    await Promise.all([
      makeFlatPhoto(path.join(folder, 'wall.jpg'), [70, 110, 150]),
      makeLogo(path.join(folder, 'kit', 'logo.png')),
      copyFile(FONT_FILES.ttf, path.join(folder, 'kit', 'brand.ttf')),
    ])
    const file = path.join(folder, 'storyboard.json')
    await writeFile(
      file,
      JSON.stringify({
        // Karaoke captions, set in the kit's font by the scene threads.
        settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 15, captions: { enabled: true, style: 'karaoke' } },
        scenes: [
          {
            narration: 'Baked at dawn.',
            visual: 'A wall',
            duration: 15,
            media: { type: 'photo', file: 'wall.jpg', camera: 'still' },
          },
        ],
      }),
    )
    // The logo's and the font's paths are relative to the kit file, wherever the kit is.
    const kit = path.join(folder, 'kit', 'kit.json')
    const [primary, accent] = [
      [0x1e, 0x3a, 0x8a],
      [0x04, 0x78, 0x57],
    ]
    await writeFile(
      kit,
      JSON.stringify({
        logo: { file: 'logo.png', position: 'top-right', size: 0.16, opacity: 1 },
        colours: { primary: '#1E3A8A', accent: '#047857' },
        font: 'brand.ttf',
        opening_card: { headline: 'Fresh bread every morning', seconds: 1.5 },
        closing_card: { call_to_action: 'Come and taste it', contact: 'bakery.example.com', seconds: 2, voiced: true },
      }),
    )
    const out = path.join(folder, 'out')
    const run = await runCli([file, out, '--ratio', '9:16', '--brand-kit', kit], env)
    expect(run.code, run.stderr).toBe(0)
    const report = JSON.parse(await readFile(path.join(out, 'render.json'), 'utf8')) as {
      durationSeconds: number
      cardSeconds: { opening: number; closing: number }
    }
    // The closing card lasts as long as its speech needs, at least the kit's 2 s.
    expect(report.cardSeconds.opening).toBe(1.5)
    expect(report.cardSeconds.closing).toBeGreaterThanOrEqual(2)
    const { opening, closing } = report.cardSeconds
    const probe = await probeMedia(path.join(out, 'video.mp4'))
    expect(probe.durationSeconds).toBeGreaterThan(opening + 15 + closing - 0.2)
    expect(probe.durationSeconds).toBeLessThan(opening + 15 + closing + 0.2)
    expect(report.durationSeconds).toBeCloseTo(probe.durationSeconds, 0)

    const [width, height] = [720, 1280]
    const box = placeLogo(
      { width: 200, height: 200 },
      { position: 'top-right', size: 0.16 },
      { width, height },
      {
        captions: true,
      },
    )
    const safe = getSafeArea(width, height)
    const isRed = (rgb: Buffer, at: number) =>
      (rgb[at] ?? 0) > 180 && (rgb[at + 1] ?? 0) < 80 && (rgb[at + 2] ?? 0) < 80
    /** The rectangle around the red pixels of a frame. */
    const redBounds = (rgb: Buffer) => {
      const found = { count: 0, left: width, top: height, right: 0, bottom: 0 }
      for (let at = 0; at < rgb.length; at += 3) {
        if (!isRed(rgb, at)) continue
        const [x, y] = [(at / 3) % width, Math.floor(at / 3 / width)]
        found.count += 1
        found.left = Math.min(found.left, x)
        found.top = Math.min(found.top, y)
        found.right = Math.max(found.right, x + 1)
        found.bottom = Math.max(found.bottom, y + 1)
      }
      return found
    }
    const frameAt = (time: number) =>
      runFfmpeg(
        ['-ss', time.toFixed(3), '-i', path.join(out, 'video.mp4'), '-frames:v', '1'].concat([
          '-vf',
          'scale=in_color_matrix=bt709:in_range=tv,format=rgb24',
          '-f',
          'rawvideo',
          'pipe:1',
        ]),
      ).then(({ stdout }) => stdout)
    const rgbAt = (rgb: Buffer, x: number, y: number) => [...rgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)]
    const near = (rgb: number[], expected: number[]) =>
      rgb.every((value, channel) => Math.abs(value - (expected[channel] ?? 0)) <= 10)
    const countNear = (rgb: Buffer, expected: number[]) => {
      let count = 0
      for (let at = 0; at < rgb.length; at += 3) if (near([...rgb.subarray(at, at + 3)], expected)) count += 1
      return count
    }

    // The cards: the primary colour halfway down the edge, the logo large in the middle, no corner logo; the
    // closing card's contact on an accent chip.
    const [openingCard, closingCard] = await Promise.all([frameAt(0.5), frameAt(probe.durationSeconds - 0.2)])
    for (const [name, rgb] of Object.entries({ openingCard, closingCard })) {
      const edge = rgbAt(rgb, 2, height / 2)
      expect(near(edge, primary), `${name}: ${edge.join(',')}`).toBe(true)
      const red = redBounds(rgb)
      expect(red.count, name).toBeGreaterThan(box.width * box.height * 2)
      expect((red.left + red.right) / 2, name).toBeCloseTo(width / 2, -1)
    }
    expect(countNear(closingCard, accent)).toBeGreaterThan(width * 20)

    // The scenes (the first blends in from the opening card) and the poster: the logo alone, in its corner.
    const scenes = await Promise.all([opening + 1, opening + 14.5].map(frameAt))
    // Mid-sentence, the spoken word of the captions is lit in the accent.
    expect(countNear(scenes[0] ?? Buffer.alloc(0), accent)).toBeGreaterThan(500)
    const { data: poster } = await sharp(path.join(out, 'poster.jpg')).removeAlpha().raw().toBuffer({
      resolveWithObject: true,
    })
    for (const [index, rgb] of [...scenes, poster].entries()) {
      const red = redBounds(rgb)
      expect(red.count, `picture ${index}`).toBeGreaterThan(box.width * box.height * 0.95)
      expect(red.left, `picture ${index}`).toBeGreaterThanOrEqual(Math.max(safe.left, box.left - 1))
      expect(red.top, `picture ${index}`).toBeGreaterThanOrEqual(Math.max(safe.top, box.top - 1))
      expect(red.right, `picture ${index}`).toBeLessThanOrEqual(Math.min(safe.right, box.left + box.width + 1))
      expect(red.bottom, `picture ${index}`).toBeLessThanOrEqual(Math.min(safe.bottom, box.top + box.height + 1))
    }
  }, 120_000)

  it('refuses a brand kit with wrong fields, or whose logo or font is missing or not one, with exit code 2', async () => {
    const folder = path.join(work, 'bad-brand')
    await mkdir(folder, { recursive: true })
    await Promise.all([
      makeLogo(path.join(folder, 'logo.jpg'), { format: 'jpeg' }),
      writeFile(path.join(folder, 'notes.ttf'), 'not a font at all, only words'),
    ])
    const attempt = async (kit: unknown) => {
      const file = path.join(folder, 'kit.json')
      await writeFile(file, JSON.stringify(kit))
      return runCli(['story.json', path.join(folder, 'out'), '--brand-kit', file], env)
    }
    const fields = await attempt({
      logo: { file: '', position: 'middle', size: 0.5, opacity: 'half' },
      colours: { primary: 'red', accent: 42 },
      font: '',
      opening_card: { headline: 'x'.repeat(61), seconds: 5 },
      closing_card: { call_to_action: ' ', contact: 'y'.repeat(81), seconds: 1, voiced: 'yes' },
      fonts: 'brand.ttf',
    })
    expect(fields.code).toBe(2)
    for (const problem of [
      'logo.file: give the path of a PNG or WebP image, relative to the kit file',
      'logo.position: the position is one of top-left, top-right, bottom-left, bottom-right',
      "logo.size: the size is 0.08-0.3 of the frame's shorter side",
      'logo.opacity: the opacity is a number',
      'colours.primary: a colour is written as #rrggbb',
      'colours.accent: the accent colour is written as #rrggbb',
      'font: give the path of a TTF, OTF, WOFF or WOFF2 font, relative to the kit file',
      'opening_card.headline: the headline may be at most 60 characters',
      'opening_card.seconds: the card lasts 1.5-3 s',
      'closing_card.call_to_action: give the call to action',
      'closing_card.contact: the contact may be at most 80 characters',
      'closing_card.seconds: the card lasts 2-4 s',
      'closing_card.voiced: voiced is true or false',
      '(the file): Unrecognized key: "fonts"',
    ]) {
      expect(fields.stderr).toContain(problem)
    }
    const jpeg = await attempt({ logo: { file: 'logo.jpg' } })
    expect(jpeg.code).toBe(2)
    expect(jpeg.stderr).toContain(`logo.file "${path.join(folder, 'logo.jpg')}": The logo must be a PNG or WebP image`)
    const missing = await attempt({ logo: { file: 'gone.png' } })
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain(`logo.file "${path.join(folder, 'gone.png')}": there is no such file.`)
    const notFont = await attempt({ font: 'notes.ttf' })
    expect(notFont.code).toBe(2)
    expect(notFont.stderr).toContain(`font "${path.join(folder, 'notes.ttf')}": The file is not a font`)
    const noFont = await attempt({ font: 'gone.otf' })
    expect(noFont.code).toBe(2)
    expect(noFont.stderr).toContain(`font "${path.join(folder, 'gone.otf')}": there is no such file.`)
    expect(existsSync(path.join(folder, 'out', 'video.mp4'))).toBe(false)
  })

  it("refuses a storyboard that the brand kit's cards make longer than 90 s with exit code 2", async () => {
    const folder = path.join(work, 'long-brand')
    await mkdir(folder, { recursive: true })
    const file = path.join(folder, 'storyboard.json')
    const scenes = Array.from({ length: 6 }, () => ({ narration: '', visual: 'The sea', duration: 14.5 }))
    await writeFile(file, JSON.stringify({ settings: DEFAULT_PROJECT_SETTINGS, scenes }))
    const kit = path.join(folder, 'kit.json')
    await writeFile(
      kit,
      JSON.stringify({
        opening_card: { headline: 'By the sea', seconds: 2 },
        closing_card: { call_to_action: 'Come and see', seconds: 3 },
      }),
    )
    const run = await runCli([file, path.join(folder, 'out'), '--brand-kit', kit], env)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      "scenes: The scenes add up to 87.0 s and the brand's cards 5.0 s, 92.0 s in all; a video can last at most 90 s.",
    )
    expect(existsSync(path.join(folder, 'out', 'video.mp4'))).toBe(false)
  })

  it('prints the versions of the ffmpeg and ffprobe in use', async () => {
    const run = await runCli(['--version'], env)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^ffmpeg: ffmpeg version .+\nffprobe: ffprobe version .+\n$/)
  })
})
