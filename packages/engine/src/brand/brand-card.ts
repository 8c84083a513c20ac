import { createCanvas, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas'
import sharp from 'sharp'

import { FONT, getCanvasFont, registerFonts } from '#src/visuals/fonts.ts'
import { drawWord, measureWord } from '#src/visuals/text-pieces.ts'
import type { SceneArt } from '#src/visuals/visual-engine.ts'

import { useBrandFont, type BrandFontFace } from './brand-font.ts'
import type { BrandColours } from './brand-overlay.ts'
import { getSafeArea } from './safe-area.ts'

/**
 * An opening or closing card as a drawing thread needs it: plain data (its logo as PNG bytes already scaled to
 * the card), so it can be posted to a thread and drawn there like a scene.
 */
export type CardDrawing = {
  kind: 'opening' | 'closing'
  /** The opening card's headline, or the closing card's call to action. */
  title: string
  /** The closing card's web address or phone number, in a chip of the accent colour; empty for none. */
  contact: string
  colours: BrandColours
  font?: BrandFontFace | undefined
  /** The owner's logo at the size the card shows it (getCardLogoBox), at full opacity. */
  logo?: { png: Uint8Array; width: number; height: number } | undefined
}

/**
 * Sizes on a card, in units of a hundredth of the frame's shorter side. The logo is larger than a corner logo
 * may be (LOGO_SIZE.max is 30), the opening card's more so; the title is large type, the contact smaller.
 */
const LOOK = {
  opening: { logo: { width: 52, height: 26 }, title: 10, titleMin: 4.5, titleLines: 3 },
  closing: { logo: { width: 42, height: 20 }, title: 8.5, titleMin: 4, titleLines: 3 },
  contact: { size: 4.8, min: 2.6, lines: 2, padX: 3, padY: 1.6 },
  /** Space between the logo, the title and the contact (or the opening card's accent bar). */
  gap: 5,
  bar: { width: 12, height: 1.1 },
  lineHeight: 1.16,
} as const

/** A portrait frame is as wide as a square one and far taller: its card has room for a fifth more of everything. */
const PORTRAIT_SCALE = 1.2

/** The unit card sizes are in: a hundredth of the shorter side, a fifth more in a portrait frame. */
const unitOf = (width: number, height: number) =>
  (Math.min(width, height) / 100) * (height > width ? PORTRAIT_SCALE : 1)

/** The column text and logo keep to: centred on the frame, as wide as the safe area allows on both sides. */
function getColumn(width: number, height: number) {
  const safe = getSafeArea(width, height)
  const half = Math.min(width / 2 - safe.left, safe.right - width / 2)
  return { left: width / 2 - half, width: half * 2, top: safe.top, bottom: safe.bottom }
}

/** The largest box a card shows the logo in, in whole pixels: its image is scaled to fit inside, shape kept. */
export function getCardLogoBox(kind: CardDrawing['kind'], width: number, height: number) {
  const unit = unitOf(width, height)
  const column = getColumn(width, height)
  return {
    width: Math.floor(Math.min(LOOK[kind].logo.width * unit, column.width)),
    height: Math.floor(LOOK[kind].logo.height * unit),
  }
}

/** The logo for a card of this frame size: scaled to fit its box with its shape and transparency, as PNG. */
export async function prepareCardLogo(
  file: string,
  kind: CardDrawing['kind'],
  frame: { width: number; height: number },
): Promise<NonNullable<CardDrawing['logo']>> {
  const box = getCardLogoBox(kind, frame.width, frame.height)
  const { data, info } = await sharp(file)
    .resize(box.width, box.height, { fit: 'inside' })
    .toColourspace('srgb')
    .ensureAlpha()
    .png()
    .toBuffer({ resolveWithObject: true })
  return { png: new Uint8Array(data), width: info.width, height: info.height }
}

type Lines = { lines: string[]; size: number; widths: number[] }

/**
 * Words split into `count` lines whose widest is as narrow as it can be (a balanced rag, not a greedy fill that
 * leaves one word alone on the last line). Widths are measured at the context's font.
 */
function balance(words: string[], wordWidths: number[], space: number, count: number) {
  const span = (from: number, to: number) =>
    wordWidths.slice(from, to).reduce((sum, width) => sum + width, 0) + space * (to - from - 1)
  const n = words.length
  // best[k][i]: the narrowest widest line setting the first i words in k lines, and where its last line starts.
  const best: { widest: number; start: number }[][] = [[{ widest: 0, start: 0 }]]
  for (let k = 1; k <= count; k++) {
    const row: { widest: number; start: number }[] = [{ widest: Infinity, start: 0 }]
    for (let i = 1; i <= n; i++) {
      let choice = { widest: Infinity, start: 0 }
      for (let start = k - 1; start < i; start++) {
        const before = best[k - 1]?.[start]?.widest ?? Infinity
        const widest = Math.max(before, span(start, i))
        if (widest < choice.widest) choice = { widest, start }
      }
      row.push(choice)
    }
    best.push(row)
  }
  const lines: string[] = []
  let end = n
  for (let k = count; k >= 1; k--) {
    const start = best[k]?.[end]?.start ?? 0
    lines.unshift(words.slice(start, end).join(' '))
    end = start
  }
  return { lines, widest: best[count]?.[n]?.widest ?? Infinity }
}

/** A word too wide for the column on its own line (a long web address) cut into pieces that fit. */
function breakWord(measure: SKRSContext2D, word: string, size: number, maxWidth: number): string[] {
  const pieces: string[] = []
  let current = ''
  for (const character of word) {
    if (current && measureWord(measure, current + character, size) > maxWidth) {
      pieces.push(current)
      current = ''
    }
    current += character
  }
  if (current) pieces.push(current)
  return pieces
}

/**
 * The largest size from `start` down to `min` (px) at which the text sets in at most `maxLines` balanced lines
 * no wider than `maxWidth`; at the smallest, a word that still does not fit is cut.
 */
function fitText(
  measure: SKRSContext2D,
  text: string,
  font: (px: number) => string,
  { start, min, maxLines, maxWidth }: { start: number; min: number; maxLines: number; maxWidth: number },
): Lines {
  const words = text.split(/\s+/u).filter(Boolean)
  for (let size = start; ; size = Math.max(min, size * 0.94)) {
    measure.font = font(size)
    const last = size <= min
    const pieces = last ? words.flatMap((word) => breakWord(measure, word, size, maxWidth)) : words
    const widths = pieces.map((word) => measureWord(measure, word, size))
    const space = measure.measureText(' ').width
    for (let count = 1; count <= Math.min(maxLines, pieces.length); count++) {
      const set = balance(pieces, widths, space, count)
      if (set.widest <= maxWidth) {
        return { lines: set.lines, size, widths: set.lines.map((line) => measureWord(measure, line, size)) }
      }
    }
    if (last) {
      const set = balance(pieces, widths, space, Math.min(maxLines, pieces.length))
      return { lines: set.lines, size, widths: set.lines.map((line) => measureWord(measure, line, size)) }
    }
  }
}

/** What a card shows and where: every box inside the safe area's centred column. */
export type CardLayout = {
  logo?: { left: number; top: number; width: number; height: number }
  title: Lines & { top: number; font: string }
  contact?: Lines & { top: number; font: string; chip: { left: number; top: number; width: number; height: number } }
  bar?: { left: number; top: number; width: number; height: number }
}

/** A canvas font for card text: the brand's family first, ours after it for the characters it lacks. */
const cardFont = (card: CardDrawing, ours: (typeof FONT)[keyof typeof FONT]) => (px: number) =>
  getCanvasFont(ours, px, card.font?.family)

/**
 * Lays out a card: the logo, the title and the contact chip (or, on an opening card, a short accent bar) as one
 * block centred in the safe area, the type as large as fits. The block shrinks as a whole when it is taller
 * than the safe area.
 */
export function layoutCard(card: CardDrawing, width: number, height: number): CardLayout {
  registerFonts()
  if (card.font) useBrandFont(card.font)
  const unit = unitOf(width, height)
  const column = getColumn(width, height)
  const look = LOOK[card.kind]
  const measure = createCanvas(8, 8).getContext('2d')
  const titleFont = cardFont(card, FONT.sansBlack)
  const contactFont = cardFont(card, FONT.sans)
  for (let scale = 1; ; scale *= 0.9) {
    const gap = LOOK.gap * unit * scale
    const title = fitText(measure, card.title, titleFont, {
      start: look.title * unit * scale,
      min: look.titleMin * unit * scale,
      maxLines: look.titleLines,
      maxWidth: column.width,
    })
    const padX = LOOK.contact.padX * unit * scale
    const padY = LOOK.contact.padY * unit * scale
    const contact = card.contact
      ? fitText(measure, card.contact, contactFont, {
          start: LOOK.contact.size * unit * scale,
          min: LOOK.contact.min * unit * scale,
          maxLines: LOOK.contact.lines,
          maxWidth: column.width - padX * 2,
        })
      : undefined
    const logo = card.logo ? { width: card.logo.width * scale, height: card.logo.height * scale } : undefined
    const titleHeight = title.size * LOOK.lineHeight * title.lines.length
    const contactHeight = contact ? contact.size * LOOK.lineHeight * contact.lines.length + padY * 2 : 0
    const barHeight = card.kind === 'opening' ? LOOK.bar.height * unit * scale : 0
    const blocks = [logo?.height ?? 0, titleHeight, contact ? contactHeight : barHeight].filter((block) => block > 0)
    const total = blocks.reduce((sum, block) => sum + block, 0) + gap * (blocks.length - 1)
    if (total > (column.bottom - column.top) * 0.92 && scale > 0.3) continue
    let top = Math.round((column.top + column.bottom - total) / 2)
    const layout: CardLayout = { title: { ...title, top: 0, font: titleFont(title.size) } }
    if (logo) {
      layout.logo = { left: Math.round((width - logo.width) / 2), top, width: logo.width, height: logo.height }
      top += logo.height + gap
    }
    layout.title.top = top
    top += titleHeight + gap
    if (contact) {
      const chipWidth = Math.max(...contact.widths) + padX * 2
      layout.contact = {
        ...contact,
        top: top + padY,
        font: contactFont(contact.size),
        chip: { left: (width - chipWidth) / 2, top, width: chipWidth, height: contactHeight },
      }
    } else if (barHeight > 0) {
      const barWidth = LOOK.bar.width * unit * scale
      layout.bar = { left: (width - barWidth) / 2, top, width: barWidth, height: barHeight }
    }
    return layout
  }
}

/** `#rrggbb` moved toward white (amount > 0) or black (amount < 0), as a CSS colour. */
function tint(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))
  const mixed = channels.map((value) => Math.round(value + (target - value) * Math.abs(amount)))
  return `rgb(${mixed.join(',')})`
}

