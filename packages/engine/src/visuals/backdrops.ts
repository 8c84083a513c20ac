import { Path2D } from '@napi-rs/canvas'

import { css, hsl, mix, shade, type Hsl } from './color.ts'
import { ellipsePath, polygonPath, roundRectPath, type Pen } from './pen.ts'
import { isIndoor, type SceneSpec } from './scene-interpreter.ts'
import { drawSubject, pine } from './subjects.ts'

/** The frame's place inside a layer canvas: layers are larger than the frame so the camera can move. */
export type Frame = {
  left: number
  top: number
  width: number
  height: number
  layerWidth: number
  layerHeight: number
}

export type LayerPens = { sky: Pen; far: Pen; mid: Pen; fore: Pen }

function fillVertical(pen: Pen, top: number, bottom: number, stops: [number, Hsl][], frame: Frame) {
  const gradient = pen.context.createLinearGradient(0, top, 0, bottom)
  for (const [offset, color] of stops) gradient.addColorStop(offset, css(color))
  pen.context.fillStyle = gradient
  pen.context.fillRect(0, top, frame.layerWidth, bottom - top)
}

function ridge(pen: Pen, frame: Frame, baseY: number, amplitude: number, bumps: number, color: Hsl, sharp: boolean) {
  const path = new Path2D()
  path.moveTo(0, frame.layerHeight)
  const steps = bumps * 2
  for (let index = 0; index <= steps; index++) {
    const x = (index / steps) * frame.layerWidth
    const peak = index % 2 === 1
    const y = baseY - (peak ? amplitude * pen.random.range(0.55, 1) : amplitude * pen.random.range(0, 0.25))
    if (sharp || index === 0) path.lineTo(x, y)
    else {
      const px = ((index - 0.5) / steps) * frame.layerWidth
      path.quadraticCurveTo(px, y - amplitude * 0.25, x, y)
    }
  }
  path.lineTo(frame.layerWidth, frame.layerHeight)
  path.closePath()
  pen.shape(path, color, { outline: pen.look.shading === 'flat' || pen.look.shading === 'cel' })
}

function clouds(pen: Pen, frame: Frame, count: number, color: Hsl, horizonY: number) {
  for (let index = 0; index < count; index++) {
    const cx = pen.random.range(0, frame.layerWidth)
    const cy = pen.random.range(frame.top, horizonY - frame.height * 0.12)
    const w = frame.width * pen.random.range(0.18, 0.34)
    const path = new Path2D()
    path.ellipse(cx, cy, w * 0.5, w * 0.16, 0, 0, Math.PI * 2)
    path.ellipse(cx - w * 0.18, cy - w * 0.1, w * 0.22, w * 0.18, 0, 0, Math.PI * 2)
    path.ellipse(cx + w * 0.12, cy - w * 0.14, w * 0.26, w * 0.22, 0, 0, Math.PI * 2)
    pen.shape(path.simplify(), color, { alpha: 0.9, outline: pen.look.shading !== 'gradient' })
  }
}

function stars(pen: Pen, frame: Frame, count: number, bottom: number) {
  const context = pen.context
  for (let index = 0; index < count; index++) {
    const r = pen.random.range(0.4, 1.6) * (frame.width / 720)
    context.fillStyle = `rgba(255,255,240,${pen.random.range(0.4, 1).toFixed(2)})`
    context.beginPath()
    context.arc(pen.random.range(0, frame.layerWidth), pen.random.range(0, bottom), r, 0, Math.PI * 2)
    context.fill()
  }
}

