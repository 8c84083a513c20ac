/**
 * Renders the site's sample gallery and voice samples with the product's own offline engine:
 *
 *   npm run samples:render              every video and voice line in content/samples/samples.json
 *   npm run samples:render -- --only lighthouse-cat,voices
 *
 * Each video is a storyboard file in content/samples, rendered by the engine's command line (`npm run render`)
 * exactly as a user's project would be (with `--brand-kit` when its entry names a kit file there, `brand_kit`),
 * then re-encoded for the web: H.264 at 540 px on the short side with the index at the front (faststart), a WebP
 * poster and the WebVTT captions. Each voice line is spoken by the voice engine and encoded as AAC. Everything
 * lands in apps/web/app/features/samples/media with samples.json, which the gallery reads. Run it again after the
 * engine or the voices change, and commit the result.
 *
 * Hosted engines are switched off for the run (their variables are dropped), so the site shows what the
 * default engines make; the render cache is a fresh folder, so no clip from an older engine is reused.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

import { VIDEO_STYLE_LABELS, type ProjectSettings } from '@storyreel/contracts/studio'

import { createVoiceEngine, encodeWav, getBinaryVersions, probeMedia, runFfmpeg } from '@storyreel/engine/engine'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SOURCE_DIR = path.join(ROOT, 'content/samples')
const MEDIA_DIR = path.join(ROOT, 'apps/web/app/features/samples/media')
const MUSIC_CATALOG = path.join(ROOT, 'content/music/catalog.json')
const CLI = path.join(ROOT, 'packages/engine/src/cli.ts')

/** Short side of the web copy: sharp at the size the gallery shows a video, even on a 2x screen. */
const WEB_SHORT_SIDE = 540
/** A sample above this is too heavy for a landing page that shows five of them; the run fails. */
const MAX_VIDEO_BYTES = 600 * 1024
const VIDEO_BITRATE = '150k'
const HOSTED_ENGINE_VARIABLES = /^(SCRIPT|TTS|IMAGE)_API_/

/**
 * `credits`: who made the photos, clips or font a sample shows (shown beside the video).
 * `brand_kit`: a `--brand-kit` file in content/samples that the video is rendered with.
 */
type SampleVideoSource = { id: string; title: string; use: string; credits?: string; brand_kit?: string }
type VoiceLineSource = { voice_id: string; text: string }
type SamplesSource = { videos: SampleVideoSource[]; voices: VoiceLineSource[] }

/** What the gallery reads: one entry per video and voice line, with the files beside it in MEDIA_DIR. */
export type SampleVideo = Omit<SampleVideoSource, 'credits' | 'brand_kit'> & {
  credits: string | null
  /** Each scene's narration, in order: the words the video was made from. */
  script: string[]
  style: string
  ratio: ProjectSettings['aspect_ratio']
  width: number
  height: number
  seconds: number
  voice: { name: string; language: string }
  music: string | null
  captionStyle: string
  files: { video: string; poster: string; captions: string }
  bytes: number
}
export type VoiceSample = {
  id: string
  name: string
  language: string
  gender: 'female' | 'male'
  description: string
  text: string
  seconds: number
  file: string
}
export type SamplesManifest = {
  generatedBy: string
  engines: { voice: string; visuals: string; ffmpeg: string }
  /** The built-in voice library the samples come from, so the site's figures follow it. */
  library: { voices: number; languages: string[] }
  videos: SampleVideo[]
  voices: VoiceSample[]
}

function fail(message: string): never {
  throw new Error(message)
}

function readSource(json: unknown): SamplesSource {
  const source = json as Partial<SamplesSource>
  if (!Array.isArray(source.videos) || !Array.isArray(source.voices)) fail('samples.json needs "videos" and "voices"')
  for (const video of source.videos) {
    if (!/^[a-z0-9-]+$/.test(video.id) || !video.title || !video.use) {
      fail(`samples.json: every video needs a lower-case id, a title and a use (${JSON.stringify(video)})`)
    }
    if (video.brand_kit !== undefined && !/^[\w.-]+\.json$/.test(video.brand_kit)) {
      fail(`samples.json: ${video.id}'s brand_kit names a .json file in content/samples`)
    }
  }
  for (const line of source.voices) {
    if (!line.voice_id || !line.text) fail(`samples.json: every voice line needs voice_id and text`)
  }
  return source as SamplesSource
}

