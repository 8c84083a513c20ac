/**
 * Plans and their render limits: the API enforces them and the pricing page states them, both from here.
 * Kept apart from the zod schemas so a landing page can read the figures without bundling the validator.
 */

export const RESOLUTIONS = ['720p', '1080p'] as const
export type Resolution = (typeof RESOLUTIONS)[number]

export const PLANS = ['free', 'paid'] as const
export type Plan = (typeof PLANS)[number]

/**
 * Per-plan render limits, enforced by the API. Failed renders, and renders canceled before they started, do not
 * count; the day is the UTC day.
 */
export const PLAN_LIMITS = {
  free: { rendersPerDay: 3, maxResolution: '720p' },
  paid: { rendersPerDay: 50, maxResolution: '1080p' },
} as const satisfies Record<Plan, { rendersPerDay: number; maxResolution: Resolution }>
