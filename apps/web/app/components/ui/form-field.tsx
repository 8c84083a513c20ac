import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  /** An inline problem, announced with the field. */
  error?: string | undefined
  hint?: ReactNode
}

/** A labelled input whose error and hint are wired to it for screen readers. */
export function FormField({ label, error, hint, className = '', id: givenId, ...input }: FieldProps) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const describedBy = [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ')
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`block w-full rounded-xl border bg-surface px-3.5 py-3 text-[15px] text-ink placeholder:text-subtle transition-colors focus:border-accent focus:outline-none ${
          error ? 'border-rose-400/70' : 'border-line'
        }`}
        {...input}
      />
      {hint ? (
        <div id={`${id}-hint`} className="mt-1.5 text-xs text-subtle">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-rose-700 dark:text-rose-400">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The busy state of a submit button: a spinner beside the label, the button disabled by its caller. */
export function Spinner({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`animate-spin ${className}`} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}

/** The end of an inline form: the server's refusal in its own words, then Cancel and the submit button. */
export function FormActions({
  error,
  saving,
  submitLabel,
  onCancel,
}: {
  error?: string | undefined
  saving: boolean
  submitLabel: string
  onCancel: () => void
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="mt-4 text-sm whitespace-pre-line text-rose-700 dark:text-rose-400">
          {error}
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          className="btn-secondary px-4 py-2.5 text-sm tablet:px-5"
          disabled={saving}
          onClick={onCancel}
        >
          Cancel
        </button>
        <button type="submit" className="btn-primary px-4 py-2.5 text-sm tablet:px-5" disabled={saving}>
          {saving ? <Spinner /> : null}
          {submitLabel}
        </button>
      </div>
    </>
  )
}
