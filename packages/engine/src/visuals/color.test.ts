import { describe, expect, it } from 'vitest'

import { hsl, mix } from './color.ts'

describe('mixing colours', () => {
  it('takes a blue sky toward a sunset orange without passing through green', () => {
    for (const amount of [0.2, 0.4, 0.6, 0.8]) {
      const { h, s, l } = mix(hsl(195, 0.55, 0.85), hsl(20, 0.9, 0.6), amount)
      // Green and yellow-green lie between 60 and 170 degrees; a near-grey on the way has no hue to speak of.
      const chroma = s * (1 - Math.abs(2 * l - 1))
      expect(h < 60 || h > 170 || chroma < 0.05, `hue ${h.toFixed(0)}, chroma ${chroma.toFixed(2)} at ${amount}`).toBe(
        true,
      )
    }
  })

  it('keeps neighbouring hues on the short way round, and the ends where they are', () => {
    expect(mix(hsl(350, 0.8, 0.5), hsl(20, 0.8, 0.5), 0.5).h).toBeCloseTo(5, 5)
    expect(mix(hsl(205, 0.7, 0.55), hsl(20, 0.9, 0.6), 0)).toMatchObject({ h: 205, s: 0.7, l: 0.55 })
    const end = mix(hsl(205, 0.7, 0.55), hsl(20, 0.9, 0.6), 1)
    expect(end.h).toBeCloseTo(20, 5)
    expect(end.l).toBeCloseTo(0.6, 5)
  })
})
