import { describe, expect, it } from 'vitest'

import { BLOG_CATEGORIES } from '@storyreel/contracts/blog-categories'

import { createBlogCoverSvg } from './blog-cover.ts'

describe('createBlogCoverSvg', () => {
  it('draws the same cover for the same article and a different one for another', () => {
    const cover = createBlogCoverSvg({ slug: 'how-to-start', category: 'How to' })
    expect(createBlogCoverSvg({ slug: 'how-to-start', category: 'How to' })).toBe(cover)
    expect(createBlogCoverSvg({ slug: 'how-to-finish', category: 'How to' })).not.toBe(cover)
  })

  it('makes a small, self-contained 1200x630 SVG for every category', () => {
    for (const category of BLOG_CATEGORIES) {
      const svg = createBlogCoverSvg({ slug: 'any-article', category })
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 630"/)
      expect(svg.endsWith('</svg>')).toBe(true)
      expect(svg).not.toMatch(/href=|<text|<script/)
      expect(svg.length).toBeLessThan(8000)
    }
  })

  it('refuses a category it has no style for', () => {
    expect(() => createBlogCoverSvg({ slug: 'x', category: 'News' as never })).toThrow(/News/)
  })
})
