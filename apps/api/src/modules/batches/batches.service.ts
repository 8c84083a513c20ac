import type { Readable } from 'node:stream'

import yazl from 'yazl'

import {
  BATCH_ROW_STATES,
  toVideoBody,
  type Batch,
  type BatchRowResult,
  type BatchRowState,
  type BatchSummary,
  type CreateBatchBody,
} from '@storyreel/contracts/batches'
import type { RenderJob } from '@storyreel/contracts/studio'
import type { CreateVideoBody } from '@storyreel/contracts/videos'

import type { MediaLinks } from '#src/adapters/media/media-links.ts'
import type { MediaStore } from '#src/adapters/media/media-store.ts'
import { AppError } from '#src/errors.ts'
import type { ProjectsService } from '#src/modules/projects/projects.service.ts'
import { RenderOutputKeysSchema } from '#src/modules/projects/render-spec.ts'
import type { TemplatesService } from '#src/modules/templates/templates.service.ts'
import type { UserRow } from '#src/modules/users/users.repository.ts'
import type { VideosService } from '#src/modules/videos/videos.service.ts'

import type { BatchesRepository, NewBatchRow } from './batches.repository.ts'

/** The batch page and GET /api/v1/batches list this many of an account's latest batches. */
const BATCHES_LISTED = 50

/** What a batch's ZIP link signs: no media file lives under it, so the link opens nothing at the media route. */
export const zipLinkKey = (batchId: string) => `batch-zips/${batchId}`

const NOT_FOUND = () => new AppError('BATCH_NOT_FOUND', 404, 'No batch with this id.')

type Stored = NonNullable<Awaited<ReturnType<BatchesRepository['findForUser']>>>

/** "07-Spring sale.mp4": the row's number first so the files sort as the rows did; no path or odd characters. */
function fileName(row: number, title: string, width: number): string {
  const safe = title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
  return `${String(row).padStart(width, '0')}-${safe || 'video'}.mp4`
}

/**
 * Batches: up to 50 one-call videos from rows (JSON or a CSV's), checked whole before anything is made, each
 * drafted and queued like POST /api/v1/videos; their states, and the finished videos as one streamed ZIP.
 * The queue takes accounts in turn, so a batch never holds up another account's render (decision 063).
 */