function sky(pen: Pen, frame: Frame, spec: SceneSpec, horizonY: number) {
  const p = pen.palette
  fillVertical(
    pen,
    0,
    horizonY + frame.height * 0.05,
    [
      [0, p.skyTop],
      [0.75, p.skyBottom],
      [1, mix(p.skyBottom, p.sun, 0.25)],
    ],
    frame,
  )
  pen.context.fillStyle = css(p.skyBottom)
  pen.context.fillRect(0, horizonY, frame.layerWidth, frame.layerHeight - horizonY)
  if (spec.timeOfDay === 'night' || spec.setting === 'space')
    stars(pen, frame, spec.setting === 'space' ? 260 : 160, horizonY)
  if (spec.setting === 'space' || spec.setting === 'abstract') {
    // Nebula or abstract colour fields: large soft blobs in the accent hues.
    for (let index = 0; index < 5; index++) {
      const cx = pen.random.range(0, frame.layerWidth)
      const cy = pen.random.range(0, horizonY)
      const r = frame.width * pen.random.range(0.25, 0.55)
      const gradient = pen.context.createRadialGradient(cx, cy, 0, cx, cy, r)
      const color = index % 2 === 0 ? p.accent : p.accent2
      gradient.addColorStop(0, css(color, 0.38))
      gradient.addColorStop(1, css(color, 0))
      pen.context.fillStyle = gradient
      pen.context.fillRect(cx - r, cy - r, r * 2, r * 2)
    }
  }
  const sunX = frame.left + frame.width * (spec.composition.heroX < 0.5 ? 0.74 : 0.26)
  const skyHasSun = !spec.subjects.some((subject) => subject === 'sun' || subject === 'moon' || subject === 'planet')
  if (
    skyHasSun &&
    spec.setting !== 'abstract' &&
    spec.setting !== 'underwater' &&
    spec.weather !== 'storm' &&
    spec.weather !== 'rain'
  ) {
    if (spec.timeOfDay === 'night') drawSubject(pen, 'moon', sunX, frame.top + frame.height * 0.16, frame.width)
    else {
      const sunY = spec.timeOfDay === 'day' ? frame.top + frame.height * 0.14 : horizonY - frame.height * 0.07
      drawSubject(pen, 'sun', sunX, sunY, frame.width * (spec.timeOfDay === 'day' ? 0.8 : 1.1))
    }
  }
  const cloudless = spec.setting === 'space' || spec.setting === 'underwater' || spec.setting === 'abstract'
  if (!cloudless && spec.timeOfDay !== 'night') {
    const cloudColor = spec.weather === 'storm' ? hsl(220, 0.1, 0.45) : mix(hsl(0, 0, 1), p.skyBottom, 0.2)
    clouds(pen, frame, spec.weather === 'clear' ? 3 : 7, cloudColor, horizonY)
  }
}

/**
 * A town: rows of low houses with pitched roofs and lit or shuttered windows, a spire now and then, hazier
 * behind. Streets, squares, markets and villages stand here; only a city gets a skyline.
 */
function town(pens: LayerPens, frame: Frame, spec: SceneSpec, horizonY: number) {
  const { far, sky: back } = pens
  const p = far.palette
  const lit = spec.timeOfDay === 'night' || spec.timeOfDay === 'sunset'
  const rows = [
    {
      pen: back,
      base: horizonY - frame.height * 0.02,
      scale: 0.65,
      color: mix(p.far, p.skyBottom, 0.5),
      windows: false,
    },
    { pen: far, base: horizonY + frame.height * 0.01, scale: 1, color: p.far, windows: true },
  ]
  for (const row of rows) {
    let x = -frame.width * 0.04
    while (x < frame.layerWidth) {
      const w = frame.width * row.pen.random.range(0.1, 0.17) * row.scale
      const h = frame.height * row.pen.random.range(0.06, 0.11) * row.scale
      const roof = h * row.pen.random.range(0.45, 0.75)
      const wall = shade(row.color, { h: row.pen.random.range(-12, 12), l: row.pen.random.range(-0.06, 0.08) })
      const top = row.base - h
      row.pen.shape(roundRectPath(x, top, w, h + frame.height * 0.05, 1), wall)
      const spire = row.pen.random.chance(0.08)
      const peak = spire ? roof * 2.6 : roof
      row.pen.shape(
        polygonPath([
          [x - w * 0.06, top],
          [x + w * 0.5, top - peak],
          [x + w * 1.06, top],
        ]),
        shade(mix(wall, hsl(8, 0.55, 0.42), 0.55), { l: -0.04 }),
      )
      if (row.windows) {
        const size = w * 0.16
        for (const wx of [x + w * 0.2, x + w * 0.64]) {
          if (!row.pen.random.chance(0.8)) continue
          row.pen.context.fillStyle =
            lit && row.pen.random.chance(0.7) ? 'rgba(255,210,120,0.95)' : css(shade(wall, { l: -0.2 }))
          row.pen.context.fillRect(wx, top + h * 0.3, size, size * 1.3)
        }
      }
      x += w * row.pen.random.range(1.02, 1.18)
    }
  }
}

