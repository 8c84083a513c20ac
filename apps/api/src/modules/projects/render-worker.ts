import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import os, { hostname } from 'node:os'
import path from 'node:path'

import type { FastifyBaseLogger } from 'fastify'

import { getFrameSize } from '@storyreel/contracts/studio'
import { EngineError, type BrandOverlay, type RenderRunner } from '@storyreel/engine/engine'

import type { MediaStore } from '#src/adapters/media/media-store.ts'
import { createStoreRenderCache } from '#src/adapters/media/store-render-cache.ts'

import type { AssetsRepository } from '#src/modules/assets/assets.repository.ts'

import { downloadBrandFont, downloadMediaFiles, getLogoPng, toLogoOverlay, type MediaFiles } from './project-media.ts'
import type { ProjectsRepository } from './projects.repository.ts'
import type { RenderJobRow, RenderJobsRepository } from './render-jobs.repository.ts'
import { renderPrefix, storeRenderOutputs } from './render-outputs.ts'
import { RenderSpecSchema, type RenderMedia, type RenderSpec } from './render-spec.ts'

export type RenderWorkerOptions = {
  renderJobs: RenderJobsRepository
  projects: ProjectsRepository
  runner: RenderRunner
  /**
   * Where renders write, and where the owner's reusable scene parts are kept for every worker; files of a job
   * whose project was deleted mid-render are removed.
   */
  media: MediaStore
  /** The owner's library: a clip or track still converting when the render was asked for is looked up again. */
  assets?: AssetsRepository
  log: FastifyBaseLogger
  /** A job whose worker has not reported for this long is taken over by another (its worker died). */
  leaseMs?: number
  pollMs?: number
  /** Progress is written at most this often (and at every stage change). */
  progressEveryMs?: number
  workerId?: string
  /**
   * Work the worker takes when no render waits: the media library's conversions of uploaded clips and
   * tracks. Resolves false when there was none.
   */
  conversions?: { runNext(workerId: string, signal: AbortSignal): Promise<boolean> }
  /** After each render, whatever its end: files kept for it (a deleted library asset's) may go now. */
  onRenderDone?: () => void
}

/**
 * Takes render jobs from the queue and runs them. Runs inside the server process by default and
 * in `npm run worker` processes when scaling out; any number of workers share the queue.
 */
/**
 * The engine's brand option from a spec, its fetched files and the brand font's local file: the logo's file taken
 * out of the storyboard's media (no scene shows it) and laid over the video, left out when its file could not be
 * fetched, as the font is. The library keeps an opaque PNG as a JPEG copy; a logo is handed over as PNG, as the
 * engine takes logos.
 */
export async function toBrandOverlay(
  spec: RenderSpec,
  fetched: MediaFiles,
  fontFile?: string,
): Promise<{ files: MediaFiles; brand?: BrandOverlay }> {
  if (!spec.brand) return { files: fetched }
  const { logo, colours, openingCard, closingCard } = spec.brand
  let files = fetched
  let logoOverlay: BrandOverlay['logo']
  if (logo) {
    const { [logo.assetId]: file, ...rest } = fetched
    files = rest
    if (file) {
      const png = await getLogoPng(file.path, file.version)
      logoOverlay = toLogoOverlay(logo, png, png === file.path ? file.version : `${file.version}.png`)
    }
  }
  const brand: BrandOverlay = {
    ...(logoOverlay ? { logo: logoOverlay } : {}),
    ...(colours ? { colours } : {}),
    ...(fontFile ? { font: { file: fontFile } } : {}),
    ...(openingCard ? { openingCard } : {}),
    ...(closingCard ? { closingCard } : {}),
  }
  return Object.keys(brand).length > 0 ? { files, brand } : { files }
}

