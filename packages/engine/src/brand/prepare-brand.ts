import { createHash } from 'node:crypto'

import {
  CARD_TEXT_MAX,
  CLOSING_CARD_SECONDS,
  DEFAULT_BRAND_COLOURS,
  OPENING_CARD_SECONDS,
} from '@storyreel/contracts/brand-kit'
import type { CaptionStyle } from '@storyreel/contracts/studio'

import { EngineError } from '#src/errors.ts'
import type { CaptionBrand } from '#src/visuals/visual-engine.ts'

import { prepareCardLogo, type CardDrawing } from './brand-card.ts'
import { getCardSpeech } from './card-speech.ts'
import { acquireBrandFont, type HeldBrandFont } from './brand-font.ts'
import type { BrandColours, BrandOverlay } from './brand-overlay.ts'
import { prepareLogo, type PreparedLogo } from './logo-image.ts'

/**
 * Part of every card segment's key: raise it whenever the same card would be drawn differently (its layout, sizes
 * or background), so stored cards are drawn again.
 */
export const CARD_VERSION = 1

const HEX_COLOUR = /^#[0-9a-f]{6}$/iu

const refuse = (message: string) => new EngineError('invalid', 'visuals', message)

/** Refuses a brand's colours or cards that the brand kit's own rules would not allow. */
export function checkBrand(brand: BrandOverlay): void {
  for (const which of ['primary', 'accent'] as const) {
    const colour = brand.colours?.[which]
    if (brand.colours && !(typeof colour === 'string' && HEX_COLOUR.test(colour))) {
      throw refuse(`The brand's ${which} colour must be written as #rrggbb.`)
    }
  }
  const opening = brand.openingCard
  if (opening) {
    if (!opening.headline.trim()) throw refuse('The opening card needs a headline.')
    if (opening.headline.trim().length > CARD_TEXT_MAX.headline) {
      throw refuse(`The opening card's headline may be at most ${CARD_TEXT_MAX.headline} characters.`)
    }
    if (!(opening.seconds >= OPENING_CARD_SECONDS.min && opening.seconds <= OPENING_CARD_SECONDS.max)) {
      throw refuse(`The opening card lasts ${OPENING_CARD_SECONDS.min}-${OPENING_CARD_SECONDS.max} s.`)
    }
  }
  const closing = brand.closingCard
  if (closing) {
    if (!closing.callToAction.trim()) throw refuse('The closing card needs a call to action.')
    if (closing.callToAction.trim().length > CARD_TEXT_MAX.callToAction) {
      throw refuse(`The closing card's call to action may be at most ${CARD_TEXT_MAX.callToAction} characters.`)
    }
    if (closing.contact.trim().length > CARD_TEXT_MAX.contact) {
      throw refuse(`The closing card's contact may be at most ${CARD_TEXT_MAX.contact} characters.`)
    }
    if (!(closing.seconds >= CLOSING_CARD_SECONDS.min && closing.seconds <= CLOSING_CARD_SECONDS.max)) {
      throw refuse(`The closing card lasts ${CLOSING_CARD_SECONDS.min}-${CLOSING_CARD_SECONDS.max} s.`)
    }
  }
}

/**
 * What of the brand a caption style draws with: the karaoke highlight takes the accent, the boxed plate the primary,
 * every style the font. Undefined when the style uses none of it, so its segments keep their keys.
 */
export function getCaptionBrand(
  style: CaptionStyle,
  colours: BrandColours | undefined,
  font: { family: string; file: string } | undefined,
): CaptionBrand | undefined {
  const brand: CaptionBrand = {
    ...(style === 'karaoke' && colours ? { highlight: colours.accent.toLowerCase() } : {}),
    ...(style === 'boxed' && colours ? { plate: colours.primary.toLowerCase() } : {}),
    // Only the alias and the file: the drawing is posted to scene threads, which cannot take a held font's release.
    ...(font ? { font: { family: font.family, file: font.file } } : {}),
  }
  return Object.keys(brand).length > 0 ? brand : undefined
}

