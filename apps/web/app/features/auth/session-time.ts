const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long ago a session was used, in words. */
export function formatTimeAgo(iso: string, now: number, locale?: string): string {
  const elapsed = Math.max(0, now - Date.parse(iso))
  if (elapsed < MINUTE_MS) return 'just now'
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  if (elapsed < HOUR_MS) return words.format(-Math.floor(elapsed / MINUTE_MS), 'minute')
  if (elapsed < DAY_MS) return words.format(-Math.floor(elapsed / HOUR_MS), 'hour')
  if (elapsed < 7 * DAY_MS) return words.format(-Math.floor(elapsed / DAY_MS), 'day')
  return words.format(-Math.floor(elapsed / (7 * DAY_MS)), 'week')
}

/** "27 Nov 2026": the day a session started, in the reader's own way of writing dates. */
export function formatDay(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso))
}
