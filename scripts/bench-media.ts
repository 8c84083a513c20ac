import { createHash, randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import {
  DEFAULT_PROJECT_SETTINGS,
  SceneSchema,
  VIDEO_FPS,
  type Scene,
  type SceneMedia,
} from '@storyreel/contracts/studio'

import {
  convertClip,
  createRenderRunner,
  inspectUpload,
  normalizeImage,
  probeMedia,
  type MediaFiles,
  type RenderResult,
} from '@storyreel/engine/engine'
import { makeDetailedClip, makeDetailedPhoto } from '@storyreel/engine/testing/media-fixtures'

import { ROOT } from './build-state.ts'
import { writePerformanceSection } from './performance-doc.ts'

// `npm run bench:media`: a 30-second 720p 9:16 video of three photos and three clips (1080p H.264 sources with
// detail and motion, one of them with its sound mixed in), with voice, music and word-by-word captions, rendered
// by the engine's render runner (the render child process and its scene threads, as the API's worker runs it)
// on an empty cache, three times. While each render runs, the CPU time of every process is read from /proc, so
// the figures say where a frame's time goes: the drawing threads (and within them decoding waits, drawing,
// captions, reading pixels, handing frames to the encoder), the clip decoders and the frame encoders.
const TARGET_SECONDS = 30
const SCENE_SECONDS = 5
/** The goal: at most half the video's length on an idle 2-core machine. */
const WALL_TARGET_SECONDS = TARGET_SECONDS * 0.5
const TAKES = 3
const SCRIPT = [
  'Our bakery opens its doors at seven.',
  'Dough is folded by hand every morning.',
  'The ovens glow while the street sleeps.',
  'Fresh loaves cool on the wooden racks.',
  'Neighbours stop by for coffee and bread.',
  'Come and taste the morning with us.',
]

const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-bench-media-'))
const musicDir = path.join(ROOT, 'content/music')

/** A process's parent and the CPU seconds (user + system) it has used, from /proc; undefined once it is gone. */
function readStat(pid: string): { ppid: string; cpu: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { ppid: fields[1] ?? '', cpu: (Number(fields[11]) + Number(fields[12])) / 100 }
  } catch {
    return undefined
  }
}

/** Every process on the machine with its parent and CPU seconds, read from /proc once. */
function readProcesses(): { pid: string; ppid: string; cpu: number }[] {
  const processes: { pid: string; ppid: string; cpu: number }[] = []
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    const stat = readStat(pid)
    if (stat) processes.push({ pid, ...stat })
  }
  return processes
}

const ROLES = {
  render: 'render process (drawing threads, captions, pixels, V8)',
  decoder: 'clip decoders (ffmpeg: decode, crop and scale)',
  encoder: 'frame encoders (ffmpeg: RGBA to YUV where drawn, x264)',
  other: 'other ffmpeg (soundtrack, joining, probes)',
} as const

/** What an ffmpeg of the render is doing, from its command line. */
function roleOf(command: string): keyof typeof ROLES {
  if (/-pix_fmt\0yuv420p\0pipe:1/.test(command)) return 'decoder'
  if (command.includes('libx264') && command.includes('pipe:0')) return 'encoder'
  return 'other'
}

/**
 * Polls /proc every 100 ms for this script's render process and the ffmpeg processes it starts (no one else's),
 * keeping each one's last CPU reading, until stopped; sums them by role.
 */
