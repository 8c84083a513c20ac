import type { RouteRules } from '@storyreel/contracts/route-rules'

import { parseBuildInfo, type BuildMeta } from '../app/lib/build-manifest.ts'

export const LATEST_BUILD_FILE = 'builds/latest.json'

export function getBuildMetaFile(buildId: string): string {
  return `builds/meta/${buildId}.json`
}

/**
 * `builds/meta/{id}.json` for the build that `builds/latest.json` (written by the Vite config) names: the
 * validated route rules and every prerendered page, which the browser reads to route and prefetch.
 */
export function createBuildMeta(latestJson: string, routeRules: RouteRules, prerendered: readonly string[]): BuildMeta {
  const build = parseBuildInfo(JSON.parse(latestJson))
  if (!build) throw new Error(`${LATEST_BUILD_FILE} has no build id and timestamp`)
  if (!/^[\w-]+$/.test(build.id)) throw new Error(`${LATEST_BUILD_FILE}: the build id "${build.id}" is not file-safe`)
  return { ...build, routeRules, prerendered: [...prerendered] }
}
