/** The countdown reads m:ss. */
export function formatCountdown(secondsLeft: number): string {
  const seconds = Math.max(0, Math.floor(secondsLeft))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** The same time in words, for assistive tech: "9 minutes 5 seconds". */
export function describeCountdown(secondsLeft: number): string {
  const seconds = Math.max(0, Math.floor(secondsLeft))
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  const parts = [
    minutes > 0 ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : '',
    rest > 0 || minutes === 0 ? `${rest} ${rest === 1 ? 'second' : 'seconds'}` : '',
  ]
  return parts.filter(Boolean).join(' ')
}
