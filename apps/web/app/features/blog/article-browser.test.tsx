// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { ArticleBrowser } from './article-browser.tsx'
import type { ArticleSummary } from './article-filter.ts'

const ARTICLES: ArticleSummary[] = [
  {
    slug: 'redeem',
    title: 'Redeem a Free Week code',
    category: 'Product',
    description: 'Where to enter it.',
    date: '2026-01-02',
    readingMinutes: 2,
  },
  {
    slug: 'tempo',
    title: 'How tempo shapes pacing',
    category: 'How to',
    description: 'Beats and cuts.',
    date: '2026-01-03',
    readingMinutes: 3,
  },
]

// As in a browser: React may skip a location the router went through when the next one arrives first.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false
})
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true
})
afterEach(cleanup)

/** Lets queued promises run, but no timer: React has not rendered the router's last change yet. */
async function microtasks() {
  for (let i = 0; i < 50; i++) await Promise.resolve()
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function open(initial: string) {
  const router = createMemoryRouter(
    [
      { path: '/blog', element: <ArticleBrowser articles={ARTICLES} /> },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [initial] },
  )
  render(<RouterProvider router={router} />)
  const chip = (name: RegExp) => screen.getByRole('link', { name })
  const current = () => screen.getAllByRole('link').find((link) => link.getAttribute('aria-current'))?.textContent
  const box = () => screen.getByRole<HTMLInputElement>('searchbox')
  return { router, chip, current, box }
}

describe('ArticleBrowser', () => {
  it('follows back to the category chosen before a quick second tap', async () => {
    const { router, chip, current } = open('/blog')
    await wait(20)
    chip(/^Product/).click()
    await microtasks()
    chip(/^All/).click()
    await wait(50)
    expect(router.state.location.search).toBe('')
    await router.navigate(-1)
    await wait(50)
    expect(router.state.location.search).toBe('?category=product')
    expect(current()).toMatch(/^Product/)
    expect(screen.getByRole('status').textContent).toBe('1 article in Product')
  })

  it('goes back one tap among quick taps that return to an earlier category', async () => {
    const { router, chip, current } = open('/blog')
    await wait(20)
    for (const name of [/^Product/, /^How to/, /^Product/]) {
      chip(name).click()
      await microtasks()
    }
    await wait(50)
    await router.navigate(-1)
    await wait(50)
    expect(router.state.location.search).toBe('?category=how-to')
    expect(current()).toMatch(/^How to/)
  })

  it('keeps words typed before a category is chosen, and back does not write them again', async () => {
    const { router, chip, current, box } = open('/blog')
    await wait(20)
    chip(/^Product/).click()
    fireEvent.change(box(), { target: { value: 'redeem' } })
    await wait(400)
    expect(router.state.location.search).toBe('?category=product&q=redeem')
    expect(screen.getByRole('status').textContent).toBe('1 article matches “redeem” in Product')
    await router.navigate(-1)
    await wait(400)
    expect(router.state.location.search).toBe('')
    expect(box().value).toBe('')
    expect(current()).toMatch(/^All/)
  })

  it('opens filtered from its first frame after a client navigation', async () => {
    const { router } = open('/elsewhere')
    await wait(20)
    const statuses: string[] = []
    const observer = new MutationObserver(() => {
      const status = document.querySelector('[role=status]')?.textContent
      if (status && statuses.at(-1) !== status) statuses.push(status)
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    await router.navigate('/blog?category=product')
    await wait(50)
    observer.disconnect()
    expect(statuses).toEqual(['1 article in Product'])
  })
})
