import { useId, useState, type ReactNode } from 'react'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { PauseIcon, PlayIcon } from '#app/components/ui/icons.tsx'

import { previewPlayer, usePreviewPlayer } from './preview-player.ts'

/** The building blocks of the settings' choices: sections, cards on hidden inputs, and long option lists. */

/**
 * A choice's native input, invisible and spread over its whole card: arrow keys and Space work natively, and
 * when focus moves to it the browser scrolls the whole card into view (clear of the sticky bars), not a 1 px box.
 */
export const HIDDEN_INPUT_CLASS =
  'absolute inset-0 z-10 m-0 h-full w-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed'

// Cards on hidden radio inputs: arrow keys move between them natively, and the ring follows keyboard focus.

/** A choice drawn as a card over its hidden input; the ring follows keyboard focus. */
export const CHOICE_CARD_CLASS =
  'relative flex min-w-0 cursor-pointer rounded-2xl border border-line bg-surface/70 transition-colors hover:border-accent/60 has-checked:border-accent has-checked:bg-accent/10 has-focus-visible:ring-2 has-focus-visible:ring-accent has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-canvas has-disabled:cursor-not-allowed has-disabled:opacity-50'

export function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold text-ink">{title}</legend>
      {hint ? <p className="mt-1 text-xs text-subtle">{hint}</p> : null}
      <div className="mt-3">{children}</div>
    </fieldset>
  )
}

export function PreviewButton({
  id,
  url,
  label,
  onPlay,
}: {
  id: string
  url: string
  label: string
  /** Called as the preview starts: listening to an option chooses it. */
  onPlay?: () => void
}) {
  const preview = usePreviewPlayer()
  const active = preview.id === id
  const playing = active && preview.playing
  return (
    <button
      type="button"
      // Keyboard users play the chosen option with Space inside its list, so the list stays one Tab stop.
      tabIndex={onPlay ? -1 : undefined}
      onClick={() => {
        if (!playing) onPlay?.()
        previewPlayer.toggle(id, url)
      }}
      aria-label={`${playing ? 'Pause' : 'Play'} preview of ${label}`}
      aria-pressed={playing}
      className="relative grid h-10 w-10 shrink-0 place-items-center rounded-full border border-line bg-raised text-ink transition-colors hover:border-accent hover:text-accent"
    >
      {active && preview.loading ? (
        <Spinner />
      ) : playing ? (
        <PauseIcon className="h-4 w-4" />
      ) : (
        <PlayIcon className="h-4 w-4" />
      )}
      {active ? (
        <svg viewBox="0 0 40 40" className="pointer-events-none absolute inset-0 -rotate-90" aria-hidden="true">
          <circle
            cx="20"
            cy="20"
            r="18.5"
            fill="none"
            stroke="var(--accent)"
            strokeWidth="2"
            strokeDasharray={`${preview.progress * 116.2} 116.2`}
          />
        </svg>
      ) : null}
    </button>
  )
}

export function ListState({
  label,
  isPending,
  isError,
  retry,
}: {
  label: string
  isPending: boolean
  isError: boolean
  retry: () => void
}) {
  if (isPending)
    return (
      <div className="space-y-2" aria-busy="true" aria-label={`Loading ${label}`}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded-2xl bg-raised" />
        ))}
      </div>
    )
  if (isError)
    return (
      <p className="rounded-2xl border border-line p-4 text-sm text-muted">
        Could not load the {label}.{' '}
        <button type="button" className="font-semibold text-accent" onClick={retry}>
          Try again
        </button>
      </p>
    )
  return null
}

/** How many options a long list shows before "Show all": the page scrolls once, never inside a box. */

export const OPTIONS_SHOWN = 5

export type Option = {
  value: string
  title: string
  meta?: string
  icon: ReactNode
  preview?: { id: string; url: string }
}

/**
 * A long list of choices as one radio group: one Tab stop, arrow keys move and choose, Space plays the chosen
 * option's sample, and a click on a play button plays and chooses. The first few options show, plus the
 * chosen one, until "Show all".
 */
export function OptionList({
  name,
  noun,
  options,
  value,
  onChange,
}: {
  name: string
  /** Plural, for the "Show all" button and the keyboard hint. */
  noun: string
  options: Option[]
  value: string
  onChange: (value: string) => void
}) {
  const [expanded, setExpanded] = useState(false)
  const hintId = useId()
  const shown = expanded ? options : options.filter((option, index) => index < OPTIONS_SHOWN || option.value === value)
  const hidden = options.length - shown.length
  return (
    <div className="group">
      <ul className="grid grid-cols-1 gap-2">
        {shown.map((option) => (
          <li key={option.value} className={`${CHOICE_CARD_CLASS} items-center gap-3 p-2.5`}>
            <label className="relative flex min-w-0 flex-1 cursor-pointer items-center gap-3">
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-describedby={option.preview ? hintId : undefined}
                onKeyDown={(event) => {
                  // Space on a radio that is already chosen does nothing natively: here it plays the sample.
                  if (event.key !== ' ' || !option.preview || !event.currentTarget.checked) return
                  event.preventDefault()
                  previewPlayer.toggle(option.preview.id, option.preview.url)
                }}
                className={HIDDEN_INPUT_CLASS}
              />
              {option.icon}
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-ink">{option.title}</span>
                {option.meta ? <span className="block text-xs leading-snug text-muted">{option.meta}</span> : null}
              </span>
            </label>
            {option.preview ? (
              <PreviewButton
                id={option.preview.id}
                url={option.preview.url}
                label={option.title}
                onPlay={() => onChange(option.value)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p
          id={hintId}
          className="text-xs text-subtle opacity-0 transition-opacity group-has-[input:focus-visible]:opacity-100"
        >
          Arrow keys choose · Space plays a sample
        </p>
        {options.length > OPTIONS_SHOWN ? (
          <button
            type="button"
            className="text-sm font-semibold text-accent underline-offset-2 hover:underline"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? `Show fewer ${noun}` : `Show all ${options.length} ${noun}`}
            {expanded || hidden === 0 ? null : <span className="sr-only"> ({hidden} more)</span>}
          </button>
        ) : null}
      </div>
    </div>
  )
}
