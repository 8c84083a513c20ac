import type { ReactNode } from 'react'

export type CheckboxCardOption<T extends string> = {
  value: T
  label: ReactNode
  description: ReactNode
  /** A third line, such as the value's code name. */
  detail?: ReactNode
}

/**
 * A group of choices as ticked cards, two columns from tablets up. Ticks are handed back in the options' order,
 * whatever order they were made in. `firstId` lets a form move focus to the group when nothing is ticked.
 */
export function CheckboxCards<T extends string>({
  legend,
  hint,
  options,
  selected,
  onChange,
  error,
  errorId,
  firstId,
}: {
  legend: string
  hint?: ReactNode
  options: ReadonlyArray<CheckboxCardOption<T>>
  selected: readonly T[]
  onChange: (selected: T[]) => void
  error?: string | undefined
  errorId: string
  firstId: string
}) {
  return (
    <fieldset className="mt-5" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      {hint ? <p className="mt-1 text-xs text-subtle">{hint}</p> : null}
      <div className="mt-3 grid gap-2 tablet:grid-cols-2">
        {options.map((option, index) => {
          const checked = selected.includes(option.value)
          return (
            <label
              key={option.value}
              className={`grid cursor-pointer grid-cols-[auto_1fr] content-start gap-x-3 rounded-xl border px-3 py-2.5 transition-colors focus-within:border-accent ${
                checked ? 'border-accent/70 bg-accent/10' : 'border-line hover:border-accent/40'
              }`}
            >
              <input
                id={index === 0 ? firstId : undefined}
                type="checkbox"
                className="row-span-3 mt-1 h-4 w-4 shrink-0 accent-[var(--accent)]"
                checked={checked}
                onChange={(event) => {
                  const { checked: ticked } = event.target
                  onChange(
                    options
                      .map((item) => item.value)
                      .filter((value) => (value === option.value ? ticked : selected.includes(value))),
                  )
                }}
              />
              <span className="text-sm font-semibold text-ink">{option.label}</span>
              <span className="text-xs text-muted">{option.description}</span>
              {option.detail ? <span className="mt-0.5">{option.detail}</span> : null}
            </label>
          )
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-rose-700 dark:text-rose-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
