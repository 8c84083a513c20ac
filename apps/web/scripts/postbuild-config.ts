import path from 'node:path'

import { z } from 'zod'

/** Same rule as app/lib/env.ts, so the sitemap and robots.txt name the host the pages' canonicals use. */
const PostbuildEnvSchema = z.object({
  VITE_PUBLIC_URL: z.url().default('https://storyreel.app'),
})

export type PostbuildConfig = {
  /** Public origin without a trailing slash, e.g. https://storyreel.app */
  publicUrl: string
  /** apps/web/build */
  buildDir: string
  /** apps/web/build/client, the static files the server sends */
  clientDir: string
  /** apps/web/route-rules.json */
  routeRulesFile: string
  /** apps/web/public/favicon.svg, the source of every app icon */
  faviconFile: string
}

/**
 * The post-build step's whole configuration. `env` is what Vite's `loadEnv` sees (process.env plus .env
 * files), so a value set either way reaches the pages and the sitemap alike.
 */
export function getPostbuildConfig(env: Record<string, string | undefined>, webDir: string): PostbuildConfig {
  const result = PostbuildEnvSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid web environment:\n  ${problems.join('\n  ')}`)
  }
  const buildDir = path.join(webDir, 'build')
  return {
    publicUrl: result.data.VITE_PUBLIC_URL.replace(/\/+$/, ''),
    buildDir,
    clientDir: path.join(buildDir, 'client'),
    routeRulesFile: path.join(webDir, 'route-rules.json'),
    faviconFile: path.join(webDir, 'public', 'favicon.svg'),
  }
}
