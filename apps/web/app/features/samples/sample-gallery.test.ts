import { describe, expect, it } from 'vitest'

import { planGalleryRows } from './sample-gallery.tsx'
import type { SampleVideo } from './videos.ts'

const video = (id: string, width: number, height: number) =>
  ({ id, width, height, ratio: width < height ? '9:16' : width > height ? '16:9' : '1:1' }) as SampleVideo

const ids = (rows: SampleVideo[][]) => rows.map((row) => row.map((entry) => entry.id))

describe('planGalleryRows', () => {
  it('splits the samples into two rows of about equal width, the about card filling the second', () => {
    const { rows, aboutRatio } = planGalleryRows([
      video('tall', 540, 960),
      video('wide', 960, 540),
      video('square', 540, 540),
      video('tall-2', 540, 960),
      video('wide-2', 960, 540),
    ])
    expect(ids(rows)).toEqual([
      ['tall', 'wide', 'square'],
      ['tall-2', 'wide-2'],
    ])
    expect(aboutRatio).toBeCloseTo(1)
  })

  it('keeps a short list on one row, beside a square about card', () => {
    const { rows, aboutRatio } = planGalleryRows([video('tall', 540, 960), video('wide', 960, 540)])
    expect(ids(rows)).toEqual([['tall', 'wide']])
    expect(aboutRatio).toBe(1)
  })
})
