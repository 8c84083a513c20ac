import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'

import { RENDER_STAGE_LABELS, type AspectRatio, type RenderJob, type Resolution } from '@storyreel/contracts/studio'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { getSession } from '#app/lib/session.ts'

import { formatBytes, formatClock } from './format.ts'
import { LicenceReceiptSummary } from './licence-receipt.tsx'
import { isTerminalRender, watchRender } from './render-stream.ts'
import { explainStudioError } from './studio-errors.ts'
import { getRenderEventsUrl, studioApi } from './studio-api.ts'
import { AlertIcon, DownloadIcon, FilmIcon } from '#app/components/ui/icons.tsx'

const VIDEO_BOX: Record<AspectRatio, string> = {
  '9:16': 'aspect-[9/16] max-h-[70vh]',
  '16:9': 'aspect-video',
  '1:1': 'aspect-square',
}

export const usageQuery = { queryKey: ['studio', 'usage'], queryFn: () => studioApi.getUsage() } as const

/** Follows a job that is still going, through the event stream (or polling), until it ends. */
function useRenderProgress(projectId: string, job: RenderJob | undefined, onUpdate: (job: RenderJob) => void) {
  const onUpdateRef = useRef(onUpdate)
  useEffect(() => {
    onUpdateRef.current = onUpdate
  })
  const active = job !== undefined && !isTerminalRender(job)
  const watchKey = active ? `${job.id}:${job.attempts}` : undefined
  useEffect(() => {
    if (!watchKey || !job) return
    const controller = new AbortController()
    void watchRender({
      url: getRenderEventsUrl(projectId, job.id),
      getToken: () => getSession().token,
      onUpdate: (next) => onUpdateRef.current(next),
      poll: (signal) => studioApi.getRender(projectId, job.id, signal),
      signal: controller.signal,
    })
    return () => controller.abort()
    // One watch per job attempt; the job's own updates must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, watchKey])
}

function Downloads({ job, title }: { job: RenderJob & { outputs: NonNullable<RenderJob['outputs']> }; title: string }) {
  const { outputs } = job
  const files = [
    { href: outputs.download_url, label: 'MP4 video', primary: true },
    { href: outputs.poster_url, label: 'Poster image' },
    ...(outputs.srt_url ? [{ href: outputs.srt_url, label: 'SRT captions' }] : []),
    ...(outputs.vtt_url ? [{ href: outputs.vtt_url, label: 'WebVTT captions' }] : []),
    { href: outputs.receipt_url, label: 'Licence receipt' },
  ]
  return (
    <div>
      <ul className="flex flex-wrap gap-2" aria-label="Downloads">
        {files.map((file) => (
          <li key={file.label}>
            <a
              href={file.href}
              download
              className={
                file.primary ? 'btn-primary px-4 py-2 text-sm' : 'btn-secondary px-3.5 py-2 text-sm font-medium'
              }
              aria-label={file.primary ? `Download MP4: ${title}` : `Download ${file.label}`}
            >
              <DownloadIcon className="h-4 w-4" />
              {file.primary ? 'Download MP4' : file.label}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted">
        {outputs.width}×{outputs.height} ({job.resolution}) · H.264 and AAC · {formatClock(outputs.duration_seconds)} ·{' '}
        {formatBytes(outputs.size_bytes)}
      </p>
    </div>
  )
}

/** Render, follow, cancel, retry and the finished video with its files and licence receipt. */
export function RenderPanel({
  projectId,
  title,
  aspectRatio,
  initialJob,
  blockedReason,
  stale,
  beforeRender,
  onStarted,
  onFinished,
}: {
  projectId: string
  title: string
  aspectRatio: AspectRatio
  initialJob: RenderJob | null
  /** Why the storyboard cannot render yet, if it cannot. */
  blockedReason: string | undefined
  /** The storyboard changed after the last finished render. */
  stale: boolean
  /** Saves pending edits; false when they could not be saved. */
  beforeRender: () => Promise<boolean>
  onStarted: () => void
  onFinished: (job: RenderJob) => void
}) {
  const queryClient = useQueryClient()
  const usage = useQuery(usageQuery)
  const [job, setJob] = useState<RenderJob | undefined>(initialJob ?? undefined)
  const [resolution, setResolution] = useState<Resolution>('720p')
  const [busy, setBusy] = useState<'start' | 'cancel' | 'retry'>()
  const [problem, setProblem] = useState<{ title: string; detail: string[] }>()

  const onUpdate = (next: RenderJob) => {
    setJob((current) => {
      // Late events of an older attempt never overwrite a newer one.
      if (current && current.id === next.id && next.attempts < current.attempts) return current
      return next
    })
    if (isTerminalRender(next)) {
      onFinished(next)
      void queryClient.invalidateQueries({ queryKey: ['studio', 'usage'] })
      void queryClient.invalidateQueries({ queryKey: ['studio', 'projects'] })
    }
  }
  useRenderProgress(projectId, job, onUpdate)

  const only720 = usage.data?.max_resolution === '720p'
  const left = usage.data ? Math.max(0, usage.data.renders_per_day - usage.data.renders_today) : undefined
  const active = job !== undefined && !isTerminalRender(job)

  async function run(kind: 'start' | 'retry') {
    setProblem(undefined)
    setBusy(kind)
    try {
      if (!(await beforeRender())) {
        setProblem({ title: 'Your latest edits are not saved yet', detail: ['Fix the marked scenes, then render.'] })
        return
      }
      const started =
        kind === 'retry' && job
          ? await studioApi.retryRender(projectId, job.id)
          : await studioApi.startRender(projectId, only720 ? '720p' : resolution)
      onStarted()
      setJob(started)
      void queryClient.invalidateQueries({ queryKey: ['studio', 'usage'] })
    } catch (error) {
      const explained = explainStudioError(error)
      setProblem(
        explained ?? { title: 'The render could not start', detail: [error instanceof Error ? error.message : ''] },
      )
      if (explained) void queryClient.invalidateQueries({ queryKey: ['studio', 'usage'] })
    } finally {
      setBusy(undefined)
    }
  }

  async function cancel() {
    if (!job) return
    setBusy('cancel')
    try {
      setJob(await studioApi.cancelRender(projectId, job.id))
    } catch {
      // The toast says why; the progress keeps streaming.
    } finally {
      setBusy(undefined)
    }
  }

  const outputs = job?.status === 'succeeded' ? job.outputs : null

  return (
    <section aria-labelledby="render-title" className="glass rounded-3xl p-5 tablet:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="render-title" className="flex items-center gap-2 text-lg font-bold text-ink">
          <FilmIcon className="h-5 w-5 text-accent" /> Render
        </h2>
        {usage.data && left !== undefined ? (
          <p className="text-xs text-muted" aria-live="polite">
            <span className="font-semibold text-ink">
              {left} of {usage.data.renders_per_day}
            </span>{' '}
            renders left today
          </p>
        ) : null}
      </div>

      {outputs && job ? (
        <div className="mt-4 space-y-4">
          {/* The captions track is there whenever the project has captions on; with them off there is none to add. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <video
            key={outputs.video_url}
            controls
            playsInline
            preload="metadata"
            poster={outputs.poster_url}
            src={outputs.video_url}
            aria-label={`Rendered video: ${title}`}
            className={`${VIDEO_BOX[aspectRatio]} mx-auto w-full rounded-2xl bg-black object-contain`}
          >
            {outputs.vtt_url ? (
              <track kind="captions" src={outputs.vtt_url} srcLang="en" label="Captions" default />
            ) : null}
          </video>
          {job.reused_scenes > 0 ? (
            <p className="rounded-xl bg-emerald-400/10 px-3 py-2 text-sm text-emerald-800 dark:text-emerald-300">
              Reused {job.reused_scenes} unchanged {job.reused_scenes === 1 ? 'scene' : 'scenes'}: only what you changed
              was made again.
            </p>
          ) : null}
          <Downloads job={{ ...job, outputs }} title={title} />
          <LicenceReceiptSummary url={outputs.receipt_url} />
        </div>
      ) : null}

      {active && job ? (
        <div className="mt-4 rounded-2xl border border-line bg-surface/70 p-4" aria-live="polite">
          <div className="flex items-baseline justify-between gap-3">
            <p className="text-sm font-semibold text-ink" data-testid="render-stage">
              {RENDER_STAGE_LABELS[job.stage]}
            </p>
            <p className="text-sm font-bold tabular-nums text-ink" data-testid="render-percent">
              {Math.round(job.progress)}%
            </p>
          </div>
          <div
            role="progressbar"
            aria-label="Render progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(job.progress)}
            aria-valuetext={`${Math.round(job.progress)}%, ${RENDER_STAGE_LABELS[job.stage]}`}
            className="mt-3 h-2.5 overflow-hidden rounded-full bg-raised"
          >
            <div
              className="h-full rounded-full bg-gradient-to-r from-brand-600 via-flare-500 to-glow-400 transition-[width] duration-500 ease-out"
              style={{ width: `${Math.max(2, job.progress)}%` }}
            />
          </div>
          <div className="mt-3 flex items-center justify-between gap-3">
            <p className="text-xs text-muted">{job.resolution} · you can leave this page; the render carries on.</p>
            <button
              type="button"
              className="btn-secondary shrink-0 px-4 py-1.5 text-sm whitespace-nowrap"
              onClick={() => void cancel()}
              disabled={busy === 'cancel'}
            >
              {busy === 'cancel' ? 'Canceling…' : 'Cancel render'}
            </button>
          </div>
        </div>
      ) : null}

      {job && (job.status === 'failed' || job.status === 'canceled') ? (
        <div className="mt-4 rounded-2xl border border-rose-400/40 bg-rose-400/5 p-4">
          <p className="text-sm font-semibold text-ink">
            {job.status === 'failed' ? 'The render failed' : 'You canceled the render'}
          </p>
          {job.error ? <p className="mt-1 text-sm text-muted">{job.error}</p> : null}
          <button
            type="button"
            className="btn-secondary mt-3 px-4 py-1.5 text-sm"
            onClick={() => void run('retry')}
            disabled={busy !== undefined}
          >
            {busy === 'retry' ? <Spinner /> : null} Retry
          </button>
        </div>
      ) : null}

      {stale && outputs ? (
        <p className="mt-4 flex gap-2 rounded-xl bg-amber-400/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-200">
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          You changed the storyboard after this render. Render again to see it; unchanged scenes are reused.
        </p>
      ) : null}

      {problem ? (
        <div role="alert" className="mt-4 rounded-2xl border border-amber-400/50 bg-amber-400/10 p-4 text-sm">
          <p className="font-semibold text-ink">{problem.title}</p>
          <ul className="mt-1 space-y-0.5 text-muted">
            {problem.detail.filter(Boolean).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {problem.title.startsWith('Confirm') ? (
            <Link to="/confirm" className="mt-2 inline-block font-semibold text-accent">
              Confirm my e-mail
            </Link>
          ) : null}
        </div>
      ) : null}

      {!active ? (
        <div className="mt-5 space-y-3">
          <fieldset>
            <legend className="text-sm font-medium text-ink">Resolution</legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {(['720p', '1080p'] as const).map((value) => {
                const locked = value === '1080p' && only720
                return (
                  <label
                    key={value}
                    className="relative flex cursor-pointer items-center justify-center gap-2 rounded-xl border border-line px-3 py-2 text-sm font-semibold text-ink has-checked:border-accent has-checked:bg-accent/10 has-focus-visible:ring-2 has-focus-visible:ring-accent has-disabled:cursor-not-allowed has-disabled:opacity-50"
                  >
                    <input
                      type="radio"
                      name="resolution"
                      value={value}
                      checked={(only720 ? '720p' : resolution) === value}
                      disabled={locked}
                      onChange={() => setResolution(value)}
                      className="sr-only"
                    />
                    {value}
                    {value === '1080p' ? <span className="text-xs font-normal text-muted">Full HD</span> : null}
                  </label>
                )
              })}
            </div>
            {only720 ? (
              <p className="mt-2 text-xs text-muted">
                1080p comes with the paid plan; the free plan renders in 720p HD.
              </p>
            ) : null}
          </fieldset>
          {blockedReason ? <p className="text-sm text-amber-700 dark:text-amber-300">{blockedReason}</p> : null}
          <button
            type="button"
            className="btn-primary w-full"
            onClick={() => void run('start')}
            disabled={busy !== undefined || blockedReason !== undefined || left === 0}
          >
            {busy === 'start' ? <Spinner /> : <FilmIcon className="h-4 w-4" />}
            {busy === 'start' ? 'Starting…' : outputs ? 'Render again' : 'Render video'}
          </button>
          {left === 0 && usage.data ? (
            <p className="text-xs text-muted">
              You have used today’s {usage.data.renders_per_day} renders. More are available from{' '}
              <time dateTime={usage.data.resets_at}>
                {new Date(usage.data.resets_at).toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit' })}
              </time>
              .
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
