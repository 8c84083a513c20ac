import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

import { z } from 'zod'

import {
  CARD_TEXT_MAX,
  CLOSING_CARD_SECONDS,
  COLOUR_USES,
  checkBrandColours,
  HexColourSchema,
  OPENING_CARD_SECONDS,
} from '@storyreel/contracts/brand-kit'
import { SINGLE_LINE_TEXT_CHECKS } from '@storyreel/contracts/request-text'
import type { ProjectSettings } from '@storyreel/contracts/studio'

import { inspectBrandFont } from './brand/brand-font.ts'
import { LOGO_OPACITY, LOGO_POSITIONS, LOGO_SIZE, type BrandOverlay } from './brand/brand-overlay.ts'
import { inspectLogo } from './brand/logo-image.ts'
import { EngineError } from './errors.ts'

/** A problem with the brand kit file: the command-line renderer answers it with exit code 2. */
export class BrandKitError extends Error {}

const colour = (which: string) => z.string(`the ${which} colour is written as #rrggbb`).pipe(HexColourSchema)

/** One line of card text, as the brand kit page takes it: trimmed, not empty, at most `max` characters. */
const cardText = (what: string, max: number) =>
  z
    .string(`the ${what} is text`)
    .check(...SINGLE_LINE_TEXT_CHECKS)
    .trim()
    .min(1, `give the ${what}`)
    .max(max, `the ${what} may be at most ${max} characters`)

const cardSeconds = ({ min, max, default: seconds }: { min: number; max: number; default: number }) =>
  z
    .number('the seconds are a number')
    .min(min, `the card lasts ${min}-${max} s`)
    .max(max, `the card lasts ${min}-${max} s`)
    .default(seconds)

/**
 * The `--brand-kit` file: what a brand puts on every video, in the API's brand kit's field names. Files are
 * named by path relative to the kit file; a part left out is not used (a card is on when it is there).
 */
const BrandKitFileSchema = z.strictObject({
  logo: z
    .strictObject({
      file: z
        .string('give the path of a PNG or WebP image, relative to the kit file')
        .trim()
        .min(1, 'give the path of a PNG or WebP image, relative to the kit file'),
      position: z
        .enum(LOGO_POSITIONS, { error: `the position is one of ${LOGO_POSITIONS.join(', ')}` })
        .default('top-right'),
      size: z
        .number('the size is a number')
        .min(LOGO_SIZE.min, `the size is ${LOGO_SIZE.min}-${LOGO_SIZE.max} of the frame's shorter side`)
        .max(LOGO_SIZE.max, `the size is ${LOGO_SIZE.min}-${LOGO_SIZE.max} of the frame's shorter side`)
        .default(LOGO_SIZE.default),
      opacity: z
        .number('the opacity is a number')
        .min(LOGO_OPACITY.min, `the opacity is ${LOGO_OPACITY.min}-${LOGO_OPACITY.max}`)
        .max(LOGO_OPACITY.max, `the opacity is ${LOGO_OPACITY.min}-${LOGO_OPACITY.max}`)
        .default(LOGO_OPACITY.default),
    })
    .optional(),
  colours: z
    .strictObject({ primary: colour('primary'), accent: colour('accent') }, 'give both colours: { primary, accent }')
    .optional(),
  font: z
    .string('give the path of a TTF, OTF, WOFF or WOFF2 font, relative to the kit file')
    .trim()
    .min(1, 'give the path of a TTF, OTF, WOFF or WOFF2 font, relative to the kit file')
    .optional(),
  opening_card: z
    .strictObject({
      headline: cardText('headline', CARD_TEXT_MAX.headline),
      seconds: cardSeconds(OPENING_CARD_SECONDS),
    })
    .optional(),
  closing_card: z
    .strictObject({
      call_to_action: cardText('call to action', CARD_TEXT_MAX.callToAction),
      contact: z
        .string('the contact is text: a web address or a phone number')
        .check(...SINGLE_LINE_TEXT_CHECKS)
        .trim()
        .max(CARD_TEXT_MAX.contact, `the contact may be at most ${CARD_TEXT_MAX.contact} characters`)
        .default(''),
      seconds: cardSeconds(CLOSING_CARD_SECONDS),
      voiced: z.boolean('voiced is true or false').default(false),
    })
    .optional(),
})

/** A file the kit names: resolved beside the kit, refused here (naming the field) when it is missing. */
async function findKitFile(kitFile: string, field: string, name: string): Promise<{ file: string; where: string }> {
  const file = path.resolve(path.dirname(kitFile), name)
  const where = `${kitFile}: ${field} "${file}"`
  const info = await stat(file).catch(() => undefined)
  if (!info?.isFile()) throw new BrandKitError(`${where}: there is no such file.`)
  return { file, where }
}

/** Runs the engine's own check of a file, its refusal worded as the kit's. */
async function checkKitFile(where: string, check: () => Promise<unknown>): Promise<void> {
  try {
    await check()
  } catch (error) {
    if (error instanceof EngineError) throw new BrandKitError(`${where}: ${error.message}`)
    throw error
  }
}

/**
 * Reads a brand kit file into the render's brand option: every field checked, naming each wrong one, the logo read
 * as a PNG or WebP and the font as a TTF, OTF, WOFF or WOFF2 before anything is drawn.
 */
export async function readBrandKit(file: string): Promise<BrandOverlay> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new BrandKitError(`Cannot read the brand kit ${file}: ${(error as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new BrandKitError(`The brand kit ${file} is not JSON: ${(error as Error).message}`)
  }
  const parsed = BrandKitFileSchema.safeParse(json)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(the file)'}: ${issue.message}`)
    throw new BrandKitError(`${file} is not a brand kit that can be used:\n  ${problems.join('\n  ')}`)
  }
  const kit = parsed.data
  const brand: BrandOverlay = {}
  if (kit.logo) {
    const logo = await findKitFile(file, 'logo.file', kit.logo.file)
    await checkKitFile(logo.where, () => inspectLogo(logo.file))
    brand.logo = { ...kit.logo, file: logo.file }
  }
  if (kit.font) {
    const font = await findKitFile(file, 'font', kit.font)
    await checkKitFile(font.where, () => inspectBrandFont(font.file))
    brand.font = { file: font.file }
  }
  if (kit.colours) brand.colours = kit.colours
  if (kit.opening_card) brand.openingCard = kit.opening_card
  if (kit.closing_card) {
    const { call_to_action: callToAction, contact, seconds, voiced } = kit.closing_card
    brand.closingCard = { callToAction, contact, seconds, voiced }
  }
  return brand
}

/**
 * The kit's colours that white text would be hard to read on, where this video uses them (the cards, and the
 * caption style's highlight or plate), each with the nearest shade that passes: warnings, the render goes on.
 */
export function getBrandColourWarnings(brand: BrandOverlay, settings: ProjectSettings): string[] {
  if (!brand.colours) return []
  const { enabled, style } = settings.captions
  const used = {
    card_text: brand.openingCard !== undefined || brand.closingCard !== undefined,
    caption_highlight: enabled && style === 'karaoke',
    caption_plate: enabled && style === 'boxed',
  }
  return checkBrandColours(brand.colours).flatMap((check) =>
    used[check.use] && !check.passes
      ? [
          `${COLOUR_USES[check.use].label}: white on ${check.colour} has a contrast of ${check.ratio}:1, below ` +
            `${check.minimum}:1${check.suggestion ? `; ${check.suggestion} would be legible` : ''}.`,
        ]
      : [],
  )
}
