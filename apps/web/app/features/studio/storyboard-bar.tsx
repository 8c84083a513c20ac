import { useId, type Ref } from 'react'
import { Link } from 'react-router'

import { VIDEO_MAX_SECONDS, VIDEO_MIN_SECONDS } from '@storyreel/contracts/studio'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { CloseIcon, FilmIcon } from '#app/components/ui/icons.tsx'

import { formatClock, formatDayAndTime } from './format.ts'
import { RENDER_PANEL_ID } from './render-panel.tsx'
import type { StoryboardTotals } from './storyboard.ts'
import type { RenderJobState } from './use-render-job.ts'

/**
 * The storyboard's summary, stuck to the top of the screen: total length against the limits, the Render
 * button with the reason it cannot render yet, a failed start, and the undo of a deleted scene. It comes
 * before the scenes, so the keyboard reaches Render in a few presses however long the storyboard is, and
 * on a phone nothing needs scrolling past every scene (decision 032).
 */
export function StoryboardBar({
  totals,
  sceneCount,
  render,
  blockedReason,
  onBlockedRender,
  warning,
  removedNumber,
  undoRef,
  onUndo,
  onDismissUndo,
}: {
  totals: StoryboardTotals
  sceneCount: number
  render: RenderJobState
  /** Why the storyboard cannot render yet, if it cannot. */
  blockedReason: string | undefined
  /** The Render button pressed while blocked: show what to fix. */
  onBlockedRender: () => void
  /** What to know before rendering though it can render (a voice of another language than the words). */
  warning?: string | undefined
  /** The number the last deleted scene had, while its delete can be undone. */
  removedNumber: number | undefined
  undoRef: Ref<HTMLButtonElement>
  onUndo: () => void
  onDismissUndo: () => void
}) {
  const messageId = useId()
  const { job, usage, left, active, outputs, busy, problem } = render
  const limitReached = left === 0 && usage !== undefined
  const message = blockedReason ?? (limitReached ? 'limit' : undefined)
  const unavailable = busy !== undefined || message !== undefined
  const described = message ?? warning
  const percent = Math.min(100, (totals.seconds / VIDEO_MAX_SECONDS) * 100)

  return (
    <div className="storyboard-bar sticky top-2 z-20 mt-6 rounded-2xl border border-line bg-surface px-4 py-3 shadow-lg shadow-black/10 tablet:px-5">
      <div className="flex items-center gap-3 tablet:gap-5">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="hidden text-muted tablet:inline">Total</span>
            <span
              data-testid="total-duration"
              className={`font-semibold tabular-nums ${totals.status === 'ok' ? 'text-ink' : 'text-amber-700 dark:text-amber-300'}`}
            >
              {formatClock(totals.seconds)}
              {/* The limits in words where there is room; on a phone the meter below shows them. */}
              <span className="sr-only font-normal text-subtle tablet:not-sr-only tablet:ml-1">
                ({VIDEO_MIN_SECONDS}–{VIDEO_MAX_SECONDS} s)
              </span>
            </span>
            {/* The page's subtitle counts the scenes too; a phone keeps the bar to the length and its meter. */}
            <span className="hidden whitespace-nowrap text-subtle tablet:inline">
              · {sceneCount} {sceneCount === 1 ? 'scene' : 'scenes'}
              {totals.cardSeconds > 0 ? ` and the brand's cards (${totals.cardSeconds} s)` : null}
            </span>
          </p>
          <div className="relative mt-2 h-1.5 max-w-md rounded-full bg-raised" aria-hidden="true">
            <div
              className="absolute inset-y-0 rounded-full bg-emerald-500/25"
              style={{ left: `${(VIDEO_MIN_SECONDS / VIDEO_MAX_SECONDS) * 100}%`, right: 0 }}
            />
            <div
              className={`absolute inset-y-0 left-0 rounded-full ${totals.status === 'ok' ? 'bg-accent' : 'bg-amber-500'}`}
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
        {active && job ? (
          <a href={`#${RENDER_PANEL_ID}`} className="btn-secondary shrink-0 px-4 py-2 text-sm">
            <Spinner className="h-4 w-4 text-accent" />
            Rendering <span className="tabular-nums">{Math.round(job.progress)}%</span>
          </a>
        ) : (
          <div className="flex shrink-0 items-center gap-2">
            {outputs ? (
              <a
                href={`#${RENDER_PANEL_ID}`}
                className="btn-secondary px-3.5 py-2 text-sm"
                aria-label="Watch the rendered video"
              >
                Watch
              </a>
            ) : null}
            <button
              type="button"
              className="btn-primary px-4 py-2.5 text-sm tablet:px-5"
              // Focusable while it cannot act, so the keyboard finds it and hears why (the message below).
              aria-disabled={unavailable || undefined}
              aria-describedby={described ? messageId : undefined}
              onClick={() => {
                if (busy) return
                if (blockedReason) onBlockedRender()
                else if (!limitReached) void render.start()
              }}
            >
              {busy === 'start' ? <Spinner /> : <FilmIcon className="h-4 w-4" />}
              {busy === 'start' ? 'Starting…' : outputs ? 'Render again' : 'Render video'}
            </button>
          </div>
        )}
      </div>

      {described && !active ? (
        <p
          id={messageId}
          data-testid="render-note"
          className={`mt-2 text-xs ${blockedReason || !message ? 'text-amber-700 dark:text-amber-300' : 'text-muted'}`}
        >
          {blockedReason ??
            (!message ? warning : undefined) ??
            (usage ? (
              <>
                You have used today’s {usage.renders_per_day} renders. More are available from{' '}
                <time dateTime={usage.resets_at}>{formatDayAndTime(usage.resets_at)}</time>.
              </>
            ) : null)}
        </p>
      ) : null}

      {problem ? (
        <div role="alert" className="mt-3 rounded-xl border border-amber-400/50 bg-amber-400/10 p-3 text-sm">
          <p className="font-semibold text-ink">{problem.title}</p>
          <ul className="mt-1 space-y-0.5 text-muted">
            {problem.detail.filter(Boolean).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {problem.title.startsWith('Confirm') ? (
            <Link to="/auth/confirm" className="mt-2 inline-block font-semibold text-accent">
              Confirm my e-mail
            </Link>
          ) : null}
        </div>
      ) : null}

      {/* Always in the page, so screen readers hear the notice when a scene is deleted. */}
      <div role="status">
        {removedNumber !== undefined ? (
          <div className="mt-3 flex items-center justify-between gap-3 rounded-xl bg-raised px-3.5 py-2 text-sm">
            <span className="text-muted">Scene {removedNumber} deleted.</span>
            <span className="flex items-center gap-1">
              <button
                ref={undoRef}
                type="button"
                className="rounded-full px-3 py-1 font-semibold text-accent hover:bg-surface"
                onClick={onUndo}
              >
                Undo
              </button>
              <button
                type="button"
                className="grid h-8 w-8 place-items-center rounded-full text-muted hover:bg-surface hover:text-ink"
                aria-label="Dismiss"
                onClick={onDismissUndo}
              >
                <CloseIcon className="h-4 w-4" />
              </button>
            </span>
          </div>
        ) : null}
      </div>
    </div>
  )
}