function watchCpu() {
  const seen = new Map<string, { role: keyof typeof ROLES; start: number; cpu: number }>()
  const poll = () => {
    const processes = readProcesses()
    const renderPids = new Set(processes.filter(({ ppid }) => ppid === String(process.pid)).map(({ pid }) => pid))
    const note = (pid: string, role: keyof typeof ROLES, cpu: number) => {
      const before = seen.get(pid)
      // The render process may have run before this take: only what it uses from now on counts.
      seen.set(pid, { role, start: before?.start ?? (role === 'render' ? cpu : 0), cpu })
    }
    for (const { pid, ppid, cpu } of processes) {
      if (renderPids.has(pid)) note(pid, 'render', cpu)
      if (!renderPids.has(ppid)) continue
      let command = ''
      try {
        command = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      } catch {
        continue
      }
      // An ffmpeg that has ended (a zombie until reaped) has an empty command line: it keeps the role it had.
      note(pid, command ? roleOf(command) : (seen.get(pid)?.role ?? 'other'), cpu)
    }
  }
  const timer = setInterval(poll, 100)
  poll()
  return {
    stop() {
      clearInterval(timer)
      poll()
      const totals: Record<keyof typeof ROLES, number> = { render: 0, decoder: 0, encoder: 0, other: 0 }
      for (const { role, start, cpu } of seen.values()) totals[role] += cpu - start
      return totals
    },
  }
}

/**
 * Resolves once the render process (a child of this script) and its threads have used no CPU for half a second:
 * warmed, as the API's worker warms it when it starts. Gives up after 30 s.
 */
async function waitForIdleRenderProcess() {
  const childrenCpu = () =>
    readProcesses()
      .filter(({ ppid }) => ppid === String(process.pid))
      .reduce((total, { cpu }) => total + cpu, 0)
  const deadline = performance.now() + 30_000
  let [last, quiet] = [childrenCpu(), 0]
  while (performance.now() < deadline && (quiet < 5 || last === 0)) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const now = childrenCpu()
    quiet = now - last < 0.02 ? quiet + 1 : 0
    last = now
  }
}

/** The share of the machine's CPU time busy over `ms` (0-1), from /proc/stat's totals: work the take competes with. */
async function busyShare(ms: number): Promise<number> {
  const read = () => {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number)
    // user nice system idle iowait irq softirq steal: idle and iowait are the idle time.
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
    return { idle, total: fields.slice(0, 8).reduce((sum, value) => sum + value, 0) }
  }
  const before = read()
  await new Promise((resolve) => setTimeout(resolve, ms))
  const after = read()
  return 1 - (after.idle - before.idle) / Math.max(1, after.total - before.total)
}

async function hashFile(file: string) {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex')
}

