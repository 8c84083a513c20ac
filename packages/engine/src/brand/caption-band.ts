/**
 * How draw-captions.ts places a cue: its block's bottom edge at 86 % of the frame's height, at most two lines of
 * the largest look ('bold', 6.6 units where a unit is a hundredth of the frame's shorter side) 1.25 apart, and
 * 2.4 units of padding above and below. The figures are that file's; caption-band.test.ts draws the tallest
 * cues there are and fails if a caption ever reaches above the band.
 */
const CAPTION_BOTTOM = 0.86
const TALLEST_CUE_UNITS = 2 * 6.6 * 1.25 + 2 * 2.4
/** Room left between a logo and the captions, in units, so the two never touch. */
const GAP_UNITS = 1.5

/** The rows a caption can take in a `width`×`height` frame, whatever its words and style. */
export function getCaptionBand(width: number, height: number): { top: number; bottom: number } {
  const unit = Math.min(width, height) / 100
  const bottom = height * CAPTION_BOTTOM
  return { top: Math.floor(bottom - TALLEST_CUE_UNITS * unit), bottom: Math.ceil(bottom) }
}

/** The lowest row a logo may reach above the caption band. */
export function getAboveCaptions(width: number, height: number): number {
  return Math.floor(getCaptionBand(width, height).top - GAP_UNITS * (Math.min(width, height) / 100))
}
