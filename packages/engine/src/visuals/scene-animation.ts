import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas'

import type { VideoStyle } from '@storyreel/contracts/studio'

import { css, hsl, shade, type Hsl } from './color.ts'
import { FONT, getCanvasFont, registerFonts } from './fonts.ts'
import type { Palette } from './palette.ts'
import { createRandom, type Random } from './random.ts'
import type { CameraMove, ParticleKind, SceneSpec } from './scene-interpreter.ts'
import type { SceneArt } from './visual-engine.ts'

/** How much larger than the frame each layer is, so the camera can pan and zoom without showing an edge. */
export const LAYER_MARGIN = 1.3

/**
 * A layer canvas placed at (x, y) inside the full layer area (LAYER_MARGIN times the frame). `solidFrom`: the row
 * of the canvas from which every row down to its bottom is opaque across the layer's whole width (the ground),
 * so whatever lies behind it there need not be drawn.
 */
export type Layer = { canvas: Canvas; depth: number; x: number; y: number; solidFrom?: number }

/** How a subject moves over the camera move. */
export type Motion = 'stand' | 'hop' | 'sway' | 'drift' | 'bob' | 'fly' | 'float'

/** The share of the frame's width a flying subject crosses during a scene. */
export const FLIGHT_TRAVEL = 0.3

/**
 * A subject of the scene: a bitmap drawn once at its final size, placed by its anchor (the middle of its
 * base) in layer coordinates, moved by the camera like a layer of its depth and by its own motion.
 */
export type Actor = {
  sprite: Canvas
  anchorX: number
  anchorY: number
  x: number
  y: number
  depth: number
  motion: Motion
  /** Seconds into the scene when it starts to enter. */
  enter: number
  /** The side it enters from: -1 left, 1 right, 0 in place (it grows in). */
  from: -1 | 0 | 1
  /** A soft shadow drawn under its base, when it stands on something. */
  shadow?: Canvas
  phase: number
  /** The share of the frame's width a flying subject crosses during the scene (FLIGHT_TRAVEL unless set). */
  travel?: number
}

type Options = {
  layers: Layer[]
  /** Subjects, drawn between the layers at or behind the ground (depth ≤ 1) and those in front. */
  actors?: Actor[]
  /** A phrase set large in the middle of the frame, for a scene with nothing to draw. */
  headline?: string
  spec: SceneSpec
  palette: Palette
  style: VideoStyle
  width: number
  height: number
  duration: number
  seed: number
}

const MOVES: Record<CameraMove, { zoom: [number, number]; pan: [number, number, number, number] }> = {
  'push-in': { zoom: [1.0, 1.12], pan: [0, 0, 0, -0.01] },
  'pull-out': { zoom: [1.13, 1.0], pan: [0, -0.01, 0, 0] },
  'pan-left': { zoom: [1.06, 1.08], pan: [0.045, 0, -0.045, 0] },
  'pan-right': { zoom: [1.06, 1.08], pan: [-0.045, 0, 0.045, 0] },
  'tilt-up': { zoom: [1.07, 1.09], pan: [0, 0.04, 0, -0.04] },
  'tilt-down': { zoom: [1.07, 1.09], pan: [0, -0.04, 0, 0.04] },
  drift: { zoom: [1.04, 1.1], pan: [-0.025, 0.015, 0.025, -0.015] },
}

function easeInOut(value: number): number {
  return value < 0.5 ? 2 * value * value : 1 - (-2 * value + 2) ** 2 / 2
}

