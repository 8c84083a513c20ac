import { createCanvas, type Canvas } from '@napi-rs/canvas'

import type { VideoStyle } from '@storyreel/contracts/studio'

import type { Frame } from '../backdrops.ts'
import { paintBounds, type PaintBounds } from '../paint-bounds.ts'
import type { Palette } from '../palette.ts'
import { hashText, type Random } from '../random.ts'
import { FLIGHT_TRAVEL, type Actor, type Motion } from '../scene-animation.ts'
import { isIndoor, type SceneSpec } from '../scene-interpreter.ts'
import { getArtLibrary, type ArtKind } from './art-library.ts'
import type { PlannedArt } from './scene-planner.ts'
import { stylize } from './stylize.ts'

/**
 * Places a scene's subjects: the main one large (at least a third of the frame's height) on the ground in
 * front, the others smaller and further back, things of the sky up in it. Arrangements vary with the seed
 * and the scene's position, so a re-roll or the next scene is composed anew.
 */

const MOTION: Record<ArtKind, Motion> = {
  person: 'stand',
  animal: 'hop',
  bird: 'fly',
  'sea-life': 'float',
  plant: 'sway',
  food: 'float',
  building: 'stand',
  vehicle: 'drift',
  aircraft: 'fly',
  boat: 'bob',
  sky: 'float',
  object: 'float',
}

/** How large a subject beside the main one is, against the main one: a lemon is smaller than a tree. */
const SECONDARY_SIZE: Record<ArtKind, number> = {
  person: 0.62,
  animal: 0.5,
  bird: 0.3,
  'sea-life': 0.42,
  plant: 0.78,
  food: 0.32,
  building: 0.8,
  vehicle: 0.6,
  aircraft: 0.34,
  boat: 0.62,
  sky: 0.36,
  object: 0.34,
}

/** Furniture beside the main subject is furniture-sized, not the size of a cup. */
const FURNITURE = new Set(['couch-and-lamp', 'bed', 'chair', 'door', 'toilet', 'bathtub', 'musical-keyboard'])
const FURNITURE_SIZE = 0.62

/** The main subject against the full size: food and small things are a third of the frame, not a wall. */
const MAIN_SIZE: Record<ArtKind, number> = {
  person: 1,
  animal: 1,
  bird: 0.85,
  'sea-life': 0.9,
  plant: 1,
  food: 0.78,
  building: 1,
  vehicle: 1,
  aircraft: 0.9,
  boat: 1,
  sky: 0.8,
  object: 0.78,
}

/** Things that hang in the sky (or the water) rather than stand on the ground. */
const AIRBORNE = new Set<ArtKind>(['bird', 'aircraft', 'sky'])
/** Birds of the yard, the shore and the water: they stand on the ground, not hang in the sky. */
const GROUND_BIRDS = new Set([
  'chicken',
  'rooster',
  'hatching-chick',
  'baby-chick',
  'front-facing-baby-chick',
  'turkey',
  'penguin',
  'dodo',
  'flamingo',
  'peacock',
  'duck',
  'swan',
  'goose',
])

function shadowSprite(width: number, alpha: number): Canvas {
  const height = Math.max(4, Math.round(width * 0.22))
  const canvas = createCanvas(Math.max(4, Math.round(width)), height)
  const context = canvas.getContext('2d')
  const gradient = context.createRadialGradient(
    canvas.width / 2,
    height / 2,
    0,
    canvas.width / 2,
    height / 2,
    canvas.width / 2,
  )
  gradient.addColorStop(0, `rgba(0,0,0,${alpha})`)
  gradient.addColorStop(1, 'rgba(0,0,0,0)')
  context.setTransform(1, 0, 0, height / canvas.width, 0, height / 2 - (height / canvas.width) * (canvas.width / 2))
  context.fillStyle = gradient
  context.fillRect(0, 0, canvas.width, canvas.width)
  return canvas
}

/** The drawing with its lowest quarter faded out, for people drawn from the chest up. */
function fadeBase(source: Canvas): Canvas {
  const canvas = createCanvas(source.width, source.height)
  const context = canvas.getContext('2d')
  context.drawImage(source, 0, 0)
  const gradient = context.createLinearGradient(0, source.height * 0.7, 0, source.height * 0.97)
  gradient.addColorStop(0, 'rgba(0,0,0,1)')
  gradient.addColorStop(1, 'rgba(0,0,0,0)')
  context.globalCompositeOperation = 'destination-in'
  context.fillStyle = gradient
  context.fillRect(0, 0, source.width, source.height)
  return canvas
}