/** A caption brand as part of a segment key: its colours and the font's alias (a hash of its bytes), no path. */
export function getCaptionBrandKey(brand: CaptionBrand | undefined): Record<string, string> | undefined {
  if (!brand) return undefined
  return {
    ...(brand.highlight ? { highlight: brand.highlight } : {}),
    ...(brand.plate ? { plate: brand.plate } : {}),
    ...(brand.font ? { font: brand.font.family } : {}),
  }
}

/** A card as part of its segments' keys: everything it is drawn from, the logo by a hash of its pixels. */
export function getCardKey(card: CardDrawing, width: number, height: number): Record<string, unknown> {
  const { kind, title, contact, colours, font, logo } = card
  return {
    v: CARD_VERSION,
    kind,
    title,
    contact,
    colours,
    font: font?.family,
    logo: logo ? createHash('sha256').update(logo.png).digest('hex').slice(0, 32) : undefined,
    width,
    height,
  }
}

/** A brand readied for one frame size: the corner logo, the font registered, the cards to draw. */
export type PreparedBrand = {
  logo: PreparedLogo | undefined
  colours: BrandColours | undefined
  font: HeldBrandFont | undefined
  opening: { card: CardDrawing; seconds: number } | undefined
  /** `speech`: what the voice says over it, when it is voiced. */
  closing: { card: CardDrawing; seconds: number; speech: string | undefined } | undefined
  /** Lets go of the font; call it when the task ends, whatever happened. */
  release(): void
}

/**
 * Checks a brand and readies it for `frame` before any work starts (a bad file or field fails the task at once):
 * the corner logo scaled (bottom corners above the captions where the video shows them), the font registered for
 * the task, and, with `cards`, the opening and closing cards with the logo at their size. Release it at the end.
 */
export async function prepareBrand(
  brand: BrandOverlay | undefined,
  frame: { width: number; height: number },
  { captions, cards }: { captions: boolean; cards: boolean },
): Promise<PreparedBrand> {
  const none: PreparedBrand = {
    logo: undefined,
    colours: undefined,
    font: undefined,
    opening: undefined,
    closing: undefined,
    release: () => undefined,
  }
  if (!brand) return none
  checkBrand(brand)
  const logo = brand.logo ? await prepareLogo(brand.logo, frame, { captions }) : undefined
  const opening = cards ? brand.openingCard : undefined
  const closing = cards ? brand.closingCard : undefined
  const colours = brand.colours
    ? { primary: brand.colours.primary.toLowerCase(), accent: brand.colours.accent.toLowerCase() }
    : undefined
  const cardColours = colours ?? { ...DEFAULT_BRAND_COLOURS }
  // The logo was checked by prepareLogo; the cards show it larger, at their own size.
  const cardLogo = (kind: CardDrawing['kind'], shown: boolean) =>
    brand.logo && shown ? prepareCardLogo(brand.logo.file, kind, frame) : Promise.resolve(undefined)
  const [openingLogo, closingLogo] = await Promise.all([
    cardLogo('opening', opening !== undefined),
    cardLogo('closing', closing !== undefined),
  ])
  const font = brand.font ? await acquireBrandFont(brand.font) : undefined
  const face = font ? { family: font.family, file: font.file } : undefined
  return {
    logo,
    colours,
    font,
    opening: opening
      ? {
          card: {
            kind: 'opening',
            title: opening.headline.trim(),
            contact: '',
            colours: cardColours,
            font: face,
            logo: openingLogo,
          },
          seconds: opening.seconds,
        }
      : undefined,
    closing: closing
      ? {
          card: {
            kind: 'closing',
            title: closing.callToAction.trim(),
            contact: closing.contact.trim(),
            colours: cardColours,
            font: face,
            logo: closingLogo,
          },
          seconds: closing.seconds,
          speech: closing.voiced ? getCardSpeech(closing) : undefined,
        }
      : undefined,
    release: () => font?.release(),
  }
}
