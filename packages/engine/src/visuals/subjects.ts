import { Path2D } from '@napi-rs/canvas'

import { css, hsl, shade, type Hsl } from './color.ts'
import { ellipsePath, limbPath, polygonPath, roundRectPath, type Pen } from './pen.ts'
import type { Subject } from './scene-interpreter.ts'

/**
 * One drawing per subject, built from paths so every style can fill and outline it its own way.
 * (x, y) is the point where the subject stands on the ground (or, for floating things, its centre),
 * `size` its height in pixels.
 */
type Draw = (pen: Pen, x: number, y: number, size: number) => void

function person(pen: Pen, x: number, y: number, size: number, pose: number, cloth: Hsl, skin: Hsl) {
  const u = size / 10
  const hair = hsl(20 + pose * 40, 0.35, 0.12 + (pose % 3) * 0.1)
  const legW = u * 0.9
  const hipY = y - u * 4.6
  const shoulderY = y - u * 7.4
  const stride = pose % 2 === 0 ? 0.7 : 0.15
  const trousers = shade(cloth, { h: 190, s: -0.3, l: -0.22 })
  pen.shape(limbPath(x - u * 0.4, hipY, x - u * stride * 1.2, y - legW / 2, legW), trousers)
  pen.shape(limbPath(x + u * 0.4, hipY, x + u * stride, y - legW / 2, legW), shade(trousers, { l: -0.05 }))
  const torso = new Path2D()
  torso.moveTo(x - u * 1.3, shoulderY)
  torso.quadraticCurveTo(x, shoulderY - u * 0.5, x + u * 1.3, shoulderY)
  torso.lineTo(x + u * 1.05, hipY + u * 0.3)
  torso.quadraticCurveTo(x, hipY + u * 0.7, x - u * 1.05, hipY + u * 0.3)
  torso.closePath()
  // Arms: one waves or points, chosen by pose, so groups of people do not look cloned.
  const armW = u * 0.75
  const raised = pose % 3
  const leftHand: [number, number] = raised === 0 ? [x - u * 2.4, shoulderY - u * 2.2] : [x - u * 1.8, hipY - u * 0.1]
  const rightHand: [number, number] =
    raised === 1
      ? [x + u * 2.6, shoulderY - u * 0.6]
      : raised === 2
        ? [x + u * 2.2, shoulderY - u * 2.4]
        : [x + u * 1.7, hipY]
  pen.shape(limbPath(x - u * 1.1, shoulderY + u * 0.3, leftHand[0], leftHand[1], armW), shade(cloth, { l: -0.06 }))
  pen.shape(torso, cloth)
  pen.shape(limbPath(x + u * 1.1, shoulderY + u * 0.3, rightHand[0], rightHand[1], armW), shade(cloth, { l: -0.06 }))
  pen.shape(ellipsePath(leftHand[0], leftHand[1], u * 0.42, u * 0.42), skin, { flat: true })
  pen.shape(ellipsePath(rightHand[0], rightHand[1], u * 0.42, u * 0.42), skin, { flat: true })
  pen.shape(roundRectPath(x - u * 0.35, shoulderY - u * 0.9, u * 0.7, u * 0.9, u * 0.2), skin, { flat: true })
  const headY = shoulderY - u * 1.65
  pen.shape(ellipsePath(x, headY, u * 1.05, u * 1.2), skin)
  const hairPath = new Path2D()
  hairPath.ellipse(x, headY - u * 0.35, u * 1.12, u * 0.95, 0, Math.PI, Math.PI * 2)
  if (pose % 2 === 1) {
    hairPath.lineTo(x + u * 1.2, headY + u * 1.3)
    hairPath.lineTo(x + u * 0.7, headY + u * 0.2)
  }
  hairPath.closePath()
  pen.shape(hairPath, hair, { flat: true })
}

const drawPerson: Draw = (pen, x, y, size) =>
  person(pen, x, y, size, pen.random.int(0, 6), pen.palette.cloth, pen.palette.skin)

const drawPeople: Draw = (pen, x, y, size) => {
  const spread = size * 0.34
  const cloths = [pen.palette.cloth, pen.palette.accent, shade(pen.palette.accent2, { l: -0.1 })]
  const order = [-1, 1, 0]
  order.forEach((slot, index) => {
    const skin = shade(pen.palette.skin, { l: (index - 1) * 0.12 })
    const scale = slot === 0 ? 1 : 0.9
    person(
      pen,
      x + slot * spread,
      y + (slot === 0 ? size * 0.02 : 0),
      size * scale,
      index + 1,
      cloths[index] ?? pen.palette.cloth,
      skin,
    )
  })
}

const drawChild: Draw = (pen, x, y, size) =>
  person(pen, x, y, size * 0.7, 2, pen.palette.accent, shade(pen.palette.skin, { l: 0.05 }))

