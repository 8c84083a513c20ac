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

/**
 * What an owner's brand puts on every video, still and preview, over the drawn frames: composited after the
 * scenes are drawn, so it is never part of a scene's cache key (decision 056).
 */
export type BrandOverlay = { logo?: LogoOverlay | undefined }

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
