/**
 * Plans and their render limits: the API enforces them and the pricing page states them, both from here.
 * Kept apart from the zod schemas so a landing page can read the figures without bundling the validator.
 */

export const RESOLUTIONS = ['720p', '1080p'] as const
export type Resolution = (typeof RESOLUTIONS)[number]

export const PLANS = ['free', 'paid'] as const
export type Plan = (typeof PLANS)[number]

/** Sizes are in decimal units, as phones and the stores show them: a gigabyte is 1,000,000,000 bytes. */
const MB = 1_000_000
const GB = 1_000_000_000

/**
 * Per-plan limits, enforced by the API. Renders: failed ones, and ones canceled before they started, do not
 * count; the day is the UTC day. The media library: the space all uploads may take, the largest one file may
 * be, and the longest clip. The brand kit: every plan has one (logo, colours, cards); its own font is a paid
 * plan's. Templates: how many of its own an account may keep (the built-in ones are everyone's). API keys: how many
 * an account may hold at once.
 */
export const PLAN_LIMITS = {
  free: {
    rendersPerDay: 3,
    maxResolution: '720p',
    storageBytes: 1 * GB,
    uploadBytes: 200 * MB,
    clipSeconds: 3 * 60,
    brandFont: false,
    savedTemplates: 3,
    apiKeys: 1,
  },
  paid: {
    rendersPerDay: 50,
    maxResolution: '1080p',
    storageBytes: 50 * GB,
    uploadBytes: 2 * GB,
    clipSeconds: 20 * 60,
    brandFont: true,
    savedTemplates: 100,
    apiKeys: 10,
  },
} as const satisfies Record<
  Plan,
  {
    rendersPerDay: number
    maxResolution: Resolution
    storageBytes: number
    uploadBytes: number
    clipSeconds: number
    brandFont: boolean
    savedTemplates: number
    apiKeys: number
  }
>

/** A brand font file may be at most this large: families with many scripts run to a few megabytes. */
export const BRAND_FONT_MAX_BYTES = 10 * MB