function outdoorFar(pens: LayerPens, frame: Frame, spec: SceneSpec, horizonY: number) {
  const { far, sky: skyPen } = pens
  const p = far.palette
  const hazeFar = mix(p.far, p.skyBottom, 0.45)
  switch (spec.setting) {
    case 'mountains':
    case 'snow': {
      ridge(skyPen, frame, horizonY - frame.height * 0.1, frame.height * 0.28, 4, hazeFar, true)
      // Snow caps catch the light.
      ridge(far, frame, horizonY, frame.height * 0.2, 5, p.far, true)
      break
    }
    case 'street':
      town(pens, frame, spec, horizonY)
      break
    case 'city': {
      let x = -frame.width * 0.05
      while (x < frame.layerWidth) {
        const w = frame.width * far.random.range(0.08, 0.16)
        const h = frame.height * far.random.range(0.12, 0.36)
        skyPen.shape(roundRectPath(x, horizonY - h, w, h + frame.height * 0.2, 2), hazeFar, { outline: false })
        x += w * 0.95
      }
      x = 0
      while (x < frame.layerWidth) {
        const w = frame.width * far.random.range(0.1, 0.2)
        const h = frame.height * far.random.range(0.1, 0.26)
        far.shape(roundRectPath(x, horizonY - h, w, h + frame.height * 0.3, 2), shade(p.far, { l: -0.08 }))
        const lit = spec.timeOfDay === 'night' || spec.timeOfDay === 'sunset'
        for (let wy = horizonY - h + w * 0.15; wy < horizonY - w * 0.1; wy += w * 0.22) {
          for (let wx = x + w * 0.15; wx < x + w * 0.85; wx += w * 0.25) {
            if (far.random.chance(lit ? 0.55 : 0.8)) {
              far.context.fillStyle = lit ? 'rgba(255,215,120,0.9)' : css(shade(p.far, { l: 0.12 }), 0.8)
              far.context.fillRect(wx, wy, w * 0.12, w * 0.1)
            }
          }
        }
        x += w * 1.1
      }
      break
    }
    case 'beach':
    case 'ocean': {
      far.context.fillStyle = css(shade(p.far, { l: -0.05 }))
      far.context.fillRect(0, horizonY - 2, frame.layerWidth, frame.layerHeight)
      for (let index = 0; index < 40; index++) {
        const y = horizonY + (index / 40) ** 1.6 * frame.height * 0.5
        far.context.fillStyle = css(shade(p.far, { l: 0.18 }), 0.5)
        far.context.fillRect(
          far.random.range(0, frame.layerWidth),
          y,
          frame.width * far.random.range(0.05, 0.2),
          2 + index * 0.08,
        )
      }
      break
    }
    case 'desert':
      ridge(skyPen, frame, horizonY, frame.height * 0.12, 3, hazeFar, false)
      ridge(far, frame, horizonY + frame.height * 0.04, frame.height * 0.08, 2, shade(p.ground, { l: 0.06 }), false)
      break
    case 'forest':
    case 'park':
    case 'farm': {
      ridge(skyPen, frame, horizonY, frame.height * 0.1, 3, hazeFar, false)
      const count = spec.setting === 'forest' ? 14 : 6
      for (let index = 0; index < count; index++) {
        const x = (index / count) * frame.layerWidth + far.random.range(-20, 20)
        const size = frame.height * far.random.range(0.16, 0.26)
        if (spec.setting === 'forest') pine(far, x, horizonY + frame.height * 0.02, size, mix(p.mid, p.far, 0.4))
        else drawSubject(far, 'tree', x, horizonY + frame.height * 0.02, size * 0.7)
      }
      break
    }
    case 'underwater': {
      ridge(far, frame, horizonY, frame.height * 0.18, 3, mix(p.far, p.skyTop, 0.3), false)
      break
    }
    case 'space':
      if (!spec.subjects.includes('planet'))
        drawSubject(skyPen, 'planet', frame.left + frame.width * 0.8, frame.top + frame.height * 0.2, frame.width * 0.6)
      break
    case 'night-sky':
      ridge(far, frame, horizonY, frame.height * 0.12, 4, shade(p.far, { l: -0.05 }), false)
      break
    default:
      // Abstract: only the soft colour fields of the sky; shapes here would read as things the words never named.
      break
  }
}

