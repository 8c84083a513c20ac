/** 75 -> "1:15"; 9.5 -> "0:10" (rounded to whole seconds). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** Short seconds for the editor: 4 -> "4 s", 4.5 -> "4.5 s". */
export const formatSeconds = (seconds: number) => `${Math.round(seconds * 10) / 10} s`

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** "3 hours ago", "yesterday", "just now". */
export function formatRelativeTime(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit)
  }
  return 'just now'
}

const DAY_MS = 24 * 3600 * 1000

/** The calendar day of `date` in `timeZone`, as the UTC midnight that starts a day of the same date. */
function getCalendarDay(date: Date, timeZone: string | undefined): number {
  // en-CA writes dates as YYYY-MM-DD, which Date parses exactly.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  return Date.parse(`${day.format(date)}T00:00:00Z`)
}

/**
 * An instant in the reader's time zone with its day and the zone's name, since a bare "12:00 AM" could be
 * either midnight and any zone: "1:00 AM tomorrow (Central European Standard Time)", "7:00 PM today
 * (Eastern Standard Time)", "9:00 AM on Saturday, March 8 (…)". `timeZone` defaults to the browser's.
 */
export function formatDayAndTime(
  iso: string,
  { now = Date.now(), timeZone }: { now?: number; timeZone?: string } = {},
) {
  const at = new Date(iso)
  const parts = new Intl.DateTimeFormat('en', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'long',
  }).formatToParts(at)
  const time = parts
    .filter((part) => part.type !== 'timeZoneName')
    .map((part) => part.value)
    .join('')
    .trim()
  const zone = parts.find((part) => part.type === 'timeZoneName')?.value
  const days = Math.round((getCalendarDay(at, timeZone) - getCalendarDay(new Date(now), timeZone)) / DAY_MS)
  const day =
    days === 0
      ? 'today'
      : days === 1
        ? 'tomorrow'
        : `on ${at.toLocaleDateString('en', { timeZone, weekday: 'long', month: 'long', day: 'numeric' })}`
  return zone ? `${time} ${day} (${zone})` : `${time} ${day}`
}

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })

/** "lo-fi" -> "Lo-Fi": a library tag as a label. */
export const capitalize = (text: string) => text.replace(/(^|[\s-])\p{Ll}/gu, (start) => start.toUpperCase())