function quadruped(pen: Pen, x: number, y: number, size: number, body: Hsl, kind: 'dog' | 'cat' | 'horse' | 'cow') {
  const u = size / 10
  const long = kind === 'horse' || kind === 'cow' ? 1.3 : 1
  const bodyW = u * 4.2 * long
  const bodyY = y - u * (kind === 'horse' ? 5 : 3.6)
  const legW = u * (kind === 'cat' ? 0.6 : 0.85)
  for (const dx of [-0.75, -0.5, 0.5, 0.75]) {
    pen.shape(
      limbPath(x + dx * bodyW * 0.6, bodyY, x + dx * bodyW * 0.6 + u * 0.2, y - legW / 2, legW),
      shade(body, { l: dx < 0 && dx > -0.6 ? -0.08 : 0 }),
    )
  }
  const tail = new Path2D()
  tail.moveTo(x - bodyW * 0.5, bodyY - u * 0.3)
  tail.quadraticCurveTo(
    x - bodyW * 0.85,
    bodyY - u * (kind === 'cat' ? 3 : 1.6),
    x - bodyW * (kind === 'cat' ? 0.7 : 0.8),
    bodyY - u * (kind === 'cat' ? 3.4 : 2),
  )
  pen.line(tail, body, u * (kind === 'cat' ? 0.55 : 0.7))
  pen.shape(ellipsePath(x, bodyY, bodyW / 2, u * 1.55), body)
  if (kind === 'cow') {
    pen.shape(ellipsePath(x - u * 0.6, bodyY - u * 0.3, u * 1, u * 0.7), hsl(0, 0, 0.12), {
      flat: true,
      outline: false,
    })
    pen.shape(ellipsePath(x + u * 1.5, bodyY + u * 0.4, u * 0.7, u * 0.5), hsl(0, 0, 0.12), {
      flat: true,
      outline: false,
    })
  }
  const headX = x + bodyW * 0.52
  const headY = bodyY - u * (kind === 'horse' ? 2.6 : 1.6)
  pen.shape(limbPath(x + bodyW * 0.35, bodyY - u * 0.4, headX, headY, u * (kind === 'horse' ? 1.6 : 1.4)), body)
  if (kind === 'horse') pen.shape(ellipsePath(headX + u * 0.8, headY + u * 0.4, u * 1.4, u * 0.75, 0.5), body)
  else pen.shape(ellipsePath(headX + u * 0.3, headY, u * 1.25, u * 1.1), body)
  const ear = shade(body, { l: -0.1 })
  if (kind === 'cat') {
    pen.shape(
      polygonPath([
        [headX - u * 0.7, headY - u * 0.6],
        [headX - u * 0.5, headY - u * 1.9],
        [headX + u * 0.1, headY - u * 0.9],
      ]),
      ear,
    )
    pen.shape(
      polygonPath([
        [headX + u * 0.5, headY - u * 0.9],
        [headX + u * 1.0, headY - u * 1.9],
        [headX + u * 1.3, headY - u * 0.5],
      ]),
      ear,
    )
  } else if (kind === 'dog') {
    pen.shape(ellipsePath(headX - u * 0.4, headY + u * 0.2, u * 0.45, u * 1.0, 0.3), ear)
    pen.shape(ellipsePath(headX + u * 1.3, headY + u * 0.3, u * 0.7, u * 0.5), body)
    pen.shape(ellipsePath(headX + u * 1.85, headY + u * 0.15, u * 0.22, u * 0.2), hsl(0, 0, 0.1), {
      flat: true,
      outline: false,
    })
  } else if (kind === 'cow') {
    pen.shape(
      polygonPath([
        [headX - u * 0.2, headY - u * 0.8],
        [headX - u * 0.7, headY - u * 1.7],
        [headX + u * 0.2, headY - u * 1],
      ]),
      hsl(40, 0.3, 0.85),
    )
  } else {
    const mane = new Path2D()
    mane.moveTo(headX - u * 0.2, headY - u * 0.6)
    mane.quadraticCurveTo(x + bodyW * 0.2, bodyY - u * 2.6, x + bodyW * 0.25, bodyY - u * 1)
    pen.line(mane, shade(body, { l: -0.25 }), u * 0.8)
  }
  pen.shape(ellipsePath(headX + u * 0.5, headY - u * 0.2, u * 0.17, u * 0.2), hsl(0, 0, 0.08), {
    flat: true,
    outline: false,
  })
}

const drawDog: Draw = (pen, x, y, size) => quadruped(pen, x, y, size * 0.55, hsl(32, 0.55, 0.55), 'dog')
const drawCat: Draw = (pen, x, y, size) => quadruped(pen, x, y, size * 0.45, hsl(25, 0.7, 0.55), 'cat')
const drawHorse: Draw = (pen, x, y, size) => quadruped(pen, x, y, size * 0.9, hsl(20, 0.45, 0.32), 'horse')
const drawCow: Draw = (pen, x, y, size) => quadruped(pen, x, y, size * 0.7, hsl(40, 0.15, 0.92), 'cow')

const drawBird: Draw = (pen, x, y, size) => {
  // A small flock: Vs of different sizes.
  for (let index = 0; index < 5; index++) {
    const bx = x + (index - 2) * size * 0.22 + pen.random.range(-0.05, 0.05) * size
    const by = y + Math.abs(index - 2) * size * 0.09
    const span = size * (index === 2 ? 0.16 : 0.1)
    const wing = new Path2D()
    wing.moveTo(bx - span, by - span * 0.3)
    wing.quadraticCurveTo(bx - span * 0.4, by - span * 0.55, bx, by)
    wing.quadraticCurveTo(bx + span * 0.4, by - span * 0.55, bx + span, by - span * 0.3)
    pen.line(wing, pen.palette.ink, Math.max(2, span * 0.14))
  }
}