/**
 * A river across the land, just below the horizon: a winding band the colour of the sky it mirrors, with
 * glints, where what stands at the back (a canoe, cows come down to drink) meets the water.
 */
function river(pen: Pen, frame: Frame, horizonY: number) {
  const p = pen.palette
  const depth = frame.top + frame.height - horizonY
  const top = horizonY + depth * 0.06
  const band = depth * 0.16
  const phase = pen.random.range(0, Math.PI * 2)
  const edge = (x: number, offset: number) =>
    offset + Math.sin(phase + (x / frame.layerWidth) * Math.PI * 3) * depth * 0.025
  const path = new Path2D()
  const step = frame.layerWidth / 24
  path.moveTo(0, edge(0, top))
  for (let x = step; x <= frame.layerWidth + 1; x += step) path.lineTo(x, edge(x, top))
  for (let x = frame.layerWidth; x >= -1; x -= step) path.lineTo(x, edge(x, top + band) + depth * 0.01)
  path.closePath()
  pen.shape(path, mix(p.skyTop, hsl(205, 0.65, 0.5), 0.7))
  for (let index = 0; index < 9; index++) {
    const x = pen.random.range(0, frame.layerWidth)
    const y = edge(x, top + band * pen.random.range(0.25, 0.8))
    const glint = new Path2D()
    glint.moveTo(x, y)
    glint.lineTo(x + frame.width * pen.random.range(0.05, 0.12), y)
    pen.line(glint, hsl(195, 0.6, 0.92), frame.height * 0.004, 0.7)
  }
}

function ground(pen: Pen, frame: Frame, spec: SceneSpec, horizonY: number) {
  const p = pen.palette
  const path = new Path2D()
  const rise = spec.setting === 'ocean' || spec.setting === 'city' ? 0 : frame.height * 0.03
  path.moveTo(0, horizonY + rise)
  path.bezierCurveTo(
    frame.layerWidth * 0.3,
    horizonY - rise,
    frame.layerWidth * 0.7,
    horizonY + rise * 2,
    frame.layerWidth,
    horizonY,
  )
  path.lineTo(frame.layerWidth, frame.layerHeight)
  path.lineTo(0, frame.layerHeight)
  path.closePath()
  if (spec.setting === 'ocean') return
  const snowy = spec.weather === 'snow' || spec.setting === 'snow'
  const gradient = pen.context.createLinearGradient(0, horizonY, 0, frame.layerHeight)
  gradient.addColorStop(
    0,
    css(snowy ? hsl(205, 0.3, 0.94) : spec.setting === 'beach' ? shade(p.ground, { l: 0.05 }) : p.ground),
  )
  gradient.addColorStop(1, css(snowy ? hsl(215, 0.3, 0.78) : p.groundDark))
  pen.context.fillStyle = gradient
  pen.context.fill(path)
  if (pen.look.outline > 0) {
    pen.context.strokeStyle = css(p.ink)
    pen.context.lineWidth = pen.look.outline * pen.unit
    pen.context.stroke(path)
  }
  if (spec.water === 'river' && !snowy) river(pen, frame, horizonY)
  if (spec.setting === 'street') {
    // A paved lane between the houses, narrowing toward the vanishing point.
    const cx = frame.left + frame.width * 0.5
    const lane = polygonPath([
      [cx - frame.width * 0.05, horizonY + 2],
      [cx + frame.width * 0.05, horizonY + 2],
      [cx + frame.width * 0.6, frame.layerHeight],
      [cx - frame.width * 0.6, frame.layerHeight],
    ])
    pen.shape(lane, mix(p.ground, hsl(35, 0.15, 0.62), 0.6), { outline: false })
  }
  if (spec.setting === 'city') {
    // A road running toward the vanishing point.
    const cx = frame.left + frame.width * 0.5
    const road = polygonPath([
      [cx - frame.width * 0.08, horizonY + 2],
      [cx + frame.width * 0.08, horizonY + 2],
      [cx + frame.width * 0.9, frame.layerHeight],
      [cx - frame.width * 0.9, frame.layerHeight],
    ])
    pen.shape(road, hsl(220, 0.08, 0.28), { outline: false })
    for (let index = 0; index < 6; index++) {
      const t0 = (index / 6) ** 1.5
      const t1 = ((index + 0.5) / 6) ** 1.5
      const y0 = horizonY + (frame.layerHeight - horizonY) * t0
      const y1 = horizonY + (frame.layerHeight - horizonY) * t1
      pen.context.fillStyle = 'rgba(255,230,150,0.85)'
      pen.context.beginPath()
      pen.context.moveTo(cx - 1 - t0 * 8, y0)
      pen.context.lineTo(cx + 1 + t0 * 8, y0)
      pen.context.lineTo(cx + 1 + t1 * 8, y1)
      pen.context.lineTo(cx - 1 - t1 * 8, y1)
      pen.context.fill()
    }
  }
  if (spec.setting === 'beach') {
    const surf = new Path2D()
    surf.moveTo(0, horizonY + frame.height * 0.03)
    for (let x = 0; x <= frame.layerWidth; x += frame.width * 0.08)
      surf.quadraticCurveTo(
        x + frame.width * 0.04,
        horizonY + frame.height * 0.05,
        x + frame.width * 0.08,
        horizonY + frame.height * 0.03,
      )
    pen.line(surf, hsl(0, 0, 1), frame.height * 0.008, 0.85)
  }
}

