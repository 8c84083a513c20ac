import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'

import type { VideoStyle } from '@storyreel/contracts/studio'

import type { Frame } from '../backdrops.ts'
import { paintBounds } from '../paint-bounds.ts'
import { createPalette } from '../palette.ts'
import { createRandom } from '../random.ts'
import type { Actor, Motion } from '../scene-animation.ts'
import { interpretScene } from '../scene-interpreter.ts'
import { getArtLibrary } from './art-library.ts'
import { CAMERA_CROP, clearOfGround, composeActors, stepAside } from './compose.ts'
import type { PlannedArt } from './scene-planner.ts'

const frame: Frame = { left: 100, top: 200, width: 720, height: 1280, layerWidth: 920, layerHeight: 1680 }

/** An actor whose sprite holds paint in one rectangle, standing (anchored) at the sprite's bottom centre. */
function actor(options: {
  x: number
  y: number
  size: number
  paint: [number, number, number, number]
  motion?: Motion
}) {
  const sprite = createCanvas(options.size, options.size)
  const [left, top, right, bottom] = options.paint
  const context = sprite.getContext('2d')
  context.fillStyle = '#3a7'
  context.fillRect(left, top, right - left, bottom - top)
  const placed: Actor = {
    sprite,
    anchorX: options.size / 2,
    anchorY: options.size,
    x: options.x,
    y: options.y,
    depth: 0.95,
    motion: options.motion ?? 'float',
    enter: 0,
    from: 0,
    phase: 0,
  }
  const bounds = paintBounds(sprite)
  if (!bounds) throw new Error('blank sprite')
  return { actor: placed, bounds }
}

/** A composed actor with the bounds of its paint, for the checks below. */
function painted(placed: Actor) {
  const bounds = paintBounds(placed.sprite)
  if (!bounds) throw new Error('blank sprite')
  return { actor: placed, bounds }
}

/** Where an actor's paint is in the frame, shifted by dx. */
function box({ actor: a, bounds }: ReturnType<typeof actor>, dx = 0) {
  const left = a.x - a.anchorX + dx
  const top = a.y - a.anchorY
  return { left: left + bounds.left, right: left + bounds.right, top: top + bounds.top, bottom: top + bounds.bottom }
}

function overlap(a: ReturnType<typeof box>, b: ReturnType<typeof box>) {
  return (
    Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
    Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top))
  )
}

/** The frame's horizon, for the composed scenes below. */
const HORIZON_Y = frame.top + frame.height * 0.55

/** Places subjects in a scene read from its narration, as the local visual engine does. */
function compose(options: {
  narration: string
  style: VideoStyle
  seed: number
  layout: number
  subjects: PlannedArt[]
}) {
  const { narration, style, seed, layout, subjects } = options
  const spec = interpretScene({ visual: '', narration, style, seed, index: 0, count: 1 })
  return composeActors({
    subjects,
    spec,
    style,
    palette: createPalette(spec, style),
    frame,
    horizonY: HORIZON_Y,
    random: createRandom(seed),
    layout,
    seed,
  })
}

describe('a main subject in the air keeps clear of the subjects standing behind it', () => {
  it('a gull over a lighthouse rises and moves aside instead of covering the lantern, inside the frame', () => {
    // A lighthouse in the middle of the frame, its lantern at the top; a wide gull in front of its upper half.
    const lighthouse = { ...actor({ x: 460, y: 1000, size: 500, paint: [200, 40, 300, 500] }), weight: 1 }
    const gull = actor({ x: 460, y: 900, size: 480, paint: [60, 120, 360, 400] })
    const lantern = { ...box(lighthouse), bottom: box(lighthouse).top + 120 }
    expect(overlap(box(gull), lantern)).toBeGreaterThan(0)
    const restY = gull.actor.y

    clearOfGround(gull, [lighthouse], frame)

    expect(overlap(box(gull), lantern)).toBe(0)
    expect(gull.actor.y).toBeLessThanOrEqual(restY)
    const moved = box(gull)
    expect(moved.left).toBeGreaterThanOrEqual(frame.left)
    expect(moved.right).toBeLessThanOrEqual(frame.left + frame.width)
    expect(moved.top).toBeGreaterThanOrEqual(frame.top + frame.height * 0.08)
  })

  it('a flier clears a person all along its flight, flying less far where it must', () => {
    const person = { ...actor({ x: 700, y: 1050, size: 420, paint: [150, 20, 270, 420] }), weight: 3 }
    const dragon = actor({ x: 520, y: 1000, size: 560, paint: [30, 40, 530, 540], motion: 'fly' })
    const travelled = (subject: ReturnType<typeof actor>) => subject.actor.travel ?? 0.3
    const along = (subject: ReturnType<typeof actor>) =>
      [-0.5, -0.25, 0, 0.25, 0.5].reduce(
        (sum, share) => sum + overlap(box(subject, share * travelled(subject) * frame.width), box(person)),
        0,
      )
    const before = along(dragon)
    expect(before).toBeGreaterThan(0)

    clearOfGround(dragon, [person], frame)

    expect(along(dragon)).toBeLessThan(before * 0.25)
  })

  it('leaves a subject that hides nothing where it is', () => {
    const house = { ...actor({ x: 250, y: 1100, size: 300, paint: [20, 60, 280, 300] }), weight: 1 }
    const bird = actor({ x: 650, y: 700, size: 200, paint: [20, 20, 180, 180] })
    clearOfGround(bird, [house], frame)
    expect([bird.actor.x, bird.actor.y, bird.actor.travel]).toEqual([650, 700, undefined])
  })
})

