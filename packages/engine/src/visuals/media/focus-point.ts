import { stat } from 'node:fs/promises'

import sharp from 'sharp'
import smartcrop from 'smartcrop'

import type { FocusPoint } from '@storyreel/contracts/studio'

/**
 * The focus point of a photo, found by smartcrop (MIT, jwagner/smartcrop.js), which scores crops by skin tones,
 * detail and saturation. Its sharp adapter (smartcrop-sharp) asks for sharp 0.32 and we use 0.35, so its core is
 * fed sharp's pixels directly, through its `imageOperations` hook: no canvas, no network.
 */

/** The crop the finder looks for: a square of this share of the photo's short side, so both axes count. */
const CROP_SHARE = 0.6
/** smartcrop scores a copy this many pixels on its long side: enough for faces and edges, quick to score. */
const ANALYSIS_SIDE = 256
const CACHE_SIZE = 256

type Pixels = { width: number; height: number; data: Buffer }
type Opened = { file: string; width: number; height: number }

/** smartcrop's image operations over sharp: open reads the size, resample and getData decode RGBA. */
function sharpOperations() {
  const decode = async (image: Opened | Pixels, width: number, height: number): Promise<Pixels> => {
    if ('data' in image) {
      const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
        .resize(width, height, { fit: 'fill' })
        .raw()
        .toBuffer()
      return { width, height, data }
    }
    const data = await sharp(image.file, { failOn: 'error' })
      .rotate()
      .resize(width, height, { fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer()
    return { width, height, data }
  }
  return {
    async open(file: string): Promise<Opened> {
      const { width, height, orientation } = await sharp(file, { failOn: 'error' }).metadata()
      if (!width || !height) throw new Error(`${file} has no size`)
      const turned = orientation !== undefined && orientation >= 5
      return { file, width: turned ? height : width, height: turned ? width : height }
    },
    resample: (image: Opened | Pixels, width: number, height: number) =>
      decode(image, Math.max(1, Math.floor(width)), Math.max(1, Math.floor(height))),
    async getData(image: Opened | Pixels) {
      const pixels = 'data' in image ? image : await decode(image, image.width, image.height)
      return new smartcropWithData.ImgData(pixels.width, pixels.height, pixels.data)
    },
  }
}

const smartcropWithData = smartcrop as typeof smartcrop & {
  ImgData: new (width: number, height: number, data: Uint8Array) => unknown
  crop(
    image: unknown,
    options: Record<string, unknown>,
  ): Promise<{ topCrop: { x: number; y: number; width: number; height: number } }>
}

const cache = new Map<string, Promise<FocusPoint>>()

/**
 * Where a photo's crop should centre (fractions of its width and height, as shown: EXIF rotation applied): the
 * middle of the most interesting square smartcrop finds. Remembered by `version` (the file's content identity;
 * by default its path, size and time), so a render's frames and stills ask smartcrop once per photo.
 */
export async function findFocusPoint(file: string, version?: string): Promise<FocusPoint> {
  const key: string = version ?? (await stat(file).then((info) => `${file}:${info.size}:${info.mtimeMs}`))
  let found = cache.get(key)
  if (!found) {
    found = locate(file)
    cache.set(key, found)
    found.catch(() => cache.delete(key))
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  }
  return found
}

async function locate(file: string): Promise<FocusPoint> {
  const operations = sharpOperations()
  const opened = await operations.open(file)
  // Scored on a small copy: smartcrop's own prescale would otherwise decode the whole photo first.
  const scale = Math.min(1, ANALYSIS_SIDE / Math.max(opened.width, opened.height))
  const small = await operations.resample(opened, opened.width * scale, opened.height * scale)
  const { topCrop } = await smartcropWithData.crop(small, {
    width: 1,
    height: 1,
    minScale: CROP_SHARE,
    maxScale: CROP_SHARE,
    prescale: false,
    imageOperations: { ...operations, open: (image: Pixels) => Promise.resolve(image) },
  })
  const round = (value: number) => Math.round(Math.max(0, Math.min(1, value)) * 1000) / 1000
  return {
    x: round((topCrop.x + topCrop.width / 2) / small.width),
    y: round((topCrop.y + topCrop.height / 2) / small.height),
  }
}