function room(pens: LayerPens, frame: Frame, spec: SceneSpec, floorY: number) {
  const { sky: back, far } = pens
  const p = back.palette
  fillVertical(
    back,
    0,
    floorY,
    [
      [0, shade(p.wall, { l: -0.06 })],
      [1, p.wall],
    ],
    frame,
  )
  // A window shows the hour outside.
  const outside =
    spec.timeOfDay === 'night'
      ? hsl(235, 0.5, 0.18)
      : spec.timeOfDay === 'sunset'
        ? hsl(20, 0.8, 0.65)
        : hsl(200, 0.6, 0.75)
  const winX = frame.left + frame.width * (spec.composition.heroX < 0.5 ? 0.58 : 0.08)
  const winY = frame.top + frame.height * 0.12
  const winW = frame.width * 0.34
  const winH = (floorY - winY) * 0.5
  if (spec.setting !== 'stage') {
    back.shape(roundRectPath(winX - 8, winY - 8, winW + 16, winH + 16, 6), hsl(30, 0.2, 0.92))
    fillWindow(back, winX, winY, winW, winH, outside, spec)
  }
  switch (spec.setting) {
    case 'stage': {
      fillVertical(
        back,
        0,
        floorY,
        [
          [0, hsl(280, 0.5, 0.06)],
          [1, p.skyBottom],
        ],
        frame,
      )
      for (let index = 0; index < 9; index++) {
        const x = (index / 8) * frame.layerWidth
        back.context.fillStyle = css(shade(p.accent, { l: -0.35 }), 0.5)
        back.context.fillRect(x - frame.width * 0.04, 0, frame.width * 0.05, floorY)
      }
      const curtain = shade(hsl(350, 0.7, 0.35), { h: spec.variation % 30 })
      for (const side of [0, 1]) {
        const x = side === 0 ? frame.left - frame.width * 0.05 : frame.left + frame.width * 0.85
        far.shape(roundRectPath(x, 0, frame.width * 0.22, floorY + frame.height * 0.1, 20), curtain)
      }
      far.shape(
        roundRectPath(0, frame.top + frame.height * 0.04, frame.layerWidth, frame.height * 0.035, 4),
        hsl(0, 0, 0.2),
      )
      break
    }
    case 'classroom': {
      const x = frame.left + frame.width * (spec.composition.heroX < 0.5 ? 0.5 : 0.06)
      far.shape(
        roundRectPath(x, frame.top + frame.height * 0.12, frame.width * 0.44, frame.height * 0.22, 8),
        hsl(150, 0.35, 0.22),
      )
      far.context.strokeStyle = 'rgba(255,255,255,0.7)'
      far.context.lineWidth = 2
      far.context.beginPath()
      far.context.moveTo(x + frame.width * 0.05, frame.top + frame.height * 0.18)
      far.context.lineTo(x + frame.width * 0.3, frame.top + frame.height * 0.18)
      far.context.moveTo(x + frame.width * 0.05, frame.top + frame.height * 0.23)
      far.context.lineTo(x + frame.width * 0.22, frame.top + frame.height * 0.23)
      far.context.stroke()
      break
    }
    default: {
      // Shelves with jars, books or plants: the room's character in one row.
      const shelfY = frame.top + frame.height * 0.2
      const x0 = frame.left + frame.width * (spec.composition.heroX < 0.5 ? 0.04 : 0.55)
      for (let row = 0; row < 2; row++) {
        const y = shelfY + row * frame.height * 0.12
        far.shape(roundRectPath(x0, y, frame.width * 0.4, frame.height * 0.012, 2), hsl(28, 0.4, 0.35))
        for (let index = 0; index < 5; index++) {
          const ix = x0 + frame.width * (0.03 + index * 0.075)
          const h = frame.height * far.random.range(0.035, 0.07)
          const color = shade(index % 2 ? p.accent : p.accent2, { l: far.random.range(-0.15, 0.1) })
          far.shape(roundRectPath(ix, y - h, frame.width * 0.05, h, 4), color)
        }
      }
      if (spec.setting === 'cafe' || spec.setting === 'home') {
        for (let index = 0; index < 3; index++) {
          const lx = frame.left + frame.width * (0.2 + index * 0.3)
          far.line(roundRectPath(lx, 0, 0.5, frame.top + frame.height * 0.08, 0), hsl(0, 0, 0.2), 2)
          far.shape(
            ellipsePath(lx, frame.top + frame.height * 0.1, frame.width * 0.045, frame.width * 0.03),
            hsl(45, 1, 0.75),
          )
        }
      }
    }
  }
}

