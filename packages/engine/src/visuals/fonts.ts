import { createRequire } from 'node:module'
import path from 'node:path'

import { GlobalFonts } from '@napi-rs/canvas'

const require = createRequire(import.meta.url)

/** Family names we register; every text the renderer draws names one of these, never a system font. */
export const FONT = {
  sans: 'StoryReel Inter',
  sansBlack: 'StoryReel Inter Black',
  serif: 'StoryReel Playfair',
  comic: 'StoryReel Bangers',
  hand: 'StoryReel Patrick Hand',
  round: 'StoryReel Fredoka',
} as const

/**
 * Noto Sans Devanagari (SIL Open Font Licence) for the letters our Latin fonts lack: Hindi. Each family is named
 * with one of these after it, and the renderer takes each glyph from the first font that has it, so Latin letters
 * (and their accents) keep the family's own look and Devanagari comes from Noto at a like weight.
 */
const DEVANAGARI = {
  regular: 'StoryReel Devanagari',
  bold: 'StoryReel Devanagari Bold',
  black: 'StoryReel Devanagari Black',
} as const

const DEVANAGARI_OF: Record<(typeof FONT)[keyof typeof FONT], string> = {
  [FONT.sans]: DEVANAGARI.bold,
  [FONT.sansBlack]: DEVANAGARI.black,
  [FONT.serif]: DEVANAGARI.bold,
  [FONT.comic]: DEVANAGARI.black,
  [FONT.hand]: DEVANAGARI.regular,
  [FONT.round]: DEVANAGARI.bold,
}

/**
 * A canvas `font` for one of our families at a pixel size, with Devanagari to fall back on. With a brand font's
 * alias (brand-font.ts), that comes first and ours after it, for the characters it lacks.
 */
export function getCanvasFont(family: (typeof FONT)[keyof typeof FONT], px: number, brandFamily?: string): string {
  const ours = `"${family}", "${DEVANAGARI_OF[family]}"`
  return brandFamily ? `${px}px "${brandFamily}", ${ours}` : `${px}px ${ours}`
}

const FILES: [family: string, pkg: string, file: string][] = [
  [FONT.sans, '@expo-google-fonts/inter', '700Bold/Inter_700Bold.ttf'],
  [FONT.sansBlack, '@expo-google-fonts/inter', '900Black/Inter_900Black.ttf'],
  [FONT.serif, '@expo-google-fonts/playfair-display', '700Bold/PlayfairDisplay_700Bold.ttf'],
  [FONT.comic, '@expo-google-fonts/bangers', '400Regular/Bangers_400Regular.ttf'],
  [FONT.hand, '@expo-google-fonts/patrick-hand', '400Regular/PatrickHand_400Regular.ttf'],
  [FONT.round, '@expo-google-fonts/fredoka', '700Bold/Fredoka_700Bold.ttf'],
  [DEVANAGARI.regular, '@expo-google-fonts/noto-sans-devanagari', '400Regular/NotoSansDevanagari_400Regular.ttf'],
  [DEVANAGARI.bold, '@expo-google-fonts/noto-sans-devanagari', '700Bold/NotoSansDevanagari_700Bold.ttf'],
  [DEVANAGARI.black, '@expo-google-fonts/noto-sans-devanagari', '900Black/NotoSansDevanagari_900Black.ttf'],
]

let registered = false

/** The TTFs ship in npm packages, so a fresh machine draws the same letters as this one. */
export function registerFonts(): void {
  if (registered) return
  for (const [family, pkg, file] of FILES) {
    const root = path.dirname(require.resolve(`${pkg}/package.json`))
    if (!GlobalFonts.registerFromPath(path.join(root, file), family)) {
      throw new Error(`could not register the font ${file} from ${pkg}`)
    }
  }
  registered = true
}
