import { clampChroma, formatHex, modeLrgb, modeOklch, modeRgb, useMode, wcagContrast } from 'culori/fn'
import { z } from 'zod'

import { SingleLineTextSchema } from './request-text.ts'

/**
 * An account's brand kit: its logo on every video, its colours in the captions and the cards, its font, and an
 * opening and a closing card. (`brand.ts` is StoryReel's own identity; this is the user's.)
 */

export const LOGO_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const
export type LogoPosition = (typeof LOGO_POSITIONS)[number]

/** The logo's width as a share of the frame's shorter side, and how opaque it is drawn. */
export const LOGO_SIZE = { min: 0.08, max: 0.3, default: 0.16 } as const
export const LOGO_OPACITY = { min: 0.2, max: 1, default: 0.9 } as const
/** How long each card shows, in seconds. */
export const OPENING_CARD_SECONDS = { min: 1.5, max: 3, default: 2 } as const
export const CLOSING_CARD_SECONDS = { min: 2, max: 4, default: 3 } as const
export const CARD_TEXT_MAX = { headline: 60, callToAction: 60, contact: 80 } as const

/** The kit's colours before the owner picks any: StoryReel's violet and a deep teal, both legible under white. */
export const DEFAULT_BRAND_COLOURS = { primary: '#5b21b6', accent: '#0f766e' } as const

export const HexColourSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-f]{6}$/iu, 'a colour is written as #rrggbb')
  .transform((value) => value.toLowerCase())
  .meta({ id: 'HexColour', example: '#5b21b6' })

export const BrandLogoSchema = z
  .strictObject({
    /** A PNG or WebP image in the owner's library; transparency is kept. */
    asset_id: z.uuid(),
    position: z.enum(LOGO_POSITIONS).default('top-right'),
    size: z.number().min(LOGO_SIZE.min).max(LOGO_SIZE.max).default(LOGO_SIZE.default),
    opacity: z.number().min(LOGO_OPACITY.min).max(LOGO_OPACITY.max).default(LOGO_OPACITY.default),
  })
  .meta({ id: 'BrandLogo' })
export type BrandLogo = z.infer<typeof BrandLogoSchema>

export const BrandFontSchema = z
  .strictObject({
    /** The font's own family name, as its file states it; shown to the owner, never used to look fonts up. */
    family: z.string().max(100),
    /** The format it was uploaded in. */
    format: z.enum(['ttf', 'otf', 'woff', 'woff2']),
    uploaded_at: z.iso.datetime(),
  })
  .meta({ id: 'BrandFont' })
export type BrandFont = z.infer<typeof BrandFontSchema>

/** Card text is typed by a person: one line, no control characters (PostgreSQL refuses a NUL byte). */
const cardText = (max: number) => SingleLineTextSchema.trim().max(max)

export const OpeningCardSchema = z
  .strictObject({
    enabled: z.boolean().default(false),
    headline: cardText(CARD_TEXT_MAX.headline).default(''),
    seconds: z
      .number()
      .min(OPENING_CARD_SECONDS.min)
      .max(OPENING_CARD_SECONDS.max)
      .default(OPENING_CARD_SECONDS.default),
  })
  .meta({ id: 'OpeningCard' })

export const ClosingCardSchema = z
  .strictObject({
    enabled: z.boolean().default(false),
    /** What to do next: "Book a table", "Visit us this Saturday". */
    call_to_action: cardText(CARD_TEXT_MAX.callToAction).default(''),
    /** A web address or a phone number. */
    contact: cardText(CARD_TEXT_MAX.contact).default(''),
    seconds: z
      .number()
      .min(CLOSING_CARD_SECONDS.min)
      .max(CLOSING_CARD_SECONDS.max)
      .default(CLOSING_CARD_SECONDS.default),
    /** The voice reads the call to action and the contact. */
    voiced: z.boolean().default(false),
  })
  .meta({ id: 'ClosingCard' })

/** What the owner sends: every part optional, defaults filled in. */
export const BrandKitInputSchema = z
  .strictObject({
    logo: BrandLogoSchema.nullable().default(null),
    colours: z
      .strictObject({
        primary: HexColourSchema.default(DEFAULT_BRAND_COLOURS.primary),
        accent: HexColourSchema.default(DEFAULT_BRAND_COLOURS.accent),
      })
      .prefault({}),
    opening_card: OpeningCardSchema.prefault({}),
    closing_card: ClosingCardSchema.prefault({}),
  })
  .superRefine((kit, context) => {
    if (kit.opening_card.enabled && !kit.opening_card.headline)
      context.addIssue({
        code: 'custom',
        path: ['opening_card', 'headline'],
        message: 'the opening card needs a headline',
      })
    if (kit.closing_card.enabled && !kit.closing_card.call_to_action)
      context.addIssue({
        code: 'custom',
        path: ['closing_card', 'call_to_action'],
        message: 'the closing card needs a call to action',
      })
  })
  .meta({ id: 'BrandKitInput' })
