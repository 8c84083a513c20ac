import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import { parse as parseYaml } from 'yaml'

import { BLOG_CATEGORIES, BLOG_MIN_WORDS, BlogFrontMatterSchema, type BlogCategory } from '@storyreel/contracts/blog'

import { countWords, findContentDir, renderMarkdown, type TocEntry } from '../../lib/markdown.server.ts'
import type { ArticleSummary } from './article-filter.ts'

export { findContentDir }
export type { TocEntry }

/** The /blog index's card, filter and search read the same summary the server makes. */
export type PostSummary = ArticleSummary

export type Post = PostSummary & { html: string; toc: TocEntry[]; wordCount: number }

const WORDS_PER_MINUTE = 230
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/

export class PostValidationError extends Error {}

export function parsePost(fileName: string, source: string): Post {
  const where = `content/blog/${fileName}`
  const match = FRONT_MATTER.exec(source)
  if (!match) throw new PostValidationError(`${where}: missing front matter block (--- ... ---) at the top`)
  const [, yamlText = '', body = ''] = match
  let raw: unknown
  try {
    raw = parseYaml(yamlText)
  } catch (error) {
    throw new PostValidationError(`${where}: front matter is not valid YAML: ${(error as Error).message}`)
  }
  const parsed = BlogFrontMatterSchema.safeParse(raw)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    throw new PostValidationError(`${where}: invalid front matter:\n  ${issues.join('\n  ')}`)
  }
  const meta = parsed.data
  if (`${meta.slug}.md` !== fileName) {
    throw new PostValidationError(`${where}: slug "${meta.slug}" must match the file name`)
  }
  if (/^#\s/m.test(body)) {
    throw new PostValidationError(`${where}: use ## headings; the page renders the title as the only h1`)
  }
  const wordCount = countWords(body)
  if (wordCount < BLOG_MIN_WORDS) {
    throw new PostValidationError(`${where}: ${wordCount} words, at least ${BLOG_MIN_WORDS} are required`)
  }
  const { html, toc } = renderMarkdown(body)
  return {
    ...meta,
    readingMinutes: Math.max(1, Math.ceil(wordCount / WORDS_PER_MINUTE)),
    wordCount,
    html,
    toc,
  }
}

/** Newest first; posts of one day by slug, so the order never depends on the files' order. */
const byNewest = (a: Post, b: Post) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug)

export async function loadPosts(dir: string): Promise<Post[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.md')).sort()
  const posts = await Promise.all(
    files.map(async (file) => parsePost(file, await readFile(path.join(dir, file), 'utf8'))),
  )
  return posts.sort(byNewest)
}

let cache: Promise<Post[]> | undefined

export function getAllPosts(): Promise<Post[]> {
  cache ??= loadPosts(findContentDir('blog'))
  return cache
}

export async function getPost(slug: string): Promise<Post | undefined> {
  return (await getAllPosts()).find((post) => post.slug === slug)
}

export function toSummary({ slug, title, category, description, date, readingMinutes }: Post): PostSummary {
  return { slug, title, category, description, date, readingMinutes }
}

/** Three other posts: the neighbours of this one in its category, so every post gets linked from somewhere. */
export function getRelatedPosts(posts: Post[], post: Post, count = 3): PostSummary[] {
  const sameCategory = posts.filter((candidate) => candidate.category === post.category)
  const index = sameCategory.findIndex((candidate) => candidate.slug === post.slug)
  const related: PostSummary[] = []
  for (let step = 1; related.length < count && step < sameCategory.length; step++) {
    const candidate = sameCategory[(index + step) % sameCategory.length]
    if (candidate) related.push(toSummary(candidate))
  }
  return related
}

/** Articles the wall above every footer lists per category: the newest, then a link to the whole category. */
export const BLOG_WALL_POSTS_PER_CATEGORY = 2

export type BlogIndexEntry = {
  category: BlogCategory
  /** Articles in the category, all of them. */
  total: number
  /** The newest few, newest first. */
  posts: Array<{ slug: string; title: string }>
}

/**
 * The wall's data: each category's newest articles and its count. Every page carries the wall, so it stays
 * the same size however many articles we publish; the category on /blog lists the rest (decision 066).
 */
export function groupByCategory(posts: Post[], perCategory = BLOG_WALL_POSTS_PER_CATEGORY): BlogIndexEntry[] {
  const newestFirst = posts.toSorted(byNewest)
  return BLOG_CATEGORIES.map((category) => {
    const inCategory = newestFirst.filter((post) => post.category === category)
    return {
      category,
      total: inCategory.length,
      posts: inCategory.slice(0, perCategory).map(({ slug, title }) => ({ slug, title })),
    }
  })
}
