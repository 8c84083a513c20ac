import { describe, expect, it } from 'vitest'

import { BLOG_CATEGORIES, findBlogCategoryBySlug, getBlogCategorySlug } from './blog-categories.ts'

describe('blog category slugs', () => {
  it('gives each category a distinct lower-case slug that finds it again', () => {
    const slugs = BLOG_CATEGORIES.map(getBlogCategorySlug)
    expect(slugs).toEqual([
      'how-to',
      'extensive-music-library',
      'tutorials-guides',
      'product',
      'ultra-realistic-ai-voiceover',
    ])
    for (const category of BLOG_CATEGORIES) expect(findBlogCategoryBySlug(getBlogCategorySlug(category))).toBe(category)
  })

  it('finds nothing for an unknown or missing slug', () => {
    expect(findBlogCategoryBySlug('news')).toBeUndefined()
    expect(findBlogCategoryBySlug(null)).toBeUndefined()
  })
})
