import { describe, expect, it } from 'vitest'

import { LOGO_POSITIONS, LOGO_SIZE } from './brand-overlay.ts'
import { getAboveCaptions } from './caption-band.ts'
import { placeLogo } from './logo-placement.ts'
import { getSafeArea } from './safe-area.ts'

const FRAMES = {
  '9:16': { width: 720, height: 1280 },
  '16:9': { width: 1280, height: 720 },
  '1:1': { width: 720, height: 720 },
  '9:16 1080p': { width: 1080, height: 1920 },
  '9:16 still': { width: 202, height: 360 },
}
const SQUARE = { width: 400, height: 400 }

describe('getSafeArea', () => {
  it('keeps a portrait frame clear of the apps’ header, buttons and caption: 10 % top, 20 % bottom, 12 % right', () => {
    expect(getSafeArea(720, 1280)).toEqual({ left: 36, top: 128, right: 633, bottom: 1024 })
    expect(getSafeArea(1080, 1920)).toEqual({ left: 54, top: 192, right: 950, bottom: 1536 })
  })

  it('keeps a 5 % margin on each side of a landscape or square frame', () => {
    expect(getSafeArea(1280, 720)).toEqual({ left: 64, top: 36, right: 1216, bottom: 684 })
    expect(getSafeArea(720, 720)).toEqual({ left: 36, top: 36, right: 684, bottom: 684 })
  })
})

describe('placeLogo', () => {
  it('puts the logo in its corner of the safe area, on even pixels, in every frame shape', () => {
    for (const [name, frame] of Object.entries(FRAMES)) {
      const safe = getSafeArea(frame.width, frame.height)
      for (const position of LOGO_POSITIONS) {
        for (const size of [LOGO_SIZE.min, 0.16, LOGO_SIZE.max]) {
          const box = placeLogo(SQUARE, { position, size }, frame, { captions: false })
          const label = `${name} ${position} ${size}`
          expect(Math.abs(box.width - size * Math.min(frame.width, frame.height)), label).toBeLessThanOrEqual(1)
          expect(box.left, label).toBeGreaterThanOrEqual(safe.left)
          expect(box.top, label).toBeGreaterThanOrEqual(safe.top)
          expect(box.left + box.width, label).toBeLessThanOrEqual(safe.right)
          expect(box.top + box.height, label).toBeLessThanOrEqual(safe.bottom)
          // Snug in its corner: within two pixels of its two edges of the safe area.
          const [vertical, horizontal] = position.split('-')
          if (horizontal === 'left') expect(box.left - safe.left, label).toBeLessThan(2)
          else expect(safe.right - (box.left + box.width), label).toBeLessThan(2)
          if (vertical === 'top') expect(box.top - safe.top, label).toBeLessThan(2)
          else expect(safe.bottom - (box.top + box.height), label).toBeLessThan(2)
          expect(
            [box.left, box.top, box.width, box.height].map((edge) => edge % 2),
            label,
          ).toEqual([0, 0, 0, 0])
        }
      }
    }
  })

  it('keeps a bottom-corner logo above the captions when the video shows them', () => {
    for (const [name, frame] of Object.entries(FRAMES)) {
      for (const position of ['bottom-left', 'bottom-right'] as const) {
        const box = placeLogo(SQUARE, { position, size: LOGO_SIZE.max }, frame, { captions: true })
        expect(box.top + box.height, name).toBeLessThanOrEqual(getAboveCaptions(frame.width, frame.height))
        expect(box.top, name).toBeGreaterThanOrEqual(getSafeArea(frame.width, frame.height).top)
      }
      // A top-corner logo is where it would be anyway.
      expect(placeLogo(SQUARE, { position: 'top-right', size: 0.16 }, frame, { captions: true })).toEqual(
        placeLogo(SQUARE, { position: 'top-right', size: 0.16 }, frame, { captions: false }),
      )
    }
  })

  it('keeps the logo’s shape, and bounds a tall one by its height so it stays as small', () => {
    const frame = FRAMES['9:16']
    const wide = placeLogo({ width: 1000, height: 250 }, { position: 'top-left', size: 0.2 }, frame, {
      captions: true,
    })
    expect(wide).toMatchObject({ width: 144, height: 36 })
    const tall = placeLogo({ width: 200, height: 1000 }, { position: 'top-left', size: 0.2 }, frame, {
      captions: true,
    })
    expect(tall).toMatchObject({ width: 28, height: 144 })
  })
})
