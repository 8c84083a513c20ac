import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas'
import sharp, { type Sharp } from 'sharp'

import type { FocusPoint } from '@storyreel/contracts/studio'

import { EngineError } from '#src/errors.ts'
import { TRANSITION_SECONDS } from '#src/pipeline/transitions.ts'
import type { SceneMediaArt } from '#src/pipeline/media-files.ts'
import type { SceneArt, SceneArtRequest } from '#src/visuals/visual-engine.ts'

import { CAMERA_ZOOM, getCameraView, getFittedCamera, resolveCameraMove } from './camera.ts'
import { findFocusPoint } from './focus-point.ts'
import { gradePixels, STYLE_GRADES, type ColourGrade } from './grade.ts'
import { chooseMediaFit, getCoverRegion, getFitSize } from './media-fit.ts'

type PhotoMedia = Extract<SceneMediaArt, { type: 'photo' }>

/**
 * The blurred copy behind a picture shown whole: a cover crop shrunk to an eighth, blurred there (cheap, and
 * as soft as a wide blur at full size), enlarged again and darkened to this share of its light, so the picture
 * in front stands out and the copy reads as its surroundings, not as a second picture.
 */
export const BACKDROP_SHRINK = 8
export const BACKDROP_BLUR_SIGMA = 3
export const BACKDROP_LIGHT = 0.55

/** Raw RGBA pixels as a canvas, for drawImage. */
function toCanvas(pixels: Buffer, width: number, height: number): Canvas {
  const canvas = createCanvas(width, height)
  const data = new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.byteLength)
  canvas.getContext('2d').putImageData(new ImageData(data, width, height), 0, 0)
  return canvas
}

/** The pixels sharp makes from a pipeline, as opaque RGBA. */
async function rgba(pipeline: Sharp): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await pipeline.removeAlpha().ensureAlpha(1).raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** Darkens RGBA pixels in place to `light` of their value, as ffmpeg's backdrop of a clip does. */
function darken(pixels: Buffer, light: number) {
  for (let i = 0; i < pixels.length; i += 4) {
    pixels[i] = Math.round((pixels[i] as number) * light)
    pixels[i + 1] = Math.round((pixels[i + 1] as number) * light)
    pixels[i + 2] = Math.round((pixels[i + 2] as number) * light)
  }
}

/** The blurred, darkened, graded copy of a picture that fills the frame behind it, as RGBA of the frame's size. */
export async function makeBackdrop(
  open: () => Sharp,
  picture: { width: number; height: number },
  frame: { width: number; height: number },
  focus: FocusPoint,
  grade: ColourGrade,
): Promise<Buffer> {
  const region = getCoverRegion(picture, frame, focus)
  const small = {
    width: Math.max(2, Math.round(frame.width / BACKDROP_SHRINK)),
    height: Math.max(2, Math.round(frame.height / BACKDROP_SHRINK)),
  }
  const blurred = await cropAndScale(open, picture, region, small).blur(BACKDROP_BLUR_SIGMA).png().toBuffer()
  const { data } = await rgba(sharp(blurred).resize(frame.width, frame.height, { fit: 'fill', kernel: 'cubic' }))
  darken(data, BACKDROP_LIGHT)
  gradePixels(data, grade)
  return data
}

/**
 * The `region` of a picture at `size`: scaled first, then cut, so that sharp can decode a JPEG at a half, a
 * quarter or an eighth of its size to begin with (a 12-megapixel photo made into a 720p frame decodes a quarter
 * of its pixels), which cutting first would prevent.
 */
function cropAndScale(
  open: () => Sharp,
  picture: { width: number; height: number },
  region: { left: number; top: number; width: number; height: number },
  size: { width: number; height: number },
): Sharp {
  const scale = { x: size.width / region.width, y: size.height / region.height }
  const whole = {
    width: Math.max(size.width, Math.round(picture.width * scale.x)),
    height: Math.max(size.height, Math.round(picture.height * scale.y)),
  }
  const left = Math.max(0, Math.min(whole.width - size.width, Math.round(region.left * scale.x)))
  const top = Math.max(0, Math.min(whole.height - size.height, Math.round(region.top * scale.y)))
  return open()
    .resize(whole.width, whole.height, { fit: 'fill', kernel: 'lanczos3' })
    .extract({ left, top, width: size.width, height: size.height })
}

