export const LOGO_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const
export type LogoPosition = (typeof LOGO_POSITIONS)[number]

/** The logo's width as a share of the frame's shorter side, and how opaque it is drawn; defaults for the CLI's kit. */
export const LOGO_SIZE = { min: 0.08, max: 0.3, default: 0.16 } as const
export const LOGO_OPACITY = { min: 0.2, max: 1, default: 0.9 } as const

export type LogoOverlay = {
  /** A local PNG or WebP, readable for the whole task; its transparency is kept. */
  file: string
  /**
   * What identifies the file's content (the store's key of an immutable copy, or a hash of the bytes): a still's
   * key uses it in place of the path, which may be a temporary name. Without it the path stands for the content.
   */
  version?: string | undefined
  /** The corner of the frame's safe area it sits in. */
  position: LogoPosition
  /** Its width as a share of the frame's shorter side (LOGO_SIZE); a tall logo is as high instead, at most. */
  size: number
  /** 0.2-1 (LOGO_OPACITY). */
  opacity: number
}

/** A brand's two colours, `#rrggbb`: where each goes is COLOUR_USES in the contracts' brand kit. */
export type BrandColours = {
  /** The boxed captions' plate and the cards' background. */
  primary: string
  /** The karaoke captions' spoken-word highlight and the closing card's contact chip (the opening card's bar). */
  accent: string
}

/**
 * A font of the owner's: a local TTF, OTF, WOFF or WOFF2 file, readable for the whole task. It is read and its
 * bytes hashed (brand-font.ts), so nothing about it is keyed by its path.
 */
export type BrandFontFile = { file: string }

/** A card before the first scene: the logo and a headline (CARD_TEXT_MAX.headline). */
export type BrandOpeningCard = { headline: string; seconds: number }

/** A card after the last scene: the logo, a call to action and a web address or phone number, perhaps read aloud. */
export type BrandClosingCard = {
  callToAction: string
  /** A web address or a phone number; empty for none. */
  contact: string
  seconds: number
  /** The voice reads the call to action and the contact; the card lasts at least as long as that takes. */
  voiced: boolean
}

/**
 * What an owner's brand puts on every video, still and preview. The logo is laid over the drawn frames, so it is
 * never part of a scene's cache key (decision 056); colours and the font change the drawn captions, so they are
 * part of the keys of the segments they change; the cards are segments of their own (decision 057).
 */
export type BrandOverlay = {
  logo?: LogoOverlay | undefined
  /** Captions and cards in these colours; without them captions keep ours, and cards take DEFAULT_BRAND_COLOURS. */
  colours?: BrandColours | undefined
  /** Captions and cards set in this font, ours after it for the characters it lacks. */
  font?: BrandFontFile | undefined
  openingCard?: BrandOpeningCard | undefined
  closingCard?: BrandClosingCard | undefined
}

/**
 * How long a brand's cards make a video, as planned: a voiced closing card may grow to its speech, which only the
 * render measures. A video's scenes and cards together must keep to VIDEO_MAX_SECONDS.
 */
export function getBrandCardSeconds(brand: Pick<BrandOverlay, 'openingCard' | 'closingCard'> | undefined): number {
  return (brand?.openingCard?.seconds ?? 0) + (brand?.closingCard?.seconds ?? 0)
}

/**
 * Part of every branded still's key: raise it whenever the same logo would be placed or blended differently
 * (the safe areas, the caption band, the scaling), so stored stills are drawn again.
 */
export const BRAND_OVERLAY_VERSION = 1

/**
 * What a logo contributes to a still's key: its content identity (never a temporary path when a version is
 * given), place, size and opacity, and whether the video shows captions (a bottom-corner logo moves above them).
 */
export function getLogoKey(logo: LogoOverlay, captions: boolean): Record<string, unknown> {
  const { version, file, position, size, opacity } = logo
  return {
    v: BRAND_OVERLAY_VERSION,
    file: version ?? file,
    position,
    size,
    opacity,
    ...(position.startsWith('bottom') ? { captions } : {}),
  }
}