describe('birds of the yard', () => {
  it('a hen the farmer feeds stands on the ground beside her, while a gull hangs in the sky', async () => {
    const withSecondary = (secondary: string) =>
      compose({
        narration: 'Rosa fed the chickens.',
        style: 'anime',
        seed: 5,
        layout: 0,
        subjects: [
          { id: 'woman-standing', kind: 'person', word: 'Rosa', score: 3, scale: 1 },
          {
            id: secondary,
            kind: getArtLibrary().get(secondary)?.kind ?? 'object',
            word: secondary,
            score: 2,
            scale: 1,
          },
        ],
      })
    expect(getArtLibrary().get('chicken')?.kind).toBe('bird')
    const hen = (await withSecondary('chicken')).actors.find((actor) => actor.motion !== 'stand')
    expect(hen?.y).toBeGreaterThan(HORIZON_Y)
    expect(hen?.shadow).toBeDefined()
    const gull = (await withSecondary('bird')).actors.find((actor) => actor.motion !== 'stand')
    expect(gull?.y).toBeLessThan(HORIZON_Y)
  })
})

describe('a subject standing behind the main one', () => {
  it('steps aside along its ground line from behind a dog as wide as the frame, and stays in the frame', () => {
    const dog = actor({ x: 460, y: 1100, size: 600, paint: [40, 80, 560, 600] })
    const owner = actor({ x: 300, y: 1000, size: 400, paint: [140, 20, 260, 400] })
    const ownerArea = (owner.bounds.right - owner.bounds.left) * (owner.bounds.bottom - owner.bounds.top)
    expect(overlap(box(owner), box(dog)) / ownerArea).toBeGreaterThan(0.5)
    stepAside(owner, [dog], frame)
    expect(overlap(box(owner), box(dog)) / ownerArea).toBeLessThan(0.2)
    expect(owner.actor.y).toBe(1000)
    expect(box(owner).left).toBeGreaterThanOrEqual(frame.left)
  })

  it('stays where it is when the main subject hides a quarter of it, under the third it may hide', () => {
    const dog = actor({ x: 470, y: 1100, size: 300, paint: [20, 40, 280, 300] })
    const owner = actor({ x: 600, y: 1000, size: 400, paint: [140, 20, 260, 400] })
    const ownerArea = (owner.bounds.right - owner.bounds.left) * (owner.bounds.bottom - owner.bounds.top)
    const share = overlap(box(owner), box(dog)) / ownerArea
    expect(share).toBeGreaterThan(0.2)
    expect(share).toBeLessThan(1 / 3)
    stepAside(owner, [dog], frame)
    expect(owner.actor.x).toBe(600)
  })
})

describe('the subjects on the ground', () => {
  it('keep their paint clear of what the camera crops at the frame edges, even after stepping aside', async () => {
    const scenes: { narration: string; subjects: PlannedArt[] }[] = [
      {
        narration: 'Biscuit chased a red ball across the grass.',
        subjects: [
          { id: 'dog', kind: 'animal', word: 'Biscuit', score: 5, scale: 1 },
          { id: 'red-circle', kind: 'object', word: 'red ball', score: 2, scale: 1 },
          { id: 'deciduous-tree', kind: 'plant', word: 'park', score: 1, scale: 1 },
        ],
      },
      {
        narration: 'Steam the dumplings for ten minutes in the kitchen.',
        subjects: [{ id: 'dumpling', kind: 'food', word: 'dumplings', score: 3, scale: 1 }],
      },
    ]
    for (const { narration, subjects } of scenes) {
      for (const seed of [1, 2, 3]) {
        for (const layout of [0, 1, 2, 3]) {
          const { actors } = await compose({ narration, style: '3d-cartoon', seed, layout, subjects })
          expect(actors).toHaveLength(subjects.length)
          for (const placed of actors) {
            const paint = box(painted(placed))
            const inset = frame.width * CAMERA_CROP - 0.5
            const where = `${narration} seed ${seed}, layout ${layout}`
            expect(paint.left, where).toBeGreaterThanOrEqual(frame.left + inset)
            expect(paint.right, where).toBeLessThanOrEqual(frame.left + frame.width - inset)
          }
        }
      }
    }
  })
})