try {
  // The sources: photos the size a phone takes (about 12 megapixels, one standing), clips in 1080p H.264 with
  // sound, two standing (as phones film for a 9:16 video) and one lying (shown whole over its blurred copy).
  const sources = [
    {
      kind: 'image',
      name: 'counter.jpg',
      make: (file: string) => makeDetailedPhoto(file, { width: 4000, height: 3000, seed: 0 }),
    },
    {
      kind: 'video',
      name: 'dough.mp4',
      make: (file: string) => makeDetailedClip(file, { width: 1080, height: 1920, seconds: 6 }),
    },
    {
      kind: 'image',
      name: 'oven.jpg',
      make: (file: string) => makeDetailedPhoto(file, { width: 3000, height: 4000, seed: 1 }),
    },
    {
      kind: 'video',
      name: 'racks.mp4',
      make: (file: string) => makeDetailedClip(file, { width: 1920, height: 1080, seconds: 6 }),
    },
    {
      kind: 'image',
      name: 'street.jpg',
      make: (file: string) => makeDetailedPhoto(file, { width: 4000, height: 3000, seed: 2 }),
    },
    {
      kind: 'video',
      name: 'coffee.mp4',
      make: (file: string) => makeDetailedClip(file, { width: 1080, height: 1920, seconds: 6 }),
    },
  ] as const
  console.log('Making the photos and clips…')
  const media: MediaFiles = {}
  const ids: string[] = []
  for (const source of sources) {
    // Made, then readied as an upload is (the copy renders read: photos upright sRGB JPEG, clips H.264 at 30 fps
    // with a keyframe a second), outside the timed renders.
    const original = path.join(work, `original-${source.name}`)
    await source.make(original)
    const file = path.join(work, source.name)
    const inspection = await inspectUpload(original, {
      maxImagePixels: 1e8,
      maxVideoSeconds: 600,
      maxAudioSeconds: 600,
    })
    let proxy: MediaFiles[string]['proxy']
    if (inspection.kind === 'video') {
      const thumbnail = path.join(work, `${source.name}.webp`)
      // With its 720p proxy, as the API's conversion makes it and a 720p render downloads it.
      const proxyPath = path.join(work, `proxy-${source.name}`)
      const converted = await convertClip({
        input: original,
        output: file,
        proxy: proxyPath,
        poster: `${file}.jpg`,
        thumbnail,
        source: inspection,
      })
      if (converted.proxy) proxy = { path: proxyPath, ...converted.proxy }
    } else {
      await normalizeImage({ input: original, output: file, thumbnail: `${file}.webp`, maxPixels: 1e8 })
    }
    const probe = await probeMedia(file)
    const video = probe.streams.find((stream) => stream.type === 'video')
    const id = randomUUID()
    ids.push(id)
    media[id] = {
      kind: source.kind,
      path: file,
      version: await hashFile(file),
      name: source.name,
      width: video?.width,
      height: video?.height,
      ...(source.kind === 'video'
        ? { durationSeconds: probe.durationSeconds, hasAudio: probe.streams.some((stream) => stream.type === 'audio') }
        : {}),
      ...(proxy ? { proxy } : {}),
    }
  }
  const sceneMedia = (index: number): SceneMedia => {
    const asset_id = ids[index] as string
    if (sources[index]?.kind === 'image') return { type: 'photo', asset_id, focus: null, fit: 'auto', camera: 'auto' }
    return {
      type: 'clip',
      asset_id,
      trim_start: 0.5,
      trim_end: null,
      focus: null,
      fit: 'auto',
      fill: 'hold',
      // The middle clip's own sound is mixed under the voice.
      sound: index === 3 ? 'mixed' : 'muted',
    }
  }
  const catalog = JSON.parse(await readFile(path.join(musicDir, 'catalog.json'), 'utf8')) as {
    id: string
    genre: string
  }[]
  const track = catalog.find((entry) => entry.genre === 'cinematic') ?? catalog[0]

  const load = os.loadavg()[0] ?? 0
  const busy: number[] = []
  const takes: { result: RenderResult; wallSeconds: number; cpu: Record<keyof typeof ROLES, number> }[] = []
  for (let take = 1; take <= TAKES; take += 1) {
    // An empty cache and words of its own for each take: nothing of one can serve another.
    const runner = createRenderRunner({ musicDir, cacheDir: path.join(work, `cache-${take}`) })
    const scenes: Scene[] = SCRIPT.map((sentence, index) =>
      SceneSchema.parse({
        id: randomUUID(),
        narration: `${sentence.replace(/\.$/, '')}, take ${take}.`,
        visual: sentence,
        duration: SCENE_SECONDS,
        seed: index + 1,
        media: sceneMedia(index),
      }),
    )
    const settings = {
      ...DEFAULT_PROJECT_SETTINGS,
      style: 'cinematic' as const,
      aspect_ratio: '9:16' as const,
      target_seconds: TARGET_SECONDS,
      music_id: track?.id ?? null,
      captions: { enabled: true, style: 'karaoke' as const },
    }
    // The API's worker starts its render process and has it load its engines before the first render
    // (render-worker.ts): so here too, and the take begins once the process is idle.
    runner.warm()
    await waitForIdleRenderProcess()
    busy.push(await busyShare(1000))
    const cpu = watchCpu()
    const started = performance.now()
    try {
      const result = await runner.runRender({
        kind: 'render',
        storyboard: { settings, scenes, media },
        resolution: '720p',
        outDir: path.join(work, `out-${take}`),
      })
      const wallSeconds = (performance.now() - started) / 1000
      takes.push({ result, wallSeconds, cpu: cpu.stop() })
      console.log(`take ${take}: ${wallSeconds.toFixed(1)} s`)
    } finally {
      cpu.stop()
      runner.close()
    }
  }
  const median = [...takes].sort((a, b) => a.wallSeconds - b.wallSeconds)[Math.floor(TAKES / 2)]
  if (!median) throw new Error('no render finished')
  const { result } = median
  // BENCH_MEDIA_VIDEO=path keeps the median take's video there, to look at (a contact sheet of its frames).
  const keep = process.env.BENCH_MEDIA_VIDEO
  if (keep) await copyFile(result.files.video, keep)
  const probe = await probeMedia(result.files.video)
  const frames = TARGET_SECONDS * VIDEO_FPS
  const met = median.wallSeconds <= WALL_TARGET_SECONDS
  const perFrame = (seconds: number) => `${((seconds * 1000) / frames).toFixed(1)} ms`
  const thread = result.frameSeconds
  const totalCpu = Object.values(median.cpu).reduce((sum, value) => sum + value, 0)
  const rows = [
    '| Figure | Value |',
    '|---|---|',
    `| Video | ${probe.durationSeconds.toFixed(2)} s, ${result.width}×${result.height}, 3 photos and 3 clips (1080p H.264 sources), voice, music, a clip's own sound, word-by-word captions |`,
    `| Wall time, task to finished MP4 (median of ${TAKES}) | **${median.wallSeconds.toFixed(1)} s** (target ≤ ${WALL_TARGET_SECONDS} s: ${met ? 'met' : 'NOT met'}); runs ${takes.map((take) => take.wallSeconds.toFixed(1)).join(', ')} s |`,
    `| Render time inside the render process | ${result.renderSeconds.toFixed(1)} s |`,
    ...Object.entries(result.stageSeconds).map(([stage, seconds]) => `| Stage: ${stage} | ${seconds.toFixed(2)} s |`),
    `| Drawing threads, per frame (${thread.frames} frames, two threads) | waiting for clip frames ${perFrame(thread.decode)}, drawing ${perFrame(thread.draw)}, captions ${perFrame(thread.captions)}, reading pixels ${perFrame(thread.read)}, waiting for the encoder ${perFrame(thread.encode)} |`,
    `| CPU time of the render (all processes) | ${totalCpu.toFixed(1)} s, ${perFrame(totalCpu)} a frame |`,
    ...(Object.keys(ROLES) as (keyof typeof ROLES)[]).map(
      (role) => `| CPU: ${ROLES[role]} | ${median.cpu[role].toFixed(1)} s, ${perFrame(median.cpu[role])} a frame |`,
    ),
    `| File size | ${(probe.sizeBytes / 1024 / 1024).toFixed(2)} MiB, ${Math.round((probe.sizeBytes * 8) / probe.durationSeconds / 1000).toLocaleString('en-US')} kbit/s |`,
  ]
  const notes = [
    "- Engine path: `createRenderRunner` (the render child process, two scene threads), as the API's worker runs it; no server or queue in front. A new render process for each take, warmed first as the worker warms its own when it starts (`runner.warm()`: scene threads load their art, the voice compiles); the take starts once it is idle.",
    "- Sources made by the script: Mandelbrot-set photos with sensor noise (4000×3000 and 3000×4000 JPEG), clips of ffmpeg's moving test pattern with the game of life over it (1080×1920 and 1920×1080, H.264, 30 fps, AAC), each then readied as an upload is (normalizeImage; convertClip with its 720p proxy): renders read those copies, the clips' proxies where a scene needs no more pixels.",
    '- Empty cache for each render, and words that differ per run.',
    `- The machine in the second before each take (all its CPU time, /proc/stat): ${busy.map((share) => `${Math.round(share * 100)} %`).join(', ')} busy${Math.max(...busy) > 0.1 ? ' — not idle; the figures are slower than idle' : ', so idle'}. The load average (1 min) when the takes began, ${load.toFixed(1)}, still counts the making of the sources just before.`,
    '- CPU time read from /proc every 100 ms for the render process and every ffmpeg it starts.',
  ]
  console.log([...rows, '', ...notes].join('\n'))
  writePerformanceSection(
    'media',
    `## Rendering photos and clips (npm run bench:media)\n\n${rows.join('\n')}\n\n${notes.join('\n')}\n`,
  )
  if (!met) process.exitCode = 1
} finally {
  await rm(work, { recursive: true, force: true })
}
