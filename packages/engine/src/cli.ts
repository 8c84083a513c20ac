import { rmSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { CLOSING_CARD_SECONDS, OPENING_CARD_SECONDS } from '@storyreel/contracts/brand-kit'
import { getPromptLanguageProblem } from '@storyreel/contracts/languages'
import {
  ASPECT_RATIOS,
  DEFAULT_PROJECT_SETTINGS,
  DEFAULT_VOICE_IDS,
  RESOLUTIONS,
  VIDEO_MAX_SECONDS,
  VIDEO_STYLES,
  type ProjectSettings,
  type Resolution,
} from '@storyreel/contracts/studio'

import { BrandKitError, getBrandColourWarnings, readBrandKit } from './cli-brand-kit.ts'
import { CliConfigError, loadCliConfig } from './cli-config.ts'
import { MediaFileError, readLocalMedia } from './cli-media.ts'
import { configureBinaries, getBinaryVersions } from './encoder/ffmpeg-binary.ts'
import { EngineError } from './errors.ts'
import { detectLanguage } from './language/detect-language.ts'
import { getPromptLength } from './language/prompt-length.ts'
import type { EngineOptions } from './options.ts'
import { LOGO_OPACITY, LOGO_POSITIONS, LOGO_SIZE, type BrandOverlay } from './brand/brand-overlay.ts'
import type { Storyboard } from './pipeline/render-pipeline.ts'
import { draftStoryboard, getStoryboardProblems, parseStoryboardFile } from './pipeline/storyboard.ts'
import { createRenderRunner } from './runner/render-runner.ts'
import { createScriptEngine } from './script/create-script-engine.ts'
import { isHostedScriptEngine } from './script/script-engine.ts'
import { createVoiceEngine } from './voice/create-voice-engine.ts'

const USAGE = `Renders a storyboard to an MP4 without a server, a database or an account.

  npm run render -- <storyboard.json> <out-dir> [options]
  npm run render -- --from-text "<prompt or script>" --kind prompt|script <out-dir> [options]
  npm run render -- --version

The storyboard file is a project's own JSON: { "settings": {…}, "scenes": [{ "narration", "visual",
"duration" }, …] } (scene ids and seeds are optional). With --from-text, the configured script engine
drafts the storyboard first and it is written beside the video as storyboard.json. A storyboard without
"voice_id" in its settings is read by the default voice of its language ("language": "es", or the one its
narration is written in); --from-text picks the voice the same way, and a prompt that names a length ("a 20
second ad") sets it.

Your own photos, clips and music, named by path (relative to the storyboard file):
  a scene's "media": { "type": "photo", "file": "shop.jpg" }
      options: "focus": { "x": 0-1, "y": 0-1 } (default: found in the photo), "fit": "auto"|"fill"|"fit",
      "camera": "auto"|"zoom-in"|"zoom-out"|"pan-left"|"pan-right"|"still"
  a scene's "media": { "type": "clip", "file": "pour.mp4", "trim_start": 2, "trim_end": 5 }
      options: "focus", "fit", "fill": "hold"|"loop"|"slow" (a clip shorter than its scene),
      "sound": "muted"|"mixed" (its own sound under the voice)
  the settings' "music_file": "song.mp3"   the music instead of a library track
Each file is decoded first; a clip that is not H.264 at 30 fps is converted for the render.

Options:
  --resolution 720p|1080p   frame size (default 720p)
  --style ${VIDEO_STYLES.join('|')}
  --ratio ${ASPECT_RATIOS.join('|')}
  --from-text TEXT          draft the storyboard from a prompt or a script
  --kind prompt|script      what --from-text is (default prompt)
  --brand-kit FILE          your brand on the video, from a kit file; every part is optional:
                            { "logo": { "file": "logo.png", "position": "top-right", "size": ${LOGO_SIZE.default}, "opacity": ${LOGO_OPACITY.default} },
                              "colours": { "primary": "#9f1239", "accent": "#166534" }, "font": "brand.ttf",
                              "opening_card": { "headline": "Fresh flowers daily", "seconds": ${OPENING_CARD_SECONDS.default} },
                              "closing_card": { "call_to_action": "Order today", "contact": "example.com",
                                                "seconds": ${CLOSING_CARD_SECONDS.default}, "voiced": true } }
                            logo: a PNG or WebP in a corner of the safe area (${LOGO_POSITIONS.join('|')}),
                            size ${LOGO_SIZE.min}-${LOGO_SIZE.max} of the shorter side, opacity ${LOGO_OPACITY.min}-${LOGO_OPACITY.max}; colours: #rrggbb, for the cards and the
                            captions; font: TTF, OTF, WOFF or WOFF2; cards: ${OPENING_CARD_SECONDS.min}-${OPENING_CARD_SECONDS.max} s and ${CLOSING_CARD_SECONDS.min}-${CLOSING_CARD_SECONDS.max} s, counted toward
                            the ${VIDEO_MAX_SECONDS} s limit (voiced: the voice reads the closing card). Paths are relative to the kit.
  --version                 the versions of the engine's ffmpeg and ffprobe
  --help

Writes video.mp4, poster.jpg, thumbnail.jpg, captions.srt, captions.vtt and render.json (figures and the
time of each stage) into <out-dir>. Exit code 2: the command, the storyboard or the brand kit is not right.`

/** A problem with what the user gave: the command line or the storyboard file. */
class UsageError extends Error {}

const STAGE_LABELS: Record<string, string> = {
  voice: 'Voicing the narration',
  visuals: 'Drawing the scenes',
  audio: 'Mixing voice and music',
  encoding: 'Joining and encoding',
  finishing: 'Writing poster and captions',
}

function pickOne<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')}; got "${value}".`)
  }
  return value as T
}

