import { describe, expect, it } from 'vitest'

import { formatSize } from './format-size.ts'

describe('formatSize', () => {
  it('writes sizes in decimal units, with a decimal only where it tells something', () => {
    expect(formatSize(0)).toBe('0 B')
    expect(formatSize(840_000)).toBe('840 KB')
    expect(formatSize(12_480_000)).toBe('12.5 MB')
    expect(formatSize(200_000_000)).toBe('200 MB')
    expect(formatSize(1_000_000_000)).toBe('1 GB')
    expect(formatSize(1_540_000_000)).toBe('1.5 GB')
  })
})
