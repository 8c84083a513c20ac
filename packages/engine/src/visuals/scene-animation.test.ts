import { createCanvas, type Canvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'

import { cropToContent } from './local-visual-engine.ts'
import { createPalette } from './palette.ts'
import { createAnimatedScene, LAYER_MARGIN, type Layer } from './scene-animation.ts'
import { interpretScene } from './scene-interpreter.ts'

const WIDTH = 180
const HEIGHT = 320
const layerWidth = Math.ceil(WIDTH * LAYER_MARGIN)
const layerHeight = Math.ceil(HEIGHT * LAYER_MARGIN)

function paint(draw: (context: ReturnType<Canvas['getContext']>) => void): Canvas {
  const canvas = createCanvas(layerWidth, layerHeight)
  draw(canvas.getContext('2d'))
  return canvas
}

/** A sky of stripes (so any row drawn wrongly shows), hills with gaps, and a solid ground below them. */
function layersOf(): { sky: Canvas; hills: Canvas; ground: Canvas } {
  const sky = paint((context) => {
    for (let y = 0; y < layerHeight; y += 6) {
      context.fillStyle = `hsl(${(y * 7) % 360}, 70%, 50%)`
      context.fillRect(0, y, layerWidth, 6)
    }
  })
  const hills = paint((context) => {
    context.fillStyle = '#2a6'
    for (let x = 0; x < layerWidth; x += 60) context.fillRect(x, layerHeight * 0.5, 40, layerHeight * 0.5)
  })
  const ground = paint((context) => {
    context.fillStyle = '#553'
    context.beginPath()
    context.moveTo(0, layerHeight * 0.72)
    context.quadraticCurveTo(layerWidth / 2, layerHeight * 0.6, layerWidth, layerHeight * 0.72)
    context.lineTo(layerWidth, layerHeight)
    context.lineTo(0, layerHeight)
    context.fill()
  })
  return { sky, hills, ground }
}

function framesOf(layers: Layer[], camera: 'push-in' | 'pan-left' | 'tilt-up'): Buffer[] {
  const spec = {
    ...interpretScene({ visual: 'a field', narration: 'A field.', style: 'anime', seed: 3, index: 0, count: 1 }),
    camera,
  }
  const art = createAnimatedScene({
    layers,
    spec,
    palette: createPalette(spec, 'anime'),
    style: 'anime',
    width: WIDTH,
    height: HEIGHT,
    duration: 4,
    seed: 3,
  })
  const canvas = createCanvas(WIDTH, HEIGHT)
  const context = canvas.getContext('2d')
  return [0, 1.3, 2.6, 4].map((time) => {
    art.drawFrame(context, time)
    const { data } = context.getImageData(0, 0, WIDTH, HEIGHT)
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  })
}

describe('cropToContent', () => {
  it("finds the rows of solid ground at a layer's bottom, and none where the bottom has gaps", () => {
    const { hills, ground } = layersOf()
    const croppedGround = cropToContent(ground)
    expect(croppedGround?.solidFrom).toBeDefined()
    const solidRow = (croppedGround?.y ?? 0) + (croppedGround?.solidFrom ?? 0)
    // The curve's lowest point at the edges: every row from there down is opaque edge to edge.
    expect(solidRow).toBeGreaterThanOrEqual(Math.floor(layerHeight * 0.72) - 1)
    expect(solidRow).toBeLessThanOrEqual(Math.ceil(layerHeight * 0.72) + 1)
    expect(cropToContent(hills)?.solidFrom).toBeUndefined()
  })
})

describe('a frame behind solid ground', () => {
  it('draws exactly the same pixels when the layers hidden by the ground are cut short', () => {
    const { sky, hills, ground } = layersOf()
    const croppedHills = cropToContent(hills)
    const croppedGround = cropToContent(ground)
    if (!croppedHills || !croppedGround) throw new Error('the test layers are empty')
    const layers: Layer[] = [
      { canvas: sky, depth: 0.1, x: 0, y: 0 },
      { ...croppedHills, depth: 0.6 },
      { ...croppedGround, depth: 1 },
    ]
    const { solidFrom, ...groundWithoutSolid } = layers[2] as Layer
    expect(solidFrom).toBeGreaterThan(0)
    for (const camera of ['push-in', 'pan-left', 'tilt-up'] as const) {
      const culled = framesOf(layers, camera)
      const whole = framesOf([layers[0] as Layer, layers[1] as Layer, groundWithoutSolid], camera)
      culled.forEach((frame, index) => expect(Buffer.compare(frame, whole[index] ?? frame)).toBe(0))
    }
  })

  it('does not cut the layers behind a ground that claims rows it does not cover', () => {
    const { sky, ground } = layersOf()
    const croppedGround = cropToContent(ground)
    if (!croppedGround) throw new Error('the test layer is empty')
    // Told it is solid from its top, where it is transparent: the sky would go missing there, and the frames differ.
    const lying = framesOf(
      [
        { canvas: sky, depth: 0.1, x: 0, y: 0 },
        { ...croppedGround, depth: 1, solidFrom: 0 },
      ],
      'push-in',
    )
    const honest = framesOf(
      [
        { canvas: sky, depth: 0.1, x: 0, y: 0 },
        { ...croppedGround, depth: 1 },
      ],
      'push-in',
    )
    expect(lying.some((frame, index) => Buffer.compare(frame, honest[index] ?? frame) !== 0)).toBe(true)
  })
})