/**
 * How far in from each side of the frame the subjects on the ground keep their paint, where they fit: at its
 * widest the camera crops about this much of the width (the push-in's 1.12 zoom about 5 % a side, a pan about
 * 4 % more on one side), and a ball or a dumpling cut by the edge reads as a mistake.
 */
export const CAMERA_CROP = 0.07

/**
 * How much larger a wide main subject is drawn (a bed, a bus): a drawing fills its square only across, so it
 * gets the area a square one has, by the root of its width over its height, within 75 % of the frame's width
 * (its style's edges add a little).
 */
function wideGrowth(drawing: Canvas, frame: Frame): number {
  const paint = paintBounds(drawing)
  if (!paint) return 1
  const width = paint.right - paint.left
  const height = paint.bottom - paint.top
  if (width < height * 1.25) return 1
  const grow = Math.min(Math.sqrt(width / height), (frame.width * 0.75) / width)
  return grow > 1.05 ? grow : 1
}

/** The arrangements a scene can take: where the main subject stands and where the others go. */
const LAYOUTS = [
  { main: 0.34, others: [0.74, 0.9, 0.58] },
  { main: 0.66, others: [0.26, 0.1, 0.42] },
  { main: 0.5, others: [0.16, 0.84, 0.3] },
  { main: 0.5, others: [0.84, 0.16, 0.7] },
] as const

type Box = { left: number; top: number; right: number; bottom: number }

/** Where an actor's paint is in the frame, at rest. */
function boxOf(actor: Actor, bounds: PaintBounds, x = actor.x, y = actor.y): Box {
  const left = x - actor.anchorX
  const top = y - actor.anchorY
  return { left: left + bounds.left, top: top + bounds.top, right: left + bounds.right, bottom: top + bounds.bottom }
}

/** The anchor positions along x at which an actor's paint lies inside the frame, `margin` in from each side. */
function xRangeInFrame(actor: Actor, bounds: PaintBounds, frame: Frame, margin = 0): [number, number] {
  const offset = actor.anchorX - bounds.left
  return [frame.left + offset + margin, frame.left + frame.width - (bounds.right - actor.anchorX) - margin]
}

function overlap(a: Box, b: Box): number {
  return (
    Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
    Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top))
  )
}

/**
 * A main subject in the air (a gull, a flying dragon) is drawn in front of everything, so where it meets a
 * subject standing behind it, it hides it: the gull over the lighthouse covered the lantern. It moves, within
 * the frame and only upwards, to where it covers the least of them all along its flight, staying as near its
 * place as that allows; where no place is clear, it crosses less of the frame rather than fly over a face.
 */
export function clearOfGround(
  main: { actor: Actor; bounds: PaintBounds },
  standing: readonly { actor: Actor; bounds: PaintBounds; weight: number }[],
  frame: Frame,
): void {
  const { actor, bounds } = main
  const flies = actor.motion === 'fly'
  // The area it hides, on average over where it is during the scene (actorPose moves a flier across `travel`).
  const covered = (x: number, y: number, travel: number) => {
    const path = flies ? [-0.5, -1 / 6, 1 / 6, 0.5].map((share) => share * travel * frame.width) : [0]
    const total = path.reduce((sum, dx) => {
      const box = boxOf(actor, bounds, x + dx, y)
      return (
        sum + standing.reduce((area, other) => area + other.weight * overlap(box, boxOf(other.actor, other.bounds)), 0)
      )
    }, 0)
    return total / path.length
  }
  const before = covered(actor.x, actor.y, FLIGHT_TRAVEL)
  if (before === 0) return
  // The paint stays inside the frame all along the flight (a place half of whose flight is off screen would
  // look clear for the wrong reason), its top below the letterbox and a title's band.
  const xsFor = (travel: number) => {
    const [minX, maxX] = xRangeInFrame(actor, bounds, frame, flies ? (travel * frame.width) / 2 : 0)
    return minX <= maxX ? Array.from({ length: 13 }, (_, i) => minX + ((maxX - minX) * i) / 12) : [actor.x]
  }
  const minY = frame.top + frame.height * 0.08 + actor.anchorY - bounds.top
  const ys = Array.from({ length: 7 }, (_, i) => actor.y - (Math.max(0, actor.y - minY) * i) / 6)
  const travels = flies ? [FLIGHT_TRAVEL, FLIGHT_TRAVEL * 0.6, FLIGHT_TRAVEL * 0.25] : [FLIGHT_TRAVEL]
  const reach = Math.hypot(frame.width, frame.height)
  let best = { x: actor.x, y: actor.y, travel: FLIGHT_TRAVEL, score: before }
  for (const travel of travels) {
    for (const x of xsFor(travel)) {
      for (const y of ys) {
        // Moving and flying less each cost a little, so of two equally clear places the nearer, livelier wins.
        const score =
          covered(x, y, travel) +
          before * (0.25 * (Math.hypot(x - actor.x, y - actor.y) / reach) + 0.15 * (1 - travel / FLIGHT_TRAVEL))
        if (score < best.score) best = { x, y, travel, score }
      }
    }
  }
  actor.x = best.x
  actor.y = best.y
  if (best.travel !== FLIGHT_TRAVEL) actor.travel = best.travel
}