const drawFish: Draw = (pen, x, y, size) => {
  const colors = [pen.palette.accent, hsl(45, 0.95, 0.58), hsl(195, 0.8, 0.6)]
  for (let index = 0; index < 4; index++) {
    const fx = x + (index - 1.5) * size * 0.32
    const fy = y - size * 0.35 + ((index * 37) % 5) * size * 0.08
    const s = size * (index === 1 ? 0.22 : 0.14)
    const color = colors[index % 3] ?? pen.palette.accent
    pen.shape(
      polygonPath([
        [fx - s * 0.8, fy],
        [fx - s * 1.4, fy - s * 0.5],
        [fx - s * 1.4, fy + s * 0.5],
      ]),
      shade(color, { l: -0.1 }),
    )
    pen.shape(ellipsePath(fx, fy, s, s * 0.55), color)
    pen.shape(ellipsePath(fx + s * 0.55, fy - s * 0.12, s * 0.1, s * 0.1), hsl(0, 0, 0.05), {
      flat: true,
      outline: false,
    })
  }
}

function vehicle(pen: Pen, x: number, y: number, size: number, kind: 'car' | 'bus') {
  const u = size / 10
  const long = kind === 'bus' ? 1.5 : 1
  const w = u * 9 * long
  const body = kind === 'bus' ? hsl(45, 0.9, 0.55) : pen.palette.accent
  const wheelR = u * 1.1
  const baseY = y - wheelR
  const cabin =
    kind === 'bus'
      ? roundRectPath(x - w / 2, baseY - u * 5.6, w, u * 5.6, u * 1)
      : (() => {
          const path = new Path2D()
          path.moveTo(x - w * 0.5, baseY)
          path.lineTo(x - w * 0.5, baseY - u * 2.1)
          path.quadraticCurveTo(x - w * 0.48, baseY - u * 2.5, x - w * 0.3, baseY - u * 2.6)
          path.lineTo(x - w * 0.2, baseY - u * 4.3)
          path.lineTo(x + w * 0.2, baseY - u * 4.3)
          path.lineTo(x + w * 0.34, baseY - u * 2.6)
          path.quadraticCurveTo(x + w * 0.5, baseY - u * 2.5, x + w * 0.5, baseY - u * 1.6)
          path.lineTo(x + w * 0.5, baseY)
          path.closePath()
          return path
        })()
  pen.shape(cabin, body)
  const glass = hsl(200, 0.5, 0.78)
  if (kind === 'bus') {
    for (let index = 0; index < 5; index++) {
      pen.shape(roundRectPath(x - w * 0.45 + index * w * 0.18, baseY - u * 4.9, w * 0.15, u * 2, u * 0.3), glass, {
        flat: true,
      })
    }
  } else {
    pen.shape(
      polygonPath([
        [x - w * 0.26, baseY - u * 2.6],
        [x - w * 0.17, baseY - u * 3.9],
        [x - w * 0.02, baseY - u * 3.9],
        [x - w * 0.02, baseY - u * 2.6],
      ]),
      glass,
      { flat: true },
    )
    pen.shape(
      polygonPath([
        [x + w * 0.02, baseY - u * 2.6],
        [x + w * 0.02, baseY - u * 3.9],
        [x + w * 0.17, baseY - u * 3.9],
        [x + w * 0.29, baseY - u * 2.6],
      ]),
      glass,
      { flat: true },
    )
  }
  pen.shape(ellipsePath(x + w * 0.47, baseY - u * 1.4, u * 0.4, u * 0.3), hsl(50, 1, 0.8), { flat: true })
  for (const dx of [-0.3, 0.3]) {
    pen.shape(ellipsePath(x + dx * w, baseY, wheelR, wheelR), hsl(0, 0, 0.12))
    pen.shape(ellipsePath(x + dx * w, baseY, wheelR * 0.45, wheelR * 0.45), hsl(0, 0, 0.7), { flat: true })
  }
}

const drawCar: Draw = (pen, x, y, size) => vehicle(pen, x, y, size * 0.55, 'car')
const drawBus: Draw = (pen, x, y, size) => vehicle(pen, x, y, size * 0.6, 'bus')

const drawBicycle: Draw = (pen, x, y, size) => {
  const u = size / 10
  const r = u * 1.6
  const frame = new Path2D()
  frame.moveTo(x - u * 2.4, y - r)
  frame.lineTo(x - u * 0.3, y - r)
  frame.lineTo(x + u * 0.6, y - r - u * 2.2)
  frame.lineTo(x - u * 1.4, y - r - u * 2.2)
  frame.closePath()
  frame.moveTo(x + u * 0.6, y - r - u * 2.2)
  frame.lineTo(x + u * 2.4, y - r)
  for (const dx of [-2.4, 2.4]) pen.line(ellipsePath(x + dx * u, y - r, r, r), hsl(0, 0, 0.15), u * 0.35)
  pen.line(frame, pen.palette.accent, u * 0.4)
  person(pen, x - u * 0.2, y - r + u * 0.3, size * 0.85, 4, pen.palette.cloth, pen.palette.skin)
}

