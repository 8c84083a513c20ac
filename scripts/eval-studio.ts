import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

import { SCRIPT_LANGUAGES, type ScriptLanguage } from '@storyreel/contracts/languages'
import {
  ASPECT_RATIOS,
  DEFAULT_PROJECT_SETTINGS,
  DEFAULT_VOICE_IDS,
  VIDEO_FPS,
  VIDEO_MAX_SECONDS,
  VIDEO_MIN_SECONDS,
  VIDEO_STYLES,
  type AspectRatio,
  type VideoStyle,
} from '@storyreel/contracts/studio'

import {
  castOf,
  configureBinaries,
  planScene,
  runFfmpeg,
  stretchToMinimum,
  type RenderResult,
  type ScenePlan,
  type StoryboardFile,
} from '@storyreel/engine/engine'

/**
 * `npm run eval:studio -- [video-id …] [--set <eval.json>] [--out <dir>]`: renders each video of the
 * evaluation set through the engine CLI as a user would, writes a contact sheet per video (a row per scene,
 * frames at 20 %, 50 % and 85 % of it) and report.md: which words chose which picture, and the expected
 * and wrong subjects found. Run by hand; it takes minutes, so it is not part of `npm test`.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const USAGE = 'npm run eval:studio -- [video-id …] [--set <eval.json>] [--out <dir>]'
const SAMPLE_POINTS = [0.2, 0.5, 0.85]
const THUMB_LONG_SIDE = 240

type EvalScene = { narration: string; visual: string; duration: number; expect: string[]; wrong: string[] }
type EvalVideo = {
  id: string
  intent: string
  style: VideoStyle
  ratio: AspectRatio
  language?: ScriptLanguage
  scenes: EvalScene[]
}

type SceneResult = {
  scene: EvalScene
  visual: string
  start: number
  end: number
  plan: ScenePlan
  /** Each expected entry ("a|b" accepts either) with the placed art id that met it, if any. */
  expected: { entry: string; found: string | undefined }[]
  wrong: string[]
}