function fillWindow(pen: Pen, x: number, y: number, w: number, h: number, outside: Hsl, spec: SceneSpec) {
  const context = pen.context
  const gradient = context.createLinearGradient(0, y, 0, y + h)
  gradient.addColorStop(0, css(outside))
  gradient.addColorStop(1, css(shade(outside, { l: 0.12 })))
  context.fillStyle = gradient
  context.fillRect(x, y, w, h)
  context.fillStyle = css(shade(outside, { l: -0.15, s: -0.2 }))
  for (let index = 0; index < 5; index++) {
    const bw = w * 0.16
    const bh = h * (0.2 + ((spec.variation >>> index) % 5) * 0.08)
    context.fillRect(x + index * bw * 1.3, y + h - bh, bw, bh)
  }
  context.strokeStyle = 'rgba(255,255,255,0.85)'
  context.lineWidth = Math.max(3, w * 0.025)
  context.strokeRect(x, y, w, h)
  context.beginPath()
  context.moveTo(x + w / 2, y)
  context.lineTo(x + w / 2, y + h)
  context.moveTo(x, y + h / 2)
  context.lineTo(x + w, y + h / 2)
  context.stroke()
}

/** Draws the whole scene across the layers and returns the horizon's height in layer coordinates. */
export function paintScene(pens: LayerPens, frame: Frame, spec: SceneSpec): number {
  const indoor = isIndoor(spec.setting)
  const horizonY = frame.top + frame.height * (indoor ? 0.66 : spec.composition.horizon)
  const p = pens.mid.palette

  if (indoor) {
    room(pens, frame, spec, horizonY)
    const floor = pens.mid
    fillVertical(
      floor,
      horizonY,
      frame.layerHeight,
      [
        [0, p.ground],
        [1, p.groundDark],
      ],
      frame,
    )
    if (floor.look.outline > 0) {
      floor.context.fillStyle = css(p.ink)
      floor.context.fillRect(
        0,
        horizonY - floor.look.outline * floor.unit * 0.5,
        frame.layerWidth,
        floor.look.outline * floor.unit,
      )
    }
    if (spec.setting === 'stage') {
      const beamColor = p.accent
      for (let index = 0; index < 3; index++) {
        const bx = frame.left + frame.width * (0.2 + index * 0.3)
        floor.context.fillStyle = css(beamColor, 0.12)
        floor.context.beginPath()
        floor.context.moveTo(bx, frame.top)
        floor.context.lineTo(bx - frame.width * 0.18, horizonY + frame.height * 0.05)
        floor.context.lineTo(bx + frame.width * 0.18, horizonY + frame.height * 0.05)
        floor.context.fill()
      }
    }
  } else {
    sky(pens.sky, frame, spec, horizonY)
    outdoorFar(pens, frame, spec, horizonY)
    if (spec.setting === 'ocean' || spec.setting === 'beach') {
      const water = pens.mid
      for (let index = 0; index < 5; index++) {
        const y = horizonY + frame.height * (0.06 + index * 0.07)
        const wave = new Path2D()
        wave.moveTo(0, y)
        for (let x = 0; x <= frame.layerWidth; x += frame.width * 0.12)
          wave.quadraticCurveTo(x + frame.width * 0.06, y - frame.height * 0.018, x + frame.width * 0.12, y)
        if (spec.setting === 'ocean') water.line(wave, hsl(190, 0.5, 0.9), frame.height * 0.005, 0.7)
      }
    }
    ground(pens.mid, frame, spec, horizonY)
  }

  foreground(pens.fore, frame, spec, indoor)
  return horizonY
}

