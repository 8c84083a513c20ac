import { existsSync } from 'node:fs'
import path from 'node:path'

import { Marked, type Tokens } from 'marked'

export type TocEntry = { id: string; text: string; depth: 2 | 3 }

export function slugifyHeading(text: string): string {
  return text
    .toLowerCase()
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
}

export function countWords(markdown: string): number {
  return markdown
    .replace(/[#>*_`[\]()-]/g, ' ')
    .split(/\s+/)
    .filter((word) => /[A-Za-z0-9]/.test(word)).length
}

export type RenderMarkdownOptions = {
  /** Levels added to every rendered heading, so a document placed under a page's own h2 keeps a valid outline. */
  headingOffset?: number
  /** Prepended to every heading id, so two documents rendered on one page never share an id. */
  idPrefix?: string
}

/**
 * Renders Markdown to HTML, giving every h2/h3 a stable id and returning them as a table of contents.
 * TOC depths stay the Markdown levels (## is 2) whatever `headingOffset` renders them as.
 */
export function renderMarkdown(
  markdown: string,
  { headingOffset = 0, idPrefix = '' }: RenderMarkdownOptions = {},
): { html: string; toc: TocEntry[] } {
  const toc: TocEntry[] = []
  const seen = new Map<string, number>()
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens)
        const text = token.text.replace(/[*_`]/g, '')
        const base = slugifyHeading(text) || 'section'
        const count = seen.get(base) ?? 0
        seen.set(base, count + 1)
        const id = `${idPrefix}${count === 0 ? base : `${base}-${count}`}`
        if (token.depth === 2 || token.depth === 3) toc.push({ id, text, depth: token.depth })
        const level = Math.min(6, token.depth + headingOffset)
        return `<h${level} id="${id}">${inner}</h${level}>\n`
      },
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens)
        const external = /^https?:\/\//.test(token.href)
        const rel = external ? ' rel="noopener noreferrer" target="_blank"' : ''
        return `<a href="${token.href}"${rel}>${inner}</a>`
      },
      html() {
        // Articles are Markdown only; raw HTML is dropped so no post can inject markup or scripts.
        return ''
      },
    },
  })
  const html = marked.parse(markdown, { async: false })
  return { html, toc }
}

/** Walks up from the working directory, so builds started from the root or a workspace both find the posts. */
export function findContentDir(name: 'blog' | 'legal', from = process.cwd()): string {
  let dir = path.resolve(from)
  for (;;) {
    const candidate = path.join(dir, 'content', name)
    if (existsSync(candidate)) return candidate
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`content/${name} not found above ${from}`)
    dir = parent
  }
}
