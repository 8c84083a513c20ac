import { BLOG_CATEGORIES, type BlogCategory } from '@storyreel/contracts/blog-categories'

/**
 * A cover picture for each article, drawn at build time as a small SVG: the category's colours and motif
 * (steps, a record, a storyboard strip, an app frame, a voice waveform), varied by the article's slug so
 * no two covers are alike and a rebuild draws the same one. Text-free: the title sits beside it in HTML.
 */

export const COVER_WIDTH = 1200
export const COVER_HEIGHT = 630

type Palette = { from: string; to: string; glow: string; ink: string }

/** Two palettes per category: a category keeps its colours, and its covers still alternate. */
const PALETTES: Record<BlogCategory, readonly [Palette, Palette]> = {
  'How to': [
    { from: '#5b21b6', to: '#c026d3', glow: '#f0abfc', ink: '#fdf4ff' },
    { from: '#7e22ce', to: '#db2777', glow: '#fbcfe8', ink: '#fdf2f8' },
  ],
  'Extensive Music Library': [
    { from: '#312e81', to: '#0e7490', glow: '#67e8f9', ink: '#ecfeff' },
    { from: '#1e3a8a', to: '#0f766e', glow: '#5eead4', ink: '#f0fdfa' },
  ],
  'Tutorials & Guides': [
    { from: '#831843', to: '#7c3aed', glow: '#fda4af', ink: '#fff1f2' },
    { from: '#9a3412', to: '#be185d', glow: '#fdba74', ink: '#fff7ed' },
  ],
  Product: [
    { from: '#4c1d95', to: '#0369a1', glow: '#c4b5fd', ink: '#f5f3ff' },
    { from: '#312e81', to: '#7c3aed', glow: '#a5b4fc', ink: '#eef2ff' },
  ],
  'Ultra-Realistic AI Voiceover': [
    { from: '#134e4a', to: '#6d28d9', glow: '#5eead4', ink: '#f0fdfa' },
    { from: '#064e3b', to: '#1d4ed8', glow: '#6ee7b7', ink: '#ecfdf5' },
  ],
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

function checklist({ random, palette }: Draw): string {
  const rows = 4
  const x = 330 + random() * 120
  const parts = [
    `<rect x="${round(x - 40)}" y="90" width="560" height="450" rx="36" fill="#0b0616" fill-opacity="0.4" stroke="${palette.ink}" stroke-opacity="0.35" stroke-width="3"/>`,
  ]
  const done = 1 + Math.floor(random() * 3)
  for (let row = 0; row < rows; row++) {
    const y = 150 + row * 95
    const checked = row < done
    parts.push(
      `<circle cx="${round(x + 20)}" cy="${y + 20}" r="24" fill="${checked ? palette.glow : 'none'}" fill-opacity="${checked ? 0.95 : 0}" stroke="${palette.ink}" stroke-opacity="0.7" stroke-width="3"/>`,
      checked
        ? `<path d="M${round(x + 9)} ${y + 21} l8 8 l15 -17" fill="none" stroke="${palette.from}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`
        : '',
      `<rect x="${round(x + 68)}" y="${y + 10}" width="${round(220 + random() * 160)}" height="20" rx="10" fill="${palette.ink}" fill-opacity="${checked ? 0.35 : 0.6}"/>`,
    )
  }
  return parts.join('')
}

function notes({ random, palette }: Draw): string {
  const parts: string[] = []
  const top = 200 + (random() - 0.5) * 60
  for (let line = 0; line < 5; line++) {
    parts.push(
      `<path d="M80 ${round(top + line * 34)} C 400 ${round(top + line * 34 - 40)}, 800 ${round(top + line * 34 + 40)}, 1120 ${round(top + line * 34)}" fill="none" stroke="${palette.ink}" stroke-opacity="0.3" stroke-width="2"/>`,
    )
  }
  for (let index = 0; index < 7; index++) {
    const x = 170 + index * 135 + random() * 30
    const y = top + Math.floor(random() * 5) * 34 - 10
    parts.push(
      `<ellipse cx="${round(x)}" cy="${round(y + 10)}" rx="22" ry="16" transform="rotate(-20 ${round(x)} ${round(y + 10)})" fill="${index % 3 === 0 ? palette.glow : palette.ink}" fill-opacity="0.9"/>`,
      `<rect x="${round(x + 17)}" y="${round(y - 95)}" width="6" height="105" rx="3" fill="${palette.ink}" fill-opacity="0.85"/>`,
    )
  }
  return parts.join('')
}

function timeline({ random, palette }: Draw): string {
  const parts = [`<rect x="110" y="360" width="980" height="12" rx="6" fill="${palette.ink}" fill-opacity="0.3"/>`]
  let x = 110
  let clip = 0
  while (x < 1060) {
    const width = 120 + random() * 160
    const end = Math.min(1090, x + width)
    parts.push(
      `<rect x="${round(x)}" y="230" width="${round(end - x - 14)}" height="110" rx="16" fill="${clip % 2 === 0 ? palette.glow : palette.ink}" fill-opacity="${clip % 2 === 0 ? 0.75 : 0.3}"/>`,
      `<rect x="${round(x)}" y="395" width="${round(end - x - 14)}" height="40" rx="12" fill="${palette.ink}" fill-opacity="0.18"/>`,
    )
    x = end
    clip++
  }
  const head = 200 + random() * 800
  parts.push(
    `<rect x="${round(head - 3)}" y="190" width="6" height="270" rx="3" fill="${palette.ink}"/>`,
    `<path d="M${round(head - 16)} 176 h32 l-16 22 z" fill="${palette.ink}"/>`,
  )
  return parts.join('')
}

function launch({ random, palette }: Draw): string {
  const cx = 600 + (random() - 0.5) * 300
  const parts = [
    `<circle cx="${round(cx)}" cy="315" r="170" fill="none" stroke="${palette.ink}" stroke-opacity="0.25" stroke-width="3"/>`,
    `<circle cx="${round(cx)}" cy="315" r="110" fill="${palette.glow}" fill-opacity="0.25"/>`,
    `<path d="M${round(cx - 30)} 265 L${round(cx + 45)} 315 L${round(cx - 30)} 365 Z" fill="${palette.ink}" fill-opacity="0.95"/>`,
  ]
  for (let index = 0; index < 7; index++) {
    const angle = (index / 7) * Math.PI * 2 + random()
    const distance = 220 + random() * 120
    const size = 10 + random() * 16
    const sx = cx + Math.cos(angle) * distance
    const sy = 315 + Math.sin(angle) * distance * 0.7
    parts.push(
      `<path d="M${round(sx)} ${round(sy - size)} Q${round(sx)} ${round(sy)} ${round(sx + size)} ${round(sy)} Q${round(sx)} ${round(sy)} ${round(sx)} ${round(sy + size)} Q${round(sx)} ${round(sy)} ${round(sx - size)} ${round(sy)} Q${round(sx)} ${round(sy)} ${round(sx)} ${round(sy - size)} Z" fill="${palette.glow}" fill-opacity="0.85"/>`,
    )
  }
  return parts.join('')
}

function speech({ random, palette }: Draw): string {
  const x = 300 + random() * 200
  const parts = [
    `<path d="M${round(x)} 150 h420 a50 50 0 0 1 50 50 v170 a50 50 0 0 1 -50 50 h-300 l-80 70 v-70 h-40 a50 50 0 0 1 -50 -50 v-170 a50 50 0 0 1 50 -50 z" fill="#0b0616" fill-opacity="0.45" stroke="${palette.ink}" stroke-opacity="0.6" stroke-width="4"/>`,
  ]
  const bars = 15
  for (let index = 0; index < bars; index++) {
    const envelope = Math.sin(((index + 0.5) / bars) * Math.PI)
    const height = 20 + envelope * (40 + random() * 90)
    parts.push(
      `<rect x="${round(x + 40 + index * 26)}" y="${round(285 - height / 2)}" width="14" height="${round(height)}" rx="7" fill="${index % 4 === 0 ? palette.glow : palette.ink}" fill-opacity="0.9"/>`,
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

type Motif = { draw: (draw: Draw) => string; canMirror: boolean }

/** Each category's motifs: steps or a checklist, a record or a score, frames or a timeline, and so on. */
const MOTIFS: Record<BlogCategory, readonly [Motif, Motif]> = {
  'How to': [
    { draw: steps, canMirror: false },
    { draw: checklist, canMirror: false },
  ],
  'Extensive Music Library': [
    { draw: record, canMirror: true },
    { draw: notes, canMirror: false },
  ],
  'Tutorials & Guides': [
    { draw: storyboard, canMirror: false },
    { draw: timeline, canMirror: false },
  ],
  Product: [
    { draw: appFrame, canMirror: false },
    { draw: launch, canMirror: false },
  ],
  'Ultra-Realistic AI Voiceover': [
    { draw: waveform, canMirror: true },
    { draw: speech, canMirror: false },
  ],
}

/** The cover of one article as an SVG document; the same slug always gives the same picture. */
export function createBlogCoverSvg({ slug, category }: { slug: string; category: BlogCategory }): string {
  if (!BLOG_CATEGORIES.includes(category)) throw new Error(`No cover style for category "${String(category)}"`)
  const random = createRandom(slug)
  const palette = PALETTES[category][random() < 0.5 ? 0 : 1]
  const motif = MOTIFS[category][random() < 0.5 ? 0 : 1]
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