/** Small pre-drawn particle images; per frame we only place them. */
function particleSprite(kind: ParticleKind, palette: Palette, unit: number, variant: number): Canvas {
  const size = Math.max(8, Math.round(unit * (kind === 'bokeh' ? 9 : kind === 'rain' ? 6 : 3)))
  const canvas = createCanvas(size, size)
  const context = canvas.getContext('2d')
  const c = size / 2
  const soft = (color: Hsl, alpha: number) => {
    const gradient = context.createRadialGradient(c, c, 0, c, c, c)
    gradient.addColorStop(0, css(color, alpha))
    gradient.addColorStop(0.5, css(color, alpha * 0.6))
    gradient.addColorStop(1, css(color, 0))
    context.fillStyle = gradient
    context.fillRect(0, 0, size, size)
  }
  switch (kind) {
    case 'rain':
      context.strokeStyle = 'rgba(220,235,255,0.6)'
      context.lineWidth = Math.max(1, unit * 0.15)
      context.beginPath()
      context.moveTo(c + size * 0.12, 0)
      context.lineTo(c - size * 0.12, size)
      context.stroke()
      break
    case 'snow':
      soft(hsl(0, 0, 1), 0.95)
      break
    case 'petals':
      context.fillStyle = css(hsl(340 + variant * 8, 0.7, 0.82))
      context.beginPath()
      context.ellipse(c, c, c * 0.9, c * 0.45, 0.5, 0, Math.PI * 2)
      context.fill()
      break
    case 'leaves':
      context.fillStyle = css(hsl(25 + variant * 20, 0.75, 0.5))
      context.beginPath()
      context.ellipse(c, c, c * 0.9, c * 0.4, 0.3, 0, Math.PI * 2)
      context.fill()
      break
    case 'bubbles':
      context.strokeStyle = 'rgba(220,250,255,0.8)'
      context.lineWidth = Math.max(1, size * 0.08)
      context.beginPath()
      context.arc(c, c, c * 0.8, 0, Math.PI * 2)
      context.stroke()
      context.fillStyle = 'rgba(255,255,255,0.7)'
      context.beginPath()
      context.arc(c * 0.7, c * 0.7, c * 0.18, 0, Math.PI * 2)
      context.fill()
      break
    case 'stars':
    case 'sparks': {
      const color = kind === 'sparks' ? hsl(40, 1, 0.65) : hsl(55, 0.4, 0.95)
      soft(color, 0.9)
      context.fillStyle = css(shade(color, { l: 0.2 }))
      context.beginPath()
      context.moveTo(c, 0)
      context.lineTo(c + size * 0.08, c)
      context.lineTo(c, size)
      context.lineTo(c - size * 0.08, c)
      context.closePath()
      context.moveTo(0, c)
      context.lineTo(c, c - size * 0.08)
      context.lineTo(size, c)
      context.lineTo(c, c + size * 0.08)
      context.fill()
      break
    }
    case 'bokeh':
      context.fillStyle = css(variant % 2 ? palette.accent : palette.light, 0.28)
      context.beginPath()
      context.arc(c, c, c * 0.95, 0, Math.PI * 2)
      context.fill()
      break
    case 'fireflies':
      soft(hsl(70, 1, 0.7), 1)
      break
    case 'confetti':
      context.fillStyle = css(hsl(variant * 67, 0.85, 0.6))
      context.fillRect(size * 0.2, size * 0.35, size * 0.6, size * 0.3)
      break
    default:
      soft(palette.light, 0.7)
  }
  return canvas
}

type ParticleField = {
  sprites: Canvas[]
  items: { x: number; y: number; vx: number; vy: number; spin: number; phase: number; scale: number; sprite: number }[]
}

function createParticles(
  kind: ParticleKind,
  palette: Palette,
  width: number,
  height: number,
  random: Random,
): ParticleField | undefined {
  if (kind === 'none') return undefined
  const unit = Math.min(width, height) / 100
  const sprites = [0, 1, 2, 3].map((variant) => particleSprite(kind, palette, unit, variant))
  const count = {
    rain: 90,
    snow: 70,
    stars: 50,
    bokeh: 16,
    dust: 45,
    bubbles: 28,
    petals: 30,
    leaves: 24,
    sparks: 40,
    fireflies: 26,
    confetti: 55,
  }[kind]
  const speed: [number, number] = {
    rain: [-0.12, 1.6] as [number, number],
    snow: [0.02, 0.09] as [number, number],
    stars: [0, 0] as [number, number],
    bokeh: [0.01, -0.01] as [number, number],
    dust: [0.012, -0.008] as [number, number],
    bubbles: [0, -0.12] as [number, number],
    petals: [0.05, 0.07] as [number, number],
    leaves: [0.06, 0.08] as [number, number],
    sparks: [0.01, -0.16] as [number, number],
    fireflies: [0.01, -0.01] as [number, number],
    confetti: [0.02, 0.14] as [number, number],
  }[kind]
  const items = Array.from({ length: count }, () => ({
    x: random.next(),
    y: random.next(),
    vx: speed[0] * random.range(0.6, 1.4),
    vy: speed[1] * random.range(0.6, 1.4),
    spin: random.range(-2, 2),
    phase: random.range(0, Math.PI * 2),
    scale: random.range(0.5, 1.4),
    sprite: random.int(0, 4),
  }))
  return { sprites, items }
}

