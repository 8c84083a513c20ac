import path from 'node:path'

import { parseWebEnv } from '../app/lib/env-schema.ts'

export type PostbuildConfig = {
  /** Public origin without a trailing slash, e.g. https://storyreel.app */
  publicUrl: string
  /** apps/web */
  webDir: string
  /** apps/web/build */
  buildDir: string
  /** apps/web/build/client, the static files the server sends */
  clientDir: string
  /** apps/web/route-rules.json */
  routeRulesFile: string
  /** apps/web/public/favicon.svg, the source of every app icon */
  faviconFile: string
  /** The Tag Manager container the pages were built with, or null; the server's CSP follows it. */
  gtmId: string | null
}

/**
 * The post-build step's whole configuration. `env` is what Vite's `loadEnv` sees (process.env plus .env
 * files), so a value set either way reaches the pages and the sitemap alike.
 */
export function getPostbuildConfig(env: Record<string, string | undefined>, webDir: string): PostbuildConfig {
  // The same schema as the pages' canonicals, so sitemap and robots.txt name the same host.
  const { publicUrl, gtmId } = parseWebEnv(env)
  const buildDir = path.join(webDir, 'build')
  return {
    publicUrl,
    webDir,
    buildDir,
    clientDir: path.join(buildDir, 'client'),
    routeRulesFile: path.join(webDir, 'route-rules.json'),
    faviconFile: path.join(webDir, 'public', 'favicon.svg'),
    gtmId,
  }
}
