import type { FocusPoint, MediaFit } from '@storyreel/contracts/studio'

/**
 * A cover crop that keeps less than this share of the picture's area cuts away too much: "auto" then shows the
 * picture whole over a blurred copy of itself. A 4:3 photo in a 16:9 frame keeps 75 % (filled); a portrait photo
 * in a 16:9 frame keeps 42 %, a square one 56 % (both shown whole), a 3:2 one in a square frame 67 % (filled).
 */
export const FILL_KEEPS_AT_LEAST = 0.6

type Size = { width: number; height: number }

/** The share of a picture's area a cover crop into the frame keeps (1: the same shape). */
export function getCoverShare(picture: Size, frame: Size): number {
  const pictureRatio = picture.width / picture.height
  const frameRatio = frame.width / frame.height
  return Math.min(pictureRatio / frameRatio, frameRatio / pictureRatio)
}

/**
 * How a photo or clip of `picture`'s size is placed in a frame of `frame`'s size (pixels or just the aspect
 * ratio's numbers): "fill" covers the frame, cropped; "fit" shows it whole over a blurred, darkened copy. `auto`
 * fills unless the crop would keep less than FILL_KEEPS_AT_LEAST of the picture.
 */
export function chooseMediaFit(fit: MediaFit, picture: Size, frame: Size): 'fill' | 'fit' {
  if (fit !== 'auto') return fit
  if (!(picture.width > 0 && picture.height > 0)) return 'fill'
  return getCoverShare(picture, frame) < FILL_KEEPS_AT_LEAST ? 'fit' : 'fill'
}

/**
 * The part of a picture a cover crop into `frame` keeps, in the picture's pixels: as large as the frame's shape
 * allows, centred on `focus` as far as the picture's edges let it.
 */
export function getCoverRegion(
  picture: Size,
  frame: Size,
  focus: FocusPoint,
): { left: number; top: number; width: number; height: number } {
  const scale = Math.max(frame.width / picture.width, frame.height / picture.height)
  const width = Math.min(picture.width, frame.width / scale)
  const height = Math.min(picture.height, frame.height / scale)
  const place = (centre: number, size: number, total: number) =>
    Math.max(0, Math.min(total - size, centre * total - size / 2))
  return {
    left: place(focus.x, width, picture.width),
    top: place(focus.y, height, picture.height),
    width,
    height,
  }
}

/** The largest size of `picture`'s shape inside `frame`. */
export function getFitSize(picture: Size, frame: Size): Size {
  const scale = Math.min(frame.width / picture.width, frame.height / picture.height)
  return { width: picture.width * scale, height: picture.height * scale }
}
