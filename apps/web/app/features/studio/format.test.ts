import { describe, expect, it } from 'vitest'

import { formatDayAndTime } from './format.ts'

// The API's day ends at midnight UTC; this is the reset it gives in the evening of Friday 7 March 2025.
const RESET = '2025-03-08T00:00:00.000Z'
const FRIDAY_EVENING = Date.parse('2025-03-07T18:30:00Z')

// Intl puts a narrow no-break space before AM and PM; a plain space reads the same in a test.
const format = (timeZone: string, now = FRIDAY_EVENING) =>
  formatDayAndTime(RESET, { now, timeZone }).replaceAll('\u202f', ' ')

describe('formatDayAndTime', () => {
  it('gives the reset in the reader’s zone, with the day and the zone’s name', () => {
    expect(format('Europe/Berlin')).toBe('1:00 AM tomorrow (Central European Standard Time)')
    expect(format('America/New_York')).toBe('7:00 PM today (Eastern Standard Time)')
    expect(format('UTC')).toBe('12:00 AM tomorrow (Coordinated Universal Time)')
  })

  it('counts days by the reader’s calendar, not by 24-hour spans', () => {
    // Already Saturday in Tokyo at 03:30 local time; the reset is 09:00 the same day there.
    expect(format('Asia/Tokyo')).toBe('9:00 AM today (Japan Standard Time)')
    expect(format('Asia/Tokyo', Date.parse('2025-03-06T12:00:00Z'))).toBe(
      '9:00 AM on Saturday, March 8 (Japan Standard Time)',
    )
  })
})