/** The engine's command line, as `npm run render` runs it, with the offline engines and a fresh cache. */
function renderStoryboard(file: string, outDir: string, cacheDir: string, brandKit?: string): Promise<void> {
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !HOSTED_ENGINE_VARIABLES.test(name)),
  )
  return new Promise((resolve, reject) => {
    const brandArgs = brandKit ? ['--brand-kit', brandKit] : []
    const child = spawn(process.execPath, [CLI, file, outDir, ...brandArgs], {
      cwd: ROOT,
      env: { ...env, RENDER_CACHE_DIR: cacheDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run render ${path.basename(file)} exited with ${code}`)),
    )
  })
}

function webScale(width: number, height: number): string {
  return width <= height ? `scale=${WEB_SHORT_SIDE}:-2` : `scale=-2:${WEB_SHORT_SIDE}`
}

async function getFrameSize(file: string): Promise<{ width: number; height: number }> {
  const stream = (await probeMedia(file)).streams.find((candidate) => candidate.type === 'video')
  if (!stream?.width || !stream.height) fail(`${file} has no video stream`)
  return { width: stream.width, height: stream.height }
}

async function encodeForWeb(renderDir: string, id: string): Promise<{ width: number; height: number }> {
  const source = path.join(renderDir, 'video.mp4')
  const { width, height } = await getFrameSize(source)
  const scale = webScale(width, height)
  // Two passes at a set bitrate: the engine's grain, particles and camera moves defeat a constant-quality
  // setting, and a page of samples needs a known size. Mono audio is plenty for a preview on a web page.
  const video = ['-vf', scale, '-c:v', 'libx264', '-preset', 'slow', '-tune', 'animation', '-b:v', VIDEO_BITRATE]
  const passLog = path.join(renderDir, 'x264-pass')
  await runFfmpeg([
    '-y',
    '-i',
    source,
    ...video,
    '-pass',
    '1',
    '-passlogfile',
    passLog,
    '-an',
    '-f',
    'mp4',
    '/dev/null',
  ])
  await runFfmpeg([
    ...['-y', '-i', source, ...video, '-pass', '2', '-passlogfile', passLog, '-maxrate', '320k', '-bufsize', '640k'],
    ...['-profile:v', 'high', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k', '-ac', '1'],
    ...['-movflags', '+faststart', path.join(MEDIA_DIR, `${id}.mp4`)],
  ])
  await runFfmpeg([
    ...['-y', '-i', path.join(renderDir, 'poster.jpg'), '-vf', scale, '-c:v', 'libwebp', '-quality', '78'],
    path.join(MEDIA_DIR, `${id}.webp`),
  ])
  const captions = await readFile(path.join(renderDir, 'captions.vtt'), 'utf8')
  await writeFile(path.join(MEDIA_DIR, `${id}.vtt`), captions)
  return getFrameSize(path.join(MEDIA_DIR, `${id}.mp4`))
}

type Lookups = {
  voiceName: (id: string) => { name: string; language: string }
  musicTitle: (id: string) => string
}

type RenderedFigures = Pick<SampleVideo, 'width' | 'height' | 'seconds' | 'bytes'>

async function renderVideo(source: SampleVideoSource, workDir: string): Promise<RenderedFigures> {
  const storyboardFile = path.join(SOURCE_DIR, `${source.id}.storyboard.json`)
  const renderDir = path.join(workDir, source.id)
  const startedAt = performance.now()
  const brandKit = source.brand_kit && path.join(SOURCE_DIR, source.brand_kit)
  await renderStoryboard(storyboardFile, renderDir, path.join(workDir, 'cache'), brandKit)
  const { width, height } = await encodeForWeb(renderDir, source.id)
  const file = path.join(MEDIA_DIR, `${source.id}.mp4`)
  const { size } = await stat(file)
  const seconds = (await probeMedia(file)).durationSeconds
  console.log(
    `${source.id}: ${width}x${height}, ${seconds.toFixed(1)} s, ${Math.round(size / 1024)} KiB ` +
      `(${((performance.now() - startedAt) / 1000).toFixed(0)} s)`,
  )
  if (size > MAX_VIDEO_BYTES) {
    fail(`${source.id}.mp4 is ${Math.round(size / 1024)} KiB; a sample must stay under ${MAX_VIDEO_BYTES / 1024} KiB`)
  }
  return { width, height, seconds: Math.round(seconds * 10) / 10, bytes: size }
}

/** The gallery's entry for a video: what its storyboard says, with the figures of its rendered file. */
async function describeVideo(
  source: SampleVideoSource,
  figures: RenderedFigures,
  lookups: Lookups,
): Promise<SampleVideo> {
  const storyboardFile = path.join(SOURCE_DIR, `${source.id}.storyboard.json`)
  const { settings, scenes } = JSON.parse(await readFile(storyboardFile, 'utf8')) as {
    settings: ProjectSettings
    scenes: Array<{ narration: string }>
  }
  // The kit's path is the source's business; the video shows what it made.
  const { brand_kit: _brandKit, ...shown } = source
  return {
    ...shown,
    credits: source.credits ?? null,
    script: scenes.map((scene) => scene.narration),
    style: VIDEO_STYLE_LABELS[settings.style],
    ratio: settings.aspect_ratio,
    ...figures,
    voice: lookups.voiceName(settings.voice_id),
    music: settings.music_id ? lookups.musicTitle(settings.music_id) : null,
    captionStyle: settings.captions.enabled ? settings.captions.style : 'none',
    files: { video: `${source.id}.mp4`, poster: `${source.id}.webp`, captions: `${source.id}.vtt` },
  }
}

async function renderVoiceLines(lines: VoiceLineSource[]): Promise<VoiceSample[]> {
  const voices = createVoiceEngine(undefined)
  const samples: VoiceSample[] = []
  for (const line of lines) {
    const voice = voices.getVoice(line.voice_id) ?? fail(`samples.json: no voice "${line.voice_id}" in the library`)
    const clip = await voices.synthesize({ text: line.text, voiceId: voice.id, speed: 1 })
    const file = `voice-${voice.id}.m4a`
    await runFfmpeg(
      [
        ...['-y', '-f', 'wav', '-i', 'pipe:0', '-ac', '1', '-c:a', 'aac', '-b:a', '64k'],
        ...['-movflags', '+faststart', path.join(MEDIA_DIR, file)],
      ],
      { input: encodeWav(clip.samples, clip.sampleRate) },
    )
    const seconds = Math.round((clip.samples.length / clip.sampleRate) * 10) / 10
    console.log(`${file}: ${seconds} s`)
    samples.push({
      id: voice.id,
      name: voice.name,
      language: voice.languageLabel,
      gender: voice.gender,
      description: voice.description,
      text: line.text,
      seconds,
      file,
    })
  }
  return samples
}

/** Drops media no entry names any more (a renamed or removed sample). */
async function removeStaleMedia(manifest: SamplesManifest): Promise<void> {
  const kept = new Set([
    'samples.json',
    'voice-library.json',
    ...manifest.videos.flatMap((video) => Object.values(video.files)),
    ...manifest.voices.map((voice) => voice.file),
  ])
  for (const file of await readdir(MEDIA_DIR)) {
    if (!kept.has(file)) await rm(path.join(MEDIA_DIR, file))
  }
}

async function readPreviousManifest(): Promise<SamplesManifest | undefined> {
  try {
    return JSON.parse(await readFile(path.join(MEDIA_DIR, 'samples.json'), 'utf8')) as SamplesManifest
  } catch {
    return undefined
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: 'string' } } })
  const only = values.only ? new Set(values.only.split(',').map((id) => id.trim())) : undefined
  const source = readSource(JSON.parse(await readFile(path.join(SOURCE_DIR, 'samples.json'), 'utf8')))
  const previous = await readPreviousManifest()
  const catalog = JSON.parse(await readFile(MUSIC_CATALOG, 'utf8')) as Array<{ id: string; title: string }>
  const voices = createVoiceEngine(undefined)
  const lookups: Lookups = {
    voiceName(id: string) {
      const voice = voices.getVoice(id) ?? fail(`a storyboard names voice "${id}", which the library does not have`)
      return { name: voice.name, language: voice.languageLabel }
    },
    musicTitle: (id: string) =>
      catalog.find((track) => track.id === id)?.title ?? fail(`a storyboard names track "${id}", not in the catalog`),
  }

  await mkdir(MEDIA_DIR, { recursive: true })
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-samples-'))
  try {
    const videos: SampleVideo[] = []
    for (const video of source.videos) {
      const kept = previous?.videos.find((entry) => entry.id === video.id)
      const figures = only && !only.has(video.id) && kept ? kept : await renderVideo(video, workDir)
      const { width, height, seconds, bytes } = figures
      videos.push(await describeVideo(video, { width, height, seconds, bytes }, lookups))
    }
    const voiceLines = only && !only.has('voices') && previous ? previous.voices : await renderVoiceLines(source.voices)
    const { ffmpeg } = await getBinaryVersions()
    const manifest: SamplesManifest = {
      generatedBy: 'npm run samples:render (scripts/samples/render-samples.ts) from content/samples; do not edit',
      engines: {
        voice: voices.name,
        visuals: 'local illustrator',
        ffmpeg: (ffmpeg.split(' Copyright')[0] ?? ffmpeg).trim(),
      },
      library: {
        voices: voices.listVoices().length,
        languages: [...new Set(voices.listVoices().map((voice) => voice.languageLabel.replace(/ \(.*\)$/, '')))],
      },
      videos,
      voices: voiceLines,
    }
    await writeFile(path.join(MEDIA_DIR, 'samples.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    // The figures alone, for pages that quote them without showing a sample (a module of their own, so the
    // bundle does not carry the samples' list to those pages).
    const { generatedBy, engines, library } = manifest
    await writeFile(
      path.join(MEDIA_DIR, 'voice-library.json'),
      `${JSON.stringify({ generatedBy, engines, library }, null, 2)}\n`,
    )
    await removeStaleMedia(manifest)
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

await main()
