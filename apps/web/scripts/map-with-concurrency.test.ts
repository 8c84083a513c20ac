import { describe, expect, it } from 'vitest'

import { mapWithConcurrency } from './map-with-concurrency.ts'

describe('mapWithConcurrency', () => {
  it('keeps input order and never runs more than the limit at once', async () => {
    let running = 0
    let peak = 0
    const results = await mapWithConcurrency([30, 5, 20, 1, 10], 2, async (delay, index) => {
      running += 1
      peak = Math.max(peak, running)
      await new Promise((resolve) => setTimeout(resolve, delay))
      running -= 1
      return index * 10
    })
    expect(results).toEqual([0, 10, 20, 30, 40])
    expect(peak).toBe(2)
  })

  it('returns an empty list for no items', async () => {
    expect(await mapWithConcurrency([], 4, async () => 1)).toEqual([])
  })

  it('rejects a limit below one', async () => {
    await expect(mapWithConcurrency([1], 0, async () => 1)).rejects.toThrow(RangeError)
  })
})
