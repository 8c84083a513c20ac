const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/**
 * "March 4, 2025" for a YYYY-MM-DD date, the same on the build machine and in every browser. Written out
 * rather than with Intl.DateTimeFormat, whose locale data costs a long task on a phone as the page starts.
 */
export function formatPostDate(date: string): string {
  const day = new Date(date)
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`
}
