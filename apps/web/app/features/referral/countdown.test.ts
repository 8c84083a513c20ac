import { describe, expect, it } from 'vitest'

import { describeCountdown, formatCountdown } from './countdown.ts'

describe('the countdown text', () => {
  it('reads m:ss', () => {
    expect(formatCountdown(600)).toBe('10:00')
    expect(formatCountdown(599)).toBe('9:59')
    expect(formatCountdown(65)).toBe('1:05')
    expect(formatCountdown(0)).toBe('0:00')
    expect(formatCountdown(-3)).toBe('0:00')
  })

  it('reads out in words for assistive tech', () => {
    expect(describeCountdown(600)).toBe('10 minutes')
    expect(describeCountdown(61)).toBe('1 minute 1 second')
    expect(describeCountdown(59)).toBe('59 seconds')
    expect(describeCountdown(0)).toBe('0 seconds')
  })
})
