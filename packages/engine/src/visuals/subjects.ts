import { Path2D } from '@napi-rs/canvas'

import { css, hsl, shade, type Hsl } from './color.ts'
import { ellipsePath, polygonPath, roundRectPath, type Pen } from './pen.ts'

/**
 * What the backdrops paint themselves, built from paths so every style can fill and outline it its own way:
 * the sun, the moon and a planet in the sky, and the trees of a far treeline. Everything a scene is about is
 * drawn from the art library (scene-planner.ts); these are scenery. (x, y) is the point where the thing stands
 * on the ground (or, for floating things, its centre), `size` its height in pixels.
 */
export type Scenery = 'sun' | 'moon' | 'planet' | 'tree'

type Draw = (pen: Pen, x: number, y: number, size: number) => void

const drawTree: Draw = (pen, x, y, size) => {
  const u = size / 10
  pen.shape(roundRectPath(x - u * 0.5, y - u * 4, u * 1, u * 4, u * 0.3), hsl(25, 0.4, 0.3))
  const leaf = shade(pen.palette.ground, { h: 5, s: 0.1, l: 0.05 })
  pen.shape(ellipsePath(x - u * 1.6, y - u * 5.2, u * 2.2, u * 2), shade(leaf, { l: -0.05 }))
  pen.shape(ellipsePath(x + u * 1.6, y - u * 5.4, u * 2.2, u * 2), shade(leaf, { l: -0.03 }))
  pen.shape(ellipsePath(x, y - u * 7.2, u * 2.8, u * 2.6), leaf)
}

function pine(pen: Pen, x: number, y: number, size: number, color: Hsl) {
  const u = size / 10
  pen.shape(roundRectPath(x - u * 0.4, y - u * 2, u * 0.8, u * 2, 1), hsl(25, 0.4, 0.25), { flat: true })
  for (let tier = 0; tier < 3; tier++) {
    const top = y - u * (10 - tier * 2.2)
    const bottom = y - u * (4.5 - tier * 1.8)
    const half = u * (1.8 + tier * 0.9)
    pen.shape(
      polygonPath([
        [x, top],
        [x + half, bottom],
        [x - half, bottom],
      ]),
      shade(color, { l: tier * 0.03 }),
    )
  }
}

const drawSun: Draw = (pen, x, y, size) => {
  const r = size * 0.16
  const context = pen.context
  const glow = context.createRadialGradient(x, y, r * 0.5, x, y, r * 4)
  glow.addColorStop(0, css(pen.palette.sun, 0.55))
  glow.addColorStop(1, css(pen.palette.sun, 0))
  context.fillStyle = glow
  context.fillRect(x - r * 4, y - r * 4, r * 8, r * 8)
  pen.shape(ellipsePath(x, y, r, r), pen.palette.sun, { outline: pen.look.shading === 'flat' })
}

const drawMoon: Draw = (pen, x, y, size) => {
  const r = size * 0.13
  const context = pen.context
  const glow = context.createRadialGradient(x, y, r, x, y, r * 3.5)
  glow.addColorStop(0, 'rgba(220,230,255,0.35)')
  glow.addColorStop(1, 'rgba(220,230,255,0)')
  context.fillStyle = glow
  context.fillRect(x - r * 4, y - r * 4, r * 8, r * 8)
  const moon = ellipsePath(x, y, r, r).op(ellipsePath(x + r * 0.55, y - r * 0.25, r * 0.85, r * 0.85), 0)
  pen.shape(moon, hsl(50, 0.45, 0.9))
}

const drawPlanet: Draw = (pen, x, y, size) => {
  const r = size * 0.2
  const ringBack = new Path2D()
  ringBack.ellipse(x, y, r * 1.9, r * 0.45, -0.3, Math.PI, Math.PI * 2)
  pen.line(ringBack, hsl(40, 0.6, 0.75), r * 0.16, 0.9)
  pen.shape(ellipsePath(x, y, r, r), shade(pen.palette.accent, { h: 20 }))
  const band = ellipsePath(x, y + r * 0.2, r * 0.98, r * 0.18)
  pen.shape(band, shade(pen.palette.accent, { h: 40, l: 0.1 }), { flat: true, outline: false, alpha: 0.6 })
  const ringFront = new Path2D()
  ringFront.ellipse(x, y, r * 1.9, r * 0.45, -0.3, 0, Math.PI)
  pen.line(ringFront, hsl(40, 0.6, 0.75), r * 0.16)
}

const DRAWINGS: Record<Scenery, Draw> = {
  tree: drawTree,
  sun: drawSun,
  moon: drawMoon,
  planet: drawPlanet,
}

export function drawSubject(pen: Pen, subject: Scenery, x: number, y: number, size: number): void {
  DRAWINGS[subject](pen, x, y, size)
}

export { pine }
