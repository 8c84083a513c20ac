import { z } from 'zod'

import { getGtmIdProblem } from './gtm-id.ts'

/**
 * The web app's public, build-time configuration. Only VITE_ values, because they end up in the browser.
 * Parsed once by the Vite config (and the post-build step); the browser receives the parsed result, not zod.
 */
const WebEnvSchema = z.object({
  VITE_PUBLIC_URL: z.url().default('https://storyreel.app'),
  /**
   * The "node host": the origin that serves /api/ and /admin/. Empty means the site's own origin (one
   * `npm start` process); set it when the site sits on a CDN and the API runs elsewhere.
   */
  VITE_NODE_HOST: z.union([z.literal(''), z.url().regex(/^https?:\/\/[^/]+$/, 'must be an origin')]).default(''),
  VITE_API_VERSION: z.coerce.number().int().min(1).default(1),
  /** 0 means no timeout. */
  VITE_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(0),
  /** How often an open page asks whether a newer build is live; hourly unless set. */
  VITE_BUILD_CHECK_INTERVAL_MS: z.coerce.number().int().min(10_000).default(3_600_000),
  /**
   * The Google Tag Manager container. Empty means no Tag Manager at all; a malformed id fails the build with
   * the corrected id as a suggestion, rather than shipping a container that never loads.
   */
  VITE_GTM_ID: z
    .string()
    .default('')
    .superRefine((value, context) => {
      const problem = value === '' ? undefined : getGtmIdProblem(value)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    }),
})

export type PublicEnv = {
  publicUrl: string
  nodeHost: string
  apiVersion: number
  requestTimeoutMs: number
  buildCheckIntervalMs: number
  /** A valid container id, or null when Tag Manager is off. */
  gtmId: string | null
}

export function parseWebEnv(raw: Record<string, string | undefined>): PublicEnv {
  const result = WebEnvSchema.safeParse(raw)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid web environment:\n  ${problems.join('\n  ')}`)
  }
  return {
    publicUrl: result.data.VITE_PUBLIC_URL.replace(/\/+$/, ''),
    nodeHost: result.data.VITE_NODE_HOST,
    apiVersion: result.data.VITE_API_VERSION,
    requestTimeoutMs: result.data.VITE_REQUEST_TIMEOUT_MS,
    buildCheckIntervalMs: result.data.VITE_BUILD_CHECK_INTERVAL_MS,
    gtmId: result.data.VITE_GTM_ID || null,
  }
}
