import { useId } from 'react'

/** A labelled slider with its value written beside the label, and optional marks under its two ends. */
export function RangeField({
  label,
  min,
  max,
  step,
  value,
  display,
  onChange,
  marks,
  disabled = false,
}: {
  label: string
  min: number
  max: number
  step: number
  value: number
  display: string
  onChange: (value: number) => void
  marks?: [string, string]
  /** Nothing to set (a music volume with no track): shown, but out of reach. */
  disabled?: boolean
}) {
  const percent = ((value - min) / (max - min)) * 100
  const id = useId()
  // The label names the slider itself: wrapped around both, it would name the <output>, the first
  // labelable element inside it, and leave the slider nameless for a screen reader.
  return (
    <div>
      <span className="flex items-baseline justify-between text-sm">
        <label htmlFor={id} className="text-muted">
          {label}
        </label>
        <output htmlFor={id} className="font-semibold tabular-nums text-ink">
          {display}
        </output>
      </span>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={display}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-2 h-2 w-full cursor-pointer appearance-none rounded-full accent-[var(--accent)] disabled:cursor-not-allowed disabled:opacity-40"
        style={{
          background: `linear-gradient(90deg, var(--accent) ${percent}%, var(--line) ${percent}%)`,
        }}
      />
      {marks ? (
        <span className="mt-1 flex justify-between text-[11px] text-subtle">
          <span>{marks[0]}</span>
          <span>{marks[1]}</span>
        </span>
      ) : null}
    </div>
  )
}
