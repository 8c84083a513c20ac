import {
  checkBrandColours,
  COLOUR_USES,
  type BrandKit,
  type BrandKitInput,
  type BrandLogo,
  type ColourCheck,
} from '@storyreel/contracts/brand-kit'

import { ApiError } from '#app/lib/api-client.ts'

/**
 * The kit as the page edits it. Colours are kept as typed (a half-written hex is allowed while typing); the logo
 * carries a link to show it, which is not part of what is saved.
 */
export type BrandKitDraft = {
  logo: BrandLogo | null
  /** A link to the logo's picture for the preview; null when there is none to show. */
  logoUrl: string | null
  /** The library name of a logo chosen on this visit (the kit does not say it). */
  logoName: string | null
  colours: { primary: string; accent: string }
  opening_card: BrandKit['opening_card']
  closing_card: BrandKit['closing_card']
}

export type ColourName = keyof BrandKitDraft['colours']

/** The fields an error can be shown beside; `general` is the save bar. */
export const FIELD_IDS = {
  logo: 'brand-logo',
  primary: 'brand-colour-primary',
  accent: 'brand-colour-accent',
  headline: 'brand-opening-headline',
  call_to_action: 'brand-closing-call-to-action',
  contact: 'brand-closing-contact',
  font: 'brand-font',
} as const
export type FieldName = keyof typeof FIELD_IDS
export type FieldErrors = Partial<Record<FieldName | 'general', string>>

export function toDraft(kit: BrandKit): BrandKitDraft {
  return {
    logo: kit.logo,
    logoUrl: kit.logo_url,
    logoName: null,
    colours: { ...kit.colours },
    opening_card: { ...kit.opening_card },
    closing_card: { ...kit.closing_card },
  }
}

/**
 * A colour as the API keeps it (`#rrggbb`, lower case) from what a person typed: with or without the #, in
 * either case, and the three-digit shorthand. Undefined when it is not a colour yet.
 */
export function parseHex(text: string): string | undefined {
  const value = text.trim().replace(/^#/u, '').toLowerCase()
  if (/^[0-9a-f]{6}$/u.test(value)) return `#${value}`
  if (/^[0-9a-f]{3}$/u.test(value)) return `#${[...value].map((digit) => digit + digit).join('')}`
  return undefined
}

/** The colours to preview and check: each as typed when it is a colour, else the last saved one. */
export function getShownColours(draft: BrandKitDraft, saved: BrandKit): { primary: string; accent: string } {
  return {
    primary: parseHex(draft.colours.primary) ?? saved.colours.primary,
    accent: parseHex(draft.colours.accent) ?? saved.colours.accent,
  }
}

/** The body of PUT /brand-kit. Texts are trimmed as the API trims them, so a stray space is no change. */
export function toInput(draft: BrandKitDraft): BrandKitInput {
  return {
    logo: draft.logo,
    colours: {
      primary: parseHex(draft.colours.primary) ?? draft.colours.primary,
      accent: parseHex(draft.colours.accent) ?? draft.colours.accent,
    },
    opening_card: { ...draft.opening_card, headline: draft.opening_card.headline.trim() },
    closing_card: {
      ...draft.closing_card,
      call_to_action: draft.closing_card.call_to_action.trim(),
      contact: draft.closing_card.contact.trim(),
    },
  }
}

/** Two drafts with the same key save the same kit. */
export const getDraftKey = (draft: BrandKitDraft) => JSON.stringify(toInput(draft))

/** What the API would refuse, said before sending it, each beside its field. */
export function validateDraft(draft: BrandKitDraft): FieldErrors {
  const errors: FieldErrors = {}
  if (!parseHex(draft.colours.primary)) errors.primary = 'Write the colour as six hex digits, like #5b21b6.'
  if (!parseHex(draft.colours.accent)) errors.accent = 'Write the colour as six hex digits, like #0f766e.'
  if (draft.opening_card.enabled && !draft.opening_card.headline.trim())
    errors.headline = 'Write a headline, or turn the opening card off.'
  if (draft.closing_card.enabled && !draft.closing_card.call_to_action.trim())
    errors.call_to_action = 'Write what viewers should do next, or turn the closing card off.'
  return errors
}

/** Where a validation message's path (`/closing_card/contact: …`) belongs on the page. */
function fieldOfPath(path: string): FieldName | undefined {
  if (path.startsWith('/logo')) return 'logo'
  if (path.startsWith('/colours/primary')) return 'primary'
  if (path.startsWith('/colours/accent')) return 'accent'
  if (path.startsWith('/opening_card')) return 'headline'
  if (path.startsWith('/closing_card/contact')) return 'contact'
  if (path.startsWith('/closing_card')) return 'call_to_action'
  return undefined
}

const sentence = (text: string) => {
  const trimmed = text.trim()
  return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}${/[.!?]$/u.test(trimmed) ? '' : '.'}`
}

/** A refused save, its words put beside the fields they are about; the rest go to the save bar. */
export function getSaveErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return { general: 'Your brand kit could not be saved. Please try again.' }
  if (error.code === 'LOGO_FORMAT' || error.code === 'ASSET_NOT_FOUND') return { logo: error.message }
  if (error.code !== 'VALIDATION_FAILED') return { general: error.message }
  const errors: FieldErrors = {}
  for (const message of error.messages) {
    // A message names where it applies: a path in the body (`/logo/size: …`), or `body: …` for the whole of it.
    const match = /^(\/[^:]*|body): (.*)$/su.exec(message)
    const field = match?.[1] ? fieldOfPath(match[1]) : undefined
    const text = sentence(match?.[2] ?? message)
    const key = field ?? 'general'
    errors[key] = errors[key] ? `${errors[key]} ${text}` : text
  }
  return errors
}

/** One colour's verdict: every use checked, and the shade to offer when any fails (the strictest use's). */
export function getColourVerdict(
  colours: { primary: string; accent: string },
  name: ColourName,
): { ratio: number; checks: ColourCheck[]; suggestion: string | null } {
  const checks = checkBrandColours(colours).filter((check) => COLOUR_USES[check.use].colour === name)
  const failing = checks.filter((check) => !check.passes).sort((a, b) => b.minimum - a.minimum)
  return { ratio: checks[0]?.ratio ?? 0, checks, suggestion: failing[0]?.suggestion ?? null }
}
