import { RENDER_STAGE_LABELS, type AspectRatio, type RenderJob } from '@storyreel/contracts/studio'

import { Spinner } from '#app/components/ui/form-field.tsx'

import { formatClock } from './format.ts'
import { LicenceReceiptSummary } from './licence-receipt.tsx'
import { HIDDEN_INPUT_CLASS } from './choice-list.tsx'
import type { RenderJobState } from './use-render-job.ts'
import { AlertIcon, DownloadIcon, FilmIcon } from '#app/components/ui/icons.tsx'
import { formatSize } from '#app/lib/format-size.ts'

const VIDEO_BOX: Record<AspectRatio, string> = {
  '9:16': 'aspect-[9/16] max-h-[70vh]',
  '16:9': 'aspect-video',
  '1:1': 'aspect-square',
}

/** The render panel's id: the studio's sticky bar links here on screens where the panel sits below the scenes. */
export const RENDER_PANEL_ID = 'render'

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
        {formatSize(outputs.size_bytes)}
      </p>
    </div>
  )
}

/**
 * The render's state and results: allowance, resolution for the next render, progress with cancel, retry, and
 * the finished video with its files and licence receipt. The studio's sticky bar holds the Render button.
 */
/** "The brand's opening card adds 1.5 s and its closing card 4.5 s.", or undefined without cards. */
export function describeCards(seconds: { opening: number; closing: number } | undefined): string | undefined {
  if (!seconds) return undefined
  const parts = [
    ...(seconds.opening > 0 ? [`its opening card ${seconds.opening} s`] : []),
    ...(seconds.closing > 0 ? [`its closing card ${seconds.closing} s`] : []),
  ]
  return parts.length > 0 ? `The brand kit adds ${parts.join(' and ')} to the scenes.` : undefined
}

export function RenderPanel({
  render,
  title,
  aspectRatio,
  stale,
  sceneIds,
}: {
  render: RenderJobState
  title: string
  aspectRatio: AspectRatio
  /** The storyboard changed after the last finished render. */
  stale: boolean
  /** The storyboard's scene ids in order, to name a scene the render speaks of. */
  sceneIds: (string | undefined)[]
}) {
  const { job, usage, left, active, outputs, busy, only720 } = render
  // The brand's cards add to the scenes' time: said, so the video's length is no surprise.
  const cards = describeCards(job?.card_seconds)
  const sceneName = (id: string) => {
    const index = sceneIds.indexOf(id)
    return index < 0 ? 'A scene since removed' : `Scene ${index + 1}`
  }
  return (
    <section
      id={RENDER_PANEL_ID}
      tabIndex={-1}
      aria-labelledby="render-title"
      className="glass rounded-3xl p-5 focus:outline-none tablet:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="render-title" className="flex items-center gap-2 text-lg font-bold text-ink">
          <FilmIcon className="h-5 w-5 text-accent" /> Render
        </h2>
        {usage && left !== undefined ? (
          <p className="text-xs text-muted" aria-live="polite">
            <span className="font-semibold text-ink">
              {left} of {usage.renders_per_day}
            </span>{' '}
            renders left today
          </p>
        ) : null}
      </div>

      {!active ? (
        <div className="mt-4">
          <fieldset>
            <legend className="text-sm font-medium text-ink">Resolution of the next render</legend>
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
                      checked={render.resolution === value}
                      disabled={locked}
                      onChange={() => render.setResolution(value)}
                      className={HIDDEN_INPUT_CLASS}
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
        </div>
      ) : null}

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
          {!job.counts_toward_limit ? (
            <p className="rounded-xl bg-emerald-400/10 px-3 py-2 text-sm text-emerald-800 dark:text-emerald-300">
              Nothing changed since the last render, so this one did not count toward today’s renders.
            </p>
          ) : job.reused_scenes > 0 ? (
            <p className="rounded-xl bg-emerald-400/10 px-3 py-2 text-sm text-emerald-800 dark:text-emerald-300">
              Reused {job.reused_scenes} unchanged {job.reused_scenes === 1 ? 'scene' : 'scenes'}: only what you changed
              was made again.
            </p>
          ) : null}
          {job.lengthened_scenes.length > 0 || cards ? (
            <ul className="rounded-xl bg-raised px-3 py-2 text-sm text-muted">
              {job.lengthened_scenes.map(({ scene_id, from_seconds, to_seconds }) => (
                <li key={scene_id}>
                  {sceneName(scene_id)} runs {to_seconds} s instead of {from_seconds} s, so all of its narration is
                  heard.
                </li>
              ))}
              {cards ? <li>{cards}</li> : null}
            </ul>
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
              onClick={() => void render.cancel()}
              disabled={busy === 'cancel' || job.cancel_requested}
            >
              {busy === 'cancel' || job.cancel_requested ? 'Stopping the render…' : 'Cancel render'}
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
            onClick={() => void render.retry()}
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
    </section>
  )
}
