import { BLOG_CATEGORIES, type BlogCategory } from '@storyreel/contracts/blog-categories'

/**
 * A cover picture for each article, drawn at build time as a small SVG: the category's colours and motif
 * (steps, a record, a storyboard strip, an app frame, a voice waveform), varied by the article's slug so
 * no two covers are alike and a rebuild draws the same one. Text-free: the title sits beside it in HTML.
 */

export const COVER_WIDTH = 1200
export const COVER_HEIGHT = 630

type Palette = { from: string; to: string; glow: string; ink: string }

const PALETTES: Record<BlogCategory, Palette> = {
  'How to': { from: '#5b21b6', to: '#c026d3', glow: '#f0abfc', ink: '#fdf4ff' },
  'Extensive Music Library': { from: '#312e81', to: '#0e7490', glow: '#67e8f9', ink: '#ecfeff' },
  'Tutorials & Guides': { from: '#831843', to: '#7c3aed', glow: '#fda4af', ink: '#fff1f2' },
  Product: { from: '#4c1d95', to: '#0369a1', glow: '#c4b5fd', ink: '#f5f3ff' },
  'Ultra-Realistic AI Voiceover': { from: '#134e4a', to: '#6d28d9', glow: '#5eead4', ink: '#f0fdfa' },
}

/** FNV-1a, then mulberry32: a small, stable stream of numbers in [0, 1) for one slug. */
function createRandom(seedText: string): () => number {
  let hash = 2166136261
  for (let index = 0; index < seedText.length; index++) {
    hash ^= seedText.charCodeAt(index)
    hash = Math.imul(hash, 16777619)
  }
  let state = hash >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

const round = (value: number) => Math.round(value * 10) / 10

type Draw = { random: () => number; palette: Palette }

function steps({ random, palette }: Draw): string {
  const count = 3 + Math.floor(random() * 2)
  const width = 150
  const gap = 26
  const left = 600 - (count * width + (count - 1) * gap) / 2 + (random() - 0.5) * 160
  const parts: string[] = []
  for (let index = 0; index < count; index++) {
    const height = 120 + index * 70 + random() * 30
    const x = left + index * (width + gap)
    const y = 520 - height
    parts.push(
      `<rect x="${round(x)}" y="${round(y)}" width="${width}" height="${round(height)}" rx="22" fill="${palette.ink}" fill-opacity="${round(0.14 + index * 0.06)}"/>`,
      `<circle cx="${round(x + width / 2)}" cy="${round(y - 46)}" r="30" fill="${palette.ink}" fill-opacity="0.92"/>`,
      `<circle cx="${round(x + width / 2)}" cy="${round(y - 46)}" r="11" fill="${palette.from}"/>`,
    )
  }
  const arrowY = 130 + random() * 40
  parts.push(
    `<path d="M${round(left - 40)} ${round(arrowY + 120)} C ${round(left + 200)} ${round(arrowY + 140)}, ${round(left + 420)} ${round(arrowY)}, ${round(left + count * (width + gap))} ${round(arrowY - 10)}" fill="none" stroke="${palette.glow}" stroke-width="6" stroke-linecap="round" stroke-dasharray="2 18"/>`,
  )
  return parts.join('')
}

function record({ random, palette }: Draw): string {
  const cx = 380 + random() * 440
  const cy = 300 + (random() - 0.5) * 80
  const parts = [`<circle cx="${round(cx)}" cy="${round(cy)}" r="230" fill="#0b0616" fill-opacity="0.55"/>`]
  for (let ring = 205; ring > 80; ring -= 18) {
    parts.push(
      `<circle cx="${round(cx)}" cy="${round(cy)}" r="${ring}" fill="none" stroke="${palette.ink}" stroke-opacity="0.13" stroke-width="2"/>`,
    )
  }
  parts.push(
    `<circle cx="${round(cx)}" cy="${round(cy)}" r="70" fill="${palette.glow}" fill-opacity="0.9"/>`,
    `<circle cx="${round(cx)}" cy="${round(cy)}" r="10" fill="#0b0616"/>`,
    `<path d="M${round(cx - 150)} ${round(cy - 120)} A 195 195 0 0 1 ${round(cx + 40)} ${round(cy - 195)}" fill="none" stroke="${palette.ink}" stroke-opacity="0.5" stroke-width="6" stroke-linecap="round"/>`,
  )
  const bars = 14
  for (let index = 0; index < bars; index++) {
    const height = 30 + random() * 120
    const x = 70 + index * 30
    parts.push(
      `<rect x="${x}" y="${round(560 - height)}" width="16" height="${round(height)}" rx="8" fill="${palette.ink}" fill-opacity="0.35"/>`,
    )
  }
  return parts.join('')
}

function storyboard({ random, palette }: Draw): string {
  const frames = 3
  const width = 290
  const height = 210
  const gap = 34
  const left = (COVER_WIDTH - (frames * width + (frames - 1) * gap)) / 2
  const top = 190 + (random() - 0.5) * 60
  const parts: string[] = []
  for (let index = 0; index < frames; index++) {
    const x = left + index * (width + gap)
    const tilt = round((random() - 0.5) * 6)
    const sun = { x: x + 60 + random() * 170, y: top + 50 + random() * 40 }
    parts.push(
      `<g transform="rotate(${tilt} ${round(x + width / 2)} ${round(top + height / 2)})">`,
      `<rect x="${round(x)}" y="${round(top)}" width="${width}" height="${height}" rx="20" fill="#0b0616" fill-opacity="0.45" stroke="${palette.ink}" stroke-opacity="0.55" stroke-width="3"/>`,
      `<circle cx="${round(sun.x)}" cy="${round(sun.y)}" r="${round(18 + random() * 14)}" fill="${palette.glow}" fill-opacity="0.85"/>`,
      `<path d="M${round(x + 14)} ${round(top + height - 14)} L${round(x + 90 + random() * 40)} ${round(top + 110 + random() * 30)} L${round(x + 170)} ${round(top + height - 50)} L${round(x + 220 + random() * 20)} ${round(top + 120 + random() * 30)} L${round(x + width - 14)} ${round(top + height - 14)} Z" fill="${palette.ink}" fill-opacity="0.3"/>`,
      '</g>',
      `<rect x="${round(x + 20)}" y="${round(top + height + 34)}" width="${round(120 + random() * 130)}" height="12" rx="6" fill="${palette.ink}" fill-opacity="0.35"/>`,
    )
  }
  const play = left + width + gap + width / 2
  parts.push(
    `<circle cx="${round(play)}" cy="${round(top + height / 2)}" r="40" fill="${palette.ink}" fill-opacity="0.92"/>`,
    `<path d="M${round(play - 12)} ${round(top + height / 2 - 18)} L${round(play + 20)} ${round(top + height / 2)} L${round(play - 12)} ${round(top + height / 2 + 18)} Z" fill="${palette.from}"/>`,
  )
  return parts.join('')
}

function appFrame({ random, palette }: Draw): string {
  const x = 330 + random() * 200
  const y = 90
  const parts = [
    `<rect x="${round(x)}" y="${y}" width="340" height="480" rx="46" fill="#0b0616" fill-opacity="0.6" stroke="${palette.ink}" stroke-opacity="0.6" stroke-width="4"/>`,
    `<rect x="${round(x + 26)}" y="${y + 60}" width="288" height="200" rx="22" fill="${palette.glow}" fill-opacity="0.3"/>`,
    `<circle cx="${round(x + 170)}" cy="${y + 160}" r="44" fill="${palette.ink}" fill-opacity="0.95"/>`,
    `<path d="M${round(x + 156)} ${y + 138} L${round(x + 192)} ${y + 160} L${round(x + 156)} ${y + 182} Z" fill="${palette.from}"/>`,
  ]
  for (let row = 0; row < 4; row++) {
    parts.push(
      `<rect x="${round(x + 26)}" y="${y + 292 + row * 42}" width="${round(140 + random() * 148)}" height="16" rx="8" fill="${palette.ink}" fill-opacity="${round(0.5 - row * 0.08)}"/>`,
    )
  }
  for (let index = 0; index < 4; index++) {
    const sx = index % 2 === 0 ? x - 90 - random() * 120 : x + 420 + random() * 120
    const sy = 120 + random() * 380
    const size = 14 + random() * 18
    parts.push(
      `<path d="M${round(sx)} ${round(sy - size)} Q${round(sx)} ${round(sy)} ${round(sx + size)} ${round(sy)} Q${round(sx)} ${round(sy)} ${round(sx)} ${round(sy + size)} Q${round(sx)} ${round(sy)} ${round(sx - size)} ${round(sy)} Q${round(sx)} ${round(sy)} ${round(sx)} ${round(sy - size)} Z" fill="${palette.glow}" fill-opacity="0.85"/>`,
    )
  }
  return parts.join('')
}

function waveform({ random, palette }: Draw): string {
  const bars = 38
  const center = 315 + (random() - 0.5) * 60
  const phase = random() * Math.PI * 2
  const parts: string[] = []
  for (let index = 0; index < bars; index++) {
    const x = 110 + index * 26
    const envelope = Math.sin((index / (bars - 1)) * Math.PI)
    const height = 16 + envelope * (60 + 150 * Math.abs(Math.sin(index * 0.55 + phase))) * (0.7 + random() * 0.3)
    parts.push(
      `<rect x="${x}" y="${round(center - height / 2)}" width="14" height="${round(height)}" rx="7" fill="${palette.ink}" fill-opacity="${round(0.35 + envelope * 0.55)}"/>`,
    )
  }
  const ringX = 200 + random() * 800
  for (let ring = 1; ring <= 3; ring++) {
    parts.push(
      `<circle cx="${round(ringX)}" cy="${round(center)}" r="${ring * 90}" fill="none" stroke="${palette.glow}" stroke-opacity="${round(0.32 - ring * 0.08)}" stroke-width="3"/>`,
    )
  }
  return parts.join('')
}

/**
 * A little larger or smaller, a little off centre, and mirrored where the motif has no direction (a play
 * button or rising steps must not turn round): covers in one category still differ.
 */
function motifTransform(random: () => number, canMirror: boolean): string {
  const mirror = random() < 0.5 && canMirror
  const scale = 0.82 + random() * 0.26
  const dx = (random() - 0.5) * 120
  const dy = (random() - 0.5) * 40
  const cx = COVER_WIDTH / 2
  const cy = COVER_HEIGHT / 2
  return `translate(${round(cx + dx)} ${round(cy + dy)}) scale(${mirror ? -round(scale * 100) / 100 : round(scale * 100) / 100} ${round(scale * 100) / 100}) translate(${-cx} ${-cy})`
}

const MOTIFS: Record<BlogCategory, { draw: (draw: Draw) => string; canMirror: boolean }> = {
  'How to': { draw: steps, canMirror: false },
  'Extensive Music Library': { draw: record, canMirror: true },
  'Tutorials & Guides': { draw: storyboard, canMirror: false },
  Product: { draw: appFrame, canMirror: false },
  'Ultra-Realistic AI Voiceover': { draw: waveform, canMirror: true },
}

/** The cover of one article as an SVG document; the same slug always gives the same picture. */
export function createBlogCoverSvg({ slug, category }: { slug: string; category: BlogCategory }): string {
  if (!BLOG_CATEGORIES.includes(category)) throw new Error(`No cover style for category "${String(category)}"`)
  const random = createRandom(slug)
  const palette = PALETTES[category]
  const motif = MOTIFS[category]
  const angle = Math.round(random() * 360)
  const glows = [0, 1, 2].map((index) => ({
    x: round(random() * COVER_WIDTH),
    y: round(random() * COVER_HEIGHT),
    r: round(220 + random() * 200),
    id: `g${index}`,
  }))
  const dots: string[] = []
  for (let index = 0; index < 24; index++) {
    dots.push(
      `<circle cx="${round(random() * COVER_WIDTH)}" cy="${round(random() * COVER_HEIGHT)}" r="${round(1.5 + random() * 2.5)}" fill="${palette.ink}" fill-opacity="${round(0.15 + random() * 0.35)}"/>`,
    )
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" width="${COVER_WIDTH}" height="${COVER_HEIGHT}">`,
    '<defs>',
    `<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
    ...glows.map(
      (glow) =>
        `<radialGradient id="${glow.id}"><stop offset="0" stop-color="${palette.glow}" stop-opacity="0.45"/><stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient>`,
    ),
    '</defs>',
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#bg)"/>`,
    ...glows.map((glow) => `<circle cx="${glow.x}" cy="${glow.y}" r="${glow.r}" fill="url(#${glow.id})"/>`),
    ...dots,
    `<g transform="${motifTransform(random, motif.canMirror)}">${motif.draw({ random, palette })}</g>`,
    '</svg>',
  ].join('')
}
