import { createCanvas, type Canvas } from '@napi-rs/canvas'

import { ART_CREDIT } from './art/art-library.ts'
import { composeActors, counterTop, layoutFor } from './art/compose.ts'
import { paintScene, type Frame } from './backdrops.ts'
import { shade } from './color.ts'
import { paintBounds } from './paint-bounds.ts'
import { createPalette } from './palette.ts'
import { createPen, LOOKS, roundRectPath } from './pen.ts'
import { createRandom } from './random.ts'
import { createAnimatedScene, LAYER_MARGIN, type Layer } from './scene-animation.ts'
import { readScene } from './read-scene.ts'
import type { SceneSpec } from './scene-interpreter.ts'
import type { SceneArt, SceneArtRequest, VisualEngine } from './visual-engine.ts'

/** Layer depths: 0 is the sky at infinity, 1 the ground the hero stands on, above 1 what passes in front. */
const DEPTHS = { sky: 0, far: 0.35, mid: 0.75, fore: 1.25 } as const

/**
 * A layer cropped to the rows and columns that hold paint, so the per-frame composite only blends pixels
 * that matter (a foreground of grass tufts covers a strip, not the whole frame).
 */
export function cropToContent(
  source: Canvas,
): { canvas: Canvas; x: number; y: number; solidFrom?: number } | undefined {
  const { width, height } = source
  const data = source.data()
  const pixels = new Uint32Array(data.buffer, data.byteOffset, width * height)
  const bounds = paintBounds(source, pixels)
  if (!bounds) return undefined
  const { left, top, right, bottom } = bounds
  const canvas = createCanvas(right - left + 1, bottom - top + 1)
  canvas.getContext('2d').drawImage(source, left, top, canvas.width, canvas.height, 0, 0, canvas.width, canvas.height)
  // The rows at the bottom that are opaque from edge to edge (alpha is the top byte of each word).
  let solid = bottom + 1
  if (bottom === height - 1) {
    while (solid > top && pixels.subarray((solid - 1) * width, solid * width).every((pixel) => pixel >>> 24 === 255)) {
      solid -= 1
    }
  }
  return { canvas, x: left, y: top, ...(solid <= bottom ? { solidFrom: solid - top } : {}) }
}

/**
 * Reads a scene's words into what it shows (scene-planner.ts), then draws its backdrop layers and subjects
 * once; the returned art only composites them per frame.
 */
export async function prepareLocalScene(request: SceneArtRequest): Promise<SceneArt> {
  const { plan, spec: read } = readScene(request)
  // No caption-like title over the picture: the words are in the captions, or set large when nothing is drawn.
  const spec: SceneSpec = { ...read, title: '' }
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
  const horizonY = paintScene(pens, frame, spec)
  const layout = layoutFor(request.seed, request.index)
  const composition = await composeActors({
    subjects: plan.subjects,
    spec,
    style: request.style,
    palette,
    frame,
    horizonY,
    random: createRandom(spec.variation + 31),
    layout,
    seed: request.seed,
  })
  if (composition.counter) {
    const top = counterTop(horizonY, frame)
    pens.mid.shape(
      roundRectPath(frame.left - frame.width * 0.2, top, frame.width * 1.4, frame.height * 0.6, 6),
      shade(palette.ground, { h: 10, s: 0.1, l: 0.12 }),
    )
  }
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
    actors: composition.actors,
    headline: plan.subjects.length === 0 ? plan.keyPhrase : undefined,
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
    artwork: [ART_CREDIT],
    prepareScene: (request) => prepareLocalScene(request),
    async warm() {
      // A tiny scene runs every stage once: the art index, the tagger, WordNet, the fonts.
      const art = await prepareLocalScene({
        visual: 'A cat sleeps by the window',
        narration: 'Ready.',
        style: 'anime',
        seed: 1,
        index: 0,
        count: 1,
        width: 32,
        height: 32,
        duration: 1,
      })
      art.drawFrame(createCanvas(32, 32).getContext('2d'), 0.5)
    },
  }
}
