import { z } from 'zod'

/**
 * Public, build-time configuration. Only VITE_ values reach the browser, so nothing secret belongs here.
 * Parsed once; a bad value fails the build with every problem listed.
 */
const EnvSchema = z.object({
  VITE_PUBLIC_URL: z.url().default('https://storyreel.app'),
  VITE_API_URL: z.string().default('/api'),
})

function parseEnv() {
  const result = EnvSchema.safeParse(import.meta.env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid web environment:\n  ${problems.join('\n  ')}`)
  }
  return { publicUrl: result.data.VITE_PUBLIC_URL.replace(/\/$/, ''), apiUrl: result.data.VITE_API_URL }
}

export const env = parseEnv()