export function createRenderWorker(options: RenderWorkerOptions) {
  const { renderJobs, projects, runner, log, media, assets } = options
  const leaseMs = options.leaseMs ?? 30_000
  const pollMs = options.pollMs ?? 1000
  const progressEveryMs = options.progressEveryMs ?? 300
  const workerId = options.workerId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`

  let running = false
  let stopped = false
  let wake: (() => void) | undefined
  let loop: Promise<void> | undefined
  let current: AbortController | undefined

  /**
   * Local copies of the photos, clips and track the spec names, in `dir`: the copies recorded when the render
   * was asked for, and for a clip or track that was converting then, its copy if it is ready now. One that is
   * gone, failed or still converting is left out, and its scene drawn (the music left out). A 720p render also
   * gets each clip's proxy, where the clip has one.
   */
  async function fetchMedia(job: RenderJobRow, spec: RenderSpec, dir: string): Promise<MediaFiles> {
    const entries: Array<[string, RenderMedia & { fileKey: string }]> = []
    const waiting = Object.entries(spec.media).filter(([, entry]) => entry.fileKey === null)
    const now =
      waiting.length > 0 && assets
        ? await assets.findManyForUser(
            job.userId,
            waiting.map(([id]) => id),
          )
        : []
    for (const [assetId, entry] of Object.entries(spec.media)) {
      if (entry.fileKey !== null) {
        entries.push([assetId, { ...entry, fileKey: entry.fileKey }])
        continue
      }
      const row = now.find((item) => item.id === assetId)
      if (row && row.deletedAt === null && row.status === 'ready' && row.fileKey && row.kind === entry.kind) {
        entries.push([
          assetId,
          {
            ...entry,
            fileKey: row.fileKey,
            width: row.width,
            height: row.height,
            durationSeconds: row.durationSeconds,
          },
        ])
      } else {
        log.info(
          { jobId: job.id, assetId, status: row?.status ?? 'gone' },
          'render draws a scene: its media is not ready',
        )
      }
    }
    if (entries.length === 0) return {}
    await mkdir(dir, { recursive: true })
    return downloadMediaFiles({
      media,
      userId: job.userId,
      entries,
      dir,
      frame: getFrameSize(spec.settings.aspect_ratio, job.resolution),
      onMissing: (assetId, reason) =>
        log.warn({ jobId: job.id, assetId, reason }, 'render draws a scene: its media file is missing'),
    })
  }

  async function runJob(job: RenderJobRow) {
    const abort = new AbortController()
    current = abort
    let lastWrite = 0
    let lastStage = ''
    let writing: Promise<void> = Promise.resolve()
    const report = (stage: string, progress: number, force = false) => {
      const time = Date.now()
      if (!force && stage === lastStage && time - lastWrite < progressEveryMs) return
      lastWrite = time
      lastStage = stage
      writing = writing
        .then(async () => {
          const state = await renderJobs.reportProgress(job.id, workerId, { stage, progress }, leaseMs)
          // Canceled, deleted, or taken over after a stall: stop drawing.
          if (!state || state.cancelRequested) abort.abort()
        })
        // A database hiccup loses one progress write, never the chain (nor the process).
        .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'render progress not written'))
    }
    // The lease is renewed even while one long step reports nothing.
    let progressNow = 0
    const heartbeat = setInterval(() => report(lastStage || 'voice', progressNow, true), Math.max(1000, leaseMs / 3))
    // The engine writes the files here; they move into the media store once the render is done.
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-render-out-'))
    // The owner's photos, clips and track, fetched from the media store for this render only.
    const mediaDir = `${outDir}-media`
    const cache = await createStoreRenderCache({
      media,
      userId: job.userId,
      onError: (error, key) => log.warn({ err: error, jobId: job.id, key }, 'render cache entry skipped'),
    })
    try {
      const spec = RenderSpecSchema.parse(job.spec)
      await projects.setRenderState(job.projectId, { status: 'rendering' })
      report('voice', 0, true)
      const fetched = await fetchMedia(job, spec, mediaDir)
      const font = spec.brand?.font
      const fontFile = font ? await downloadBrandFont(media, job.userId, font, mediaDir) : undefined
      if (font && !fontFile) log.warn({ jobId: job.id, key: font.key }, 'render sets our fonts: the brand font is gone')
      const { files, brand } = await toBrandOverlay(spec, fetched, fontFile)
      const result = await runner.runRender(
        {
          kind: 'render',
          storyboard: { settings: spec.settings, scenes: spec.scenes, media: files },
          resolution: job.resolution,
          outDir,
          ...(brand ? { brand } : {}),
        },
        {
          signal: abort.signal,
          cache,
          onProgress: ({ stage, progress }) => {
            progressNow = progress
            report(stage, progress)
          },
        },
      )
      const outputs = await storeRenderOutputs({ media, result, job, spec })
      clearInterval(heartbeat)
      await writing
      if (abort.signal.aborted) throw new EngineError('aborted', 'renderer', 'The render was stopped.')
      const finished = await renderJobs.finish(job.id, workerId, {
        status: 'succeeded',
        outputs,
        reusedScenes: result.reusedScenes,
      })
      if (finished) {
        await projects.setRenderState(job.projectId, { status: 'ready', thumbnailKey: outputs.thumbnailKey })
      } else {
        // The project was deleted (or the job taken over) while it rendered: its files belong to nobody.
        await media.deletePrefix(renderPrefix(job.projectId, job.id))
      }
      log.info(
        { jobId: job.id, seconds: result.renderSeconds, stages: result.stageSeconds, reused: result.reusedScenes },
        'render finished',
      )
    } catch (error) {
      clearInterval(heartbeat)
      await writing.catch(() => undefined)
      const fresh = await renderJobs.findById(job.id)
      if (!fresh) {
        await media.deletePrefix(renderPrefix(job.projectId, job.id))
        return
      }
      if (stopped && !fresh.cancelRequested) {
        // Shutting down: hand the job back to the queue for this or another worker.
        await renderJobs.finish(job.id, workerId, { status: 'queued', error: 'The renderer restarted.' })
        await projects.setRenderState(job.projectId, { status: 'queued' })
        return
      }
      if ((error instanceof EngineError && error.kind === 'aborted') || fresh.cancelRequested) {
        await renderJobs.finish(job.id, workerId, { status: 'canceled' })
        await projects.setRenderState(job.projectId, { status: 'canceled' })
        return
      }
      const message = error instanceof Error ? error.message : String(error)
      const retry = error instanceof EngineError && error.kind === 'crashed' && fresh.attempts < fresh.maxAttempts
      // A storyboard the engine refuses (its measured speech too long for a video) is the user's to change.
      if (error instanceof EngineError && error.kind === 'invalid')
        log.info({ jobId: job.id, message }, 'render refused')
      else log.error({ jobId: job.id, err: error, progress: progressNow, retry }, 'render failed')
      if (retry) {
        await renderJobs.finish(job.id, workerId, { status: 'queued', error: message })
        await projects.setRenderState(job.projectId, { status: 'queued' })
      } else {
        await renderJobs.finish(job.id, workerId, {
          status: 'failed',
          error: `The render failed: ${message}`,
        })
        await projects.setRenderState(job.projectId, { status: 'failed' })
      }
    } finally {
      current = undefined
      await Promise.all([
        rm(outDir, { recursive: true, force: true }),
        rm(mediaDir, { recursive: true, force: true }),
        cache.dispose(),
      ])
    }
  }

  async function tick(): Promise<boolean> {
    for (const expired of await renderJobs.expireAbandoned()) {
      await projects.setRenderState(expired.projectId, {
        status: expired.status === 'canceled' ? 'canceled' : 'failed',
      })
    }
    const job = await renderJobs.claimNext(workerId, leaseMs)
    if (!job) return runConversion()
    log.info({ jobId: job.id, attempt: job.attempts }, 'render claimed')
    try {
      await runJob(job)
    } finally {
      options.onRenderDone?.()
    }
    return true
  }

  /** One conversion, stopped like a render when the worker stops (the asset goes back to the queue). */
  async function runConversion(): Promise<boolean> {
    if (!options.conversions) return false
    const abort = new AbortController()
    current = abort
    try {
      return await options.conversions.runNext(workerId, abort.signal)
    } finally {
      current = undefined
    }
  }

  async function run() {
    while (!stopped) {
      let worked = false
      try {
        worked = await tick()
      } catch (error) {
        log.error({ err: error }, 'render worker: queue unavailable')
      }
      if (worked || stopped) continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = undefined
    }
  }

  return {
    workerId,
    start() {
      if (running) return
      running = true
      stopped = false
      // The first render after a start should not wait for the renderer to load its engines.
      runner.warm()
      loop = run()
    },
    /** A job was queued: look now instead of at the next poll. */
    wake() {
      wake?.()
    },
    /** Stops taking jobs; a render in progress is abandoned to the queue, which hands it out again. */
    async stop() {
      stopped = true
      wake?.()
      current?.abort()
      runner.close()
      await loop
      running = false
    },
  }
}

export type RenderWorker = ReturnType<typeof createRenderWorker>
