import { describe, expect, it } from 'vitest'

import { DEFAULT_PROJECT_SETTINGS, type CaptionStyle } from '@storyreel/contracts/studio'

import type { BrandOverlay } from './brand/brand-overlay.ts'
import { getBrandColourWarnings } from './cli-brand-kit.ts'

const PALE = { primary: '#f9a8d4', accent: '#86efac' }
const withCaptions = (style: CaptionStyle) => ({ ...DEFAULT_PROJECT_SETTINGS, captions: { enabled: true, style } })

describe('getBrandColourWarnings', () => {
  it('warns of each pale colour the video puts white text on, offering a legible shade', () => {
    const brand: BrandOverlay = {
      colours: PALE,
      closingCard: { callToAction: 'Order today', contact: '', seconds: 3, voiced: false },
    }
    const warnings = getBrandColourWarnings(brand, withCaptions('karaoke'))
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toMatch(
      /^Caption highlight .+ white on #86efac has a contrast of 1\.4:1, below 4\.5:1; #[0-9a-f]{6}/,
    )
    expect(warnings[1]).toMatch(/^Card headline .+ white on #f9a8d4 .+ below 3:1; #[0-9a-f]{6} would be legible\.$/)
  })

  it('says nothing of a colour the video does not use', () => {
    expect(getBrandColourWarnings({ colours: PALE }, withCaptions('classic'))).toEqual([])
    const boxed = getBrandColourWarnings({ colours: PALE }, withCaptions('boxed'))
    expect(boxed).toEqual([expect.stringMatching(/^Caption plate .+ #f9a8d4/)])
  })
})
