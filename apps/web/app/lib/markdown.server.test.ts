import { describe, expect, it } from 'vitest'

import { renderMarkdown } from './markdown.server.ts'

const SOURCE = '## 1. Who we are\n\nText.\n\n### 1.1 Contact\n\nMore.\n\n## 1. Who we are\n'

describe('renderMarkdown', () => {
  it('keeps ## as h2 with plain ids by default', () => {
    const { html, toc } = renderMarkdown(SOURCE)
    expect(html).toContain('<h2 id="1-who-we-are">1. Who we are</h2>')
    expect(html).toContain('<h3 id="11-contact">1.1 Contact</h3>')
    expect(html).toContain('<h2 id="1-who-we-are-1">')
    expect(toc.map((entry) => entry.depth)).toEqual([2, 3, 2])
  })

  it('renders headings deeper by headingOffset and prefixes their ids', () => {
    const { html, toc } = renderMarkdown(SOURCE, { headingOffset: 1, idPrefix: 'terms-' })
    expect(html).toContain('<h3 id="terms-1-who-we-are">1. Who we are</h3>')
    expect(html).toContain('<h4 id="terms-11-contact">1.1 Contact</h4>')
    expect(html).toContain('<h3 id="terms-1-who-we-are-1">')
    expect(html).not.toMatch(/<h2/)
    expect(toc).toEqual([
      { id: 'terms-1-who-we-are', text: '1. Who we are', depth: 2 },
      { id: 'terms-11-contact', text: '1.1 Contact', depth: 3 },
      { id: 'terms-1-who-we-are-1', text: '1. Who we are', depth: 2 },
    ])
  })
})
