import { stat } from 'node:fs/promises'

import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas'
import sharp, { type Metadata } from 'sharp'

import { EngineError } from '#src/errors.ts'

import { LOGO_OPACITY, LOGO_POSITIONS, LOGO_SIZE, type LogoOverlay } from './brand-overlay.ts'
import { placeLogo, type LogoBox } from './logo-placement.ts'

/** A logo is drawn at most 30 % of a 1080p frame across: a larger source only costs decoding time. */
export const LOGO_MAX_SIDE = 4096

/** A logo scaled for one frame size, its opacity already in its alpha: a PNG to lay over the frames as it is. */
export type PreparedLogo = { png: Buffer; box: LogoBox }

const FORMAT_NAMES: Record<string, string> = { jpeg: 'a JPEG', gif: 'a GIF', heif: 'a HEIF', svg: 'an SVG' }

const refuse = (message: string) => new EngineError('invalid', 'visuals', message)

function checkSettings(logo: LogoOverlay) {
  if (!(LOGO_POSITIONS as readonly string[]).includes(logo.position)) {
    throw refuse(`The logo's position must be one of ${LOGO_POSITIONS.join(', ')}.`)
  }
  if (!(logo.size >= LOGO_SIZE.min && logo.size <= LOGO_SIZE.max)) {
    throw refuse(`The logo's size must be ${LOGO_SIZE.min}-${LOGO_SIZE.max} of the frame's shorter side.`)
  }
  if (!(logo.opacity >= LOGO_OPACITY.min && logo.opacity <= LOGO_OPACITY.max)) {
    throw refuse(`The logo's opacity must be ${LOGO_OPACITY.min}-${LOGO_OPACITY.max}.`)
  }
}

/**
 * The logo's pixel size, once its file is known to be a still PNG or WebP of at most LOGO_MAX_SIDE on each side.
 * Reads the header only (a quick check of a file chosen as a logo); prepareLogo decodes the whole image.
 */
export async function inspectLogo(file: string): Promise<{ width: number; height: number }> {
  const info = await stat(file).catch(() => undefined)
  if (!info?.isFile()) throw new EngineError('not-found', 'visuals', 'The logo file cannot be found.')
  let metadata: Metadata
  try {
    metadata = await sharp(file).metadata()
  } catch {
    throw refuse('The logo file is not an image: use a PNG or WebP.')
  }
  if (metadata.format !== 'png' && metadata.format !== 'webp') {
    const name = FORMAT_NAMES[metadata.format] ?? `a ${metadata.format.toUpperCase()}`
    throw refuse(`The logo must be a PNG or WebP image; this file is ${name}.`)
  }
  if ((metadata.pages ?? 1) > 1) throw refuse('The logo is an animation: use a still PNG or WebP.')
  const { width, height } = metadata
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) {
    throw refuse(`The logo is ${width}×${height} px; it may be at most ${LOGO_MAX_SIDE} px on each side.`)
  }
  return { width, height }
}

/**
 * The logo for a `frame`-sized picture: checked, decoded, scaled to its box (placeLogo) with its transparency,
 * and its opacity multiplied into its alpha. A file that is not a PNG or WebP, too large or broken is refused
 * with an 'invalid' EngineError.
 */
export async function prepareLogo(
  logo: LogoOverlay,
  frame: { width: number; height: number },
  { captions }: { captions: boolean },
): Promise<PreparedLogo> {
  checkSettings(logo)
  const size = await inspectLogo(logo.file)
  const box = placeLogo(size, logo, frame, { captions })
  let pixels: Buffer
  try {
    // sharp premultiplies the alpha while it scales, so transparent pixels lend no colour to the edges.
    pixels = await sharp(logo.file, { limitInputPixels: LOGO_MAX_SIDE * LOGO_MAX_SIDE })
      .resize(box.width, box.height, { fit: 'fill' })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer()
  } catch {
    throw refuse('The logo file is damaged: it could not be decoded.')
  }
  if (logo.opacity < 1) {
    for (let at = 3; at < pixels.length; at += 4) pixels[at] = Math.round((pixels[at] as number) * logo.opacity)
  }
  const png = await sharp(pixels, { raw: { width: box.width, height: box.height, channels: 4 } })
    .png()
    .toBuffer()
  return { png, box }
}

/** Draws a prepared logo over what a canvas holds (a still, a poster), at its box. */
export async function drawLogo(context: SKRSContext2D, logo: PreparedLogo): Promise<void> {
  const image = await loadImage(logo.png)
  context.save()
  context.setTransform(1, 0, 0, 1, 0, 0)
  context.globalAlpha = 1
  context.drawImage(image, logo.box.left, logo.box.top, logo.box.width, logo.box.height)
  context.restore()
}

/**
 * An encoded picture (the poster, a preview's still) with the logo drawn over it, encoded again as a JPEG: the
 * picture comes from the drawing threads, which know nothing of the brand.
 */
export async function drawLogoOnJpeg(picture: Buffer, logo: PreparedLogo, quality: number): Promise<Buffer> {
  const image = await loadImage(picture)
  const canvas = createCanvas(image.width, image.height)
  const context = canvas.getContext('2d')
  context.drawImage(image, 0, 0)
  await drawLogo(context, logo)
  return canvas.encode('jpeg', quality)
}
