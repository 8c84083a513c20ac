import type { ReactElement } from 'react'
import { describe, expect, it } from 'vitest'

import { BRAND } from '@storyreel/contracts/brand'

import { createOgCardElement, getTitleFontSize } from './og-card.ts'

type Node = ReactElement<{ children?: Node | string | Array<Node | string> }> | string

function collectText(node: Node | undefined): string[] {
  if (node === undefined) return []
  if (typeof node === 'string') return [node]
  const { children } = node.props
  return (Array.isArray(children) ? children : [children]).flatMap((child) => collectText(child))
}

describe('createOgCardElement', () => {
  it('shows a page title with its tagline', () => {
    const text = collectText(createOgCardElement({ kind: 'page', title: 'Pricing', tagline: 'Start free.' }))
    expect(text).toEqual(expect.arrayContaining(['Pricing', 'Start free.']))
  })

  it('shows the brand name, tagline and domain on every card', () => {
    const text = collectText(createOgCardElement({ kind: 'page', title: 'Pricing', tagline: 'Start free.' }))
    expect(text).toEqual(expect.arrayContaining([BRAND.name, BRAND.tagline, BRAND.domain]))
  })

  it('shows a post title with its category and reading time', () => {
    const card = createOgCardElement({
      kind: 'post',
      title: 'Scripts that hook',
      category: 'How to',
      readingMinutes: 7,
    })
    expect(collectText(card)).toEqual(expect.arrayContaining(['Scripts that hook', 'How to', '7 min read']))
  })
})

describe('getTitleFontSize', () => {
  it('steps the size down as titles get longer', () => {
    const sizes = [10, 40, 70, 100].map((length) => getTitleFontSize('x'.repeat(length)))
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
    expect(new Set(sizes).size).toBe(4)
  })
})
