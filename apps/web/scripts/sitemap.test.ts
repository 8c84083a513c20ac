import { describe, expect, it } from 'vitest'

import { createSitemapEntries, createSitemapXml, toAbsoluteUrl } from './sitemap.ts'

describe('createSitemapEntries', () => {
  it('lists the landing pages in order, then every post with its date as lastmod', () => {
    const entries = createSitemapEntries(['/', '/pricing'], [{ slug: 'first-post', date: '2024-05-01' }])
    expect(entries).toEqual([{ path: '/' }, { path: '/pricing' }, { path: '/blog/first-post', lastmod: '2024-05-01' }])
  })
})

describe('createSitemapXml', () => {
  it('builds a urlset with absolute URLs and lastmod only where known', () => {
    const xml = createSitemapXml('https://example.test', [
      { path: '/' },
      { path: '/blog/a-post', lastmod: '2025-01-31' },
    ])
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://example.test/</loc></url>',
        '  <url><loc>https://example.test/blog/a-post</loc><lastmod>2025-01-31</lastmod></url>',
        '</urlset>',
        '',
      ].join('\n'),
    )
  })

  it('escapes characters that are special in XML', () => {
    expect(createSitemapXml('https://example.test', [{ path: '/search?a=1&b=2' }])).toContain(
      '<loc>https://example.test/search?a=1&amp;b=2</loc>',
    )
  })

  it('rejects a path listed twice', () => {
    expect(() => createSitemapXml('https://example.test', [{ path: '/pricing' }, { path: '/pricing' }])).toThrow(
      'sitemap lists /pricing twice',
    )
  })
})

describe('toAbsoluteUrl', () => {
  it('joins the origin and path without doubling the slash', () => {
    expect(toAbsoluteUrl('https://example.test/', '/features')).toBe('https://example.test/features')
    expect(toAbsoluteUrl('https://example.test', '/')).toBe('https://example.test/')
  })

  it('rejects a relative path', () => {
    expect(() => toAbsoluteUrl('https://example.test', 'features')).toThrow('must start with "/"')
  })
})
