import { expect, test, type Page, type Request } from '@playwright/test'

import { openPage } from './open-page.ts'

type Connection = { effectiveType: string; saveData: boolean }

const isMeta = (url: string) => new URL(url).pathname.startsWith('/builds/meta/')
const isPageData = (url: string) => new URL(url).pathname.endsWith('.data')

/** Emulates the Network Information API, which Chromium otherwise fills from the real network. */
async function emulateConnection(page: Page, connection: Connection): Promise<void> {
  await page.addInitScript((value) => {
    Object.defineProperty(navigator, 'connection', { configurable: true, get: () => value })
  }, connection)
}

function collectRequests(page: Page, predicate: (url: string) => boolean): Request[] {
  const seen: Request[] = []
  page.on('request', (request) => {
    if (predicate(request.url())) seen.push(request)
  })
  return seen
}

function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      Boolean((window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter) &&
      [...document.querySelectorAll('header a, footer a')]
        .filter((link) => !link.closest('main'))
        .every((link) => Object.keys(link).some((key) => key.startsWith('__reactFiber'))),
  )
}

/**
 * Loads a page with the clock paused and steps it 16 ms at a time until React has hydrated, so the app's
 * start (and its one-second timer) happens at a known fake time.
 */
async function openWithPausedClock(page: Page, path: string): Promise<void> {
  // Time runs from install until paused; a minute later is never in the past, and nothing is loaded yet.
  await page.clock.install({ time: new Date('2025-06-01T10:00:00Z') })
  await page.clock.pauseAt(new Date('2025-06-01T10:01:00Z'))
  await page.goto(path)
  for (let step = 0; !(await isHydrated(page)); step++) {
    if (step > 400) throw new Error('the page did not hydrate')
    await page.clock.runFor(16)
  }
}

async function navigateInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    void (
      window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
    ).__reactRouterDataRouter.navigate(target)
  }, to)
}

test.describe('build manifest', () => {
  test('is fetched one second after start, not before', async ({ page }) => {
    const metaRequests = collectRequests(page, isMeta)
    await openWithPausedClock(page, '/')
    await page.clock.runFor(850)
    expect(metaRequests).toHaveLength(0)
    await page.clock.runFor(200)
    await expect.poll(() => metaRequests.length).toBe(1)
    const meta = (await (await metaRequests[0]?.response())?.json()) as {
      prerendered: string[]
      routeRules: Record<string, unknown>
    }
    expect(meta.prerendered).toContain('/pricing')
    expect(meta.routeRules['/step-by-step-guide']).toBeTruthy()
  })

  test('on slow-2g waits until a navigation needs it', async ({ page }) => {
    await emulateConnection(page, { effectiveType: 'slow-2g', saveData: false })
    const metaRequests = collectRequests(page, isMeta)
    const documents = collectRequests(page, (url) => !isMeta(url))
    await openWithPausedClock(page, '/')
    await page.clock.runFor(5000)
    expect(metaRequests).toHaveLength(0)
    await page.clock.resume()
    const documentsBefore = documents.filter((request) => request.resourceType() === 'document').length
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL('/pricing')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(metaRequests).toHaveLength(1)
    expect(documents.filter((request) => request.resourceType() === 'document')).toHaveLength(documentsBefore)
  })

  test('a new build fires manifest-update and the next navigation loads the whole page', async ({ page }) => {
    await page.route('**/builds/latest.json?*', (route) =>
      route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } }),
    )
    await page.addInitScript(() => {
      addEventListener('manifest-update', (event) => {
        ;(window as unknown as { __update?: unknown }).__update = (event as CustomEvent).detail
      })
    })
    await page.clock.install()
    // The manifest's first fetch, a second after start, shows the hourly check is scheduled too.
    const metaFetched = page.waitForRequest((request) => isMeta(request.url()))
    await openPage(page, '/')
    await metaFetched
    await page.evaluate(() => {
      ;(window as unknown as { __marker?: boolean }).__marker = true
    })
    const latestRequests = collectRequests(page, (url) => new URL(url).pathname === '/builds/latest.json')
    await page.clock.fastForward('01:00:00')
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __update?: unknown }).__update))
      .toEqual({
        id: 'a-newer-build',
        timestamp: expect.any(Number),
      })
    expect(new URL(latestRequests[0]?.url() ?? 'http://x').search).toMatch(/^\?\d+$/)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click()
    await expect(page).toHaveURL('/features')
    await page.waitForLoadState('load')
    expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBeUndefined()
  })
})

test.describe('prefetch', () => {
  /** Focuses ten article links in the blog index, each an intent to open that article. */
  async function showIntentOnArticles(page: Page): Promise<void> {
    const links = page.getByTestId('blog-index').locator('a[href^="/blog/"]')
    for (let index = 0; index < 10; index++) await links.nth(index).focus()
  }

  test('never has more than five route preloads in flight, and tags page data with the build id', async ({ page }) => {
    let inFlight = 0
    let maxInFlight = 0
    let total = 0
    await page.route(
      (url) => isPageData(url.href),
      async (route) => {
        inFlight++
        total++
        maxInFlight = Math.max(maxInFlight, inFlight)
        await new Promise((resolve) => setTimeout(resolve, 800))
        inFlight--
        await route.continue()
      },
    )
    const dataRequests = collectRequests(page, isPageData)
    const metaResponse = page.waitForResponse((response) => isMeta(response.url()))
    await openPage(page, '/')
    const { id: buildId } = (await (await metaResponse).json()) as { id: string }
    await showIntentOnArticles(page)
    await expect.poll(() => total, { timeout: 10_000 }).toBe(10)
    await expect.poll(() => inFlight).toBe(0)
    expect(maxInFlight).toBe(5)
    for (const request of dataRequests) expect(new URL(request.url()).searchParams.get('_b')).toBe(buildId)
  })

  for (const connection of [
    { effectiveType: '4g', saveData: true },
    { effectiveType: '2g', saveData: false },
  ]) {
    test(`is skipped with ${connection.saveData ? 'data saver on' : `a ${connection.effectiveType} connection`}`, async ({
      page,
    }) => {
      await emulateConnection(page, connection)
      const dataRequests = collectRequests(page, isPageData)
      const metaResponse = page.waitForResponse((response) => isMeta(response.url()))
      await openPage(page, '/')
      await metaResponse
      await showIntentOnArticles(page)
      await page.waitForTimeout(500)
      expect(dataRequests).toHaveLength(0)
    })
  }
})

test.describe('chunk-load guard', () => {
  test('a missing route chunk loads the target page once and does not loop', async ({ page }) => {
    const metaResponse = page.waitForResponse((response) => isMeta(response.url()))
    await openPage(page, '/')
    await metaResponse
    const privacyModule = await page.evaluate(
      () =>
        (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } })
          .__reactRouterManifest.routes.privacy?.module,
    )
    expect(privacyModule).toBeTruthy()
    await page.route(`**${privacyModule}`, (route) => route.fulfill({ status: 404, body: 'gone' }))
    const privacyDocuments = collectRequests(page, (url) => new URL(url).pathname === '/privacy')
    await navigateInApp(page, '/privacy')
    await expect(page).toHaveURL('/privacy')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // Hydration fails on the reloaded page too; the guard must keep it from reloading again.
    await page.waitForTimeout(3000)
    expect(privacyDocuments.filter((request) => request.resourceType() === 'document')).toHaveLength(1)
    expect(
      await page.evaluate(() => JSON.parse(sessionStorage.getItem('chunkReloads') ?? '{}') as Record<string, number>),
    ).toHaveProperty('/privacy')
  })
})
