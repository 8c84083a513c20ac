import { describe, expect, it } from 'vitest'

import { formatPostDate } from './post-date.ts'

describe('formatPostDate', () => {
  it("writes a date as Intl's en-US long date in UTC would, whatever the machine's time zone", () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    for (const date of ['2025-03-04', '2024-12-31', '2026-01-01', '2024-02-29', '2025-07-15']) {
      expect(formatPostDate(date)).toBe(intl.format(new Date(date)))
    }
    expect(formatPostDate('2025-03-04')).toBe('March 4, 2025')
  })
})