const drawRocket: Draw = (pen, x, y, size) => {
  const u = size / 10
  const baseY = y - u * 1.5
  const flame = new Path2D()
  flame.moveTo(x - u * 0.9, baseY)
  flame.quadraticCurveTo(x, baseY + u * 4.5, x + u * 0.9, baseY)
  flame.closePath()
  pen.shape(flame, hsl(35, 1, 0.6), { outline: false })
  pen.shape(ellipsePath(x, baseY + u * 0.9, u * 0.45, u * 1.2), hsl(55, 1, 0.85), { flat: true, outline: false })
  pen.shape(
    polygonPath([
      [x - u * 1.2, baseY - u * 2.5],
      [x - u * 2.4, baseY + u * 0.2],
      [x - u * 1.1, baseY - u * 0.2],
    ]),
    pen.palette.accent,
  )
  pen.shape(
    polygonPath([
      [x + u * 1.2, baseY - u * 2.5],
      [x + u * 2.4, baseY + u * 0.2],
      [x + u * 1.1, baseY - u * 0.2],
    ]),
    pen.palette.accent,
  )
  const body = new Path2D()
  body.moveTo(x, baseY - u * 8.2)
  body.bezierCurveTo(x + u * 2.2, baseY - u * 6, x + u * 1.5, baseY - u * 1.5, x + u * 1.2, baseY)
  body.lineTo(x - u * 1.2, baseY)
  body.bezierCurveTo(x - u * 1.5, baseY - u * 1.5, x - u * 2.2, baseY - u * 6, x, baseY - u * 8.2)
  pen.shape(body, hsl(210, 0.1, 0.92))
  pen.shape(ellipsePath(x, baseY - u * 4.6, u * 0.75, u * 0.75), hsl(200, 0.7, 0.6))
}

const drawPlane: Draw = (pen, x, y, size) => {
  const u = size / 14
  pen.shape(
    polygonPath([
      [x - u * 0.5, y],
      [x - u * 2.5, y - u * 3.2],
      [x - u * 1.2, y - u * 3.2],
      [x + u * 1.4, y],
    ]),
    hsl(210, 0.15, 0.8),
  )
  pen.shape(roundRectPath(x - u * 4.5, y - u * 0.6, u * 9, u * 1.3, u * 0.65), hsl(0, 0, 0.96))
  pen.shape(
    polygonPath([
      [x - u * 4.2, y - u * 0.2],
      [x - u * 4.8, y - u * 2.2],
      [x - u * 3.6, y - u * 2.2],
      [x - u * 3, y - u * 0.2],
    ]),
    pen.palette.accent,
  )
  pen.shape(
    polygonPath([
      [x - u * 0.3, y + u * 0.3],
      [x - u * 2.4, y + u * 3.2],
      [x - u * 1.1, y + u * 3.2],
      [x + u * 1.6, y + u * 0.3],
    ]),
    hsl(210, 0.15, 0.86),
  )
}

const drawBoat: Draw = (pen, x, y, size) => {
  const u = size / 10
  const hull = new Path2D()
  hull.moveTo(x - u * 4, y - u * 1.6)
  hull.lineTo(x + u * 4.2, y - u * 1.6)
  hull.lineTo(x + u * 3, y)
  hull.lineTo(x - u * 3.2, y)
  hull.closePath()
  pen.line(limbPath(x, y - u * 1.6, x, y - u * 9, 1), hsl(25, 0.4, 0.3), u * 0.35)
  pen.shape(
    polygonPath([
      [x + u * 0.3, y - u * 8.8],
      [x + u * 3.6, y - u * 2.2],
      [x + u * 0.3, y - u * 2.2],
    ]),
    hsl(40, 0.3, 0.95),
  )
  pen.shape(
    polygonPath([
      [x - u * 0.3, y - u * 7.5],
      [x - u * 2.8, y - u * 2.2],
      [x - u * 0.3, y - u * 2.2],
    ]),
    pen.palette.accent,
  )
  pen.shape(hull, hsl(10, 0.55, 0.4))
}

const drawBuilding: Draw = (pen, x, y, size) => {
  const widths = [0.28, 0.36, 0.24]
  const heights = [0.8, 1.15, 0.65]
  widths.forEach((w, index) => {
    const bw = size * w
    const bh = size * (heights[index] ?? 1)
    const bx = x + (index - 1) * size * 0.3 - bw / 2
    const wall = shade(pen.palette.far, { l: -0.12 + index * 0.06, s: -0.1 })
    pen.shape(roundRectPath(bx, y - bh, bw, bh, size * 0.01), wall)
    const lit = hsl(45, 0.9, 0.72)
    const dark = shade(wall, { l: -0.15 })
    const cols = 3
    const rows = Math.floor(bh / (size * 0.075))
    for (let row = 0; row < rows - 1; row++) {
      for (let col = 0; col < cols; col++) {
        const on = pen.random.chance(0.45)
        pen.shape(
          roundRectPath(
            bx + bw * (0.12 + col * 0.28),
            y - bh + size * 0.04 + row * size * 0.075,
            bw * 0.18,
            size * 0.045,
            2,
          ),
          on ? lit : dark,
          { flat: true, outline: false },
        )
      }
    }
  })
}

