import { describe, expect, it } from 'vitest'

import { easeOutCubic, LOGO_SCROLL_DURATION_MS } from './scroll-to-top.ts'

describe('easeOutCubic', () => {
  it('starts at 0, ends at 1 and front-loads the motion', () => {
    expect(easeOutCubic(0)).toBe(0)
    expect(easeOutCubic(1)).toBe(1)
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875)
    expect(easeOutCubic(1 / 3)).toBeGreaterThan(0.7)
  })

  it('runs over 400 ms for the logo', () => {
    expect(LOGO_SCROLL_DURATION_MS).toBe(400)
  })
})