export function createBatchesService(deps: {
  batches: BatchesRepository
  videos: Pick<VideosService, 'make' | 'idempotent'>
  projects: Pick<ProjectsService, 'assertCanRender' | 'getUsage' | 'toRenderJob'>
  templates: Pick<TemplatesService, 'find'>
  hasVoice: (id: string) => boolean
  media: MediaStore
  links: Pick<MediaLinks, 'createQuery'>
  now?: () => Date
}) {
  const { batches, projects } = deps
  const now = deps.now ?? (() => new Date())

  /** Every row's problems, named by row and column, before anything is made. */
  async function check(user: UserRow, body: CreateBatchBody): Promise<CreateVideoBody[]> {
    const problems: string[] = []
    const bodies: CreateVideoBody[] = []
    const templates = new Map<string, boolean>()
    for (const [index, row] of body.rows.entries()) {
      const result = toVideoBody(row, body.resolution)
      const own = [...result.problems]
      const video = result.body
      if (video?.settings?.voice_id !== undefined && !deps.hasVoice(video.settings.voice_id))
        own.push(`voice: there is no voice "${video.settings.voice_id}" (see GET /api/v1/voices)`)
      const templateId = video?.template_id
      if (templateId !== undefined) {
        if (!templates.has(templateId))
          templates.set(
            templateId,
            await deps.templates.find(user, templateId).then(
              () => true,
              () => false,
            ),
          )
        if (!templates.get(templateId)) own.push(`template: there is no template "${templateId}"`)
      }
      if (own.length > 0) problems.push(`Row ${index + 1}: ${own.join('; ')}`)
      else if (video) bodies.push(video)
    }
    if (problems.length > 0) throw new AppError('BATCH_INVALID', 422, problems)
    return bodies
  }

  async function make(user: UserRow, body: CreateBatchBody): Promise<Batch> {
    const videos = await check(user, body)
    await projects.assertCanRender(user, body.resolution ?? '720p')
    const usage = await projects.getUsage(user)
    const left = Math.max(0, usage.renders_per_day - usage.renders_today)
    if (videos.length > left) {
      throw new AppError(
        'BATCH_OVER_DAILY_LIMIT',
        429,
        `This batch has ${videos.length} videos and your plan has ${left} of its ${usage.renders_per_day} renders ` +
          `left today. Send at most ${left} rows now, or the rest after midnight UTC.`,
      )
    }
    const made: NewBatchRow[] = []
    let stop: string | undefined
    for (const [index, video] of videos.entries()) {
      const row = index + 1
      const title = video.title ?? ''
      if (stop) {
        made.push({ row, title, projectId: null, renderId: null, error: stop })
        continue
      }
      try {
        const created = await deps.videos.make(user, video)
        made.push({ row, title, projectId: created.project_id, renderId: created.render_id, error: null })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        // A draft that cannot render (422) is kept and named; a limit reached meanwhile stops the rest.
        const projectId = /project ([0-9a-f-]{36})/.exec(error.message)?.[1] ?? null
        if (error.statusCode === 422 || error.statusCode === 404) {
          made.push({ row, title, projectId, renderId: null, error: error.problems?.[0] ?? error.message })
        } else {
          stop = `Not made: ${error.message}`
          made.push({ row, title, projectId: null, renderId: null, error: stop })
        }
      }
    }
    const title =
      body.title ??
      `Batch of ${now().toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`
    const created = await batches.create({ userId: user.id, title }, made)
    const stored = await batches.findForUser(user.id, created.id)
    if (!stored) throw NOT_FOUND()
    return toBatch(stored)
  }

  type StoredRow = Stored['rows'][number]

  /** A row's state: its render's, or why it has none (not queued, or its project deleted since). */
  const stateOf = ({ item, render }: StoredRow): BatchRowState =>
    render ? render.status : item.error !== null ? 'not_queued' : 'deleted'

  function toRows(stored: Stored): BatchRowResult[] {
    return stored.rows.map((row) => {
      const { item, render } = row
      const job: RenderJob | null = render ? projects.toRenderJob(render) : null
      return {
        row: item.row,
        title: job ? (render?.spec as { title?: string }).title || item.title : item.title,
        project_id: item.projectId,
        render_id: item.renderId,
        state: stateOf(row),
        error: job?.error ?? item.error,
        render: job,
      }
    })
  }

  /** Counts from the rows' states alone: a list of batches builds no render answers (nor their signed links). */
  function summarize(stored: Stored): BatchSummary {
    const counts = Object.fromEntries(BATCH_ROW_STATES.map((state) => [state, 0])) as BatchSummary['counts']
    for (const row of stored.rows) counts[stateOf(row)] += 1
    return {
      id: stored.batch.id,
      title: stored.batch.title,
      row_count: stored.batch.rowCount,
      counts,
      created_at: stored.batch.createdAt.toISOString(),
      completed_at: stored.batch.completedAt?.toISOString() ?? null,
      zip_url: `/api/v1/batches/${stored.batch.id}/zip?${deps.links.createQuery(zipLinkKey(stored.batch.id), stored.batch.userId)}`,
    }
  }

  function toBatch(stored: Stored): Batch {
    return { ...summarize(stored), rows: toRows(stored) }
  }

  return {
    create(user: UserRow, body: CreateBatchBody, key: string | undefined): Promise<Batch> {
      return deps.videos.idempotent(user, key, { route: 'POST /api/v1/videos/batch', body }, () => make(user, body))
    },

    async get(user: UserRow, id: string): Promise<Batch> {
      const stored = await batches.findForUser(user.id, id)
      if (!stored) throw NOT_FOUND()
      return toBatch(stored)
    },

    async list(user: UserRow): Promise<{ batches: BatchSummary[] }> {
      const stored = await batches.listForUser(user.id, BATCHES_LISTED)
      return { batches: stored.map(summarize) }
    },

    /**
     * The batch's finished videos as one ZIP, streamed as it is read from the media store (stored, not
     * compressed: MP4 is compressed already), one file open at a time. 404 until one video has finished.
     */
    async zip(userId: string, id: string): Promise<{ stream: Readable; size: number | undefined; name: string }> {
      const stored = await batches.findForUser(userId, id)
      if (!stored) throw NOT_FOUND()
      const finished = stored.rows.flatMap(({ item, render }) => {
        if (render?.status !== 'succeeded' || !render.outputs) return []
        const keys = RenderOutputKeysSchema.parse(render.outputs)
        const title = (render.spec as { title?: string }).title || item.title
        return [{ row: item.row, title, keys, finishedAt: render.finishedAt ?? render.createdAt }]
      })
      if (finished.length === 0)
        throw new AppError('BATCH_NOT_FOUND', 404, 'No video of this batch has finished yet: nothing to download.')
      const width = String(stored.batch.rowCount).length
      const zip = new yazl.ZipFile()
      for (const video of finished) {
        zip.addReadStreamLazy(
          fileName(video.row, video.title, width),
          { compress: false, mtime: video.finishedAt, size: video.keys.sizeBytes },
          (callback) => {
            deps.media.openReadStream(video.keys.videoKey).then(
              (stream) => callback(stream ? null : new Error(`${video.keys.videoKey} is missing`), stream as Readable),
              (error: unknown) => callback(error, undefined as unknown as Readable),
            )
          },
        )
      }
      let size: number | undefined
      // yazl passes the archive's total size (every entry's size is known and stored), though its types say not.
      const onTotalSize = (total: number) => {
        size = total >= 0 ? total : undefined
      }
      zip.end(undefined, onTotalSize as unknown as () => void)
      const name = `${stored.batch.title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim() || 'batch'}.zip`
      return { stream: zip.outputStream as Readable, size, name }
    },
  }
}

export type BatchesService = ReturnType<typeof createBatchesService>
