import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_PROJECT_SETTINGS, ownWordsPrompt } from '@storyreel/contracts/studio'

import { probeMedia } from './encoder/probe.ts'

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
    const written = JSON.parse(await readFile(path.join(out, 'storyboard.json'), 'utf8')) as { title: string }
    expect(written.title).toBe('How Solar Panels Work')
    expect(existsSync(path.join(out, 'video.mp4'))).toBe(false)
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

  it('prints the versions of the ffmpeg and ffprobe in use', async () => {
    const run = await runCli(['--version'], env)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^ffmpeg: ffmpeg version .+\nffprobe: ffprobe version .+\n$/)
  })
})
