import { SearchIcon } from './icons.tsx'

/**
 * The app's search box: a rounded input with a magnifier, labelled for screen readers only. `compact` for
 * toolbars inside dialogs; `className` sizes the label that wraps it.
 */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  compact = false,
  className = '',
}: {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder: string
  maxLength: number
  compact?: boolean
  className?: string
}) {
  return (
    <label className={`relative block ${className}`}>
      <span className="sr-only">{label}</span>
      <SearchIcon
        className={`pointer-events-none absolute top-1/2 h-4 w-4 -translate-y-1/2 text-subtle ${compact ? 'left-3.5' : 'left-4'}`}
      />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        className={`block w-full rounded-full border border-line bg-surface pr-4 text-sm text-ink placeholder:text-subtle focus:border-accent focus:outline-none ${compact ? 'py-2 pl-9' : 'py-2.5 pl-10'}`}
      />
    </label>
  )
}
