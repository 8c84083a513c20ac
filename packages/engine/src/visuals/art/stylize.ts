import { createCanvas, type Canvas } from '@napi-rs/canvas'

import type { VideoStyle } from '@storyreel/contracts/studio'

import { css, type Hsl } from '../color.ts'
import type { Palette } from '../palette.ts'

/**
 * Gives a drawing the video's look, once per drawing at its final size: ink outlines and cel bands for
 * Anime, a heavy outline and halftone for Comic, a bleeding, paper-grained wash for Watercolor, light and
 * shade for 3D Cartoon, a colour grade for Cinematic and the illustrated Realistic.
 */

export type Styled = { canvas: Canvas; margin: number }

/** The drawing's silhouette grown by `radius` px, in one colour: an outline drawn behind it. */
function outline(source: Canvas, radius: number, color: string): Canvas {
  const silhouette = createCanvas(source.width, source.height)
  const context = silhouette.getContext('2d')
  context.drawImage(source, 0, 0)
  context.globalCompositeOperation = 'source-in'
  context.fillStyle = color
  context.fillRect(0, 0, source.width, source.height)
  const margin = Math.ceil(radius)
  const result = createCanvas(source.width + margin * 2, source.height + margin * 2)
  const out = result.getContext('2d')
  const steps = 16
  for (let index = 0; index < steps; index++) {
    const angle = (index / steps) * Math.PI * 2
    out.drawImage(silhouette, margin + Math.cos(angle) * radius, margin + Math.sin(angle) * radius)
  }
  out.drawImage(source, margin, margin)
  return result
}

/** Flattens the drawing's gradients into a few bands of light, the way cel animation is painted. */
function celShade(canvas: Canvas, bands: number): void {
  const context = canvas.getContext('2d')
  const image = context.getImageData(0, 0, canvas.width, canvas.height)
  const data = image.data
  const step = 255 / bands
  for (let index = 0; index < data.length; index += 4) {
    if ((data[index + 3] ?? 0) === 0) continue
    for (let channel = 0; channel < 3; channel++) {
      const value = data[index + channel] ?? 0
      data[index + channel] = Math.min(255, Math.round(Math.round(value / step) * step * 0.92 + 14))
    }
  }
  context.putImageData(image, 0, 0)
}

function padded(source: Canvas, margin: number): Canvas {
  const canvas = createCanvas(source.width + margin * 2, source.height + margin * 2)
  canvas.getContext('2d').drawImage(source, margin, margin)
  return canvas
}

function tint(canvas: Canvas, color: Hsl, alpha: number, mode: 'soft-light' | 'multiply' | 'overlay'): void {
  const context = canvas.getContext('2d')
  context.save()
  context.globalCompositeOperation = mode
  context.globalAlpha = alpha
  context.fillStyle = css(color)
  context.fillRect(0, 0, canvas.width, canvas.height)
  // Keep the tint inside the drawing.
  context.globalAlpha = 1
  context.restore()
}

function clipTo(canvas: Canvas, shape: Canvas, offset: number): void {
  const context = canvas.getContext('2d')
  context.save()
  context.globalCompositeOperation = 'destination-in'
  context.drawImage(shape, offset, offset)
  context.restore()
}