type VideoResult = {
  video: EvalVideo
  notes: string[]
  scenes: SceneResult[]
  render: { ok: true; wallSeconds: number; result: RenderResult } | { ok: false; wallSeconds: number; reason: string }
  sheet: string | undefined
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

/** The evaluation set's videos, or every problem with the file, each naming its place. */
function parseEvalSet(json: unknown): { videos: EvalVideo[]; problems: string[] } {
  const problems: string[] = []
  const videos: EvalVideo[] = []
  if (!isRecord(json) || !Array.isArray(json.videos)) return { videos, problems: ['the file has no "videos" list'] }
  for (const [index, video] of (json.videos as unknown[]).entries()) {
    const at = `videos[${index}]`
    if (!isRecord(video) || typeof video.id !== 'string' || !Array.isArray(video.scenes)) {
      problems.push(`${at}: needs an "id" and a "scenes" list`)
      continue
    }
    const style = VIDEO_STYLES.find((name) => name === video.style)
    const ratio = ASPECT_RATIOS.find((name) => name === video.ratio)
    if (!style) problems.push(`${at}.style: one of ${VIDEO_STYLES.join(', ')}`)
    if (!ratio) problems.push(`${at}.ratio: one of ${ASPECT_RATIOS.join(', ')}`)
    const scenes: EvalScene[] = []
    for (const [sceneIndex, scene] of (video.scenes as unknown[]).entries()) {
      if (
        isRecord(scene) &&
        typeof scene.narration === 'string' &&
        typeof (scene.visual ?? '') === 'string' &&
        typeof scene.duration === 'number' &&
        isStringList(scene.expect ?? []) &&
        isStringList(scene.wrong ?? [])
      ) {
        scenes.push({
          narration: scene.narration,
          visual: typeof scene.visual === 'string' ? scene.visual : '',
          duration: scene.duration,
          expect: isStringList(scene.expect) ? scene.expect : [],
          wrong: isStringList(scene.wrong) ? scene.wrong : [],
        })
      } else {
        problems.push(
          `${at}.scenes[${sceneIndex}]: needs narration, duration, and expect and wrong as lists of art ids`,
        )
      }
    }
    if (style && ratio) {
      const intent = typeof video.intent === 'string' ? video.intent : ''
      const language = SCRIPT_LANGUAGES.find((name) => name === video.language && name !== 'en')
      videos.push({ id: video.id, intent, style, ratio, scenes, ...(language ? { language } : {}) })
    }
  }
  return { videos, problems }
}

/** A fixed seed per scene, so a run is repeatable and the report plans the scene the video drew. */
function seedOf(text: string): number {
  let hash = 2166136261
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0
  return hash & 0x7fffffff
}

/** The storyboard file a user would write for this video; `notes` says where it departs from the set. */
function toStoryboard(video: EvalVideo): { storyboard: StoryboardFile; notes: string[] } {
  const notes: string[] = []
  const scenes = stretchToMinimum(
    video.scenes.map((scene, index) => ({
      // An id of its own, so the render's word on a lengthened scene can be matched back to the scene.
      id: randomUUID(),
      narration: scene.narration,
      // A storyboard scene needs a visual description; without one the narration describes the picture.
      visual: scene.visual.trim() || scene.narration,
      duration: scene.duration,
      seed: seedOf(`${video.id}/${index}`),
    })),
  )
  const total = scenes.reduce((sum, scene) => sum + scene.duration, 0)
  const given = video.scenes.reduce((sum, scene) => sum + scene.duration, 0)
  if (video.scenes.some((scene) => !scene.visual.trim())) {
    notes.push('Scenes without a visual description use their narration as one (a storyboard needs it).')
  }
  if (total !== given) {
    notes.push(`The scenes add up to ${given} s, under the ${VIDEO_MIN_SECONDS} s minimum: stretched to ${total} s.`)
  }
  const targetSeconds = Math.min(VIDEO_MAX_SECONDS, Math.max(VIDEO_MIN_SECONDS, Math.round(total)))
  return {
    storyboard: {
      settings: {
        ...DEFAULT_PROJECT_SETTINGS,
        style: video.style,
        aspect_ratio: video.ratio,
        target_seconds: targetSeconds,
        captions: { ...DEFAULT_PROJECT_SETTINGS.captions, enabled: true },
        // A script in another language is voiced and pictured in it, as the studio does.
        ...(video.language ? { language: video.language, voice_id: DEFAULT_VOICE_IDS[video.language] } : {}),
      },
      scenes,
    },
    notes,
  }
}

/** Each scene's span in the video: the pipeline encodes whole frames, so a scene lasts round(d × fps) frames. */
function sceneSpans(durations: number[]): { start: number; end: number }[] {
  let cursor = 0
  return durations.map((duration) => {
    const start = cursor
    cursor += Math.max(1, Math.round(duration * VIDEO_FPS)) / VIDEO_FPS
    return { start, end: cursor }
  })
}

/** The planner gives people a skin tone ("cook" → `cook-medium-skin-tone`); an expected `cook` is met by any. */
const withoutSkinTone = (id: string) =>
  id.replace(/~\d+$/, '').replace(/-(?:light|medium-light|medium|medium-dark|dark)-skin-tone$/, '')

function planVideo(video: EvalVideo, storyboard: StoryboardFile): SceneResult[] {
  const cast = castOf(
    storyboard.scenes.flatMap((scene) => [scene.visual, scene.narration]),
    video.language,
  )
  const spans = sceneSpans(storyboard.scenes.map((scene) => scene.duration))
  return storyboard.scenes.map((input, index) => {
    const scene = video.scenes[index] as EvalScene
    const plan = planScene({
      visual: input.visual,
      narration: input.narration,
      seed: input.seed ?? 0,
      cast,
      ...(video.language ? { language: video.language } : {}),
    })
    const placed = plan.subjects.map((subject) => subject.id)
    const findPlaced = (entry: string) =>
      entry
        .split('|')
        .map((id) => id.trim())
        .flatMap((id) => placed.filter((art) => art.replace(/~\d+$/, '') === id || withoutSkinTone(art) === id))
    return {
      scene,
      visual: input.visual,
      start: spans[index]?.start ?? 0,
      end: spans[index]?.end ?? 0,
      plan,
      expected: scene.expect.map((entry) => ({ entry, found: findPlaced(entry)[0] })),
      wrong: scene.wrong.flatMap(findPlaced),
    }
  })
}

/** Runs `npm run render` in a child process, as a user would, and times it. */
async function renderVideo(storyboardFile: string, outDir: string, cacheDir: string): Promise<VideoResult['render']> {
  const started = performance.now()
  // Under `npm run`, npm_execpath is the npm that started us; run the nested render with the same one.
  const npmCli = process.env.npm_execpath
  const [command, prefix] = npmCli?.endsWith('.js') ? [process.execPath, [npmCli]] : ['npm', []]
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(
      command,
      [...prefix, 'run', '--silent', 'render', '--', storyboardFile, outDir, '--resolution', '720p'],
      { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, RENDER_CACHE_DIR: cacheDir } },
    )
    child.on('error', reject)
    child.on('close', (exitCode) => resolve(exitCode ?? 1))
  })
  const wallSeconds = (performance.now() - started) / 1000
  if (code !== 0) return { ok: false, wallSeconds, reason: `npm run render exited with ${code}` }
  const result = JSON.parse(await readFile(path.join(outDir, 'render.json'), 'utf8')) as RenderResult
  return { ok: true, wallSeconds, result }
}

