/** A rectangle in a frame's pixels: `right` and `bottom` are the first column and row outside it. */
export type Area = { left: number; top: number; right: number; bottom: number }

/**
 * Shares of the frame kept clear of a logo on each side. A portrait video plays under the short-video apps' own
 * overlays: their header at the top, the caption, the account's name and the buttons at the bottom, the like and
 * share column on the right. A landscape or square one plays in players that overlay less: an even margin.
 */
export const SAFE_MARGINS = {
  portrait: { top: 0.1, bottom: 0.2, right: 0.12, left: 0.05 },
  other: { top: 0.05, bottom: 0.05, right: 0.05, left: 0.05 },
} as const

/** The part of a `width`×`height` frame that no platform's buttons or labels cover, in whole pixels. */
export function getSafeArea(width: number, height: number): Area {
  const margins = height > width ? SAFE_MARGINS.portrait : SAFE_MARGINS.other
  // Each margin rounded up to whole pixels; 1e-9 keeps a share like 1280 × 0.05 from rounding up past 64.
  const margin = (size: number, share: number) => Math.ceil(size * share - 1e-9)
  return {
    left: margin(width, margins.left),
    top: margin(height, margins.top),
    right: width - margin(width, margins.right),
    bottom: height - margin(height, margins.bottom),
  }
}
