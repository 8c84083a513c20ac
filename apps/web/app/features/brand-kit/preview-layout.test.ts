import { describe, expect, it } from 'vitest'

import { LOGO_POSITIONS, LOGO_SIZE } from '@storyreel/contracts/brand-kit'

import { getLogoBox, getSafeMargins, getUnitOfWidth, PREVIEW_SHAPES } from './preview-layout.ts'

describe('getLogoBox', () => {
  it('keeps a vertical video’s logo out of the top 10 %, the bottom 20 % and the right 12 %', () => {
    for (const position of LOGO_POSITIONS) {
      const box = getLogoBox('9:16', { position, size: LOGO_SIZE.max }, { captions: false })
      expect(box.top, position).toBeGreaterThanOrEqual(0.1)
      expect(box.top + box.height, position).toBeLessThanOrEqual(0.8 + 1e-9)
      expect(box.left + box.width, position).toBeLessThanOrEqual(0.88 + 1e-9)
      expect(box.left, position).toBeGreaterThanOrEqual(0.05)
    }
    const bottomRight = getLogoBox('9:16', { position: 'bottom-right', size: 0.2 }, { captions: false })
    expect(bottomRight.left + bottomRight.width).toBeCloseTo(0.88)
    expect(bottomRight.top + bottomRight.height).toBeCloseTo(0.8)
  })

  it('keeps a 5 % margin in wide and square frames, snug in the chosen corner', () => {
    for (const shape of ['16:9', '1:1'] as const) {
      expect(getSafeMargins(shape)).toEqual({ top: 0.05, right: 0.05, bottom: 0.05, left: 0.05 })
      const topLeft = getLogoBox(shape, { position: 'top-left', size: 0.16 }, { captions: false })
      expect(topLeft).toMatchObject({ left: 0.05, top: 0.05 })
      const bottomRight = getLogoBox(shape, { position: 'bottom-right', size: 0.16 }, { captions: false })
      expect(bottomRight.left + bottomRight.width).toBeCloseTo(0.95)
      expect(bottomRight.top + bottomRight.height).toBeCloseTo(0.95)
    }
  })

  it('makes the logo its size times the frame’s shorter side across', () => {
    // 9:16: the width is the shorter side. 16:9: the height is, so 0.2 × 9/16 of the width.
    expect(getLogoBox('9:16', { position: 'top-left', size: 0.2 }, { captions: false }).width).toBeCloseTo(0.2)
    expect(getLogoBox('16:9', { position: 'top-left', size: 0.2 }, { captions: false }).width).toBeCloseTo(
      (0.2 * 9) / 16,
    )
    expect(getLogoBox('16:9', { position: 'top-left', size: 0.2 }, { captions: false }).height).toBeCloseTo(0.2)
    expect(getLogoBox('1:1', { position: 'top-left', size: 0.3 }, { captions: false }).width).toBeCloseTo(0.3)
  })

  it('lifts a bottom-corner logo above the captions when they show', () => {
    for (const shape of PREVIEW_SHAPES) {
      const plain = getLogoBox(shape, { position: 'bottom-left', size: 0.16 }, { captions: false })
      const lifted = getLogoBox(shape, { position: 'bottom-left', size: 0.16 }, { captions: true })
      expect(lifted.top, shape).toBeLessThanOrEqual(plain.top)
      // Above the captions' band: 86 % down, less 22.8 hundredths of the shorter side.
      const unitOfHeight = getUnitOfWidth(shape) * (shape === '9:16' ? 9 / 16 : shape === '16:9' ? 16 / 9 : 1)
      expect(lifted.top + lifted.height, shape).toBeLessThanOrEqual(0.86 - 22.8 * unitOfHeight + 1e-9)
    }
  })
})