const drawHouse: Draw = (pen, x, y, size) => {
  const u = size / 10
  const w = u * 7
  pen.shape(roundRectPath(x - w / 2, y - u * 5, w, u * 5, u * 0.2), hsl(35, 0.5, 0.82))
  pen.shape(
    polygonPath([
      [x - w * 0.6, y - u * 4.8],
      [x, y - u * 8.6],
      [x + w * 0.6, y - u * 4.8],
    ]),
    hsl(5, 0.6, 0.45),
  )
  pen.shape(roundRectPath(x - u * 0.8, y - u * 3, u * 1.6, u * 3, u * 0.3), hsl(20, 0.5, 0.3))
  for (const dx of [-2.3, 2.3])
    pen.shape(roundRectPath(x + dx * u - u * 0.8, y - u * 3.9, u * 1.6, u * 1.4, u * 0.2), hsl(45, 0.9, 0.7), {
      flat: true,
    })
}

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

const drawFlower: Draw = (pen, x, y, size) => {
  for (let index = 0; index < 5; index++) {
    const fx = x + (index - 2) * size * 0.17
    const stemTop = y - size * (0.35 + ((index * 3) % 4) * 0.07)
    pen.line(limbPath(fx, y, fx, stemTop, 1), hsl(110, 0.5, 0.35), size * 0.02)
    const petal = [pen.palette.accent, hsl(50, 0.95, 0.6), hsl(320, 0.7, 0.7)][index % 3] ?? pen.palette.accent
    const r = size * 0.055
    for (let k = 0; k < 5; k++) {
      const angle = (k / 5) * Math.PI * 2
      pen.shape(ellipsePath(fx + Math.cos(angle) * r, stemTop + Math.sin(angle) * r, r * 0.75, r * 0.75), petal, {
        flat: true,
      })
    }
    pen.shape(ellipsePath(fx, stemTop, r * 0.6, r * 0.6), hsl(45, 0.9, 0.5), { flat: true })
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

const drawCoffee: Draw = (pen, x, y, size) => {
  const u = size / 10
  pen.shape(ellipsePath(x, y - u * 0.2, u * 3.6, u * 0.7), hsl(0, 0, 0.95))
  const handle = new Path2D()
  handle.ellipse(x + u * 2.3, y - u * 2.6, u * 1.1, u * 1.2, 0, -Math.PI / 2, Math.PI / 2)
  pen.line(handle, hsl(15, 0.6, 0.55), u * 0.55)
  const cup = new Path2D()
  cup.moveTo(x - u * 2.4, y - u * 4.3)
  cup.lineTo(x + u * 2.4, y - u * 4.3)
  cup.quadraticCurveTo(x + u * 2.3, y - u * 0.6, x + u * 1.2, y - u * 0.5)
  cup.lineTo(x - u * 1.2, y - u * 0.5)
  cup.quadraticCurveTo(x - u * 2.3, y - u * 0.6, x - u * 2.4, y - u * 4.3)
  pen.shape(cup, hsl(15, 0.6, 0.55))
  pen.shape(ellipsePath(x, y - u * 4.3, u * 2.4, u * 0.55), hsl(25, 0.6, 0.25), { flat: true })
  for (const dx of [-0.8, 0.6]) {
    const steam = new Path2D()
    steam.moveTo(x + dx * u, y - u * 5)
    steam.bezierCurveTo(x + (dx - 0.8) * u, y - u * 6.2, x + (dx + 0.8) * u, y - u * 7, x + dx * u, y - u * 8.2)
    pen.context.save()
    pen.context.strokeStyle = 'rgba(255,255,255,0.6)'
    pen.context.lineWidth = u * 0.35
    pen.context.lineCap = 'round'
    pen.context.stroke(steam)
    pen.context.restore()
  }
}

const drawBread: Draw = (pen, x, y, size) => {
  const u = size / 10
  const crust = hsl(30, 0.7, 0.5)
  const loaf = new Path2D()
  loaf.moveTo(x - u * 4, y)
  loaf.bezierCurveTo(x - u * 4.4, y - u * 3.6, x + u * 4.4, y - u * 3.6, x + u * 4, y)
  loaf.closePath()
  pen.shape(loaf, crust)
  for (const dx of [-1.8, 0, 1.8]) {
    const cut = new Path2D()
    cut.moveTo(x + (dx - 0.7) * u, y - u * 1.6)
    cut.quadraticCurveTo(x + dx * u, y - u * 2.6, x + (dx + 0.7) * u, y - u * 2.2)
    pen.line(cut, hsl(40, 0.7, 0.78), u * 0.4)
  }
  const croissant = new Path2D()
  croissant.ellipse(x + u * 4.8, y - u * 0.8, u * 2, u * 0.9, 0.2, 0, Math.PI * 2)
  pen.shape(croissant, hsl(35, 0.8, 0.58))
}

const drawCake: Draw = (pen, x, y, size) => {
  const u = size / 10
  pen.shape(ellipsePath(x, y, u * 4, u * 0.8), hsl(0, 0, 0.96))
  pen.shape(roundRectPath(x - u * 3.2, y - u * 3.6, u * 6.4, u * 3.4, u * 0.6), hsl(340, 0.7, 0.75))
  pen.shape(roundRectPath(x - u * 2.3, y - u * 6, u * 4.6, u * 2.5, u * 0.5), hsl(40, 0.7, 0.9))
  for (const dx of [-1.2, 0, 1.2]) {
    pen.shape(roundRectPath(x + dx * u - u * 0.18, y - u * 7.4, u * 0.36, u * 1.4, u * 0.1), hsl(200, 0.7, 0.7), {
      flat: true,
    })
    pen.shape(ellipsePath(x + dx * u, y - u * 7.8, u * 0.25, u * 0.42), hsl(40, 1, 0.6), { flat: true, outline: false })
  }
  pen.shape(ellipsePath(x, y - u * 6.2, u * 0.55, u * 0.55), hsl(355, 0.8, 0.5))
}

const drawPizza: Draw = (pen, x, y, size) => {
  const u = size / 10
  pen.shape(ellipsePath(x, y - u * 0.6, u * 4.4, u * 1.3), hsl(35, 0.65, 0.55))
  pen.shape(ellipsePath(x, y - u * 0.7, u * 3.8, u * 1.05), hsl(45, 0.9, 0.65), { flat: true })
  for (let index = 0; index < 6; index++) {
    const angle = (index / 6) * Math.PI * 2
    pen.shape(
      ellipsePath(x + Math.cos(angle) * u * 2.3, y - u * 0.7 + Math.sin(angle) * u * 0.6, u * 0.5, u * 0.22),
      hsl(5, 0.75, 0.45),
      { flat: true },
    )
  }
}

const drawFruit: Draw = (pen, x, y, size) => {
  const u = size / 10
  pen.shape(ellipsePath(x, y - u * 0.8, u * 4.4, u * 1.1), hsl(30, 0.4, 0.55))
  const fruits: [number, number, Hsl][] = [
    [-2, 2.2, hsl(5, 0.8, 0.5)],
    [0.2, 2.6, hsl(35, 0.95, 0.55)],
    [2.2, 2.1, hsl(95, 0.6, 0.45)],
    [-0.9, 3.6, hsl(350, 0.7, 0.45)],
    [1.2, 3.8, hsl(50, 0.9, 0.6)],
  ]
  for (const [dx, dy, color] of fruits) pen.shape(ellipsePath(x + dx * u, y - dy * u, u * 1.25, u * 1.2), color)
}

const drawPhone: Draw = (pen, x, y, size) => {
  const u = size / 10
  pen.shape(roundRectPath(x - u * 2.5, y - u * 9.5, u * 5, u * 9.5, u * 0.8), hsl(230, 0.15, 0.15))
  const screen = roundRectPath(x - u * 2.1, y - u * 9, u * 4.2, u * 8.5, u * 0.5)
  const gradient = pen.context.createLinearGradient(x, y - u * 9, x, y)
  gradient.addColorStop(0, css(shade(pen.palette.accent, { l: 0.15 })))
  gradient.addColorStop(1, css(shade(pen.palette.accent, { h: 60, l: -0.05 })))
  pen.context.fillStyle = gradient
  pen.context.fill(screen)
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      pen.shape(
        roundRectPath(x - u * 1.7 + col * u * 1.25, y - u * 8 + row * u * 1.4, u * 0.9, u * 0.9, u * 0.25),
        hsl(row * 60 + col * 40, 0.6, 0.85),
        { flat: true, outline: false },
      )
    }
  }
  pen.shape(roundRectPath(x - u * 1.7, y - u * 3.4, u * 3.4, u * 1.6, u * 0.4), hsl(0, 0, 1), {
    flat: true,
    outline: false,
    alpha: 0.85,
  })
}

