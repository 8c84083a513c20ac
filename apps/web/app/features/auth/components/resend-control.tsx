/**
 * Where a new code is asked for: the seconds left of the cooldown while it runs ("…in 42s."), then the
 * button. The server keeps the same cooldown; this only says it.
 */
export function ResendControl({
  left,
  waitText,
  label,
  disabled = false,
  onResend,
}: {
  left: number
  /** The words before the seconds, such as "You can ask for a new code in". */
  waitText: string
  label: string
  disabled?: boolean
  onResend: () => void
}) {
  if (left > 0) {
    return (
      <span>
        {waitText} <span className="tabular-nums text-ink">{left}s</span>.
      </span>
    )
  }
  return (
    <button
      type="button"
      className="font-semibold text-accent underline-offset-4 hover:underline disabled:opacity-50"
      disabled={disabled}
      onClick={onResend}
    >
      {label}
    </button>
  )
}