describe('a wide main subject', () => {
  it('is drawn larger than its square would make it, to the area of a square one, within 75 % of the width', async () => {
    const placed = async (id: string, kind: PlannedArt['kind']) => {
      const { actors } = await compose({
        narration: 'Keep the bedroom cool and dark.',
        style: 'cinematic',
        seed: 1,
        layout: 0,
        subjects: [{ id, kind, word: id, score: 3, scale: 1 }],
      })
      const bounds = actors[0] && paintBounds(actors[0].sprite)
      if (!bounds) throw new Error('blank sprite')
      return { width: bounds.right - bounds.left, height: bounds.bottom - bounds.top }
    }
    const bed = await placed('bed', 'object')
    expect(bed.width).toBeGreaterThan(frame.width * 0.66)
    expect(bed.width).toBeLessThanOrEqual(frame.width * 0.75 + 1)
    // A tall drawing keeps its size: the phone is as tall as an object's square allows, and no taller.
    const phone = await placed('mobile-phone', 'object')
    const square = Math.min(frame.height * 0.46, frame.width * 0.8) * 0.78
    expect(phone.height).toBeLessThanOrEqual(square)
    expect(phone.height).toBeGreaterThan(square * 0.8)
  })
})

describe('a bust beside the main subject', () => {
  it('stays above the captions band: the astronaut by the rocket is not behind the words', async () => {
    for (const layout of [0, 1, 2, 3]) {
      const { actors } = await compose({
        narration: 'A rocket carries astronauts into outer space.',
        style: 'anime',
        seed: 3,
        layout,
        subjects: [
          { id: 'rocket', kind: 'aircraft', word: 'rocket', score: 3, scale: 1 },
          { id: 'astronaut-dark-skin-tone', kind: 'person', word: 'astronauts', score: 2, scale: 1 },
        ],
      })
      const astronaut = actors.find((item) => item.motion === 'stand')
      const bounds = astronaut && paintBounds(astronaut.sprite)
      if (!astronaut || !bounds) throw new Error('no astronaut')
      // Captions sit on a band ending at 86 % of the height, two lines tall: about 72 % and below.
      expect(box({ actor: astronaut, bounds }).bottom, `layout ${layout}`).toBeLessThanOrEqual(
        frame.top + frame.height * 0.72,
      )
    }
  })
})

describe('a home scene', () => {
  it('shows the kitten the puppy sleeps by, a couch the size of furniture, and a snowman built on the ground', async () => {
    for (const layout of [0, 1, 2, 3]) {
      const { actors } = await compose({
        narration: 'The puppy fell asleep on the couch next to the kitten.',
        style: '3d-cartoon',
        seed: 2,
        layout,
        subjects: [
          { id: 'dog', kind: 'animal', word: 'puppy', score: 3, scale: 1 },
          { id: 'couch-and-lamp', kind: 'object', word: 'couch', score: 2, scale: 1 },
          { id: 'cat', kind: 'animal', word: 'kitten', score: 1.5, scale: 1 },
        ],
      })
      const placed = actors.map(painted)
      const [dog, couch, cat] = ['dog', 'couch', 'cat'].map((name) => {
        const found = placed.find(({ actor: item }) =>
          name === 'dog'
            ? item.depth > 0.9
            : name === 'cat'
              ? item.motion === 'hop' && item.depth < 0.9
              : item.motion === 'float',
        )
        if (!found) throw new Error(`no ${name}`)
        return found
      })
      if (!dog || !couch || !cat) throw new Error('missing subject')
      const area = (cat.bounds.right - cat.bounds.left) * (cat.bounds.bottom - cat.bounds.top)
      const hidden = placed.slice(placed.indexOf(cat) + 1).reduce((sum, item) => sum + overlap(box(cat), box(item)), 0)
      expect(hidden / area, `layout ${layout}`).toBeLessThanOrEqual(1 / 3 + 0.02)
      expect(couch.bounds.right - couch.bounds.left).toBeGreaterThan((cat.bounds.right - cat.bounds.left) * 0.9)
    }
    const { actors } = await compose({
      narration: 'Kids built a snowman in the backyard.',
      style: 'watercolor',
      seed: 1,
      layout: 0,
      subjects: [
        { id: 'person-standing-medium-light-skin-tone~4', kind: 'person', word: 'Kids', score: 3, scale: 0.7 },
        { id: 'snowman', kind: getArtLibrary().get('snowman')?.kind ?? 'sky', word: 'snowman', score: 2, scale: 1 },
      ],
    })
    const snowman = actors.find((item) => item.depth < 0.9)
    if (!snowman) throw new Error('no snowman')
    expect(box(painted(snowman)).bottom).toBeGreaterThan(HORIZON_Y)
  })
})

