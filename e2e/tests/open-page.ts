import type { Page, Response } from '@playwright/test'

/** Opens a page and waits until its scripts have loaded and React has hydrated, so clicks reach handlers. */
export async function openPage(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path)
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter))
  return response
}