const drawLaptop: Draw = (pen, x, y, size) => {
  const u = size / 10
  pen.shape(roundRectPath(x - u * 4, y - u * 6, u * 8, u * 5.4, u * 0.4), hsl(220, 0.1, 0.25))
  const screen = roundRectPath(x - u * 3.6, y - u * 5.6, u * 7.2, u * 4.6, u * 0.2)
  pen.shape(screen, hsl(215, 0.5, 0.25), { flat: true, outline: false })
  for (let row = 0; row < 5; row++) {
    const w = u * (2 + ((row * 7) % 5) * 0.8)
    pen.shape(
      roundRectPath(x - u * 3.1 + (row % 2) * u * 0.6, y - u * 5.1 + row * u * 0.8, w, u * 0.35, u * 0.15),
      [pen.palette.accent, hsl(160, 0.6, 0.6), hsl(0, 0, 0.85)][row % 3] ?? pen.palette.accent,
      { flat: true, outline: false },
    )
  }
  pen.shape(
    polygonPath([
      [x - u * 4.6, y],
      [x + u * 4.6, y],
      [x + u * 4, y - u * 0.7],
      [x - u * 4, y - u * 0.7],
    ]),
    hsl(220, 0.08, 0.7),
  )
}

const drawBook: Draw = (pen, x, y, size) => {
  const u = size / 10
  const colors = [pen.palette.accent, hsl(210, 0.6, 0.45), hsl(140, 0.45, 0.4)]
  colors.forEach((color, index) => {
    pen.shape(
      roundRectPath(x - u * 3.4 + index * u * 0.3, y - u * (index + 1) * 1.2, u * 6.6, u * 1.15, u * 0.2),
      color,
    )
  })
  const open = new Path2D()
  open.moveTo(x, y - u * 4)
  open.quadraticCurveTo(x - u * 1.8, y - u * 4.8, x - u * 3.6, y - u * 4.3)
  open.lineTo(x - u * 3.6, y - u * 7.4)
  open.quadraticCurveTo(x - u * 1.8, y - u * 7.9, x, y - u * 7.1)
  open.quadraticCurveTo(x + u * 1.8, y - u * 7.9, x + u * 3.6, y - u * 7.4)
  open.lineTo(x + u * 3.6, y - u * 4.3)
  open.quadraticCurveTo(x + u * 1.8, y - u * 4.8, x, y - u * 4)
  pen.shape(open, hsl(45, 0.4, 0.94))
}

