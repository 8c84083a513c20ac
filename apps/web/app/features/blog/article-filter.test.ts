import { describe, expect, it } from 'vitest'

import { describeResults } from './article-browser.tsx'
import { filterArticles, getSearchTerms, type ArticleSummary } from './article-filter.ts'

const ARTICLES: ArticleSummary[] = [
  {
    slug: 'voices',
    title: 'What makes an AI voiceover sound human',
    category: 'Ultra-Realistic AI Voiceover',
    description: 'Pacing, pauses and emphasis in narration.',
    date: '2025-03-01',
    readingMinutes: 6,
  },
  {
    slug: 'cafe',
    title: 'A video for a small café',
    category: 'How to',
    description: 'Storyboard an ad for your coffee shop.',
    date: '2025-02-01',
    readingMinutes: 5,
  },
  {
    slug: 'music',
    title: 'Choosing music for your video',
    category: 'Extensive Music Library',
    description: 'Match the mood of the track to the story.',
    date: '2025-01-01',
    readingMinutes: 4,
  },
]

const slugs = (articles: ArticleSummary[]) => articles.map((article) => article.slug)

describe('filterArticles', () => {
  it('keeps every article without a category or a query', () => {
    expect(slugs(filterArticles(ARTICLES, {}))).toEqual(['voices', 'cafe', 'music'])
  })

  it('keeps one category', () => {
    expect(slugs(filterArticles(ARTICLES, { category: 'How to' }))).toEqual(['cafe'])
  })

  it('needs every word of the query, in any order, ignoring case and accents', () => {
    expect(slugs(filterArticles(ARTICLES, { query: 'CAFE storyboard' }))).toEqual(['cafe'])
    expect(slugs(filterArticles(ARTICLES, { query: 'video' }))).toEqual(['cafe', 'music'])
    expect(slugs(filterArticles(ARTICLES, { query: 'video pauses' }))).toEqual([])
  })

  it('searches the category name too, and combines query and category', () => {
    expect(slugs(filterArticles(ARTICLES, { query: 'music library' }))).toEqual(['music'])
    expect(slugs(filterArticles(ARTICLES, { query: 'video', category: 'How to' }))).toEqual(['cafe'])
  })

  it('treats punctuation as spaces', () => {
    expect(getSearchTerms('  "voice-over", mood! ')).toEqual(['voice', 'over', 'mood'])
  })
})

describe('describeResults', () => {
  it('says how many articles are left, and for what', () => {
    expect(describeResults({ count: 70, total: 70, category: undefined, query: '' })).toBe(
      '70 articles in 5 categories',
    )
    expect(describeResults({ count: 14, total: 70, category: 'Product', query: ' ' })).toBe('14 articles in Product')
    expect(describeResults({ count: 1, total: 70, category: 'Product', query: 'redeem ' })).toBe(
      '1 article matches “redeem” in Product',
    )
    expect(describeResults({ count: 0, total: 70, category: undefined, query: 'zebra' })).toBe(
      '0 articles match “zebra”',
    )
  })
})
