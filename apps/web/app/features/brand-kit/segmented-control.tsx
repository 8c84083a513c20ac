/**
 * A few choices side by side, one of them on: native radio buttons under the pills, so arrow keys move between
 * them and the group is one Tab stop.
 */
export function SegmentedControl<T extends string>({
  label,
  name,
  options,
  value,
  onChange,
  className = '',
}: {
  label: string
  name: string
  options: ReadonlyArray<{ value: T; label: string }>
  value: T
  onChange: (value: T) => void
  className?: string
}) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={`inline-flex max-w-full rounded-full border border-line bg-surface p-1 ${className}`}
    >
      {options.map((option) => (
        <label
          key={option.value}
          className="relative cursor-pointer rounded-full px-3 py-1.5 text-center text-sm font-medium whitespace-nowrap text-muted transition-colors hover:text-ink has-checked:bg-accent has-checked:text-accent-ink has-focus-visible:ring-2 has-focus-visible:ring-accent has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-canvas"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="absolute inset-0 z-10 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
          />
          {option.label}
        </label>
      ))}
    </div>
  )
}
