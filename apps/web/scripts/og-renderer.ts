import { readFile } from 'node:fs/promises'

import satori, { type Font } from 'satori'

import { createOgCardElement, OG_HEIGHT, OG_WIDTH, type OgCard } from './og-card.ts'
import { renderSvgToPng } from './render-png.ts'

const FONT_WEIGHTS = [400, 600, 700, 800] as const

async function loadInterFonts(): Promise<Font[]> {
  return Promise.all(
    FONT_WEIGHTS.map(async (weight) => {
      const url = import.meta.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)
      return { name: 'Inter', data: await readFile(new URL(url)), weight, style: 'normal' as const }
    }),
  )
}

/** Loads the fonts and logo once and returns a function that renders one card to PNG bytes. */
export async function createOgRenderer(logoSvg: string): Promise<(card: OgCard) => Promise<Buffer>> {
  const fonts = await loadInterFonts()
  const logoSrc = `data:image/svg+xml;base64,${Buffer.from(logoSvg).toString('base64')}`
  return async (card) => {
    const svg = await satori(createOgCardElement(card, logoSrc), { width: OG_WIDTH, height: OG_HEIGHT, fonts })
    return renderSvgToPng(svg, OG_WIDTH)
  }
}