function drawParticles(
  context: SKRSContext2D,
  field: ParticleField,
  kind: ParticleKind,
  time: number,
  width: number,
  height: number,
) {
  const wrap = (value: number) => value - Math.floor(value)
  for (const item of field.items) {
    const sprite = field.sprites[item.sprite] ?? field.sprites[0]
    if (!sprite) continue
    const sway =
      kind === 'snow' || kind === 'petals' || kind === 'leaves' || kind === 'fireflies'
        ? Math.sin(time * 1.3 + item.phase) * 0.02
        : 0
    const x = wrap(item.x + item.vx * time + sway) * (width + 40) - 20
    const y = wrap(item.y + item.vy * time) * (height + 40) - 20
    const twinkle =
      kind === 'stars' || kind === 'fireflies' || kind === 'sparks'
        ? 0.45 + 0.55 * Math.abs(Math.sin(time * 2.2 + item.phase))
        : kind === 'bokeh'
          ? 0.7
          : 0.9
    const size = sprite.width * item.scale
    context.globalAlpha = twinkle
    if (kind === 'petals' || kind === 'leaves' || kind === 'confetti') {
      const angle = item.phase + item.spin * time
      context.setTransform(Math.cos(angle), Math.sin(angle), -Math.sin(angle), Math.cos(angle), x, y)
      context.drawImage(sprite, -size / 2, -size / 2, size, size)
      context.setTransform(1, 0, 0, 1, 0, 0)
    } else context.drawImage(sprite, x - size / 2, y - size / 2, size, size)
  }
  context.globalAlpha = 1
}

/** Light that moves over the picture: rays, glows, neon, spotlights; drawn at low resolution and scaled. */
function createLight(spec: SceneSpec, palette: Palette, style: VideoStyle, width: number, height: number): Canvas {
  const scale = 0.25
  const w = Math.round(width * scale)
  const h = Math.round(height * scale)
  const canvas = createCanvas(w, h)
  const context = canvas.getContext('2d')
  const sourceX = w * (spec.composition.heroX < 0.5 ? 0.78 : 0.22)
  const sourceY = h * (spec.light === 'sun-rays' ? 0.05 : 0.15)
  const color = spec.light === 'neon' ? palette.accent : spec.light === 'moonlight' ? hsl(215, 0.6, 0.8) : palette.light
  if (spec.light === 'sun-rays' || spec.light === 'spotlight') {
    const rays = spec.light === 'spotlight' ? 3 : 7
    for (let index = 0; index < rays; index++) {
      const angle =
        Math.PI / 2 +
        (index - (rays - 1) / 2) * (spec.light === 'spotlight' ? 0.35 : 0.16) +
        (spec.composition.heroX < 0.5 ? 0.25 : -0.25)
      const spread = spec.light === 'spotlight' ? 0.1 : 0.045
      const length = Math.hypot(w, h) * 1.1
      const gradient = context.createLinearGradient(
        sourceX,
        sourceY,
        sourceX + Math.cos(angle) * length,
        sourceY + Math.sin(angle) * length,
      )
      gradient.addColorStop(0, css(color, style === 'cinematic' ? 0.34 : 0.26))
      gradient.addColorStop(1, css(color, 0))
      context.fillStyle = gradient
      context.beginPath()
      context.moveTo(sourceX, sourceY)
      context.lineTo(sourceX + Math.cos(angle - spread) * length, sourceY + Math.sin(angle - spread) * length)
      context.lineTo(sourceX + Math.cos(angle + spread) * length, sourceY + Math.sin(angle + spread) * length)
      context.fill()
    }
  }
  const glow = context.createRadialGradient(sourceX, sourceY, 0, sourceX, sourceY, Math.max(w, h) * 0.6)
  glow.addColorStop(0, css(color, spec.light === 'soft' ? 0.12 : 0.3))
  glow.addColorStop(1, css(color, 0))
  context.fillStyle = glow
  context.fillRect(0, 0, w, h)
  if (spec.light === 'neon') {
    const second = context.createRadialGradient(w - sourceX, h * 0.55, 0, w - sourceX, h * 0.55, w * 0.5)
    second.addColorStop(0, css(palette.accent2, 0.3))
    second.addColorStop(1, css(palette.accent2, 0))
    context.fillStyle = second
    context.fillRect(0, 0, w, h)
  }
  return canvas
}

/**
 * The height of each cinematic letterbox bar: toward 2.39:1 inside the frame's width, but both bars together
 * never more than 12 % of the frame, so a vertical video keeps its picture.
 */
export function letterboxBar(width: number, height: number): number {
  return Math.max(0, Math.min(height * 0.06, (height - width / 2.39) / 2))
}

function noiseTile(random: Random, size: number, alpha: number): Canvas {
  const canvas = createCanvas(size, size)
  const context = canvas.getContext('2d')
  const image = context.createImageData(size, size)
  for (let index = 0; index < image.data.length; index += 4) {
    const value = random.next() < 0.5 ? 0 : 255
    image.data[index] = value
    image.data[index + 1] = value
    image.data[index + 2] = value
    image.data[index + 3] = Math.round(random.next() * alpha)
  }
  context.putImageData(image, 0, 0)
  return canvas
}

