import { expect, test } from '@playwright/test'

import { ANIME_MUSIC_SLUG, LEGACY_ANIME_URL, STEP_BY_STEP_SLUG } from './site-data.ts'
import { openPage } from './open-page.ts'

test.describe('redirects', () => {
  test('the server answers the legacy article URL with a 301 to its slug', async ({ request }) => {
    const response = await request.get(LEGACY_ANIME_URL, { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(response.headers()['location']).toBe(`/blog/${ANIME_MUSIC_SLUG}`)
  })

  test('the server answers /step-by-step-guide with a 301 to the guide', async ({ request }) => {
    const response = await request.get('/step-by-step-guide', { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(response.headers()['location']).toBe(`/blog/${STEP_BY_STEP_SLUG}`)
  })

  test('a route rule can send visitors to an external URL', async ({ request }) => {
    const response = await request.get('/download/android', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers()['location']).toMatch(/^https:\/\/play\.google\.com\//)
  })

  test('a missing file under /assets/ redirects home', async ({ page, request }) => {
    const response = await request.get('/assets/missing.js', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers()['location']).toBe('/')
    await openPage(page, '/assets/missing.js')
    await expect(page).toHaveURL('/')
  })

  test('a trailing slash redirects to the canonical page URL', async ({ request }) => {
    const response = await request.get('/pricing/', { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(response.headers()['location']).toBe('/pricing')
  })

  test('route rules are honoured on client-side navigation too', async ({ page }) => {
    await openPage(page, '/features')
    let documentRequests = 0
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests++
    })
    // The footer's guide link points at the short URL; the client router applies the rule itself.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Step By Step Guide' }).click()
    await expect(page).toHaveURL(`/blog/${STEP_BY_STEP_SLUG}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Step-by-Step Guide')
    expect(documentRequests).toBe(0)
  })
})

test.describe('not found', () => {
  test('an unknown path answers 404 and shows the error page', async ({ page }) => {
    const response = await page.goto('/this-page-does-not-exist')
    expect(response?.status()).toBe(404)
    await expect(page.getByTestId('error-status')).toHaveText('404')
    await expect(page.getByTestId('error-message')).toHaveText('Page not found: /this-page-does-not-exist')
    await page.getByRole('link', { name: 'Back to home' }).click()
    await expect(page).toHaveURL('/')
  })

  test('an unknown article fails its validity check with a 404', async ({ page }) => {
    const response = await page.goto('/blog/no-such-article')
    expect(response?.status()).toBe(404)
    await expect(page.getByTestId('error-status')).toHaveText('404')
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /blog/no-such-article')
  })

  test('an unknown article reached by client navigation shows the same 404', async ({ page }) => {
    await openPage(page, '/')
    await page.waitForLoadState('networkidle')
    let documentRequests = 0
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests++
    })
    // Drive the router as an in-app <Link> would, to exercise the client-side validity check.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate('/blog/missing-article'),
    )
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /blog/missing-article')
    await expect(page.getByTestId('error-status')).toHaveText('404')
    expect(documentRequests).toBe(0)
  })

  test('the 404 page names the path even before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByTestId('error-message')).toHaveText('Page not found: /no/such/page')
    await expect(page.getByTestId('blog-index')).toBeVisible()
    await context.close()
  })

  test('routes under /app and /auth use the app layout', async ({ page }) => {
    const response = await openPage(page, '/app/no-such-screen')
    expect(response?.status()).toBe(200)
    await expect(page.getByTestId('error-message')).toHaveText('Page not found: /app/no-such-screen')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Help' })).toBeVisible()
    await expect(page.getByTestId('blog-index')).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
  })

  test('landing routes use the landing layout, with header, blog index and footer', async ({ page }) => {
    await openPage(page, '/this-page-does-not-exist')
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByTestId('blog-index')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })
})
