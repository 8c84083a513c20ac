import { Path2D, StrokeCap, StrokeJoin, type SKRSContext2D } from '@napi-rs/canvas'

import type { VideoStyle } from '@storyreel/contracts/studio'

import { css, hsl, shade, type Hsl } from './color.ts'
import type { Palette } from './palette.ts'
import type { Random } from './random.ts'

/** How a style fills and outlines every shape; the painters only say what to draw, the pen says how. */
export type Look = {
  shading: 'gradient' | 'cel' | 'glossy' | 'wash' | 'flat'
  /** Outline width in units (a unit is 1% of the frame's short side); 0 for none. */
  outline: number
  rim: boolean
  softShadow: boolean
}

export const LOOKS: Record<VideoStyle, Look> = {
  cinematic: { shading: 'gradient', outline: 0, rim: true, softShadow: false },
  anime: { shading: 'cel', outline: 0.42, rim: false, softShadow: false },
  realistic: { shading: 'gradient', outline: 0, rim: false, softShadow: true },
  '3d-cartoon': { shading: 'glossy', outline: 0, rim: false, softShadow: true },
  watercolor: { shading: 'wash', outline: 0.14, rim: false, softShadow: false },
  comic: { shading: 'flat', outline: 0.75, rim: false, softShadow: false },
}

export type Pen = {
  context: SKRSContext2D
  look: Look
  palette: Palette
  random: Random
  /** 1% of the frame's short side, in pixels. */
  unit: number
  /** Fills a shape in the style's manner. `flat` skips shading (for tiny details). */
  shape(path: Path2D, color: Hsl, options?: { flat?: boolean; outline?: boolean; alpha?: number }): void
  /** A plain stroke (hair, string, lines) in the style's manner. */
  line(path: Path2D, color: Hsl, width: number, alpha?: number): void
}