/** Covers the whole canvas with a repeating tile of noise: film grain, or the tooth of watercolour paper. */
function fillWithNoise(context: SKRSContext2D, random: Random, size: number, alpha: number) {
  const pattern = context.createPattern(noiseTile(random, size, alpha), 'repeat')
  if (!pattern) return
  context.fillStyle = pattern
  context.fillRect(0, 0, context.canvas.width, context.canvas.height)
}

/**
 * The breathing light's glow, drawn at the size it is shown: placed at whole pixels with no scaling, it is a
 * plain blend, where a scaled or sub-pixel placement made Skia filter 400,000 pixels a frame.
 */
function createGlowSprite(color: Hsl, size: number): Canvas {
  const canvas = createCanvas(size, size)
  const context = canvas.getContext('2d')
  const half = size / 2
  const gradient = context.createRadialGradient(half, half, 0, half, half, half)
  gradient.addColorStop(0, css(color, 0.35))
  gradient.addColorStop(0.4, css(color, 0.12))
  gradient.addColorStop(1, css(color, 0))
  context.fillStyle = gradient
  context.fillRect(0, 0, size, size)
  return canvas
}

/**
 * Screen-space finish, baked once per scene: light, vignette, the style's grain, paper, halftone, letterbox bars
 * and panel border. The grain stays still, as a texture of the frame: grain that changed every few frames
 * doubled the encoder's work and the file's size (noise is what H.264 compresses worst) for a shimmer that
 * compression on a phone mostly smooths away.
 */
function createOverlay(
  spec: SceneSpec,
  style: VideoStyle,
  width: number,
  height: number,
  random: Random,
  light: Canvas,
): Canvas {
  const unit = Math.min(width, height) / 100
  const canvas = createCanvas(width, height)
  const context = canvas.getContext('2d')
  context.drawImage(light, 0, 0, width, height)
  /** A ring gradient around the frame's centre, from radius `inner` to `outer`. */
  const ring = (inner: number, outer: number) =>
    context.createRadialGradient(width / 2, height / 2, inner, width / 2, height / 2, outer)
  const vignette = ring(Math.min(width, height) * 0.35, Math.hypot(width, height) * 0.55)
  const strength = { cinematic: 0.6, anime: 0.18, realistic: 0.35, '3d-cartoon': 0.15, watercolor: 0.2, comic: 0 }[
    style
  ]
  vignette.addColorStop(0, 'rgba(0,0,0,0)')
  vignette.addColorStop(1, `rgba(0,0,0,${strength})`)
  context.fillStyle = vignette
  context.fillRect(0, 0, width, height)
  if (style === 'cinematic' || style === 'realistic') {
    fillWithNoise(context, random, 128, style === 'cinematic' ? 34 : 20)
  }
  if (style === 'cinematic') {
    const bar = letterboxBar(width, height)
    context.fillStyle = '#000'
    context.fillRect(0, 0, width, bar)
    context.fillRect(0, height - bar, width, bar)
  }
  if (style === 'watercolor') {
    fillWithNoise(context, random, 96, 26)
    // Paper fibres and a deckled, unpainted edge.
    context.strokeStyle = 'rgba(120,100,70,0.05)'
    context.lineWidth = 1
    for (let index = 0; index < 300; index++) {
      const x = random.range(0, width)
      const y = random.range(0, height)
      context.beginPath()
      context.moveTo(x, y)
      context.lineTo(x + random.range(-12, 12), y + random.range(-12, 12))
      context.stroke()
    }
    const edge = ring(Math.hypot(width, height) * 0.36, Math.hypot(width, height) * 0.52)
    edge.addColorStop(0, 'rgba(250,244,230,0)')
    edge.addColorStop(1, 'rgba(250,244,230,0.7)')
    context.fillStyle = edge
    context.fillRect(0, 0, width, height)
  }
  if (style === 'comic') {
    const step = Math.max(6, Math.round(unit * 1.1))
    context.fillStyle = 'rgba(20,10,40,0.16)'
    for (let y = 0; y < height; y += step) {
      for (let x = (y / step) % 2 ? step / 2 : 0; x < width; x += step) {
        // Dots grow toward the bottom-right, the classic shading of printed comics.
        const r = step * (0.12 + 0.28 * ((x / width + y / height) / 2))
        context.beginPath()
        context.arc(x, y, r, 0, Math.PI * 2)
        context.fill()
      }
    }
    const border = unit * 1.6
    context.strokeStyle = '#111'
    context.lineWidth = border
    context.strokeRect(border * 0.9, border * 0.9, width - border * 1.8, height - border * 1.8)
    context.strokeStyle = '#fffbea'
    context.lineWidth = border * 0.9
    context.strokeRect(border * 0.45, border * 0.45, width - border * 0.9, height - border * 0.9)
  }
  if (style === 'anime' && (spec.mood === 'energetic' || spec.mood === 'epic' || spec.mood === 'dramatic')) {
    // Speed lines converge on the hero from the frame's edges.
    const cx = width * spec.composition.heroX
    const cy = height * 0.55
    context.fillStyle = 'rgba(255,255,255,0.5)'
    for (let index = 0; index < 70; index++) {
      const angle = random.range(0, Math.PI * 2)
      const inner = Math.hypot(width, height) * random.range(0.33, 0.45)
      const outer = Math.hypot(width, height)
      const spread = random.range(0.002, 0.008)
      context.beginPath()
      context.moveTo(cx + Math.cos(angle) * inner, cy + Math.sin(angle) * inner)
      context.lineTo(cx + Math.cos(angle - spread) * outer, cy + Math.sin(angle - spread) * outer)
      context.lineTo(cx + Math.cos(angle + spread) * outer, cy + Math.sin(angle + spread) * outer)
      context.fill()
    }
  }
  return canvas
}

