import { useId, type ReactNode } from 'react'

/**
 * An on/off setting as a row: its words on the left, a switch on the right. The native checkbox (role switch) is
 * invisible and spread over the whole row, so a click anywhere toggles it and Space works from the keyboard.
 */
export function SwitchRow({
  label,
  description,
  checked,
  onChange,
  disabled = false,
  className = '',
}: {
  label: ReactNode
  description?: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  className?: string
}) {
  const descriptionId = useId()
  return (
    <label
      className={`relative flex cursor-pointer items-center justify-between gap-3 rounded-2xl border border-line bg-surface/70 px-4 py-3 has-disabled:cursor-not-allowed has-disabled:opacity-60 ${className}`}
    >
      <span className="min-w-0">
        <span className="block text-sm text-ink">{label}</span>
        {description ? (
          <span id={descriptionId} className="mt-0.5 block text-xs text-muted">
            {description}
          </span>
        ) : null}
      </span>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="peer absolute inset-0 z-10 m-0 h-full w-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
      />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 shrink-0 rounded-full bg-line transition-colors peer-checked:bg-accent peer-focus-visible:ring-2 peer-focus-visible:ring-accent peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-canvas after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
      />
    </label>
  )
}