const drawGuitar: Draw = (pen, x, y, size) => {
  const u = size / 10
  pen.shape(roundRectPath(x - u * 0.35, y - u * 10, u * 0.7, u * 6, u * 0.2), hsl(25, 0.4, 0.25))
  pen.shape(ellipsePath(x, y - u * 2.2, u * 2.2, u * 2.1), hsl(20, 0.75, 0.45))
  pen.shape(ellipsePath(x, y - u * 4.5, u * 1.6, u * 1.5), hsl(20, 0.75, 0.5))
  pen.shape(ellipsePath(x, y - u * 3.3, u * 0.6, u * 0.6), hsl(20, 0.5, 0.12), { flat: true })
}

const drawMicrophone: Draw = (pen, x, y, size) => {
  const u = size / 10
  pen.line(limbPath(x, y, x, y - u * 6, 1), hsl(0, 0, 0.2), u * 0.35)
  pen.shape(ellipsePath(x, y, u * 1.6, u * 0.4), hsl(0, 0, 0.2))
  pen.shape(roundRectPath(x - u * 0.5, y - u * 7.4, u * 1, u * 1.8, u * 0.3), hsl(0, 0, 0.25))
  pen.shape(ellipsePath(x, y - u * 8, u * 1, u * 1.1), hsl(0, 0, 0.7))
}

const drawDumbbell: Draw = (pen, x, y, size) => {
  const u = size / 10
  pen.shape(roundRectPath(x - u * 3.5, y - u * 1.7, u * 7, u * 0.7, u * 0.3), hsl(0, 0, 0.6))
  for (const dx of [-3, 2.2])
    pen.shape(roundRectPath(x + dx * u, y - u * 2.8, u * 0.8, u * 2.8, u * 0.3), pen.palette.accent)
}

const drawFlask: Draw = (pen, x, y, size) => {
  const u = size / 10
  const flask = new Path2D()
  flask.moveTo(x - u * 0.8, y - u * 7)
  flask.lineTo(x - u * 0.8, y - u * 4.4)
  flask.lineTo(x - u * 3, y - u * 0.6)
  flask.quadraticCurveTo(x - u * 3.2, y, x - u * 2.5, y)
  flask.lineTo(x + u * 2.5, y)
  flask.quadraticCurveTo(x + u * 3.2, y, x + u * 3, y - u * 0.6)
  flask.lineTo(x + u * 0.8, y - u * 4.4)
  flask.lineTo(x + u * 0.8, y - u * 7)
  flask.closePath()
  pen.shape(flask, hsl(190, 0.3, 0.9), { alpha: 0.85 })
  pen.shape(
    polygonPath([
      [x - u * 2.2, y - u * 1.6],
      [x + u * 2.2, y - u * 1.6],
      [x + u * 2.8, y - u * 0.3],
      [x - u * 2.8, y - u * 0.3],
    ]),
    pen.palette.accent,
    { flat: true, outline: false },
  )
  for (let index = 0; index < 3; index++)
    pen.shape(
      ellipsePath(x + (index - 1) * u * 0.6, y - u * (2.5 + index * 1.6), u * 0.35, u * 0.35),
      shade(pen.palette.accent, { l: 0.2 }),
      { flat: true, outline: false },
    )
}

function glowBehind(pen: Pen, x: number, y: number, radius: number, color: Hsl) {
  const glow = pen.context.createRadialGradient(x, y, 0, x, y, radius)
  glow.addColorStop(0, css(color, 0.55))
  glow.addColorStop(1, css(color, 0))
  pen.context.fillStyle = glow
  pen.context.fillRect(x - radius, y - radius, radius * 2, radius * 2)
}

const drawLightbulb: Draw = (pen, x, y, size) => {
  const u = size / 12
  glowBehind(pen, x, y, u * 7, hsl(50, 1, 0.7))
  pen.shape(ellipsePath(x, y - u, u * 2.6, u * 2.7), hsl(50, 1, 0.75))
  pen.shape(roundRectPath(x - u * 1.2, y + u * 1.5, u * 2.4, u * 1.9, u * 0.3), hsl(0, 0, 0.6))
  for (let index = 0; index < 8; index++) {
    const angle = (index / 8) * Math.PI * 2
    pen.line(
      limbPath(
        x + Math.cos(angle) * u * 3.6,
        y - u + Math.sin(angle) * u * 3.6,
        x + Math.cos(angle) * u * 4.8,
        y - u + Math.sin(angle) * u * 4.8,
        1,
      ),
      hsl(50, 1, 0.7),
      u * 0.4,
    )
  }
}