function drawLines(context: SKRSContext2D, set: Lines & { top: number; font: string }, width: number) {
  context.font = set.font
  context.textBaseline = 'middle'
  const lineHeight = set.size * LOOK.lineHeight
  set.lines.forEach((line, index) => {
    drawWord(context, line, (width - (set.widths[index] ?? 0)) / 2, set.top + lineHeight * (index + 0.5), set.size)
  })
}

/**
 * Draws a card over the whole canvas: the primary colour, a little lighter at the top and darker at the bottom
 * (exactly the primary halfway down), the logo, the title in white and the contact in white on an accent chip.
 */
export async function drawCard(context: SKRSContext2D, card: CardDrawing, width: number, height: number) {
  const layout = layoutCard(card, width, height)
  const unit = unitOf(width, height)
  const { primary, accent } = card.colours
  context.save()
  context.setTransform(1, 0, 0, 1, 0, 0)
  const ground = context.createLinearGradient(0, 0, 0, height)
  ground.addColorStop(0, tint(primary, 0.1))
  ground.addColorStop(0.5, primary)
  ground.addColorStop(1, tint(primary, -0.18))
  context.fillStyle = ground
  context.fillRect(0, 0, width, height)
  if (card.logo && layout.logo) {
    const image: Image = await loadImage(Buffer.from(card.logo.png))
    const { left, top, width: logoWidth, height: logoHeight } = layout.logo
    context.drawImage(image, left, top, logoWidth, logoHeight)
  }
  context.fillStyle = '#ffffff'
  // A soft shadow lifts the white type off the lighter top of the gradient.
  context.shadowColor = 'rgba(0,0,0,0.22)'
  context.shadowBlur = unit * 1.2
  context.shadowOffsetY = unit * 0.2
  drawLines(context, layout.title, width)
  context.shadowColor = 'rgba(0,0,0,0)'
  if (layout.bar) {
    context.fillStyle = accent
    context.beginPath()
    context.roundRect(layout.bar.left, layout.bar.top, layout.bar.width, layout.bar.height, layout.bar.height / 2)
    context.fill()
  }
  if (layout.contact) {
    const { chip } = layout.contact
    context.fillStyle = accent
    context.beginPath()
    context.roundRect(chip.left, chip.top, chip.width, chip.height, Math.min(chip.height / 2, unit * 4))
    context.fill()
    context.fillStyle = '#ffffff'
    drawLines(context, layout.contact, width)
  }
  context.restore()
}

/** A card as scene art: drawn once, then every frame is that picture (the transitions blend it like a scene). */
export async function createCardArt(card: CardDrawing, width: number, height: number): Promise<SceneArt> {
  const canvas = createCanvas(width, height)
  await drawCard(canvas.getContext('2d'), card, width, height)
  return {
    drawFrame(context) {
      context.save()
      context.setTransform(1, 0, 0, 1, 0, 0)
      context.globalAlpha = 1
      context.drawImage(canvas, 0, 0)
      context.restore()
    },
  }
}