type TitleLook = {
  font: (typeof FONT)[keyof typeof FONT]
  size: number
  upper: boolean
  fill: string | ((context: SKRSContext2D, height: number) => ReturnType<SKRSContext2D['createLinearGradient']>)
  stroke?: [string, number]
  shadow?: [string, number, number, number]
  spacing: number
  box?: string
  extrude?: string
}

function titleLook(style: VideoStyle, palette: Palette, unit: number): TitleLook {
  switch (style) {
    case 'cinematic':
      return {
        font: FONT.serif,
        size: unit * 7,
        upper: true,
        spacing: unit * 0.8,
        fill: '#f4efe6',
        shadow: ['rgba(0,0,0,0.7)', unit * 1.5, 0, unit * 0.3],
      }
    case 'anime':
      return {
        font: FONT.round,
        size: unit * 8.5,
        upper: false,
        spacing: 0,
        fill: '#ffffff',
        stroke: [css(shade(palette.accent, { l: -0.15 })), unit * 1.4],
        shadow: [css(palette.ink, 0.9), 0, unit * 0.5, unit * 0.6],
      }
    case 'realistic':
      return {
        font: FONT.sans,
        size: unit * 6.5,
        upper: false,
        spacing: 0,
        fill: '#ffffff',
        shadow: ['rgba(0,0,0,0.55)', unit * 1.2, 0, unit * 0.3],
      }
    case '3d-cartoon':
      return {
        font: FONT.round,
        size: unit * 9,
        upper: false,
        spacing: 0,
        fill: (context, height) => {
          const gradient = context.createLinearGradient(0, 0, 0, height)
          gradient.addColorStop(0, css(shade(palette.accent, { l: 0.25 })))
          gradient.addColorStop(1, css(palette.accent))
          return gradient
        },
        stroke: ['#ffffff', unit * 0.9],
        extrude: css(shade(palette.accent, { l: -0.3 })),
      }
    case 'watercolor':
      return {
        font: FONT.hand,
        size: unit * 9,
        upper: false,
        spacing: 0,
        fill: css(hsl(palette.ink.h, 0.35, 0.25)),
        box: 'rgba(252,248,238,0.78)',
      }
    case 'comic':
      return {
        font: FONT.comic,
        size: unit * 10,
        upper: true,
        spacing: unit * 0.2,
        fill: '#111111',
        box: '#ffe14d',
        stroke: ['#ffffff', 0],
      }
  }
}

