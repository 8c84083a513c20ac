/** Every prerendered landing page, in menu order first. The sitemap and the prerender list read this. */
export const LANDING_PATHS = [
  '/',
  '/features',
  '/testimonials',
  '/pricing',
  '/ambassador',
  '/privacy',
  '/confirm',
  '/blog',
  '/developers',
] as const

/**
 * Prerendered once as the error page for unknown paths; the server swaps this placeholder for the
 * requested path (apps/api/src/modules/site/site-files.ts NOT_FOUND_PLACEHOLDER).
 */
export const NOT_FOUND_PAGE_PATH = '/__not-found'

export type LandingPath = (typeof LANDING_PATHS)[number]

export const NAV_LINKS: ReadonlyArray<{ to: LandingPath; label: string }> = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/testimonials', label: 'Testimonials' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/ambassador', label: 'Become Ambassador' },
]

/** Where the build writes each page's Open Graph image (scripts/og-images.ts) and where its meta tags point. */
export function getOgImagePath(pagePath: string): string {
  return pagePath === '/' ? '/og/home.png' : `/og${pagePath}.png`
}

/** Where the build writes an article's cover picture (scripts/blog-cover.ts) and where pages point at it. */
export function getBlogCoverPath(slug: string): string {
  return `/blog/covers/${slug}.svg`
}
