import blogSlugs from 'virtual:blog-slugs'

const KNOWN_SLUGS = new Set(blogSlugs)

/** The article route's validity check: only slugs that were built exist. */
export function isKnownPostSlug(slug: string | undefined): boolean {
  return slug !== undefined && KNOWN_SLUGS.has(slug)
}
