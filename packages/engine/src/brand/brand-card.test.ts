import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { createCanvas } from '@napi-rs/canvas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CARD_TEXT_MAX, DEFAULT_BRAND_COLOURS } from '@storyreel/contracts/brand-kit'

import { FONT_FILES } from '#src/testing/font-fixtures.ts'
import { makeLogo } from '#src/testing/media-fixtures.ts'

import { drawCard, getCardLogoBox, layoutCard, prepareCardLogo, type CardDrawing } from './brand-card.ts'
import { acquireBrandFont, type HeldBrandFont } from './brand-font.ts'
import { getSafeArea } from './safe-area.ts'

const FRAMES = [
  { width: 720, height: 1280 },
  { width: 1280, height: 720 },
  { width: 720, height: 720 },
  { width: 360, height: 640 },
]
const COLOURS = { primary: '#1e3a8a', accent: '#b45309' }
const LONGEST = {
  headline: 'Handmade bouquets and seasonal flowers, delivered across town'.slice(0, CARD_TEXT_MAX.headline),
  callToAction: 'Order before noon for same-day delivery to your door, every day'.slice(0, CARD_TEXT_MAX.callToAction),
  contact: 'https://www.rosas-flowers-and-plants.example.com/order-online/same-day-delivery-today'.slice(
    0,
    CARD_TEXT_MAX.contact,
  ),
}

let dir = ''
let font: HeldBrandFont
const file = (name: string) => path.join(dir, name)

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'brand-card-test-'))
  await Promise.all([
    makeLogo(file('wide.png'), { width: 800, height: 200 }),
    makeLogo(file('tall.png'), { width: 200, height: 600 }),
  ])
  font = await acquireBrandFont({ file: FONT_FILES.ttf })
})
afterAll(async () => {
  font.release()
  await rm(dir, { recursive: true, force: true })
})

type Box = { left: number; top: number; width: number; height: number }
/** The box is inside the safe area, and centred across the frame. */
function expectInside(box: Box, frame: { width: number; height: number }, label: string) {
  const safe = getSafeArea(frame.width, frame.height)
  expect(box.left, label).toBeGreaterThanOrEqual(safe.left - 0.5)
  expect(box.top, label).toBeGreaterThanOrEqual(safe.top - 0.5)
  expect(box.left + box.width, label).toBeLessThanOrEqual(safe.right + 0.5)
  expect(box.top + box.height, label).toBeLessThanOrEqual(safe.bottom + 0.5)
  expect(Math.abs(box.left + box.width / 2 - frame.width / 2), label).toBeLessThan(1)
}

async function cards(frame: { width: number; height: number }, logoFile?: string): Promise<CardDrawing[]> {
  const withLogo = async (kind: CardDrawing['kind']) =>
    logoFile ? await prepareCardLogo(logoFile, kind, frame) : undefined
  return [
    { kind: 'opening', title: 'Rosa’s', contact: '', colours: COLOURS, logo: await withLogo('opening') },
    { kind: 'opening', title: LONGEST.headline, contact: '', colours: COLOURS, logo: await withLogo('opening') },
    {
      kind: 'closing',
      title: LONGEST.callToAction,
      contact: LONGEST.contact,
      colours: COLOURS,
      logo: await withLogo('closing'),
    },
    {
      kind: 'closing',
      title: LONGEST.callToAction,
      contact: '+44 20 7946 0958',
      colours: COLOURS,
      font: { family: font.family, file: font.file },
      logo: await withLogo('closing'),
    },
  ]
}

describe('layoutCard', () => {
  it('keeps the logo, every line of text and the chip inside the safe area, centred, in every frame shape', async () => {
    for (const frame of FRAMES) {
      for (const logo of [undefined, file('wide.png'), file('tall.png')]) {
        for (const card of await cards(frame, logo)) {
          const label = `${frame.width}x${frame.height} ${card.kind} "${card.title}" ${logo ?? 'no logo'}`
          const layout = layoutCard(card, frame.width, frame.height)
          if (layout.logo) expectInside(layout.logo, frame, `${label} logo`)
          for (const [name, set] of [
            ['title', layout.title],
            ['contact', layout.contact],
          ] as const) {
            if (!set) continue
            const lineHeight = set.size * 1.16
            set.widths.forEach((width, index) => {
              const box = {
                left: (frame.width - width) / 2,
                top: set.top + lineHeight * index,
                width,
                height: lineHeight,
              }
              expectInside(box, frame, `${label} ${name} line ${index}`)
            })
            expect(set.lines.join(' ').replace(/\s/g, ''), label).toBe(
              (name === 'title' ? card.title : card.contact).replace(/\s/g, ''),
            )
          }
          if (layout.contact) expectInside(layout.contact.chip, frame, `${label} chip`)
          // The logo above the title, the title above the chip: nothing overlaps.
          if (layout.logo) expect(layout.logo.top + layout.logo.height, label).toBeLessThan(layout.title.top)
          if (layout.contact) {
            const titleBottom = layout.title.top + layout.title.size * 1.16 * layout.title.lines.length
            expect(titleBottom, label).toBeLessThan(layout.contact.chip.top)
          }
        }
      }
    }
  })

  it('sets a short headline larger than a long one, and the logo larger than a corner logo may be', () => {
    const frame = { width: 720, height: 1280 }
    const short = layoutCard({ kind: 'opening', title: 'Rosa’s', contact: '', colours: COLOURS }, 720, 1280)
    const long = layoutCard({ kind: 'opening', title: LONGEST.headline, contact: '', colours: COLOURS }, 720, 1280)
    expect(short.title.size).toBeGreaterThan(long.title.size * 1.2)
    expect(long.title.lines.length).toBeLessThanOrEqual(3)
    // A balanced rag: no line of a wrapped headline is less than half as wide as the widest.
    expect(Math.min(...long.title.widths)).toBeGreaterThan(Math.max(...long.title.widths) * 0.5)
    expect(getCardLogoBox('opening', frame.width, frame.height).width).toBeGreaterThan(0.3 * frame.width)
  })
})

describe('drawCard', () => {
  it('fills the frame with the primary colour, with white type and the contact on an accent chip', async () => {
    const [width, height] = [360, 640]
    const canvas = createCanvas(width, height)
    const context = canvas.getContext('2d')
    const card: CardDrawing = {
      kind: 'closing',
      title: 'Book a table today',
      contact: 'rosas.example.com',
      colours: DEFAULT_BRAND_COLOURS,
    }
    await drawCard(context, card, width, height)
    const pixels = context.getImageData(0, 0, width, height).data
    const at = (x: number, y: number) => [...pixels.subarray((y * width + x) * 4, (y * width + x) * 4 + 3)]
    const hex = (colour: string) => [1, 3, 5].map((start) => Number.parseInt(colour.slice(start, start + 2), 16))
    expect(at(4, height / 2)).toEqual(hex(DEFAULT_BRAND_COLOURS.primary))
    const layout = layoutCard(card, width, height)
    const chip = layout.contact?.chip
    if (!chip) throw new Error('no chip')
    expect(at(Math.round(chip.left + 3), Math.round(chip.top + chip.height / 2))).toEqual(
      hex(DEFAULT_BRAND_COLOURS.accent),
    )
    let white = 0
    for (let index = 0; index < pixels.length; index += 4) {
      if ((pixels[index] ?? 0) > 240 && (pixels[index + 1] ?? 0) > 240 && (pixels[index + 2] ?? 0) > 240) white++
    }
    expect(white).toBeGreaterThan(1000)
  })
})