/** The title drawn once into its own small canvas; per frame it is only placed and faded. */
function createTitle(
  title: string,
  style: VideoStyle,
  palette: Palette,
  width: number,
  height: number,
  scale = 1,
): Canvas | undefined {
  if (!title) return undefined
  registerFonts()
  const unit = Math.min(width, height) / 100
  const base = titleLook(style, palette, unit)
  const look = { ...base, size: base.size * scale }
  const text = look.upper ? title.toUpperCase() : title
  const measure = createCanvas(10, 10).getContext('2d')
  let size = look.size
  const maxWidth = width * 0.84
  const font = (px: number) => getCanvasFont(look.font, px)
  measure.font = font(size)
  measure.letterSpacing = `${look.spacing}px`
  // Two lines at most: split at the middle word when one line would be too wide.
  const words = text.split(' ')
  let lines = [text]
  if (measure.measureText(text).width > maxWidth && words.length > 1) {
    const middle = Math.ceil(words.length / 2)
    lines = [words.slice(0, middle).join(' '), words.slice(middle).join(' ')]
  }
  const widest = () => Math.max(...lines.map((line) => measure.measureText(line).width))
  while (widest() > maxWidth && size > unit * 3) {
    size *= 0.92
    measure.font = font(size)
  }
  const pad = unit * 3
  const lineHeight = size * 1.12
  const canvasWidth = Math.ceil(widest() + pad * 2)
  const canvasHeight = Math.ceil(lineHeight * lines.length + pad * 2)
  const canvas = createCanvas(canvasWidth, canvasHeight)
  const context = canvas.getContext('2d')
  context.font = font(size)
  context.letterSpacing = `${look.spacing}px`
  context.textAlign = 'center'
  context.textBaseline = 'middle'
  if (look.box) {
    context.fillStyle = look.box
    context.beginPath()
    if (style === 'comic') {
      context.moveTo(unit, unit * 1.5)
      context.lineTo(canvasWidth - unit * 0.5, unit)
      context.lineTo(canvasWidth - unit, canvasHeight - unit)
      context.lineTo(unit * 1.5, canvasHeight - unit * 0.5)
      context.closePath()
      context.fill()
      context.strokeStyle = '#111'
      context.lineWidth = unit * 0.7
      context.stroke()
    } else {
      context.roundRect(unit, unit, canvasWidth - unit * 2, canvasHeight - unit * 2, unit * 2)
      context.fill()
    }
  }
  lines.forEach((line, index) => {
    const x = canvasWidth / 2
    const y = pad + lineHeight * (index + 0.5)
    if (look.extrude) {
      context.fillStyle = look.extrude
      for (let depth = 1; depth <= 4; depth++) context.fillText(line, x + depth * unit * 0.15, y + depth * unit * 0.2)
    }
    if (look.shadow) {
      context.shadowColor = look.shadow[0]
      context.shadowBlur = look.shadow[1]
      context.shadowOffsetX = look.shadow[2]
      context.shadowOffsetY = look.shadow[3]
    }
    if (look.stroke && look.stroke[1] > 0) {
      context.strokeStyle = look.stroke[0]
      context.lineWidth = look.stroke[1]
      context.lineJoin = 'round'
      context.strokeText(line, x, y)
      context.shadowColor = 'rgba(0,0,0,0)'
    }
    context.fillStyle = typeof look.fill === 'function' ? look.fill(context, canvasHeight) : look.fill
    context.fillText(line, x, y)
    context.shadowColor = 'rgba(0,0,0,0)'
  })
  return canvas
}

/**
 * Turns prepared layers into a scene that draws any frame on demand: the camera move with parallax per layer
 * depth, moving light, particles and the title. Used by the local renderer and, with one layer, by the hosted one.
 */
function easeOutBack(value: number): number {
  const c = 1.4
  return 1 + (c + 1) * (value - 1) ** 3 + c * (value - 1) ** 2
}

/** Where an actor is at `time`: its offset from its anchor, turn, scale and opacity. */
function actorPose(actor: Actor, time: number, duration: number, width: number, height: number, pop: boolean) {
  const t = time + actor.phase
  let dx = 0
  let dy = 0
  let angle = 0
  let scale = 1
  switch (actor.motion) {
    case 'stand':
      dy = -Math.abs(Math.sin(t * 2.2)) * height * 0.004
      scale = 1 + Math.sin(t * 2.2) * 0.006
      break
    case 'hop':
      dy = -Math.abs(Math.sin(t * 3.1)) * height * 0.016
      break
    case 'sway':
      angle = Math.sin(t * 1.3) * 0.045
      break
    case 'drift':
      dx = (time - duration / 2) * width * 0.03
      dy = Math.sin(t * 5) * height * 0.0015
      break
    case 'bob':
      dy = Math.sin(t * 1.6) * height * 0.008
      angle = Math.sin(t * 1.6 + 1) * 0.04
      break
    case 'fly':
      dx = (time / Math.max(0.1, duration) - 0.5) * width * (actor.travel ?? FLIGHT_TRAVEL) * (actor.from || 1)
      dy = Math.sin(t * 2) * height * 0.015
      break
    case 'float':
      dy = Math.sin(t * 1.1) * height * 0.008
      angle = Math.sin(t * 0.9) * 0.02
      break
  }
  const enter = Math.min(1, Math.max(0, (time - actor.enter) / 0.55))
  const eased = pop ? easeOutBack(enter) : 1 - (1 - enter) ** 3
  dx += (1 - eased) * actor.from * width * 0.1
  if (actor.from === 0) scale *= 0.75 + 0.25 * eased
  return { dx, dy, angle, scale, alpha: Math.min(1, enter * 1.6) }
}