/** A bar that redraws in place on a terminal; plain lines (each stage, every tenth) when piped. */
function createProgressReporter(stream: NodeJS.WriteStream) {
  let lastStage = ''
  let lastTenth = -1
  return {
    update({ stage, progress }: { stage: string; progress: number }) {
      if (lastStage === 'ended') return
      const label = STAGE_LABELS[stage] ?? stage
      const percent = Math.max(0, Math.min(100, Math.round(progress)))
      if (stream.isTTY) {
        const width = 30
        const filled = Math.round((percent / 100) * width)
        stream.write(
          `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(percent).padStart(3)}%  ${label}\u001b[K`,
        )
        return
      }
      const tenth = Math.floor(percent / 10)
      if (stage === lastStage && tenth === lastTenth) return
      lastStage = stage
      lastTenth = tenth
      stream.write(`${String(percent).padStart(3)}%  ${label}\n`)
    },
    end() {
      if (stream.isTTY && lastStage !== 'ended') stream.write('\n')
      lastStage = 'ended'
    },
  }
}

/** `brand`: its cards count toward the video's length, so a storyboard too long with them is refused here. */
async function readStoryboard(file: string, workDir: string, brand: BrandOverlay | undefined): Promise<Storyboard> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`)
  }
  // Photos, clips and music named by path become asset ids and checked, readied files.
  const local = await readLocalMedia(json, path.dirname(file), workDir)
  const parsed = parseStoryboardFile(local.json, brand)
  if (!parsed.ok)
    throw new UsageError(`${file} is not a storyboard that can be rendered:\n  ${parsed.problems.join('\n  ')}`)
  return { ...parsed.storyboard, media: local.media }
}

async function draftFromText(
  options: EngineOptions,
  text: string,
  kind: 'prompt' | 'script',
  settings: ProjectSettings,
): Promise<Storyboard & { title: string }> {
  if (text.trim().length < 3) throw new UsageError('--from-text needs at least a few words.')
  const scriptEngine = createScriptEngine(options.script)
  const voices = createVoiceEngine(options.tts)
  // The voice speaks the text's language; the offline writer drafts in English only.
  const detected = detectLanguage(text)
  const offlinePrompt = kind === 'prompt' && !isHostedScriptEngine(scriptEngine.name)
  const problem = offlinePrompt && detected.confident ? getPromptLanguageProblem(detected.language) : undefined
  if (problem) throw new UsageError(problem.replace('choose Full script', 'give --kind script'))
  const language = offlinePrompt ? 'en' : detected.language
  const spoken = {
    ...settings,
    language,
    voice_id: DEFAULT_VOICE_IDS[language],
    target_seconds: (kind === 'prompt' && getPromptLength(text)?.seconds) || settings.target_seconds,
  }
  const draft = await draftStoryboard({ scriptEngine, voices }, { kind, text }, spoken)
  return { title: draft.title, settings: spoken, scenes: draft.scenes }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      resolution: { type: 'string' },
      style: { type: 'string' },
      ratio: { type: 'string' },
      'from-text': { type: 'string' },
      kind: { type: 'string' },
      'brand-kit': { type: 'string' },
      version: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  // The one place the renderer reads its environment (hosted engines, ffmpeg, folders).
  const options = loadCliConfig(process.env)
  configureBinaries(options)
  if (values.version) {
    const versions = await getBinaryVersions()
    process.stdout.write(`ffmpeg: ${versions.ffmpeg}\nffprobe: ${versions.ffprobe}\n`)
    return 0
  }

  const resolution: Resolution = pickOne(values.resolution, RESOLUTIONS, '--resolution') ?? '720p'
  const style = pickOne(values.style, VIDEO_STYLES, '--style')
  const ratio = pickOne(values.ratio, ASPECT_RATIOS, '--ratio')
  const kind = pickOne(values.kind, ['prompt', 'script'] as const, '--kind') ?? 'prompt'
  const fromText = values['from-text']
  const expected = fromText === undefined ? 2 : 1
  if (positionals.length !== expected) {
    throw new UsageError(
      fromText === undefined ? 'Give a storyboard file and an output folder.' : 'Give one output folder.',
    )
  }
  const outDir = path.resolve(positionals[expected - 1] ?? '')
  // Read first: a wrong kit is refused before a storyboard is drafted or its media readied.
  const brandKit = values['brand-kit']
  const brand: BrandOverlay | undefined =
    brandKit === undefined ? undefined : await readBrandKit(path.resolve(brandKit))
  const withOverrides = (settings: ProjectSettings): ProjectSettings => ({
    ...settings,
    ...(style ? { style } : {}),
    ...(ratio ? { aspect_ratio: ratio } : {}),
  })

  let storyboard: Storyboard
  await mkdir(outDir, { recursive: true })
  // Converted clips and photos live here for the render, and go with it.
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-cli-media-'))
  // Also when the storyboard turns out wrong before the render starts.
  process.once('exit', () => rmSync(mediaDir, { recursive: true, force: true }))
  if (fromText === undefined) {
    const read = await readStoryboard(path.resolve(positionals[0] ?? ''), mediaDir, brand)
    storyboard = { ...read, settings: withOverrides(read.settings) }
  } else {
    const drafted = await draftFromText(options, fromText, kind, withOverrides(DEFAULT_PROJECT_SETTINGS))
    storyboard = { settings: drafted.settings, scenes: drafted.scenes }
    await writeFile(
      path.join(outDir, 'storyboard.json'),
      `${JSON.stringify({ title: drafted.title, ...storyboard }, null, 2)}\n`,
    )
    process.stderr.write(`Drafted "${drafted.title}": ${drafted.scenes.length} scenes.\n`)
    // The offline writer leaves prompts for facts it cannot know; the voice would read them aloud.
    const problems = getStoryboardProblems(drafted.scenes, brand)
    if (problems.length > 0) {
      const file = path.join(outDir, 'storyboard.json')
      throw new UsageError(
        `The drafted storyboard cannot be rendered yet:\n  ${problems.join('\n  ')}\n` +
          `Write your words into ${file}, then render it with: npm run render -- ${file} ${outDir}`,
      )
    }
  }

  for (const warning of brand ? getBrandColourWarnings(brand, storyboard.settings) : []) {
    process.stderr.write(`Brand kit: ${warning}\n`)
  }

  const runner = createRenderRunner(options)
  const progress = createProgressReporter(process.stderr)
  try {
    const result = await runner.runRender(
      { kind: 'render', storyboard, resolution, outDir, brand },
      { onProgress: (update) => progress.update(update) },
    )
    progress.end()
    const report = {
      resolution,
      ...result,
      files: Object.fromEntries(
        Object.entries(result.files).map(([name, file]) => [name, file && path.basename(file)]),
      ),
    }
    await writeFile(path.join(outDir, 'render.json'), `${JSON.stringify(report, null, 2)}\n`)
    process.stdout.write(
      `${path.join(outDir, 'video.mp4')}: ${result.width}x${result.height}, ${result.durationSeconds.toFixed(1)} s, ` +
        `${(result.sizeBytes / 1024 / 1024).toFixed(1)} MiB, rendered in ${result.renderSeconds.toFixed(1)} s\n`,
    )
    for (const lengthened of result.lengthenedScenes) {
      const index = storyboard.scenes.findIndex((scene) => scene.id === lengthened.sceneId)
      process.stderr.write(
        `Scene ${index + 1} was lengthened from ${lengthened.from} s to ${lengthened.to} s so that all of its ` +
          'narration is heard.\n',
      )
    }
    return 0
  } finally {
    progress.end()
    runner.close()
    await rm(mediaDir, { recursive: true, force: true })
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof UsageError ||
      error instanceof MediaFileError ||
      error instanceof BrandKitError ||
      error instanceof CliConfigError ||
      (error instanceof TypeError && 'code' in error)
    ) {
      process.stderr.write(`${error.message}\n\nRun with --help for usage.\n`)
      process.exit(2)
    }
    if (error instanceof EngineError && error.kind === 'invalid') {
      process.stderr.write(`${error.message}\n`)
      process.exit(2)
    }
    process.stderr.write(`The render failed: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  },
)
