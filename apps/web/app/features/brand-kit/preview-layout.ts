import type { CSSProperties } from 'react'

import type { LogoPosition } from '@storyreel/contracts/brand-kit'

export const PREVIEW_SHAPES = ['9:16', '16:9', '1:1'] as const
export type PreviewShape = (typeof PREVIEW_SHAPES)[number]

const SHAPE_SIZES: Record<PreviewShape, { width: number; height: number }> = {
  '9:16': { width: 9, height: 16 },
  '16:9': { width: 16, height: 9 },
  '1:1': { width: 1, height: 1 },
}

/**
 * Shares of the frame a logo keeps clear of, as the renderer places it. A vertical video plays under the
 * short-video apps' own header (top), caption and buttons (bottom) and like column (right); a wide or square one
 * under players that cover less, so an even margin.
 */
export const SAFE_MARGINS = {
  portrait: { top: 0.1, right: 0.12, bottom: 0.2, left: 0.05 },
  other: { top: 0.05, right: 0.05, bottom: 0.05, left: 0.05 },
} as const

/**
 * The captions' block ends at 86 % of the frame's height and is at most 21.3 units tall (two lines of the
 * largest style and their padding), a unit being a hundredth of the frame's shorter side; a bottom-corner logo
 * stays 1.5 units above that band when the video shows captions.
 */
export const CAPTION_BOTTOM = 0.86
const CAPTION_BAND_UNITS = 21.3 + 1.5

export function getShapeSize(shape: PreviewShape) {
  return SHAPE_SIZES[shape]
}

export function getSafeMargins(shape: PreviewShape) {
  const { width, height } = SHAPE_SIZES[shape]
  return height > width ? SAFE_MARGINS.portrait : SAFE_MARGINS.other
}

/** A hundredth of the frame's shorter side, as a share of its width (for sizes in CSS `cqw`). */
export function getUnitOfWidth(shape: PreviewShape): number {
  const { width, height } = SHAPE_SIZES[shape]
  return Math.min(width, height) / width / 100
}

/**
 * The logo's box in the preview frame, in shares of the frame: a square `size` of the shorter side across (the
 * picture inside it keeps its shape, snug in its corner), in its corner of the safe area; at the bottom, above
 * the captions when they show.
 */
export function getLogoBox(
  shape: PreviewShape,
  { position, size }: { position: LogoPosition; size: number },
  { captions }: { captions: boolean },
): { left: number; top: number; width: number; height: number } {
  const frame = SHAPE_SIZES[shape]
  const margins = getSafeMargins(shape)
  const side = size * Math.min(frame.width, frame.height)
  const width = side / frame.width
  const height = side / frame.height
  const unitOfHeight = Math.min(frame.width, frame.height) / frame.height / 100
  const lowest = captions
    ? Math.min(1 - margins.bottom, CAPTION_BOTTOM - CAPTION_BAND_UNITS * unitOfHeight)
    : 1 - margins.bottom
  const [vertical, horizontal] = position.split('-')
  return {
    left: horizontal === 'left' ? margins.left : 1 - margins.right - width,
    top: vertical === 'top' ? margins.top : Math.max(margins.top, lowest - height),
    width,
    height,
  }
}

/** The logo box as CSS over the frame (a positioned parent), and where in the box the picture sits. */
export function getLogoStyle(
  shape: PreviewShape,
  logo: { position: LogoPosition; size: number; opacity: number },
  options: { captions: boolean },
): CSSProperties {
  const box = getLogoBox(shape, logo, options)
  const percent = (share: number) => `${(share * 100).toFixed(3)}%`
  return {
    left: percent(box.left),
    top: percent(box.top),
    width: percent(box.width),
    height: percent(box.height),
    opacity: logo.opacity,
    objectFit: 'contain',
    objectPosition: logo.position.replace('-', ' '),
  }
}
