import type { LogoOverlay } from './brand-overlay.ts'
import { getAboveCaptions } from './caption-band.ts'
import { getSafeArea } from './safe-area.ts'

type Size = { width: number; height: number }

/** Where a logo goes in a frame, in whole pixels. */
export type LogoBox = { left: number; top: number; width: number; height: number }

const evenDown = (value: number) => Math.floor(value / 2) * 2
const evenUp = (value: number) => Math.ceil(value / 2) * 2
const evenRound = (value: number) => Math.round(value / 2) * 2

/**
 * The logo's box in a frame: scaled with its shape kept to `size` of the frame's shorter side across, and no
 * higher than that (a tall logo is bounded by its height instead), in its corner of the safe area. A bottom-corner
 * logo sits above the caption band when the video shows captions. Every edge is on an even pixel: the 4:2:0 video
 * keeps one colour sample for each 2×2 pixels, and a logo that covered half of one would tint the pixel beside it,
 * outside its box (and perhaps outside the safe area).
 */
export function placeLogo(
  image: Size,
  logo: Pick<LogoOverlay, 'position' | 'size'>,
  frame: Size,
  { captions }: { captions: boolean },
): LogoBox {
  const side = logo.size * Math.min(frame.width, frame.height)
  const scale = Math.min(side / image.width, side / image.height)
  const width = Math.max(2, evenRound(image.width * scale))
  const height = Math.max(2, evenRound(image.height * scale))
  const safe = getSafeArea(frame.width, frame.height)
  const bottom = captions ? Math.min(safe.bottom, getAboveCaptions(frame.width, frame.height)) : safe.bottom
  const [vertical, horizontal] = logo.position.split('-')
  const left = horizontal === 'left' ? evenUp(safe.left) : evenDown(safe.right - width)
  const top = vertical === 'top' ? evenUp(safe.top) : Math.max(evenUp(safe.top), evenDown(bottom - height))
  return { left, top, width, height }
}