function foreground(pen: Pen, frame: Frame, spec: SceneSpec, indoor: boolean) {
  const bottom = frame.top + frame.height
  const p = pen.palette
  if (spec.setting === 'underwater') {
    for (const side of [0.02, 0.96]) {
      for (let index = 0; index < 3; index++) {
        const x = frame.left + frame.width * side + index * frame.width * 0.03 * (side < 0.5 ? 1 : -1)
        const weed = new Path2D()
        weed.moveTo(x, bottom + 10)
        weed.bezierCurveTo(
          x + 30,
          bottom - frame.height * 0.15,
          x - 30,
          bottom - frame.height * 0.25,
          x + 10,
          bottom - frame.height * (0.3 + index * 0.06),
        )
        pen.line(weed, hsl(140, 0.5, 0.35), frame.width * 0.022)
      }
    }
    return
  }
  if (indoor) {
    if (spec.setting === 'stage') {
      for (let index = 0; index < 12; index++) {
        const x = frame.left + (index / 11) * frame.width + pen.random.range(-15, 15)
        const r = frame.width * pen.random.range(0.045, 0.06)
        pen.shape(ellipsePath(x, bottom - r * 0.2, r * 1.2, r * 1.1), hsl(270, 0.3, 0.06), {
          flat: true,
          outline: false,
        })
        pen.shape(ellipsePath(x, bottom - r * 1.5, r * 0.6, r * 0.65), hsl(270, 0.3, 0.06), {
          flat: true,
          outline: false,
        })
      }
      return
    }
    const x = frame.left + frame.width * (spec.composition.heroX < 0.5 ? 0.95 : 0.05)
    for (let index = 0; index < 5; index++) {
      const angle = -Math.PI / 2 + (index - 2) * 0.35
      const leaf = new Path2D()
      const len = frame.height * 0.2
      leaf.ellipse(
        x + Math.cos(angle) * len * 0.5,
        bottom + Math.sin(angle) * len * 0.5,
        len * 0.5,
        len * 0.1,
        angle,
        0,
        Math.PI * 2,
      )
      pen.shape(leaf, hsl(130, 0.45, 0.3))
    }
    return
  }
  if (
    spec.setting === 'space' ||
    spec.setting === 'ocean' ||
    spec.setting === 'night-sky' ||
    spec.setting === 'abstract'
  )
    return
  const tuft =
    spec.setting === 'desert' || spec.setting === 'beach'
      ? shade(p.ground, { l: -0.2 })
      : shade(p.ground, { l: -0.12, s: 0.1 })
  for (let index = 0; index < 14; index++) {
    const x = frame.left + pen.random.range(-0.05, 1.05) * frame.width
    const y = bottom - pen.random.range(-0.02, 0.04) * frame.height
    const h = frame.height * pen.random.range(0.03, 0.07)
    const blade = polygonPath([
      [x - h * 0.3, y],
      [x - h * 0.15, y - h],
      [x, y - h * 0.2],
      [x + h * 0.2, y - h * 1.1],
      [x + h * 0.35, y],
    ])
    pen.shape(blade, tuft, { outline: pen.look.outline > 0.5 })
  }
  if (spec.setting === 'forest' || spec.setting === 'snow') {
    pine(
      pen,
      frame.left + frame.width * (spec.composition.heroX < 0.5 ? 1.02 : -0.02),
      bottom + frame.height * 0.05,
      frame.height * 0.7,
      spec.setting === 'snow' ? hsl(160, 0.2, 0.3) : shade(p.ground, { l: -0.08 }),
    )
  }
}
