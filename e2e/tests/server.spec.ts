import { expect, test } from '@playwright/test'

import { openPage } from './open-page.ts'
import { BLOG_SLUGS, LANDING_PAGES } from './site-data.ts'

/**
 * What a server may send on a new connection before the browser's first acknowledgement: TCP's initial window
 * (RFC 6928), 10 segments of 1,460 bytes. The default server's headers for a page take about 1,100 of them
 * (more with sign-in providers or Tag Manager in the CSP).
 */
const FIRST_ROUND_TRIP_BYTES = 10 * 1460
const DEFAULT_HEADER_BYTES = 1100

test.describe('the server', () => {
  test('answers every prerendered page with 200, HTML and revalidation caching', async ({ request }) => {
    for (const path of [...LANDING_PAGES, ...BLOG_SLUGS.map((slug) => `/blog/${slug}`)]) {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status(), path).toBe(200)
      expect(response.headers()['content-type'], path).toBe('text/html; charset=utf-8')
      expect(response.headers()['cache-control'], path).toBe('public, max-age=0, must-revalidate')
      expect(await response.text(), path).toContain('<h1')
    }
  })

  test('serves blog data files for client navigation', async ({ request }) => {
    const response = await request.get(`/blog/${BLOG_SLUGS[0]}.data`)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('text/x-script')
  })

  test('sends security headers with a hash-based CSP and no unsafe-inline scripts', async ({ request }) => {
    const response = await request.get('/')
    const headers = response.headers()
    const csp = headers['content-security-policy'] ?? ''
    const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? ''
    expect(scriptSrc).toContain("'self'")
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/)
    expect(scriptSrc).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['permissions-policy']).toContain('camera=()')
    // Plain HTTP here, so no HSTS; HTTPS behind a proxy is covered by the API unit tests.
    expect(headers['strict-transport-security']).toBeUndefined()
  })

  test('every inline script on a page is allowed by its CSP hashes', async ({ page }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    for (const path of ['/', '/pricing', `/blog/${BLOG_SLUGS[0]}`, '/auth/login', '/no-such-page']) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
    }
    expect(violations).toEqual([])
  })

  test('caches hashed assets forever and serves them precompressed', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const assetPath = /import\("(\/assets\/entry\.client-[^"]+\.js)"\)/.exec(html)?.[1]
    expect(assetPath).toBeTruthy()
    const brotli = await request.get(String(assetPath), { headers: { 'accept-encoding': 'br' } })
    expect(brotli.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotli.headers()['content-type']).toBe('text/javascript; charset=utf-8')
    expect(brotli.headers()['content-encoding']).toBe('br')
    const gzip = await request.get(String(assetPath), { headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers()['content-encoding']).toBe('gzip')
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1]
    expect((await request.get(String(css))).headers()['content-type']).toBe('text/css; charset=utf-8')
  })

  test('the scripts a page starts with ask V8 to compile them as they download, and route scripts do not', async ({
    page,
  }) => {
    const scripts = new Map<string, string>()
    page.on('response', async (response) => {
      const name = /\/assets\/([^/]+?)-[\w-]{8}\.js$/.exec(new URL(response.url()).pathname)?.[1]
      if (name) scripts.set(name, await response.text())
    })
    await page.goto('/')
    // Hydration imports the route modules and then React DOM's entry.
    await expect.poll(() => scripts.has('entry.client')).toBe(true)
    await page.waitForLoadState('networkidle')
    for (const name of ['framework', 'entry.client', 'site', 'root']) {
      expect(scripts.get(name)?.split('\n')[0], name).toBe('//# allFunctionsCalledOnLoad')
    }
    expect(scripts.get('home')?.startsWith('//#'), 'home').toBe(false)
  })

  test('answers conditional requests with 304', async ({ request }) => {
    const first = await request.get('/features')
    const etag = first.headers()['etag']
    expect(etag).toBeTruthy()
    const second = await request.get('/features', { headers: { 'if-none-match': String(etag) } })
    expect(second.status()).toBe(304)
  })

  test('never serves dot-files', async ({ request }) => {
    for (const path of ['/.env', '/.git/config', '/assets/.hidden', '/%2e%2e/package.json']) {
      expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404)
    }
  })

  test('serves the SPA fallback for /app and /auth routes', async ({ request }) => {
    for (const path of ['/app', '/app/projects/42', '/auth/login']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      expect(await response.text()).toContain('window.__reactRouterContext')
    }
  })

  test('serves the sitemap, robots.txt, manifest and icons with their types', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml')
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8')
    const xml = await sitemap.text()
    for (const slug of BLOG_SLUGS) expect(xml).toContain(`/blog/${slug}</loc>`)
    expect(xml).toContain('/pricing</loc>')
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toContain('Sitemap: ')
    expect(robots).toContain('Disallow: /app/')
    const manifest = await request.get('/site.webmanifest')
    expect(manifest.headers()['content-type']).toBe('application/manifest+json; charset=utf-8')
    for (const icon of ['/favicon.svg', '/icons/apple-touch-icon.png', '/icons/icon-512.png']) {
      expect((await request.get(icon)).status(), icon).toBe(200)
    }
  })

  // A page that fits lets the browser read its stylesheet link and ask for it one round trip sooner; on a phone
  // network (150 ms a round trip) that is the gap between a largest paint at 0.9 and at 1.05 s (decision 066).
  test('sends the home page in brotli small enough to arrive, with the default headers, in the first round trip', async ({
    request,
  }) => {
    const response = await request.get('/', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(response.headers()['content-encoding']).toBe('br')
    expect(Number(response.headers()['content-length'])).toBeLessThanOrEqual(
      FIRST_ROUND_TRIP_BYTES - DEFAULT_HEADER_BYTES,
    )
  })

  test('leaves the manifest link out of the first paint and adds it with hydration, so the site stays installable', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/pricing')).text()
    expect(html).toContain('<link rel="icon" href="/favicon.svg"')
    expect(html).not.toContain('rel="manifest"')
    await openPage(page, '/pricing')
    await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/site.webmanifest')
  })
})