/** How far through its camera move a scene is at `time`: the move goes on through the next scene's blend. */
export const moveProgress = (time: number, duration: number) => time / (duration + TRANSITION_SECONDS)

/**
 * A photo as scene art. Everything costly is done once here: the crop (around the focus point, found by
 * smartcrop when the owner set none), the scaling to just the size the camera move needs (the frame plus
 * CAMERA_ZOOM), the style's colour grade, and for a photo shown whole its blurred backdrop. Each frame is then
 * one or two drawImage calls.
 */
export async function preparePhotoArt(request: SceneArtRequest & { media: PhotoMedia }): Promise<SceneArt> {
  const { media, width, height, duration } = request
  const { file } = media
  const open = () => sharp(file.path, { failOn: 'error', limitInputPixels: 1e8 }).rotate()
  const unreadable = (error: unknown) =>
    new EngineError(
      'failed',
      'visuals',
      `The photo "${file.name}" could not be read: ${error instanceof Error ? error.message : String(error)}`,
    )
  try {
    const meta = await open().metadata()
    const turned = meta.orientation !== undefined && meta.orientation >= 5
    const [shownWidth, shownHeight] = turned ? [meta.height, meta.width] : [meta.width, meta.height]
    if (!shownWidth || !shownHeight) throw new Error('it has no size')
    const picture = { width: shownWidth, height: shownHeight }
    const frame = { width, height }
    const focus = media.focus ?? (await findFocusPoint(file.path, file.version))
    const grade = STYLE_GRADES[request.style]
    const move = resolveCameraMove(media.camera, request.index)
    const reset = (context: Parameters<SceneArt['drawFrame']>[0]) => {
      context.setTransform(1, 0, 0, 1, 0, 0)
      context.globalAlpha = 1
      context.globalCompositeOperation = 'source-over'
      context.imageSmoothingEnabled = true
      context.imageSmoothingQuality = 'low'
    }

    if (chooseMediaFit(media.fit, picture, frame) === 'fill') {
      const region = getCoverRegion(picture, frame, focus)
      // Prepared at the size the move needs: the frame, and the zoom's margin unless the camera stays still.
      const margin = move === 'still' ? 1 : 1 + CAMERA_ZOOM
      const size = { width: Math.round(width * margin), height: Math.round(height * margin) }
      const { data } = await rgba(cropAndScale(open, picture, region, size))
      gradePixels(data, grade)
      const image = toCanvas(data, size.width, size.height)
      // The focus point within the crop, where zooms close in.
      const inside = {
        x: (focus.x * picture.width - region.left) / region.width,
        y: (focus.y * picture.height - region.top) / region.height,
      }
      return {
        drawFrame(context, time) {
          reset(context)
          const view = getCameraView(move, moveProgress(time, duration), inside)
          context.drawImage(
            image,
            view.x * size.width,
            view.y * size.height,
            view.size * size.width,
            view.size * size.height,
            0,
            0,
            width,
            height,
          )
        },
      }
    }

    // Shown whole: the photo at the largest size the frame holds, over its blurred copy.
    const fitted = getFitSize(picture, frame)
    const size = { width: Math.max(1, Math.round(fitted.width)), height: Math.max(1, Math.round(fitted.height)) }
    // Decoded once, at the size shown; the backdrop, an eighth of the frame and blurred, is made from that copy.
    const front = await rgba(open().resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' }))
    const fromFront = () => sharp(front.data, { raw: { width: size.width, height: size.height, channels: 4 } })
    const backdrop = await makeBackdrop(fromFront, size, frame, focus, grade)
    gradePixels(front.data, grade)
    const behind = toCanvas(backdrop, width, height)
    const image = toCanvas(front.data, size.width, size.height)
    return {
      drawFrame(context, time) {
        reset(context)
        context.drawImage(behind, 0, 0)
        const { scale, drift } = getFittedCamera(move, moveProgress(time, duration))
        const [drawWidth, drawHeight] = [size.width * scale, size.height * scale]
        context.drawImage(
          image,
          (width - drawWidth) / 2 + drift * width,
          (height - drawHeight) / 2,
          drawWidth,
          drawHeight,
        )
      },
    }
  } catch (error) {
    if (error instanceof EngineError) throw error
    throw unreadable(error)
  }
}
