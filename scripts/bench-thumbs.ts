import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import {
  ASPECT_RATIOS,
  DEFAULT_PROJECT_SETTINGS,
  VIDEO_STYLES,
  type AspectRatio,
  type Scene,
} from '../packages/contracts/src/studio.ts'
import {
  createLocalVisualEngine,
  createRenderRunner,
  createStillRunner,
  drawSceneStill,
  getStillSize,
  type SceneStillRequest,
  type StillOptions,
} from '@storyreel/engine/engine'
import { ROOT } from './build-state.ts'
import { writePerformanceSection } from './performance-doc.ts'

// `npm run bench:thumbs`: how long one storyboard thumbnail takes to draw and encode (WebP, 360 px on the
// long side), once the art is loaded: in the calling thread, through the API's still runner (a worker
// thread), and through that runner while a 720p render is drawing its frames in its own process.
// Reported, not asserted; the budget named in the studio's requirements is 300 ms a scene.
const BUDGET_MS = 300
const SCENES = [
  ['A lighthouse on black rocks, its beam sweeping a stormy sea at dusk', 'The storm rolled in at dusk.'],
  ['A baker pulls golden bread from a stone oven at dawn', 'Every morning the baker wakes before the city.'],
  ['Children race their bicycles through narrow streets lined with blue tiles', 'School is out for summer.'],
  ['A red fox leaps over a frozen stream under the northern lights', 'The fox runs home through the snow.'],
  ['Musicians play guitars on the steps of an old cathedral', 'As evening falls, the square fills with music.'],
  ['A small fishing boat turns toward the harbour light', 'Far away, a boat heads for home.'],
] as const

type Still = { request: SceneStillRequest; options: StillOptions }

/** Every style and ratio, each with two scenes: 36 stills, each a different picture. */
function createStills(seedBase: number): Still[] {
  return VIDEO_STYLES.flatMap((style, styleIndex) =>
    ASPECT_RATIOS.flatMap((ratio: AspectRatio, ratioIndex) =>
      [0, 1].map((pick) => {
        const index = (styleIndex + ratioIndex * 2 + pick) % SCENES.length
        const [visual, narration] = SCENES[index] ?? SCENES[0]
        return {
          request: {
            visual,
            narration,
            style,
            seed: seedBase + styleIndex * 100 + ratioIndex * 10 + pick,
            index,
            count: 6,
            duration: 5,
          },
          options: getStillSize(ratio),
        }
      }),
    ),
  )
}

type Figures = { median: number; p95: number; max: number; cpu: number; kib: number }

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

async function measure(stills: Still[], draw: (still: Still) => Promise<Buffer>): Promise<Figures> {
  const times: number[] = []
  const cpu: number[] = []
  let bytes = 0
  for (const still of stills) {
    const started = performance.now()
    // The whole process's CPU time, so a still drawn in a worker thread counts too (a render child does not).
    const cpuBefore = process.cpuUsage()
    bytes += (await draw(still)).length
    const used = process.cpuUsage(cpuBefore)
    times.push(performance.now() - started)
    cpu.push((used.user + used.system) / 1000)
  }
  times.sort((a, b) => a - b)
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? NaN
  return {
    median: at(0.5),
    p95: at(0.95),
    max: times[times.length - 1] ?? NaN,
    cpu: medianOf(cpu),
    kib: bytes / stills.length / 1024,
  }
}

const ms = (value: number) => `${Math.round(value)} ms`
const row = (label: string, figures: Figures) =>
  `| ${label} | **${ms(figures.median)}** | ${ms(figures.p95)} | ${ms(figures.max)} | ${ms(figures.cpu)} | ${figures.p95 <= BUDGET_MS ? 'yes' : 'no'} | ${figures.kib.toFixed(1)} KiB |`

/** A 30 s, six-scene 720p storyboard, rendered in the render runner's child process while stills are drawn. */
function createStoryboard() {
  const scenes: Scene[] = SCENES.map(([visual, narration], index) => ({
    id: randomUUID(),
    visual,
    narration,
    duration: 5,
    seed: 1000 + index,
  }))
  return { settings: { ...DEFAULT_PROJECT_SETTINGS, music_id: null }, scenes }
}

const loadAverage = os.loadavg()[0] ?? 0
const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-bench-thumbs-'))
const runner = createStillRunner({ images: undefined, threads: 1 })
const renders = createRenderRunner({ musicDir: path.join(ROOT, 'content/music'), cacheDir: path.join(work, 'cache') })
try {
  const [warmUp] = createStills(1)
  if (!warmUp) throw new Error('no stills to draw')
  // Cold: the thread starts and loads the engine, its fonts and art.
  const coldStarted = performance.now()
  await runner.draw(warmUp.request, warmUp.options)
  const coldMs = performance.now() - coldStarted

  const engine = createLocalVisualEngine()
  await drawSceneStill(engine, warmUp.request, warmUp.options)
  const inProcess = await measure(createStills(10), (still) => drawSceneStill(engine, still.request, still.options))
  const threaded = await measure(createStills(20), (still) => runner.draw(still.request, still.options))

  // The same, while a render draws and encodes its frames in its child process on the same two cores.
  const stop = new AbortController()
  let stage = 'queued'
  const currentStage = () => stage
  const rendering = renders
    .runRender(
      { kind: 'render', storyboard: createStoryboard(), resolution: '720p', outDir: path.join(work, 'render') },
      { signal: stop.signal, onProgress: (progress) => (stage = progress.stage) },
    )
    .catch(() => undefined)
  while (currentStage() !== 'visuals') await new Promise((resolve) => setTimeout(resolve, 50))
  const duringRender = await measure(createStills(30), (still) => runner.draw(still.request, still.options))
  const renderStage = currentStage()
  // Ended, not awaited: the runner does not hold the process open for a child it has killed.
  stop.abort()
  void rendering

  const rows = [
    `| Thumbnail (WebP, 360 px long side), after the art is loaded | Median | p95 | Max | CPU (median) | p95 ≤ ${BUDGET_MS} ms | Size |`,
    '|---|---|---|---|---|---|---|',
    row('Drawn in the calling thread (`drawSceneStill`)', inProcess),
    row("Through the API's still runner (one worker thread)", threaded),
    row(
      renderStage === 'visuals'
        ? 'Through the still runner while a 720p render draws its frames'
        : `Through the still runner while a 720p render runs (it reached ${renderStage})`,
      duringRender,
    ),
  ]
  const notes = [
    `- 36 stills a row: the six styles × three aspect ratios × two scenes, each a new picture (nothing cached).`,
    `- First still of a fresh thread, loading the engine and its art: ${ms(coldMs)}.`,
    `- Load average at the start: ${loadAverage.toFixed(1)} on ${os.cpus().length} cores${loadAverage > 1.5 ? ' (other work was running; an idle machine draws faster)' : ''}.`,
    "- Wall times include waiting for a core; CPU is the drawing process's own time, whatever else runs.",
    '- A thumbnail that was drawn before is a file read from the media store, and a browser that has it sends no request.',
  ]
  console.log([...rows, '', ...notes].join('\n'))
  writePerformanceSection(
    'thumbs',
    `## Storyboard thumbnails (npm run bench:thumbs)\n\n${rows.join('\n')}\n\n${notes.join('\n')}\n`,
  )
} finally {
  renders.close()
  await runner.close()
  await rm(work, { recursive: true, force: true })
}
