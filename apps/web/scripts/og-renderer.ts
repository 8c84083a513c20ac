import { readFile } from 'node:fs/promises'

import satori, { type Font } from 'satori'

import { createOgBackdropSvg, layerUnder } from './og-backdrop.ts'
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

/** Loads the fonts once and returns a function that renders one card to PNG bytes. */
export async function createOgRenderer(logoSvg: string): Promise<(card: OgCard) => Promise<Buffer>> {
  const fonts = await loadInterFonts()
  const backdrop = createOgBackdropSvg(logoSvg)
  return async (card) => {
    const text = await satori(createOgCardElement(card), { width: OG_WIDTH, height: OG_HEIGHT, fonts })
    return renderSvgToPng(layerUnder(text, backdrop), OG_WIDTH)
  }
}
