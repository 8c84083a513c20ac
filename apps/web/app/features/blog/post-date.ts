const POST_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/** "March 4, 2025" for a YYYY-MM-DD date, the same on the build machine and in every browser. */
export function formatPostDate(date: string): string {
  return POST_DATE.format(new Date(date))
}
