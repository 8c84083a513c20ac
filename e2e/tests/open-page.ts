import type { Page, Response } from '@playwright/test'

/** Opens a page and waits until its scripts have loaded and React has hydrated it, so clicks reach handlers. */
export async function openPage(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path)
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() =>
    Boolean((window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter),
  )
  // Hydration is time-sliced: wait until React owns the site's header and footer links (the footer hydrates
  // last). A page's own <header> inside <main> may be a static island, whose links React never takes over.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('header a, footer a')]
      .filter((link) => !link.closest('main'))
      .every((link) => Object.keys(link).some((key) => key.startsWith('__reactFiber'))),
  )
  return response
}
