import { useId } from 'react'

import { COLOUR_USES } from '@storyreel/contracts/brand-kit'

import { AlertIcon, CheckIcon } from '#app/components/ui/icons.tsx'

import { FIELD_IDS, getColourVerdict, parseHex, type ColourName } from './brand-kit-draft.ts'

const COLOURS: Record<ColourName, { label: string; use: string; example: string }> = {
  primary: {
    label: 'Primary colour',
    use: 'The background of your cards and of the boxed caption style.',
    example: '#5b21b6',
  },
  accent: {
    label: 'Accent colour',
    use: 'Highlights the word being spoken in your captions.',
    example: '#0f766e',
  },
}

/** "4.5 : 1", as contrast ratios are written. */
// No-break spaces: a ratio never wraps across two lines.
const formatRatio = (ratio: number) => `${ratio.toFixed(ratio >= 10 ? 1 : 2).replace(/\.?0+$/u, '')}\u00a0:\u00a01`

/**
 * The two brand colours, each checked as it changes against the white text drawn on it (WCAG contrast): every
 * use with its ratio, what it needs and a verdict in plain words, and when one fails the nearest legible shade
 * of the same hue, one click away.
 */
export function ColourSection({
  colours,
  shown,
  errors,
  onChange,
}: {
  /** As typed. */
  colours: { primary: string; accent: string }
  /** As previewed and checked: the typed colour when it is one, else the saved one. */
  shown: { primary: string; accent: string }
  errors: Partial<Record<ColourName, string>>
  onChange: (name: ColourName, value: string) => void
}) {
  return (
    <section aria-labelledby="brand-colours-title" className="glass rounded-3xl p-5 tablet:p-7">
      <h2 id="brand-colours-title" className="text-lg font-bold text-ink">
        Colours
      </h2>
      <p className="mt-1 text-sm text-muted">
        White words are drawn on both colours, so each is checked for contrast: pale colours make words hard to read on
        a phone.
      </p>
      <div className="mt-5 space-y-4">
        {(['primary', 'accent'] as const).map((name) => (
          <ColourField
            key={name}
            name={name}
            text={colours[name]}
            shown={shown}
            error={errors[name]}
            onChange={(value) => onChange(name, value)}
          />
        ))}
      </div>
    </section>
  )
}

function ColourField({
  name,
  text,
  shown,
  error,
  onChange,
}: {
  name: ColourName
  text: string
  shown: { primary: string; accent: string }
  error: string | undefined
  onChange: (value: string) => void
}) {
  const id = FIELD_IDS[name]
  const baseId = useId()
  const { label, use, example } = COLOURS[name]
  const colour = shown[name]
  const verdict = getColourVerdict(shown, name)
  const valid = parseHex(text) !== undefined
  const describedBy = [`${baseId}-use`, error ? `${id}-error` : undefined].filter(Boolean).join(' ')

  return (
    <div className="grid min-w-0 gap-x-6 gap-y-4 rounded-2xl border border-line bg-surface/70 p-4 tablet:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        <p id={`${baseId}-use`} className="mt-0.5 text-xs text-muted">
          {use}
        </p>
        <div className="mt-3 flex items-center gap-2.5">
          {/* The native picker under a sample of white words, so the swatch itself shows how they read. */}
          <span className="relative h-11 w-14 shrink-0 overflow-hidden rounded-xl border border-line">
            <input
              type="color"
              aria-label={`Pick the ${label.toLowerCase()}`}
              value={colour}
              onChange={(event) => onChange(event.target.value)}
              className="absolute -inset-2 h-[calc(100%+1rem)] w-[calc(100%+1rem)] cursor-pointer border-0 p-0"
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 grid place-items-center text-sm font-bold text-white"
            >
              Aa
            </span>
          </span>
          <input
            id={id}
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={7}
            value={text}
            placeholder={example}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
            onBlur={() => {
              const parsed = parseHex(text)
              if (parsed && parsed !== text) onChange(parsed)
            }}
            className={`block w-28 min-w-0 rounded-xl border bg-surface px-3 py-2.5 font-mono text-[15px] text-ink uppercase placeholder:text-subtle focus:border-accent focus:outline-none ${
              error ? 'border-rose-400/70' : 'border-line'
            }`}
          />
        </div>
        {error ? (
          <p id={`${id}-error`} className="mt-2 text-sm text-rose-700 dark:text-rose-400">
            {error}
          </p>
        ) : !valid ? (
          <p className="mt-2 text-xs text-subtle">Showing {colour.toUpperCase()} until the new colour is complete.</p>
        ) : null}
      </div>

      <div className="min-w-0">
        <p className="text-sm text-ink">
          White text on it: <strong className="tabular-nums">{formatRatio(verdict.ratio)}</strong>
        </p>
        <ul className="mt-2 space-y-1.5" aria-label={`${label} contrast checks`}>
          {verdict.checks.map((check) => (
            <li key={check.use} className="flex items-start gap-2 text-sm">
              {check.passes ? (
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700 dark:text-emerald-400" />
              ) : (
                <AlertIcon className="mt-0.5 h-4 w-4 shrink-0 text-rose-700 dark:text-rose-400" />
              )}
              <span className="min-w-0 text-muted">
                <span className="text-ink">{COLOUR_USES[check.use].label}</span>: needs {formatRatio(check.minimum)},{' '}
                <span
                  className={`font-semibold ${check.passes ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400'}`}
                >
                  {check.passes ? 'easy to read' : 'too light to read'}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <div aria-live="polite">
          {verdict.suggestion ? (
            <div className="mt-4 rounded-2xl border border-amber-400/50 bg-amber-50 p-3 text-sm text-ink dark:border-amber-300/30 dark:bg-amber-300/10">
              <p className="flex gap-2">
                <AlertIcon className="mt-0.5 h-4 w-4 shrink-0 text-amber-700 dark:text-amber-300" />
                <span>
                  White words on {colour.toUpperCase()} are hard to read, above all on a phone outdoors. The nearest
                  shade that reads well is {verdict.suggestion.toUpperCase()}.
                </span>
              </p>
              <button
                type="button"
                className="btn-secondary mt-3 px-3.5 py-2 text-sm"
                onClick={() => onChange(verdict.suggestion ?? colour)}
              >
                <span
                  aria-hidden="true"
                  className="h-4 w-4 rounded-full border border-black/10"
                  style={{ background: verdict.suggestion }}
                />
                Use {verdict.suggestion.toUpperCase()}
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  )
}