export function stylize(source: Canvas, style: VideoStyle, palette: Palette, seed: number): Styled {
  const size = source.width
  switch (style) {
    case 'anime': {
      const flat = padded(source, 0)
      celShade(flat, 4)
      const radius = Math.max(2, size * 0.018)
      return {
        canvas: outline(flat, radius, css({ ...palette.ink, l: Math.min(palette.ink.l, 0.16) })),
        margin: Math.ceil(radius),
      }
    }
    case 'comic': {
      const radius = Math.max(3, size * 0.028)
      const canvas = outline(source, radius, '#111111')
      const margin = Math.ceil(radius)
      const dots = createCanvas(canvas.width, canvas.height)
      const context = dots.getContext('2d')
      const step = Math.max(4, Math.round(size / 40))
      context.fillStyle = 'rgba(20,10,40,0.28)'
      for (let y = 0; y < canvas.height; y += step) {
        for (let x = (y / step) % 2 ? step / 2 : 0; x < canvas.width; x += step) {
          const r = step * (0.1 + 0.3 * (y / canvas.height))
          context.beginPath()
          context.arc(x, y, r, 0, Math.PI * 2)
          context.fill()
        }
      }
      clipTo(dots, source, margin)
      canvas.getContext('2d').drawImage(dots, 0, 0)
      return { canvas, margin }
    }
    case 'watercolor': {
      const margin = Math.ceil(size * 0.05)
      const canvas = createCanvas(size + margin * 2, size + margin * 2)
      const context = canvas.getContext('2d')
      // The pigment bleeds past the drawn line, then the wash itself, a little transparent.
      context.filter = `blur(${Math.max(2, size * 0.02)}px)`
      context.globalAlpha = 0.45
      context.drawImage(source, margin - size * 0.01, margin + size * 0.01, size * 1.02, size * 1.02)
      context.filter = `blur(${Math.max(0.6, size * 0.003)}px) saturate(0.8)`
      context.globalAlpha = 0.88
      context.drawImage(source, margin, margin)
      context.filter = 'none'
      context.globalAlpha = 1
      // Paper grain and pooled pigment at random spots.
      const grain = createCanvas(canvas.width, canvas.height)
      const grainContext = grain.getContext('2d')
      let state = seed >>> 0 || 1
      const next = () => {
        state = (state * 1664525 + 1013904223) >>> 0
        return state / 4294967296
      }
      for (let index = 0; index < 260; index++) {
        grainContext.fillStyle = next() < 0.5 ? 'rgba(255,250,235,0.22)' : 'rgba(60,40,20,0.08)'
        grainContext.beginPath()
        grainContext.arc(next() * canvas.width, next() * canvas.height, size * (0.006 + next() * 0.03), 0, Math.PI * 2)
        grainContext.fill()
      }
      clipTo(grain, canvas, 0)
      context.drawImage(grain, 0, 0)
      return { canvas, margin }
    }
    case '3d-cartoon': {
      const margin = Math.ceil(size * 0.04)
      const canvas = padded(source, margin)
      const light = createCanvas(canvas.width, canvas.height)
      const context = light.getContext('2d')
      const gradient = context.createRadialGradient(
        canvas.width * 0.35,
        canvas.height * 0.28,
        0,
        canvas.width * 0.5,
        canvas.height * 0.5,
        canvas.width * 0.62,
      )
      gradient.addColorStop(0, 'rgba(255,255,255,0.38)')
      gradient.addColorStop(0.45, 'rgba(255,255,255,0.05)')
      gradient.addColorStop(0.8, 'rgba(0,0,30,0.12)')
      gradient.addColorStop(1, 'rgba(0,0,30,0.3)')
      context.fillStyle = gradient
      context.fillRect(0, 0, canvas.width, canvas.height)
      clipTo(light, source, margin)
      canvas.getContext('2d').drawImage(light, 0, 0)
      return { canvas, margin }
    }
    case 'cinematic':
    case 'realistic': {
      const margin = 0
      const canvas = padded(source, margin)
      const graded = createCanvas(canvas.width, canvas.height)
      const context = graded.getContext('2d')
      context.filter = style === 'cinematic' ? 'contrast(1.12) saturate(0.85)' : 'contrast(1.05) saturate(0.92)'
      context.drawImage(canvas, 0, 0)
      context.filter = 'none'
      tint(graded, palette.skyBottom, style === 'cinematic' ? 0.22 : 0.12, 'soft-light')
      clipTo(graded, source, margin)
      return { canvas: graded, margin }
    }
  }
}