export function createAnimatedScene({
  layers,
  actors = [],
  headline,
  spec,
  palette,
  style,
  width,
  height,
  duration,
  seed,
}: Options): SceneArt {
  const random = createRandom(seed ^ 0x5bd1e995)
  const move = MOVES[spec.camera]
  const particles = createParticles(spec.particles, palette, width, height, random)
  const light = createLight(spec, palette, style, width, height)
  // Rays and ambient light are baked with the screen-space finish: one full-frame blend per frame for both.
  const overlay = createOverlay(spec, style, width, height, random, light)
  const glowSize = Math.round(Math.max(width, height) * 0.5)
  const glow = createGlowSprite(spec.light === 'neon' ? palette.accent : palette.light, glowSize)
  const lightX = width * (spec.composition.heroX < 0.5 ? 0.78 : 0.22)
  const lightY = height * 0.1
  const layerWidth = Math.ceil(width * LAYER_MARGIN)
  const layerHeight = Math.ceil(height * LAYER_MARGIN)
  const title = createTitle(spec.title, style, palette, width, height)
  const headlineCanvas = headline ? createTitle(headline, style, palette, width, height, 1.8) : undefined
  const pop = style === 'anime' || style === 'comic' || style === '3d-cartoon'
  const unit = Math.min(width, height) / 100
  const letterbox = style === 'cinematic' ? letterboxBar(width, height) : 0
  const titleY = letterbox + height * 0.06

  return {
    drawFrame(context, time) {
      const progress = easeInOut(Math.min(1, Math.max(0, time / Math.max(0.1, duration))))
      const zoom = move.zoom[0] + (move.zoom[1] - move.zoom[0]) * progress
      const panX = (move.pan[0] + (move.pan[2] - move.pan[0]) * progress) * width
      const panY = (move.pan[1] + (move.pan[3] - move.pan[1]) * progress) * height
      context.setTransform(1, 0, 0, 1, 0, 0)
      context.globalAlpha = 1
      context.globalCompositeOperation = 'source-over'
      // Near layers move and zoom more than far ones: that difference is the parallax.
      const cameraFor = (depth: number) => {
        const layerZoom = 1 + (zoom - 1) * (0.45 + depth * 0.75)
        const maxX = (layerWidth * layerZoom - width) / 2
        const maxY = (layerHeight * layerZoom - height) / 2
        const ox = Math.max(-maxX, Math.min(maxX, panX * (0.35 + depth * 0.9)))
        const oy = Math.max(-maxY, Math.min(maxY, panY * (0.35 + depth * 0.9)))
        return {
          zoom: layerZoom,
          x: width / 2 - (layerWidth / 2) * layerZoom - ox,
          y: height / 2 - (layerHeight / 2) * layerZoom - oy,
        }
      }
      const drawActors = (near: boolean) => {
        for (const actor of actors) {
          if (actor.depth > 1 !== near) continue
          const camera = cameraFor(actor.depth)
          const pose = actorPose(actor, time, duration, width, height, pop)
          if (pose.alpha <= 0) continue
          context.setTransform(camera.zoom, 0, 0, camera.zoom, camera.x, camera.y)
          context.globalAlpha = pose.alpha
          if (actor.shadow) {
            const shadowWidth = actor.shadow.width * (1 - Math.min(0.3, -pose.dy / height))
            context.drawImage(
              actor.shadow,
              actor.x + pose.dx - shadowWidth / 2,
              actor.y - actor.shadow.height / 2,
              shadowWidth,
              actor.shadow.height,
            )
          }
          context.translate(actor.x + pose.dx, actor.y + pose.dy)
          if (pose.angle) context.rotate(pose.angle)
          if (pose.scale !== 1) context.scale(pose.scale, pose.scale)
          context.drawImage(actor.sprite, -actor.anchorX, -actor.anchorY)
        }
        context.globalAlpha = 1
      }
      // Where a nearer layer's solid ground starts on screen, the layers behind it are hidden below that line:
      // each is drawn only down to it. The sky is the costliest blend of a frame, and the ground hides much of it.
      const cameras = layers.map((layer) => cameraFor(layer.depth))
      let hiddenBelow = height
      const visibleTo: number[] = []
      for (let index = layers.length - 1; index >= 0; index--) {
        visibleTo[index] = hiddenBelow
        const layer = layers[index]
        const camera = cameras[index]
        if (!layer || !camera || layer.solidFrom === undefined) continue
        const left = camera.x + camera.zoom * layer.x
        const right = camera.x + camera.zoom * (layer.x + layer.canvas.width)
        const bottom = camera.y + camera.zoom * (layer.y + layer.canvas.height)
        if (left > 0 || right < width || bottom < height) continue
        hiddenBelow = Math.min(hiddenBelow, camera.y + camera.zoom * (layer.y + layer.solidFrom))
      }
      let actorsDrawn = false
      layers.forEach((layer, index) => {
        if (layer.depth > 1 && !actorsDrawn) {
          drawActors(false)
          actorsDrawn = true
        }
        const camera = cameras[index] ?? cameraFor(layer.depth)
        // Two rows past the line, so the filtered edge of the cut stays under the ground.
        const rows = Math.ceil(((visibleTo[index] ?? height) - camera.y) / camera.zoom - layer.y) + 2
        if (rows <= 0) return
        context.setTransform(camera.zoom, 0, 0, camera.zoom, camera.x, camera.y)
        const { canvas } = layer
        if (rows >= canvas.height) context.drawImage(canvas, layer.x, layer.y)
        else context.drawImage(canvas, 0, 0, canvas.width, rows, layer.x, layer.y, canvas.width, rows)
      })
      if (!actorsDrawn) drawActors(false)
      drawActors(true)
      context.setTransform(1, 0, 0, 1, 0, 0)
      // The light source breathes: a small glow sprite, cheap next to a full-frame pass.
      const pulse = 0.55 + 0.45 * Math.sin(time * 1.1 + (seed % 7))
      context.globalAlpha = pulse
      // A soft glow moving a pixel at a time shows no steps.
      context.drawImage(glow, Math.round(lightX - glowSize / 2 - panX), Math.round(lightY - glowSize / 2 - panY))
      context.globalAlpha = 1
      if (particles) drawParticles(context, particles, spec.particles, time, width, height)
      if (style === 'cinematic' && spec.light !== 'soft') {
        // A lens flare that slides against the camera move.
        const fx = width * (spec.composition.heroX < 0.5 ? 0.78 : 0.22) - panX * 2
        const fy = height * 0.12 - panY * 2
        const dx = width / 2 - fx
        const dy = height / 2 - fy
        ;[0.3, 0.55, 0.8, 1.2].forEach((t, index) => {
          context.globalAlpha = 0.12 + 0.06 * (index % 2)
          context.fillStyle = index % 2 ? '#7fe3ff' : '#ffb36b'
          context.beginPath()
          context.arc(fx + dx * t, fy + dy * t, unit * (2 + index * 1.5), 0, Math.PI * 2)
          context.fill()
        })
        context.globalAlpha = 1
      }
      context.drawImage(overlay, 0, 0)
      if (headlineCanvas) {
        const enter = Math.min(1, Math.max(0, (time - 0.15) / 0.6))
        const eased = pop ? easeOutBack(enter) : 1 - (1 - enter) ** 3
        const breathe = 1 + Math.sin(time * 1.4) * 0.012
        const scale = (0.82 + 0.18 * eased) * breathe
        const w = headlineCanvas.width * scale
        const h = headlineCanvas.height * scale
        context.globalAlpha = Math.min(1, enter * 1.5)
        if (style === 'cinematic' || style === 'realistic') {
          // Light type on a bright sky needs a plate: a soft dark band behind the words.
          const plate = context.createLinearGradient(0, height * 0.42 - h, 0, height * 0.42 + h)
          plate.addColorStop(0, 'rgba(0,0,0,0)')
          plate.addColorStop(0.5, 'rgba(0,0,0,0.45)')
          plate.addColorStop(1, 'rgba(0,0,0,0)')
          context.fillStyle = plate
          context.fillRect(0, height * 0.42 - h, width, h * 2)
        }
        context.drawImage(headlineCanvas, (width - w) / 2, height * 0.42 - h / 2 + (1 - eased) * unit * 5, w, h)
        context.globalAlpha = 1
      }
      if (title) {
        const fadeIn = Math.min(1, Math.max(0, (time - 0.25) / 0.6))
        const fadeOut = Math.min(1, Math.max(0, (duration - time) / 0.5))
        const alpha = Math.min(fadeIn, fadeOut)
        if (alpha > 0) {
          const eased = 1 - (1 - fadeIn) ** 3
          const scale =
            style === 'comic' || style === '3d-cartoon'
              ? 0.7 + 0.3 * eased + 0.05 * Math.sin(Math.min(1, fadeIn) * Math.PI)
              : 1
          const w = title.width * scale
          const h = title.height * scale
          context.globalAlpha = alpha
          context.drawImage(title, (width - w) / 2, titleY + (1 - eased) * unit * 4, w, h)
          context.globalAlpha = 1
        }
      }
    },
  }
}
