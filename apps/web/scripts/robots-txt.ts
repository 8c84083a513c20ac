import { toAbsoluteUrl } from './sitemap.ts'

/** The app area and sign-in run in the browser behind a session; crawlers only need the public pages. */
export const DISALLOWED_PATHS = ['/app/', '/auth/'] as const

export function createRobotsTxt(publicUrl: string, sitemapPath = '/sitemap.xml'): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${toAbsoluteUrl(publicUrl, sitemapPath)}`,
    '',
  ].join('\n')
}