/**
 * A subject standing behind the main one is there to be seen: where the main subject, in front, hides more than
 * a third of it (a dog as wide as the frame in front of its owner), it steps aside along its ground line to
 * where it shows best, as near its place as that allows.
 */
export function stepAside(
  subject: { actor: Actor; bounds: PaintBounds },
  blockers: readonly { actor: Actor; bounds: PaintBounds }[],
  frame: Frame,
  margin = 0,
): void {
  const { actor, bounds } = subject
  const area = (bounds.right - bounds.left) * (bounds.bottom - bounds.top)
  const hidden = (x: number) =>
    blockers.reduce(
      (sum, blocker) => sum + overlap(boxOf(actor, bounds, x, actor.y), boxOf(blocker.actor, blocker.bounds)),
      0,
    )
  const before = hidden(actor.x)
  if (area <= 0 || before <= area / 3) return
  const [minX, maxX] = xRangeInFrame(actor, bounds, frame, margin)
  if (minX > maxX) return
  let best = { x: actor.x, score: before }
  for (let step = 0; step <= 24; step++) {
    const x = minX + ((maxX - minX) * step) / 24
    const score = hidden(x) + (area * 0.2 * Math.abs(x - actor.x)) / frame.width
    if (score < best.score) best = { x, score }
  }
  actor.x = best.x
}

/** Where the counter's top runs, indoors, when food or things are the subject. */
export function counterTop(horizonY: number, frame: Frame): number {
  return horizonY + (frame.top + frame.height - horizonY) * 0.1
}

export type Composition = { actors: Actor[]; layout: number; counter: boolean }

/**
 * The arrangement of a scene: scenes alternate between the main subject on a side and in the middle, so
 * neighbours never share one, and the seed picks which side (or which way the others go), so a re-roll
 * moves things.
 */
export function layoutFor(seed: number, index: number): number {
  return (index % 2) * 2 + (hashText(String(seed), 3) % 2)
}

/** The top share of a drawing, down to where its paint ends (a figure from the hips up). */
function topOf(source: Canvas, share: number): Canvas {
  const bounds = paintBounds(source)
  const top = bounds?.top ?? 0
  const bottom = bounds ? bounds.top + (bounds.bottom - bounds.top) * share : source.height * share
  const canvas = createCanvas(source.width, Math.max(1, Math.round(bottom)))
  canvas.getContext('2d').drawImage(source, 0, top, source.width, bottom - top, 0, top, source.width, bottom - top)
  return canvas
}

