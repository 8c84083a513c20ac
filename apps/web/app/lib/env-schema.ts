import { z } from 'zod'

/**
 * The web app's public, build-time configuration. Only VITE_ values, because they end up in the browser.
 * Parsed once by the Vite config (and the post-build step); the browser receives the parsed result, not zod.
 */
const WebEnvSchema = z.object({
  VITE_PUBLIC_URL: z.url().default('https://storyreel.app'),
  VITE_API_URL: z.string().default('/api'),
})

export type PublicEnv = { publicUrl: string; apiUrl: string }

export function parseWebEnv(raw: Record<string, string | undefined>): PublicEnv {
  const result = WebEnvSchema.safeParse(raw)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid web environment:\n  ${problems.join('\n  ')}`)
  }
  return { publicUrl: result.data.VITE_PUBLIC_URL.replace(/\/+$/, ''), apiUrl: result.data.VITE_API_URL }
}
