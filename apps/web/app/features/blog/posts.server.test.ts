import { describe, expect, it } from 'vitest'

import {
  BLOG_WALL_POSTS_PER_CATEGORY,
  getRelatedPosts,
  groupByCategory,
  loadPosts,
  parsePost,
  PostValidationError,
} from './posts.server.ts'
import { findContentDir } from '../../lib/markdown.server.ts'

const BODY = `Opening paragraph.\n\n## First part\n\n${'word '.repeat(720)}\n\n### A detail\n\nMore.\n`

function source(frontMatter: string, body = BODY) {
  return `---\n${frontMatter}\n---\n${body}`
}

const VALID = [
  'title: "A Valid Title For Testing"',
  'slug: "a-valid-post"',
  'category: "How to"',
  'description: "A description that is long enough to satisfy the fifty character minimum."',
  'date: "2025-01-31"',
].join('\n')

describe('parsePost', () => {
  it('parses front matter, renders the body and builds the contents', () => {
    const post = parsePost('a-valid-post.md', source(VALID))
    expect(post.slug).toBe('a-valid-post')
    expect(post.category).toBe('How to')
    expect(post.toc).toEqual([
      { id: 'first-part', text: 'First part', depth: 2 },
      { id: 'a-detail', text: 'A detail', depth: 3 },
    ])
    expect(post.html).toContain('<h2 id="first-part">First part</h2>')
    expect(post.readingMinutes).toBe(4)
  })

  it('names the file and the field when front matter is invalid', () => {
    const bad = VALID.replace('"How to"', '"Recipes"')
    expect(() => parsePost('a-valid-post.md', source(bad))).toThrow(PostValidationError)
    expect(() => parsePost('a-valid-post.md', source(bad))).toThrow(
      /content\/blog\/a-valid-post\.md: invalid front matter:\n {2}category/,
    )
  })

  it('rejects a missing block, bad YAML, unknown fields, a slug unlike the file name, and a bad date', () => {
    expect(() => parsePost('x.md', BODY)).toThrow(/content\/blog\/x\.md: missing front matter/)
    expect(() => parsePost('x.md', source('title: [unclosed'))).toThrow(/not valid YAML/)
    expect(() => parsePost('a-valid-post.md', source(`${VALID}\nauthor: "Someone"`))).toThrow(/author/)
    expect(() => parsePost('other-name.md', source(VALID))).toThrow(/must match the file name/)
    expect(() => parsePost('a-valid-post.md', source(VALID.replace('2025-01-31', '31/01/2025')))).toThrow(/date/)
  })

  it('rejects short articles and h1 headings in the body', () => {
    expect(() => parsePost('a-valid-post.md', source(VALID, '## Short\n\nToo short.'))).toThrow(
      /at least 700 are required/,
    )
    expect(() => parsePost('a-valid-post.md', source(VALID, `# Title again\n\n${BODY}`))).toThrow(/only h1/)
  })

  it('drops raw HTML so no article can inject markup', () => {
    const post = parsePost('a-valid-post.md', source(VALID, `${BODY}\n\n<script>alert(1)</script>\n`))
    expect(post.html).not.toContain('<script')
  })
})

describe('the blog in content/blog', () => {
  it('has 70 valid posts, at least 10 per category, with unique slugs', async () => {
    const posts = await loadPosts(findContentDir('blog'))
    expect(posts).toHaveLength(70)
    expect(new Set(posts.map((post) => post.slug)).size).toBe(70)
    const perCategory = Map.groupBy(posts, (post: { category: string }) => post.category)
    expect(perCategory.size).toBe(5)
    for (const [, list] of perCategory) expect(list.length).toBeGreaterThanOrEqual(10)
    for (const post of posts) expect(post.wordCount).toBeGreaterThanOrEqual(700)
  })

  it('gives every post three related posts from its category, never itself', async () => {
    const posts = await loadPosts(findContentDir('blog'))
    for (const post of posts) {
      const related = getRelatedPosts(posts, post)
      expect(related).toHaveLength(3)
      expect(related.every((item) => item.category === post.category && item.slug !== post.slug)).toBe(true)
    }
  })

  it('gives the wall the newest posts of each category and its count, however many there are', async () => {
    const posts = await loadPosts(findContentDir('blog'))
    const wall = groupByCategory(posts)
    expect(wall.map((group) => group.category)).toEqual([
      'How to',
      'Extensive Music Library',
      'Tutorials & Guides',
      'Product',
      'Ultra-Realistic AI Voiceover',
    ])
    for (const group of wall) {
      const inCategory = posts.filter((post) => post.category === group.category)
      const newestFirst = inCategory.toSorted((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
      expect(group.total).toBe(inCategory.length)
      expect(group.posts).toEqual(
        newestFirst.slice(0, BLOG_WALL_POSTS_PER_CATEGORY).map(({ slug, title }) => ({ slug, title })),
      )
    }
    // Newest first whatever order the posts come in.
    expect(groupByCategory(posts.toReversed())).toEqual(wall)
    // Twice the articles, the same wall size.
    const doubled = [...posts, ...posts.map((post) => ({ ...post, slug: `${post.slug}-2`, date: '2000-01-01' }))]
    expect(BLOG_WALL_POSTS_PER_CATEGORY).toBe(2)
    expect(groupByCategory(doubled).map((group) => group.posts.length)).toEqual([2, 2, 2, 2, 2])
    expect(groupByCategory(doubled).reduce((sum, group) => sum + group.total, 0)).toBe(140)
  })

  it('links only to pages and articles that exist', async () => {
    const posts = await loadPosts(findContentDir('blog'))
    const slugs = new Set(posts.map((post) => post.slug))
    const pages = new Set(['/', '/features', '/testimonials', '/pricing', '/ambassador', '/privacy', '/confirm'])
    for (const post of posts) {
      for (const [, href = ''] of post.html.matchAll(/href="([^"]+)"/g)) {
        const path = href.split('#')[0] ?? ''
        const ok = pages.has(path) || (path.startsWith('/blog/') && slugs.has(path.slice(6)))
        expect(ok, `${post.slug} links to ${href}`).toBe(true)
      }
    }
  })
})