/** The engine's own caption font, for the row labels; undefined when it cannot be found. */
function getLabelFont(): string | undefined {
  try {
    return createRequire(import.meta.resolve('@storyreel/engine/engine')).resolve(
      '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
    )
  } catch {
    return undefined
  }
}

const truncate = (text: string, length: number) => (text.length <= length ? text : `${text.slice(0, length - 1)}…`)

function labelLines(result: SceneResult, index: number): string[] {
  const main = result.plan.subjects[0]
  const found = result.expected.filter((item) => item.found).length
  return [
    `Scene ${index + 1}`,
    `${result.start.toFixed(1)}-${result.end.toFixed(1)} s`,
    main ? `main: ${main.id}` : `text: ${result.plan.keyPhrase || '(none)'}`,
    `expected ${found}/${result.expected.length}`,
    ...(result.wrong.length > 0 ? [`WRONG: ${result.wrong.join(', ')}`] : []),
  ]
}

/**
 * One row per scene: a label card (when ffmpeg has drawtext and the font is found), then the frames at
 * 20 %, 50 % and 85 % of the scene, each cut from the rendered video and scaled to ~240 px on its long side.
 */
async function writeContactSheet(options: {
  video: string
  width: number
  height: number
  scenes: SceneResult[]
  out: string
  labelFont: string | undefined
}): Promise<void> {
  const { video, scenes, out, labelFont } = options
  const landscape = options.width >= options.height
  const even = (value: number) => Math.max(2, Math.round(value / 2) * 2)
  const tileWidth = landscape ? THUMB_LONG_SIDE : even((THUMB_LONG_SIDE * options.width) / options.height)
  const tileHeight = landscape ? even((THUMB_LONG_SIDE * options.height) / options.width) : THUMB_LONG_SIDE
  const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-eval-'))
  // Filter arguments are not quoted here, so labels are drawn only from a plain temporary path.
  const font = labelFont && /^[\w./-]+$/.test(work) ? path.join(work, 'label.ttf') : undefined
  try {
    if (font && labelFont) await copyFile(labelFont, font)
    const tiles: string[] = []
    const nextTile = () => {
      const file = path.join(work, `${String(tiles.length).padStart(4, '0')}.png`)
      tiles.push(file)
      return file
    }
    const fontSize = Math.round(Math.min(tileWidth / 10, tileHeight / 8))
    const maxChars = Math.floor(tileWidth / (fontSize * 0.56)) - 1
    for (const [index, scene] of scenes.entries()) {
      if (font) {
        const textFile = path.join(work, `label-${index}.txt`)
        await writeFile(
          textFile,
          labelLines(scene, index)
            .map((line) => truncate(line, maxChars))
            .join('\n'),
        )
        const draw = `drawtext=fontfile=${font}:textfile=${textFile}:expansion=none:fontcolor=white:fontsize=${fontSize}:line_spacing=${Math.round(fontSize / 3)}:x=${Math.round(fontSize / 2)}:y=${Math.round(fontSize / 2)}`
        await runFfmpeg([
          '-f',
          'lavfi',
          '-i',
          `color=c=0x26262c:s=${tileWidth}x${tileHeight}:d=1`,
          '-vf',
          draw,
          '-frames:v',
          '1',
          '-y',
          nextTile(),
        ])
      }
      for (const point of SAMPLE_POINTS) {
        const time = scene.start + (scene.end - scene.start) * point
        await runFfmpeg([
          '-ss',
          time.toFixed(3),
          '-i',
          video,
          '-frames:v',
          '1',
          '-vf',
          `scale=${tileWidth}:${tileHeight}`,
          '-y',
          nextTile(),
        ])
      }
    }
    const columns = SAMPLE_POINTS.length + (font ? 1 : 0)
    await runFfmpeg([
      '-framerate',
      '1',
      '-i',
      path.join(work, '%04d.png'),
      '-vf',
      `tile=${columns}x${scenes.length}:margin=4:padding=4:color=0x111114`,
      '-frames:v',
      '1',
      '-y',
      out,
    ])
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

const percent = (found: number, total: number) => (total === 0 ? 'n/a' : `${Math.round((found / total) * 100)} %`)
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
const ids = (entry: string) =>
  entry
    .split('|')
    .map((id) => `\`${id}\``)
    .join(' or ')

function countOf(scenes: SceneResult[]) {
  const expected = scenes.flatMap((scene) => scene.expected)
  return {
    expected: expected.length,
    found: expected.filter((item) => item.found).length,
    wrong: scenes.reduce((sum, scene) => sum + scene.wrong.length, 0),
  }
}

function describeScene(result: SceneResult, index: number): string[] {
  const { plan, scene } = result
  const art = plan.subjects.map(
    (subject, order) =>
      `\`${subject.id}\`${order === 0 ? ' (main)' : ''} from “${subject.word}”, score ${subject.score.toFixed(2)}`,
  )
  const setting = [
    plan.setting ?? 'none',
    ...(plan.time ? [`time ${plan.time}`] : []),
    ...(plan.weather ? [`weather ${plan.weather}`] : []),
  ].join(', ')
  const expected = result.expected.map((item) =>
    item.found ? `found ${ids(item.entry)} as \`${item.found}\`` : `MISSING ${ids(item.entry)}`,
  )
  const lines = [
    `### Scene ${index + 1} · ${result.start.toFixed(1)}–${result.end.toFixed(1)} s`,
    '',
    `> ${scene.narration}`,
    '',
    ...(result.visual === scene.narration ? [] : [`- Visual: ${result.visual}`]),
    `- Art placed, main first: ${art.length > 0 ? art.join('; ') : `none: the key phrase “${plan.keyPhrase}” is set large`}`,
    `- Setting: ${setting}`,
    `- Expected: ${expected.length > 0 ? expected.join('; ') : 'nothing listed'}`,
    `- Wrong subjects present: ${result.wrong.length > 0 ? result.wrong.map((id) => `**\`${id}\`**`).join(', ') : 'none'}`,
    '',
  ]
  // The visual and the narration are read in turn; when one stands in for the other, each word comes twice.
  const rows = new Set(
    plan.words.map((word) => `| ${cell(word.word)} | ${word.art ? `\`${word.art}\`` : '—'} | ${cell(word.reason)} |`),
  )
  if (rows.size > 0) lines.push('| Word | Picture | Why |', '|---|---|---|', ...rows, '')
  return lines
}

function writeReport(results: VideoResult[], evalSet: string, outDir: string): string {
  const relative = (file: string) => path.relative(outDir, file)
  const lines = [
    '# Studio evaluation',
    '',
    `${new Date().toISOString()}: ${results.length} videos of \`${path.relative(ROOT, evalSet)}\`, each rendered at 720p by ` +
      '`npm run render` in a child process with an empty render cache; the words and art come from the ' +
      "engine's scene planner with the same text, seed and cast as the render. An expected or wrong art id " +
      'also matches its skin-toned variants.',
    '',
    '| Video | Intent | Style | Ratio | Scenes | Expected found | Wrong | Render wall time |',
    '|---|---|---|---|---|---|---|---|',
  ]
  for (const { video, scenes, render } of results) {
    const count = countOf(scenes)
    lines.push(
      `| [${video.id}](#${video.id}) | ${video.intent} | ${video.style} | ${video.ratio} | ${scenes.length} | ` +
        `${count.found}/${count.expected} (${percent(count.found, count.expected)}) | ${count.wrong} | ` +
        `${render.wallSeconds.toFixed(1)} s${render.ok ? '' : ' (failed)'} |`,
    )
  }
  const all = countOf(results.flatMap((result) => result.scenes))
  const wall = results.reduce((sum, result) => sum + result.render.wallSeconds, 0)
  lines.push(
    `| **All** | | | | ${results.reduce((sum, result) => sum + result.scenes.length, 0)} | ` +
      `**${all.found}/${all.expected} (${percent(all.found, all.expected)})** | **${all.wrong}** | ${wall.toFixed(1)} s |`,
    '',
  )
  for (const { video, scenes, render, sheet, notes } of results) {
    const count = countOf(scenes)
    lines.push(`## ${video.id}`, '', `${video.intent || 'no intent'} · ${video.style} · ${video.ratio}`, '')
    if (render.ok) {
      const { result } = render
      lines.push(
        `- Render: ${render.wallSeconds.toFixed(1)} s wall time (\`npm run render\`), ${result.renderSeconds.toFixed(1)} s ` +
          `inside the engine (${Object.entries(result.stageSeconds)
            .map(([stage, seconds]) => `${stage} ${seconds.toFixed(1)} s`)
            .join(', ')}); ${result.durationSeconds.toFixed(1)} s of video at ${result.width}×${result.height}.`,
      )
    } else {
      lines.push(`- Render FAILED after ${render.wallSeconds.toFixed(1)} s: ${render.reason}.`)
    }
    lines.push(
      `- Expected subjects found: ${count.found}/${count.expected} (${percent(count.found, count.expected)}); wrong subjects: ${count.wrong}.`,
      ...notes.map((note) => `- ${note}`),
      '',
    )
    if (sheet) lines.push(`![Contact sheet of ${video.id}](${relative(sheet)})`, '')
    for (const [index, scene] of scenes.entries()) lines.push(...describeScene(scene, index))
  }
  return `${lines.join('\n').trimEnd()}\n`
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      set: { type: 'string', default: path.join(ROOT, 'packages/engine/eval/studio-eval.json') },
      out: { type: 'string', default: path.join(ROOT, 'eval-output') },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  const evalSet = path.resolve(values.set)
  const outDir = path.resolve(values.out)
  const parsed = parseEvalSet(JSON.parse(await readFile(evalSet, 'utf8')))
  if (parsed.problems.length > 0) {
    console.error(`${evalSet} is not an evaluation set:\n  ${parsed.problems.join('\n  ')}`)
    return 2
  }
  const unknown = positionals.filter((id) => !parsed.videos.some((video) => video.id === id))
  if (unknown.length > 0) {
    console.error(
      `Not in ${evalSet}: ${unknown.join(', ')}. Videos: ${parsed.videos.map((video) => video.id).join(', ')}`,
    )
    return 2
  }
  const videos =
    positionals.length > 0 ? parsed.videos.filter((video) => positionals.includes(video.id)) : parsed.videos

  // The CLI reads FFMPEG_PATH and FFPROBE_PATH; the sheets are cut with the same binaries it used.
  configureBinaries({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH })
  const filters = (await runFfmpeg(['-filters'])).stdout.toString()
  const labelFont = /\bdrawtext\b/.test(filters) ? getLabelFont() : undefined
  if (!labelFont) console.warn('No drawtext filter or label font: the contact sheets have no row labels.')

  const results: VideoResult[] = []
  for (const [index, video] of videos.entries()) {
    console.log(`\n[${index + 1}/${videos.length}] ${video.id} (${video.style}, ${video.ratio})`)
    const videoDir = path.join(outDir, video.id)
    await mkdir(videoDir, { recursive: true })
    const { storyboard, notes } = toStoryboard(video)
    const storyboardFile = path.join(videoDir, 'storyboard.json')
    await writeFile(storyboardFile, `${JSON.stringify(storyboard, null, 2)}\n`)
    const scenes = planVideo(video, storyboard)
    // Scene videos are cached by their storyboard, not by the drawing code, so a shared cache could show
    // pictures drawn before the last change (and flatter the wall time): every video starts empty.
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-eval-cache-'))
    let render: VideoResult['render']
    try {
      render = await renderVideo(storyboardFile, videoDir, cacheDir)
    } finally {
      await rm(cacheDir, { recursive: true, force: true })
    }
    let sheet: string | undefined
    if (render.ok) {
      // A render lengthens a scene too short for its measured speech: frames are sampled where it really is.
      const lengthened = new Map(render.result.lengthenedScenes.map((item) => [item.sceneId, item.to]))
      const spans = sceneSpans(storyboard.scenes.map((scene) => lengthened.get(scene.id ?? '') ?? scene.duration))
      scenes.forEach((scene, sceneIndex) => {
        scene.start = spans[sceneIndex]?.start ?? scene.start
        scene.end = spans[sceneIndex]?.end ?? scene.end
      })
      sheet = path.join(videoDir, 'contact-sheet.png')
      await writeContactSheet({
        video: path.join(videoDir, render.result.files.video),
        width: render.result.width,
        height: render.result.height,
        scenes,
        out: sheet,
        labelFont,
      })
    }
    results.push({ video, notes, scenes, render, sheet })
  }

  const report = path.join(outDir, 'report.md')
  await writeFile(report, writeReport(results, evalSet, outDir))

  console.log('')
  for (const { video, scenes, render } of results) {
    const count = countOf(scenes)
    console.log(
      `${video.id.padEnd(24)} ${video.style.padEnd(10)} ${video.ratio.padEnd(5)} ` +
        `expected ${`${count.found}/${count.expected}`.padStart(5)} (${percent(count.found, count.expected).padStart(5)})  ` +
        `wrong ${count.wrong}  render ${render.ok ? `${render.wallSeconds.toFixed(1)} s` : 'FAILED'}`,
    )
  }
  const all = countOf(results.flatMap((result) => result.scenes))
  console.log(`all: expected ${all.found}/${all.expected} (${percent(all.found, all.expected)}), wrong ${all.wrong}`)
  const sheets = results.flatMap((result) => (result.sheet ? [result.sheet] : []))
  console.log(`\nContact sheets:\n${sheets.map((sheet) => `  ${sheet}`).join('\n')}\nReport: ${report}`)
  return results.every((result) => result.render.ok) ? 0 : 1
}

process.exitCode = await main()