export type BrandKitInput = z.input<typeof BrandKitInputSchema>

/** Where each colour is used, what it must reach against the white text drawn on it (WCAG 2 contrast). */
export const COLOUR_USES = {
  caption_highlight: { colour: 'accent', minimum: 4.5, label: 'Caption highlight (the word being spoken)' },
  caption_plate: { colour: 'primary', minimum: 4.5, label: 'Caption plate (the boxed caption style)' },
  card_text: { colour: 'primary', minimum: 3, label: 'Card headline (large text)' },
} as const
export type ColourUse = keyof typeof COLOUR_USES

export const ColourCheckSchema = z
  .strictObject({
    use: z.enum(Object.keys(COLOUR_USES) as [ColourUse, ...ColourUse[]]),
    colour: HexColourSchema,
    ratio: z.number(),
    minimum: z.number(),
    passes: z.boolean(),
    /** The nearest shade of the same hue that passes, when this one does not. */
    suggestion: HexColourSchema.nullable(),
  })
  .meta({ id: 'ColourCheck' })
export type ColourCheck = z.infer<typeof ColourCheckSchema>

export const BrandKitSchema = z
  .strictObject({
    logo: BrandLogoSchema.nullable(),
    /** A signed, expiring link to the logo's file; null when there is none or it left the library (then no video shows it). */
    logo_url: z.string().nullable(),
    colours: z.strictObject({ primary: HexColourSchema, accent: HexColourSchema }),
    font: BrandFontSchema.nullable(),
    opening_card: OpeningCardSchema,
    closing_card: ClosingCardSchema,
    /** Each colour's use checked against the white text drawn on it. */
    contrast: z.array(ColourCheckSchema),
    updated_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'BrandKit' })
export type BrandKit = z.infer<typeof BrandKitSchema>

const WHITE = '#ffffff'
// culori's tree-shakable build: only the colour spaces used here.
useMode(modeRgb)
useMode(modeLrgb)
const oklch = useMode(modeOklch)

/** WCAG 2 contrast ratio of white text on `background`, to two decimals. */
export function contrastWithWhite(background: string): number {
  return Math.round(wcagContrast(background, WHITE) * 100) / 100
}

/**
 * The nearest shade of `colour` under which white text reaches `minimum`: the same hue and chroma in OKLCH,
 * lightness lowered step by step (white text needs a darker ground), gamut-clipped to sRGB. Null when the
 * colour already passes.
 */
export function nearestLegibleShade(colour: string, minimum: number): string | null {
  if (wcagContrast(colour, WHITE) >= minimum) return null
  const start = oklch(colour)
  if (!start) return null
  for (let lightness = start.l; lightness > 0; lightness -= 0.005) {
    const shade = formatHex(clampChroma({ ...start, l: lightness }, 'oklch'))
    // A margin of 0.05 so the shade still passes after rounding to 8-bit channels.
    if (wcagContrast(shade, WHITE) >= minimum + 0.05) return shade
  }
  return '#000000'
}

/** Every colour use of a kit, checked. */
export function checkBrandColours(colours: { primary: string; accent: string }): ColourCheck[] {
  return (Object.keys(COLOUR_USES) as ColourUse[]).map((use) => {
    const { colour: which, minimum } = COLOUR_USES[use]
    const colour = colours[which]
    const ratio = contrastWithWhite(colour)
    return { use, colour, ratio, minimum, passes: ratio >= minimum, suggestion: nearestLegibleShade(colour, minimum) }
  })
}

/** A kit nobody has set up yet: no logo, no font, no cards, the default colours. */
export function getDefaultBrandKit(): BrandKit {
  const colours = { ...DEFAULT_BRAND_COLOURS }
  return {
    logo: null,
    logo_url: null,
    colours,
    font: null,
    opening_card: OpeningCardSchema.parse({}),
    closing_card: ClosingCardSchema.parse({}),
    contrast: checkBrandColours(colours),
    updated_at: null,
  }
}
