export type SitemapEntry = {
  /** Site path starting with "/" */
  path: string
  /** YYYY-MM-DD, when known */
  lastmod?: string
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char)
}

/** "/" becomes the bare origin plus "/", other paths are appended as they are (no trailing slash, like the canonicals). */
export function toAbsoluteUrl(publicUrl: string, path: string): string {
  if (!path.startsWith('/')) throw new Error(`sitemap path must start with "/": ${path}`)
  return `${publicUrl.replace(/\/+$/, '')}${path}`
}

/** Landing pages first, in the given order, then one entry per post with its publication date. */
export function createSitemapEntries(
  landingPaths: readonly string[],
  posts: ReadonlyArray<{ slug: string; date: string }>,
): SitemapEntry[] {
  return [
    ...landingPaths.map((path) => ({ path })),
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.date })),
  ]
}

/** @see https://www.sitemaps.org/protocol.html */
export function createSitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const seen = new Set<string>()
  const urls = entries.map((entry) => {
    if (seen.has(entry.path)) throw new Error(`sitemap lists ${entry.path} twice`)
    seen.add(entry.path)
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : ''
    return `  <url><loc>${escapeXml(toAbsoluteUrl(publicUrl, entry.path))}</loc>${lastmod}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