const drawHeart: Draw = (pen, x, y, size) => {
  const u = size / 12
  glowBehind(pen, x, y, u * 7, hsl(340, 1, 0.7))
  const heart = new Path2D()
  heart.moveTo(x, y + u * 3)
  heart.bezierCurveTo(x - u * 5, y - u * 0.5, x - u * 3, y - u * 5, x, y - u * 2.4)
  heart.bezierCurveTo(x + u * 3, y - u * 5, x + u * 5, y - u * 0.5, x, y + u * 3)
  pen.shape(heart, hsl(350, 0.85, 0.55))
}

const drawMoney: Draw = (pen, x, y, size) => {
  const u = size / 12
  glowBehind(pen, x, y, u * 6, hsl(50, 1, 0.6))
  for (let index = 0; index < 4; index++) {
    const cx = x + (index - 1.5) * u * 1.6
    const cy = y + Math.abs(index - 1.5) * u * 0.8
    pen.shape(ellipsePath(cx, cy, u * 1.9, u * 1.9), hsl(45, 0.95, 0.55))
    pen.shape(ellipsePath(cx, cy, u * 1.3, u * 1.3), hsl(45, 0.95, 0.65), { flat: true })
  }
}

const drawClock: Draw = (pen, x, y, size) => {
  const u = size / 12
  pen.shape(ellipsePath(x, y, u * 4, u * 4), pen.palette.accent)
  pen.shape(ellipsePath(x, y, u * 3.3, u * 3.3), hsl(0, 0, 0.97), { flat: true })
  pen.line(limbPath(x, y, x, y - u * 2.4, 1), hsl(0, 0, 0.15), u * 0.35)
  pen.line(limbPath(x, y, x + u * 1.7, y + u * 0.6, 1), hsl(0, 0, 0.15), u * 0.35)
}

const drawGlobe: Draw = (pen, x, y, size) => {
  const u = size / 12
  pen.shape(ellipsePath(x, y, u * 4.2, u * 4.2), hsl(205, 0.75, 0.5))
  pen.shape(ellipsePath(x - u * 1.3, y - u * 1.2, u * 1.6, u * 1.9, 0.4), hsl(110, 0.5, 0.45), {
    flat: true,
    outline: false,
  })
  pen.shape(ellipsePath(x + u * 1.8, y + u * 1.2, u * 1.3, u * 1.6, -0.3), hsl(110, 0.5, 0.45), {
    flat: true,
    outline: false,
  })
}

const drawTrophy: Draw = (pen, x, y, size) => {
  const u = size / 10
  const gold = hsl(45, 0.9, 0.55)
  pen.shape(roundRectPath(x - u * 2, y - u * 1.2, u * 4, u * 1.2, u * 0.2), hsl(25, 0.4, 0.3))
  pen.shape(roundRectPath(x - u * 0.4, y - u * 3, u * 0.8, u * 1.9, u * 0.2), gold)
  const cup = new Path2D()
  cup.moveTo(x - u * 2.6, y - u * 7.5)
  cup.lineTo(x + u * 2.6, y - u * 7.5)
  cup.quadraticCurveTo(x + u * 2.4, y - u * 3, x, y - u * 2.9)
  cup.quadraticCurveTo(x - u * 2.4, y - u * 3, x - u * 2.6, y - u * 7.5)
  pen.shape(cup, gold)
}

const drawCamera: Draw = (pen, x, y, size) => {
  const u = size / 10
  pen.shape(roundRectPath(x - u * 3.5, y - u * 5, u * 7, u * 5, u * 0.8), hsl(0, 0, 0.18))
  pen.shape(roundRectPath(x - u * 1.5, y - u * 5.8, u * 3, u * 1.2, u * 0.3), hsl(0, 0, 0.25))
  pen.shape(ellipsePath(x, y - u * 2.5, u * 1.9, u * 1.9), hsl(0, 0, 0.4))
  pen.shape(ellipsePath(x, y - u * 2.5, u * 1.1, u * 1.1), hsl(220, 0.6, 0.35))
}

const DRAWINGS: Record<Subject, Draw> = {
  person: drawPerson,
  people: drawPeople,
  child: drawChild,
  dog: drawDog,
  cat: drawCat,
  bird: drawBird,
  fish: drawFish,
  horse: drawHorse,
  cow: drawCow,
  car: drawCar,
  bus: drawBus,
  bicycle: drawBicycle,
  rocket: drawRocket,
  plane: drawPlane,
  boat: drawBoat,
  building: drawBuilding,
  house: drawHouse,
  tree: drawTree,
  flower: drawFlower,
  sun: drawSun,
  moon: drawMoon,
  planet: drawPlanet,
  coffee: drawCoffee,
  bread: drawBread,
  cake: drawCake,
  pizza: drawPizza,
  fruit: drawFruit,
  phone: drawPhone,
  laptop: drawLaptop,
  book: drawBook,
  guitar: drawGuitar,
  microphone: drawMicrophone,
  dumbbell: drawDumbbell,
  flask: drawFlask,
  lightbulb: drawLightbulb,
  heart: drawHeart,
  money: drawMoney,
  clock: drawClock,
  globe: drawGlobe,
  trophy: drawTrophy,
  camera: drawCamera,
}

export function drawSubject(pen: Pen, subject: Subject, x: number, y: number, size: number): void {
  DRAWINGS[subject](pen, x, y, size)
}

export { pine }
