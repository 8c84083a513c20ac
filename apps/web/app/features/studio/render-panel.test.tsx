import { describe, expect, it } from 'vitest'

import { describeCards } from './render-panel.tsx'

describe('describeCards', () => {
  it('says how long the brand kit’s cards made the video, and nothing without them', () => {
    expect(describeCards({ opening: 1.5, closing: 4.5 })).toBe(
      'The brand kit adds its opening card 1.5 s and its closing card 4.5 s to the scenes.',
    )
    expect(describeCards({ opening: 0, closing: 3 })).toBe('The brand kit adds its closing card 3 s to the scenes.')
    expect(describeCards({ opening: 0, closing: 0 })).toBeUndefined()
    expect(describeCards(undefined)).toBeUndefined()
  })
})
