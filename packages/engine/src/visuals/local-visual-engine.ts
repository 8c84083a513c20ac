import { createCanvas, type Canvas } from '@napi-rs/canvas'

import { paintScene, type Frame } from './backdrops.ts'
import { createPalette } from './palette.ts'
import { createPen, LOOKS } from './pen.ts'
import { createRandom } from './random.ts'
import { createAnimatedScene, LAYER_MARGIN, type Layer } from './scene-animation.ts'
import { interpretScene } from './scene-interpreter.ts'
import type { SceneArt, SceneArtRequest, VisualEngine } from './visual-engine.ts'

/** Layer depths: 0 is the sky at infinity, 1 the ground the hero stands on, above 1 what passes in front. */
const DEPTHS = { sky: 0, far: 0.35, mid: 0.75, fore: 1.25 } as const

/**
 * A layer cropped to the rows and columns that hold paint, so the per-frame composite only blends pixels
 * that matter (a foreground of grass tufts covers a strip, not the whole frame).
 */
export function cropToContent(source: Canvas): { canvas: Canvas; x: number; y: number } | undefined {
  const { width, height } = source
  const data = source.data()
  // One 32-bit word per pixel: a pixel holds paint when its word is not zero (premultiplied alpha).
  const pixels = new Uint32Array(data.buffer, data.byteOffset, width * height)
  let top = height
  let bottom = -1
  let left = width
  let right = -1
  for (let y = 0; y < height; y++) {
    const row = y * width
    let first = -1
    for (let x = 0; x < width; x++) {
      if (pixels[row + x] !== 0) {
        first = x
        break
      }
    }
    if (first < 0) continue
    let last = first
    for (let x = width - 1; x > first; x--) {
      if (pixels[row + x] !== 0) {
        last = x
        break
      }
    }
    if (y < top) top = y
    bottom = y
    if (first < left) left = first
    if (last > right) right = last
  }
  if (bottom < 0) return undefined
  const canvas = createCanvas(right - left + 1, bottom - top + 1)
  canvas.getContext('2d').drawImage(source, left, top, canvas.width, canvas.height, 0, 0, canvas.width, canvas.height)
  return { canvas, x: left, y: top }
}

/** Draws a scene's layers once; the returned art only composites them per frame. */
export function prepareLocalScene(request: SceneArtRequest): SceneArt {
  const spec = interpretScene(request)
  const palette = createPalette(spec, request.style)
  const look = LOOKS[request.style]
  const layerWidth = Math.ceil(request.width * LAYER_MARGIN)
  const layerHeight = Math.ceil(request.height * LAYER_MARGIN)
  const frame: Frame = {
    left: (layerWidth - request.width) / 2,
    top: (layerHeight - request.height) / 2,
    width: request.width,
    height: request.height,
    layerWidth,
    layerHeight,
  }
  const unit = Math.min(request.width, request.height) / 100
  const names = ['sky', 'far', 'mid', 'fore'] as const
  const canvases = names.map(() => createCanvas(layerWidth, layerHeight))
  const pens = Object.fromEntries(
    names.map((name, index) => [
      name,
      createPen(
        (canvases[index] ?? createCanvas(1, 1)).getContext('2d'),
        look,
        palette,
        createRandom(spec.variation + index * 7919),
        unit,
      ),
    ]),
  ) as Record<(typeof names)[number], ReturnType<typeof createPen>>
  paintScene(pens, frame, spec)
  // The far layer is merged into the opaque sky: one cheap copy per frame instead of a second full blend.
  const [sky, far, mid, fore] = canvases as [Canvas, Canvas, Canvas, Canvas]
  const skyContext = sky.getContext('2d')
  skyContext.save()
  skyContext.translate(layerWidth * 0.01, 0)
  skyContext.drawImage(far, 0, 0)
  skyContext.restore()
  const layers: Layer[] = [{ canvas: sky, depth: DEPTHS.far * 0.5, x: 0, y: 0 }]
  for (const [canvas, depth] of [
    [mid, DEPTHS.mid],
    [fore, DEPTHS.fore],
  ] as const) {
    const cropped = cropToContent(canvas)
    if (cropped) layers.push({ ...cropped, depth })
  }
  return createAnimatedScene({
    layers,
    spec,
    palette,
    style: request.style,
    width: request.width,
    height: request.height,
    duration: request.duration,
    seed: request.seed,
  })
}

/** The default visual engine: no network, no model, every scene drawn from its words. */
export function createLocalVisualEngine(): VisualEngine {
  return {
    name: 'local-illustrator',
    prepareScene: (request) => Promise.resolve(prepareLocalScene(request)),
  }
}