describe('people behind the things of a scene', () => {
  it('the girl the cook teaches is never more than a third hidden, by the cook or by the lantern drawn before her', async () => {
    const subjects: PlannedArt[] = [
      { id: 'person-standing-medium-light-skin-tone~2', kind: 'person', word: 'cook', score: 3.6, scale: 1 },
      { id: 'woman-standing-dark-skin-tone~0', kind: 'person', word: 'girl', score: 1.9, scale: 0.7 },
      { id: 'dumpling', kind: 'food', word: 'dumplings', score: 1.9, scale: 1 },
      { id: 'red-paper-lantern', kind: 'object', word: 'night market', score: 1.8, scale: 1 },
    ]
    for (const seed of [1, 2, 3, 4]) {
      for (const layout of [0, 1, 2, 3]) {
        const { actors } = await compose({
          narration: 'An old cook teaches a young girl to fold dumplings at her night market stall.',
          style: 'comic',
          seed,
          layout,
          subjects,
        })
        const placed = actors.map(painted)
        // Drawn in this order, each over the ones before it; the girl is the person standing at the back.
        const target = placed.find((item) => item.actor.motion === 'stand' && item.actor.depth < 0.9)
        if (!target) throw new Error('no girl')
        const area = (target.bounds.right - target.bounds.left) * (target.bounds.bottom - target.bounds.top)
        const hidden = placed
          .slice(placed.indexOf(target) + 1)
          .reduce((sum, item) => sum + overlap(box(target), box(item)), 0)
        expect(hidden / area, `seed ${seed}, layout ${layout}`).toBeLessThanOrEqual(1 / 3 + 0.02)
      }
    }
  })
})

describe('riders and things held move with who carries them', () => {
  const subject = (id: string, kind: PlannedArt['kind'], extra: Partial<PlannedArt> = {}): PlannedArt => ({
    id,
    kind,
    word: id,
    score: 1,
    scale: 1,
    ...extra,
  })

  it('sits a rider on the back of the horse, above its feet, moving as it moves', async () => {
    const { actors } = await compose({
      narration: 'A knight rode his horse.',
      style: 'anime',
      seed: 3,
      layout: 0,
      subjects: [subject('horse', 'animal'), subject('person-standing-medium-skin-tone~2', 'person', { rider: true })],
    })
    const horse = actors.find((actor) => actor.depth === 0.95)
    const rider = actors.find((actor) => actor !== horse)
    if (!horse || !rider) throw new Error('two actors expected')
    expect(rider.y).toBeLessThan(horse.y - horse.sprite.height * 0.3)
    expect(Math.abs(rider.x - horse.x)).toBeLessThan(horse.sprite.width * 0.2)
    expect(rider).toMatchObject({ motion: horse.motion, phase: horse.phase, enter: horse.enter, from: horse.from })
    expect(rider.depth).toBeGreaterThan(horse.depth)
    // From the hips up: shorter than it is wide would be a head; taller than the horse would be standing on it.
    expect(rider.sprite.height).toBeLessThan(horse.sprite.height * 0.62)
  })

  it('puts a lantern held by a person at the height of the hand, beside the body', async () => {
    const { actors } = await compose({
      narration: 'The fisherman held a lantern.',
      style: 'comic',
      seed: 5,
      layout: 1,
      subjects: [subject('man-standing-medium-skin-tone~1', 'person'), subject('diya-lamp', 'object', { held: true })],
    })
    const [person, lamp] = [actors.find((actor) => actor.depth === 0.95), actors.find((actor) => actor.depth !== 0.95)]
    if (!person || !lamp) throw new Error('two actors expected')
    expect(lamp.y).toBeLessThan(person.y)
    expect(lamp.y).toBeGreaterThan(person.y - person.sprite.height * 0.75)
    expect(lamp.x).toBeGreaterThan(person.x)
    expect(lamp.motion).toBe(person.motion)
  })
})