export async function composeActors(options: {
  subjects: PlannedArt[]
  spec: SceneSpec
  style: VideoStyle
  palette: Palette
  frame: Frame
  horizonY: number
  random: Random
  layout: number
  seed: number
}): Promise<Composition> {
  const { subjects, spec, style, palette, frame, horizonY, random, seed } = options
  const library = getArtLibrary()
  const layout = LAYOUTS[options.layout % LAYOUTS.length] ?? LAYOUTS[0]
  const indoor = isIndoor(spec.setting)
  const bottom = frame.top + frame.height
  // The main subject stands low, but with its body above the captions' band.
  const groundY = horizonY + (bottom - horizonY) * (indoor ? 0.55 : 0.45)
  const tableY = counterTop(horizonY, frame)
  const backY = horizonY + (groundY - horizonY) * 0.4
  // Wide frames are short: there the main subject takes more of the height to read at phone size.
  const mainSize = Math.min(frame.height * (frame.width > frame.height ? 0.56 : 0.46), frame.width * 0.8)
  const actors: Actor[] = []
  /** The subjects standing on the ground behind the main one, and how much hiding each one costs. */
  const standingBehind: { actor: Actor; weight: number }[] = []
  /** The subjects on the ground or a counter, kept clear of the camera's crop where they fit. */
  const grounded: Actor[] = []
  let airborneMain: Actor | undefined
  let groundMain: Actor | undefined
  const main = subjects[0]
  // Food and objects indoors stand on a counter in front.
  const counter = indoor && main !== undefined && (main.kind === 'food' || main.kind === 'object')
  // An animal as wide as the frame would leave its companion (the kitten it sleeps by, its owner) no room.
  // It is drawn smaller, and off the middle, away from the side the others take.
  const companion =
    main?.kind === 'animal' &&
    subjects.slice(1).some((subject) => subject.kind === 'person' || subject.kind === 'animal')
  const mainShare = companion ? 0.8 : 1
  let ground = 0
  /** The main subject's drawn size, for what rides on it, is held by it, or stands beside it as one group. */
  let mainDrawn = 0
  for (const [index, subject] of subjects.entries()) {
    const isMain = index === 0
    const base = actors[0]
    if (!isMain && base && (subject.rider || subject.held || subject.worn) && main) {
      // A rider sits on the back of the animal that leads; a thing held is in the hand of the person who
      // leads. Both move with it, so they never drift apart.
      const carried = Math.round(mainDrawn * (subject.rider ? 0.62 : subject.worn ? 0.2 : 0.3) * subject.scale)
      const drawn = await library.draw(subject.id, carried)
      // A rider shows from the hips up, as one sitting astride: the legs are on the far side of the animal.
      const sprite = stylize(subject.rider ? topOf(drawn, 0.6) : drawn, style, palette, seed + index)
      actors.push({
        ...base,
        sprite: sprite.canvas,
        anchorX: sprite.canvas.width / 2,
        anchorY: sprite.canvas.height - sprite.margin,
        x: base.x + (subject.held ? mainDrawn * 0.26 : subject.worn ? 0 : -mainDrawn * 0.04),
        // A rider's hips on the animal's back; a thing held at the hand; a crown on the top of the head.
        y: base.y - mainDrawn * (subject.rider ? 0.5 : subject.worn ? 0.9 : 0.4),
        depth: base.depth + 0.001,
        shadow: undefined,
      })
      continue
    }
    // One of a group ("the crowd"): as tall as the first of them, side by side on the ground.
    const ofGroup = !isMain && subject.group !== undefined && subject.group === main?.group
    // A hen or a penguin stands and walks like any animal; only what the words say flies takes off.
    const kind: ArtKind = subject.kind === 'bird' && GROUND_BIRDS.has(subject.id) ? 'animal' : subject.kind
    const airborne = (AIRBORNE.has(kind) || (subject.flying === true && subject.kind === 'bird')) && !isMain
    const bust = library.get(subject.id)?.bust === true
    let size = Math.round(
      subject.scale *
        (isMain
          ? mainSize * MAIN_SIZE[kind] * mainShare
          : ofGroup
            ? mainSize * MAIN_SIZE[kind] * 0.9
            : mainSize * (FURNITURE.has(subject.id) ? FURNITURE_SIZE : SECONDARY_SIZE[kind])),
    )
    let raw = await library.draw(subject.id, size)
    const grow = isMain ? wideGrowth(raw, frame) : 1
    if (grow > 1) {
      size = Math.round(size * grow)
      raw = await library.draw(subject.id, size)
    }
    if (isMain) mainDrawn = size
    const styled = stylize(bust ? fadeBase(raw) : raw, style, palette, seed + index)
    const anchorX = styled.canvas.width / 2
    // Drawings fill their square down to about 4 % above the bottom edge: stand them on that line.
    const anchorY = styled.margin + size * 0.96
    const mainSlot = companion && layout.main === 0.5 ? (layout.others[0] > 0.5 ? 0.36 : 0.64) : layout.main
    const slot = isMain ? mainSlot : (layout.others[ground % layout.others.length] ?? 0.5)
    let x = frame.left + frame.width * slot
    let y: number
    let depth: number
    if (airborne) {
      y = frame.top + frame.height * random.range(0.16, 0.26) + size * 0.5
      x = frame.left + frame.width * (slot < 0.5 ? random.range(0.12, 0.3) : random.range(0.7, 0.88))
      depth = 0.3
    } else if (bust) {
      // A person drawn from the chest up fades out at the chest, face above the captions: a portrait shot.
      // Beside the main subject (an astronaut by the rocket), the whole bust stays above the captions' band.
      y = frame.top + frame.height * (isMain ? 0.84 : 0.68)
      x = isMain ? x : frame.left + frame.width * (slot < 0.5 ? 0.14 : 0.86)
      depth = isMain ? 1.05 : 0.95
    } else if (isMain) {
      y = counter
        ? tableY + frame.height * 0.03
        : AIRBORNE.has(kind) || subject.flying
          ? frame.top + frame.height * 0.55
          : groundY
      depth = 0.95
    } else if (ofGroup && base) {
      ground++
      // Either side of the first, a step back, so all of them show.
      x = base.x + (ground % 2 === 1 ? -1 : 1) * mainDrawn * (0.38 + Math.floor((ground - 1) / 2) * 0.3)
      y = groundY - frame.height * 0.015 * ground
      depth = 0.9 - ground * 0.01
    } else {
      ground++
      y = counter ? tableY + frame.height * 0.01 : backY + (ground - 1) * frame.height * 0.02
      depth = 0.7
    }
    // Keep the whole drawing inside the frame where it fits.
    const half = styled.canvas.width / 2
    if (styled.canvas.width < frame.width) x = Math.min(Math.max(x, frame.left + half), frame.left + frame.width - half)
    const standing = !airborne && !bust && !(isMain && (AIRBORNE.has(kind) || subject.flying))
    const actor: Actor = {
      sprite: styled.canvas,
      anchorX,
      anchorY,
      x,
      y,
      depth,
      motion: airborne && kind === 'sky' ? 'float' : subject.flying ? 'fly' : MOTION[kind],
      enter: isMain ? 0.1 : 0.3 + index * 0.15,
      from: isMain ? 0 : slot < 0.5 ? -1 : 1,
      shadow: standing ? shadowSprite(size * 0.7, style === '3d-cartoon' ? 0.42 : 0.26) : undefined,
      phase: index * 1.7 + (seed % 13),
    }
    actors.push(actor)
    if (!airborne && !(isMain && !standing && !bust && !counter)) grounded.push(actor)
    if (isMain && !standing && !bust && !counter) airborneMain = actor
    else if (isMain && !counter) groundMain = actor
    // Hiding a person's or an animal's face costs more than the side of a mountain.
    else if (!isMain && standing) {
      standingBehind.push({ actor, weight: kind === 'person' || kind === 'animal' ? 3 : 1 })
    }
  }
  const margin = frame.width * CAMERA_CROP
  for (const actor of grounded) {
    const bounds = paintBounds(actor.sprite)
    const [minX, maxX] = bounds ? xRangeInFrame(actor, bounds, frame, margin) : [actor.x, actor.x]
    if (minX <= maxX) actor.x = Math.min(Math.max(actor.x, minX), maxX)
  }
  const mainActor = airborneMain ?? groundMain
  const mainBounds = mainActor && standingBehind.length > 0 ? paintBounds(mainActor.sprite) : undefined
  if (mainActor && mainBounds) {
    const others = standingBehind.flatMap(({ actor, weight }) => {
      const bounds = paintBounds(actor.sprite)
      return bounds ? [{ actor, bounds, weight }] : []
    })
    if (airborneMain) {
      // A face is what must not be hidden: the top of a person or an animal counts again, on top of its body.
      const heads = others.flatMap(({ actor, bounds, weight }) =>
        weight > 1
          ? [{ actor, bounds: { ...bounds, bottom: bounds.top + (bounds.bottom - bounds.top) * 0.4 }, weight: 4 }]
          : [],
      )
      clearOfGround({ actor: mainActor, bounds: mainBounds }, [...others, ...heads], frame)
    } else {
      const main = { actor: mainActor, bounds: mainBounds }
      // Smaller things are drawn over bigger ones (a lantern before the girl the cook teaches): front to back,
      // each steps out from behind the main subject and from the things already settled in front of it.
      const frontFirst = [...others].sort((a, b) => a.actor.sprite.height - b.actor.sprite.height)
      for (const [index, other] of frontFirst.entries())
        stepAside(other, [main, ...frontFirst.slice(0, index)], frame, margin)
    }
  }
  // Far things first, the main subject last, so it is never covered; in a row, big things (a church) stand
  // behind small ones (a guitar), which they would otherwise hide.
  actors.sort((a, b) => a.depth - b.depth || b.sprite.height - a.sprite.height || a.y - b.y)
  return { actors, layout: options.layout % LAYOUTS.length, counter }
}