export function createPen(context: SKRSContext2D, look: Look, palette: Palette, random: Random, unit: number): Pen {
  const outlineWidth = look.outline * unit
  const ink = css(palette.ink)

  function shadeFill(path: Path2D, color: Hsl) {
    const [left, top, right, bottom] = path.getBounds()
    const width = Math.max(1, right - left)
    const height = Math.max(1, bottom - top)
    switch (look.shading) {
      case 'gradient': {
        const gradient = context.createLinearGradient(left, top, left + width * 0.3, bottom)
        gradient.addColorStop(0, css(shade(color, { l: 0.08 })))
        gradient.addColorStop(1, css(shade(color, { l: -0.12, s: -0.05 })))
        context.fillStyle = gradient
        context.fill(path)
        return
      }
      case 'cel':
      case 'flat': {
        // Hard-edged light and shadow, as in cel animation and flat comic colouring.
        const gradient = context.createLinearGradient(left, top, right, bottom)
        const light = css(color)
        const dark = css(shade(color, { l: look.shading === 'cel' ? -0.14 : -0.2, s: 0.05 }))
        gradient.addColorStop(0, light)
        gradient.addColorStop(0.6, light)
        gradient.addColorStop(0.6, dark)
        gradient.addColorStop(1, dark)
        context.fillStyle = gradient
        context.fill(path)
        return
      }
      case 'glossy': {
        const cx = left + width * 0.35
        const cy = top + height * 0.3
        const gradient = context.createRadialGradient(cx, cy, 0, cx, cy, Math.max(width, height) * 0.95)
        gradient.addColorStop(0, css(shade(color, { l: 0.16, s: 0.05 })))
        gradient.addColorStop(0.55, css(color))
        gradient.addColorStop(1, css(shade(color, { l: -0.18 })))
        context.fillStyle = gradient
        context.fill(path)
        if (width > unit * 1.5 && height > unit * 1.5) {
          context.save()
          context.clip(path)
          context.fillStyle = 'rgba(255,255,255,0.32)'
          context.beginPath()
          context.ellipse(left + width * 0.32, top + height * 0.2, width * 0.22, height * 0.1, -0.5, 0, Math.PI * 2)
          context.fill()
          context.restore()
        }
        return
      }
      case 'wash': {
        // Several thin, shifted layers of pigment: soft bleeding edges and uneven density, like a real wash.
        context.fillStyle = css(color, 0.42)
        for (let pass = 0; pass < 3; pass++) {
          context.save()
          context.translate(random.range(-0.5, 0.5) * unit, random.range(-0.5, 0.5) * unit)
          context.fill(path)
          context.restore()
        }
        context.strokeStyle = css(shade(color, { l: -0.12 }), 0.35)
        context.lineWidth = unit * 0.35
        context.stroke(path)
        return
      }
    }
  }

  return {
    context,
    look,
    palette,
    random,
    unit,
    shape(path, color, { flat = false, outline = true, alpha = 1 } = {}) {
      context.save()
      context.globalAlpha = alpha
      if (look.softShadow && !flat) {
        context.shadowColor = 'rgba(0,0,0,0.28)'
        context.shadowBlur = unit * 1.6
        context.shadowOffsetY = unit * 0.6
        context.fillStyle = css(color)
        context.fill(path)
        context.shadowColor = 'rgba(0,0,0,0)'
      }
      if (flat && look.shading !== 'wash') {
        context.fillStyle = css(color)
        context.fill(path)
      } else shadeFill(path, color)
      if (look.rim && !flat) {
        context.save()
        context.clip(path)
        context.strokeStyle = css(hsl(palette.light.h, 0.8, 0.8), 0.55)
        context.lineWidth = unit * 0.9
        context.translate(-unit * 0.45, unit * 0.25)
        context.stroke(path)
        context.restore()
      }
      if (outline && outlineWidth > 0) {
        context.lineJoin = 'round'
        context.lineCap = 'round'
        if (look.shading === 'wash') {
          // A pencil line drawn twice, slightly off, as a hand would.
          context.strokeStyle = css(palette.ink, 0.45)
          context.lineWidth = outlineWidth
          for (let pass = 0; pass < 2; pass++) {
            context.save()
            context.translate(random.range(-0.3, 0.3) * unit, random.range(-0.3, 0.3) * unit)
            context.stroke(path)
            context.restore()
          }
        } else {
          context.strokeStyle = ink
          context.lineWidth = flat ? outlineWidth * 0.6 : outlineWidth
          context.stroke(path)
        }
      }
      context.restore()
    },
    line(path, color, width, alpha = 1) {
      context.save()
      context.lineCap = 'round'
      context.lineJoin = 'round'
      context.strokeStyle = css(color, alpha)
      context.lineWidth = width
      if (look.outline > 0 && look.shading !== 'wash') {
        context.strokeStyle = ink
        context.lineWidth = width + outlineWidth * 1.2
        context.stroke(path)
        context.strokeStyle = css(color, alpha)
        context.lineWidth = width
      }
      context.stroke(path)
      context.restore()
    },
  }
}

/** Path helpers: every subject is a few of these put together. */
export function ellipsePath(cx: number, cy: number, rx: number, ry: number, rotation = 0): Path2D {
  const path = new Path2D()
  path.ellipse(cx, cy, Math.abs(rx), Math.abs(ry), rotation, 0, Math.PI * 2)
  return path
}

export function roundRectPath(x: number, y: number, width: number, height: number, radius: number): Path2D {
  const path = new Path2D()
  path.roundRect(x, y, width, height, Math.min(radius, width / 2, height / 2))
  return path
}

export function polygonPath(points: [number, number][]): Path2D {
  const path = new Path2D()
  points.forEach(([x, y], index) => (index === 0 ? path.moveTo(x, y) : path.lineTo(x, y)))
  path.closePath()
  return path
}

/** A thick limb from one point to another as a filled capsule, so it shades like any other shape. */
export function limbPath(x1: number, y1: number, x2: number, y2: number, width: number): Path2D {
  const line = new Path2D()
  line.moveTo(x1, y1)
  line.lineTo(x2, y2)
  return line.stroke({ width, cap: StrokeCap.Round, join: StrokeJoin.Round })
}
