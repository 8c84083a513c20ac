/**
 * The blog's five categories, in the order the site lists them, and the URL form of each (`?category=` on
 * /blog). Kept apart from the front-matter schema so the browser can use them without bundling the validator.
 */
export const BLOG_CATEGORIES = [
  'How to',
  'Extensive Music Library',
  'Tutorials & Guides',
  'Product',
  'Ultra-Realistic AI Voiceover',
] as const

export type BlogCategory = (typeof BLOG_CATEGORIES)[number]

/** "Tutorials & Guides" gives "tutorials-guides". */
export function getBlogCategorySlug(category: BlogCategory): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * The id of a category's section on /blog: a link to `?category=…#…` lands on it before the page has hydrated,
 * or without JavaScript, when the filter has not been applied yet.
 */
export function getBlogCategorySectionId(category: BlogCategory): string {
  return `category-${getBlogCategorySlug(category)}`
}

export function findBlogCategoryBySlug(slug: string | null | undefined): BlogCategory | undefined {
  return BLOG_CATEGORIES.find((category) => getBlogCategorySlug(category) === slug)
}
