import { expect, test, type Page } from '@playwright/test'

import { BLOG_SLUGS, LANDING_PAGES } from './site-data.ts'

/** Every violation the page reports (blocked scripts, eval, frames, media), recorded from the first script on. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      )
    })
  })
}

/** Opens a page and waits until its scripts have run and React has hydrated it. */
async function visit(page: Page, path: string): Promise<string[]> {
  const response = await page.goto(path)
  expect(response?.status(), path).toBeLessThan(500)
  await page.waitForFunction(() =>
    Boolean((window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter),
  )
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)
}

// Prerendered pages: the landing pages and the blog index, the error page, and every article (in two halves,
// so the two workers share them).
const PAGES = [...LANDING_PAGES, '/blog', '/no-such-page']
const half = Math.ceil(BLOG_SLUGS.length / 2)
const ARTICLE_GROUPS = [BLOG_SLUGS.slice(0, half), BLOG_SLUGS.slice(half)].map((slugs) =>
  slugs.map((slug) => `/blog/${slug}`),
)

test.describe('Content-Security-Policy', () => {
  for (const [name, paths] of [
    ['landing pages, the blog index and the error page', PAGES],
    ['the first half of the articles', ARTICLE_GROUPS[0] ?? []],
    ['the second half of the articles', ARTICLE_GROUPS[1] ?? []],
  ] as const) {
    test(`no prerendered page reports a violation: ${name}`, async ({ page }) => {
      test.setTimeout(90_000)
      await recordViolations(page)
      for (const path of paths) expect(await visit(page, path), path).toEqual([])
    })
  }
})
