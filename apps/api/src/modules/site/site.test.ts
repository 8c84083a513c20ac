import { mkdtemp, mkdir, rm, unlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { DbHandle } from '@storyreel/db/client'
import { createTestDb } from '@storyreel/db/testing'

import { createOutboxMailer } from '#src/adapters/mailer/outbox-mailer.ts'
import { buildApp } from '#src/app.ts'
import { loadConfig } from '#src/config.ts'

import { getInlineScriptHashes, loadSite } from './site-files.ts'

const PAGE = '<!doctype html><html><head><script>window.__boot=1</script></head><body><h1>Pricing</h1></body></html>'
const FALLBACK = '<!doctype html><html><head><script>window.__reactRouterContext={}</script></head><body></body></html>'
const NOT_FOUND =
  '<!doctype html><html><head><script>window.__nf=1</script></head><body><h1 data-testid="error-message">Page not found: /__not-found/</h1></body></html>'

const mailer = createOutboxMailer({
  outboxDir: path.join(os.tmpdir(), 'storyreel-test-outbox'),
  from: 'StoryReel <no-reply@storyreel.app>',
})
let dir: string
let db: DbHandle
let app: FastifyInstance
let httpsApp: FastifyInstance

async function write(relative: string, content: string | Buffer) {
  const file = path.join(dir, relative)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, content)
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-site-'))
  const js = 'console.log("hello from a hashed asset");'.repeat(40)
  await write('client/index.html', PAGE.replace('Pricing', 'Home'))
  await write('client/pricing/index.html', PAGE)
  await write('client/blog/hello/index.html', PAGE.replace('Pricing', 'Hello'))
  await write('client/blog/hello.data', '[{"_1":2}]')
  await write('client/__spa-fallback.html', FALLBACK)
  await write('client/__not-found/index.html', NOT_FOUND)
  await write('client/assets/entry-abc123.js', js)
  await write('client/assets/entry-abc123.js.br', brotliCompressSync(js))
  await write('client/assets/entry-abc123.js.gz', gzipSync(js))
  await write('client/builds/latest.json', '{"id":"b2","timestamp":2}')
  await write('client/builds/meta/b2.json', '{"id":"b2","timestamp":2,"routeRules":{},"prerendered":["/"]}')
  // A chunk of the previous build, kept beside the new one by the web build (apps/web/scripts/previous-build.ts).
  await write('client/assets/privacy-OLD111.js', 'export default "previous build"')
  await write('client/.env', 'SECRET=1')
  await write('client/robots.txt', 'User-agent: *\n')
  await write('client/assets/sample-abc123.mp4', Buffer.from(Array.from({ length: 100 }, (_, index) => index)))
  await write('client/assets/sample-abc123.vtt', 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n')
  await write(
    'route-rules.json',
    JSON.stringify({
      '/step-by-step-guide': { redirect: { to: '/blog/hello', statusCode: 301 } },
      '/blog/Hello World': { redirect: { to: '/blog/hello', statusCode: 301 } },
      '/go': { redirect: { to: 'https://example.com/out', statusCode: 302 } },
      '/terms': { redirect: { to: '/pricing#terms', statusCode: 301 } },
    }),
  )
  const site = await loadSite(dir)
  db = await createTestDb()
  app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_BUILD_DIR: dir }), deps: { site, db, mailer } })
  httpsApp = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', TRUST_PROXY: 'true' }),
    deps: { site, db, mailer },
  })
  app.addHook('onClose', () => db.close())
})

afterAll(async () => {
  await app.close()
  await httpsApp.close()
  await rm(dir, { recursive: true, force: true })
})

describe('GET prerendered pages', () => {
  it('serves / and /pricing from memory with revalidation caching', async () => {
    const home = await app.inject('/')
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain('<h1>Home</h1>')
    const pricing = await app.inject('/pricing')
    expect(pricing.statusCode).toBe(200)
    expect(pricing.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(pricing.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
  })

  it('redirects a trailing slash and a direct index.html to the canonical path', async () => {
    const slash = await app.inject('/pricing/')
    expect(slash.statusCode).toBe(301)
    expect(slash.headers.location).toBe('/pricing')
    const index = await app.inject('/pricing/index.html')
    expect(index.statusCode).toBe(301)
    expect(index.headers.location).toBe('/pricing')
  })

  it('answers HEAD like GET without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/pricing' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('')
  })

  it('returns 304 for a matching ETag, also inside a list or as a weak tag', async () => {
    const first = await app.inject('/pricing')
    const etag = String(first.headers.etag)
    for (const header of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const again = await app.inject({ url: '/pricing', headers: { 'if-none-match': header } })
      expect(again.statusCode, header).toBe(304)
    }
    expect((await app.inject({ url: '/pricing', headers: { 'if-none-match': '"stale"' } })).statusCode).toBe(200)
  })

  it('gives each encoding of a file its own ETag', async () => {
    const url = '/assets/entry-abc123.js'
    const plain = await app.inject(url)
    const br = await app.inject({ url, headers: { 'accept-encoding': 'br' } })
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3)
    const revalidated = await app.inject({
      url,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(200)
  })
})

describe('build manifest and deploys', () => {
  it('never lets a browser reuse latest.json without asking, and caches meta files for good', async () => {
    const latest = await app.inject('/builds/latest.json?1717000000000')
    expect(latest.statusCode).toBe(200)
    expect(latest.headers['cache-control']).toBe('no-cache')
    expect(latest.json()).toEqual({ id: 'b2', timestamp: 2 })
    const meta = await app.inject('/builds/meta/b2.json')
    expect(meta.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('serves page data whatever build id the query carries', async () => {
    const response = await app.inject('/blog/hello.data?_b=b1')
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('[{"_1":2}]')
  })

  it('still serves a chunk of the previous build that was kept in the assets folder', async () => {
    const response = await app.inject('/assets/privacy-OLD111.js')
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('export default "previous build"')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})

describe('assets', () => {
  it('picks brotli, then gzip, then identity from Accept-Encoding', async () => {
    const br = await app.inject({ url: '/assets/entry-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toBe('Accept-Encoding')
    const gz = await app.inject({ url: '/assets/entry-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    const noBr = await app.inject({ url: '/assets/entry-abc123.js', headers: { 'accept-encoding': 'br;q=0, gzip' } })
    expect(noBr.headers['content-encoding']).toBe('gzip')
    const plain = await app.inject('/assets/entry-abc123.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('hello from a hashed asset')
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8')
  })

  it('answers byte ranges of media, as video players ask for them', async () => {
    const whole = await app.inject('/assets/sample-abc123.mp4')
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('video/mp4')
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.rawPayload).toHaveLength(100)

    const first = await app.inject({ url: '/assets/sample-abc123.mp4', headers: { range: 'bytes=0-1' } })
    expect(first.statusCode).toBe(206)
    expect(first.headers['content-range']).toBe('bytes 0-1/100')
    expect([...first.rawPayload]).toEqual([0, 1])

    const open = await app.inject({ url: '/assets/sample-abc123.mp4', headers: { range: 'bytes=98-' } })
    expect(open.headers['content-range']).toBe('bytes 98-99/100')
    expect([...open.rawPayload]).toEqual([98, 99])

    const suffix = await app.inject({ url: '/assets/sample-abc123.mp4', headers: { range: 'bytes=-3' } })
    expect([...suffix.rawPayload]).toEqual([97, 98, 99])

    const beyond = await app.inject({ url: '/assets/sample-abc123.mp4', headers: { range: 'bytes=100-' } })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe('bytes */100')

    // Several ranges, or a range of another version of the file (If-Range), get the whole file.
    for (const headers of [{ range: 'bytes=0-1,5-6' }, { range: 'bytes=0-1', 'if-range': '"old-etag"' }]) {
      const response = await app.inject({ url: '/assets/sample-abc123.mp4', headers })
      expect(response.statusCode).toBe(200)
      expect(response.rawPayload).toHaveLength(100)
    }
  })

  it('serves captions as WebVTT', async () => {
    const response = await app.inject('/assets/sample-abc123.vtt')
    expect(response.headers['content-type']).toBe('text/vtt; charset=utf-8')
    expect(response.body).toMatch(/^WEBVTT/)
  })

  it('redirects a missing build asset home', async () => {
    const response = await app.inject('/assets/missing.js')
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/')
  })

  it('never serves dot-files, encoded or not', async () => {
    // client/.env exists in this fixture, so only the dot-file rule stands between it and the visitor.
    for (const url of ['/.env', '/%2eenv', '/assets/../.env', '/%2e%2e/%2e%2e/etc/passwd']) {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).not.toContain('SECRET')
    }
  })
})

describe('routing rules and fallbacks', () => {
  it('keeps the query before a fragment in the target', async () => {
    const response = await app.inject('/terms?utm_source=mail')
    expect(response.headers.location).toBe('/pricing?utm_source=mail#terms')
  })

  it('decodes a path exactly once when matching rules', async () => {
    expect((await app.inject('/step-by-step%252Dguide')).statusCode).toBe(404)
    expect((await app.inject('/step-by-step%2Dguide')).statusCode).toBe(301)
  })

  it('does not serve a page under an encoded slash', async () => {
    expect((await app.inject('/blog%2Fhello')).statusCode).toBe(404)
  })

  it('applies route rules, keeping the query string on internal targets', async () => {
    const guide = await app.inject('/step-by-step-guide?ref=footer')
    expect(guide.statusCode).toBe(301)
    expect(guide.headers.location).toBe('/blog/hello?ref=footer')
    const legacy = await app.inject('/blog/Hello%20World')
    expect(legacy.statusCode).toBe(301)
    expect(legacy.headers.location).toBe('/blog/hello')
    const external = await app.inject('/go')
    expect(external.statusCode).toBe(302)
    expect(external.headers.location).toBe('https://example.com/out')
  })

  it('serves the SPA fallback for /app and /auth with 200', async () => {
    for (const url of ['/app', '/app/settings', '/auth/login']) {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.body).toContain('__reactRouterContext')
    }
  })

  it('answers unknown pages with a real 404 and the error page naming the path', async () => {
    const response = await app.inject('/nope/deeper?x=1')
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toContain('<h1 data-testid="error-message">Page not found: /nope/deeper</h1>')
    expect(String(response.headers['content-security-policy'])).toContain(getInlineScriptHashes(NOT_FOUND)[0])
  })

  it('escapes the path it writes into the error page', async () => {
    const response = await app.inject('/%3Cscript%3E')
    expect(response.body).toContain('Page not found: /%3Cscript%3E<')
    const raw = await app.inject('/a"b')
    expect(raw.body).not.toContain('/a"b')
  })

  it('serves the placeholder page only as the error page, never at its own URL', async () => {
    expect((await app.inject('/__not-found')).statusCode).toBe(404)
  })

  it('leaves unknown articles to the browser, which shows the article 404', async () => {
    const response = await app.inject('/blog/nope')
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('__reactRouterContext')
  })

  it('answers unknown data files with a bare 404 the router turns into an error page', async () => {
    const response = await app.inject('/blog/nope.data')
    expect(response.statusCode).toBe(404)
    expect((await app.inject('/blog/hello.data')).statusCode).toBe(200)
  })

  it('leaves encoded /api paths and /admin to the API too', async () => {
    for (const url of ['/%61pi/x', '/admin', '/admin/nothing-here']) {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' })
    }
  })

  it('leaves /api paths to the API and its JSON 404', async () => {
    const response = await app.inject('/api/nothing-here')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: 'Nothing at GET /api/nothing-here',
    })
  })
})

describe('security headers', () => {
  it('hashes the inline scripts of each document into its CSP', async () => {
    const response = await app.inject('/pricing')
    const csp = String(response.headers['content-security-policy'])
    const [hash] = getInlineScriptHashes(PAGE)
    expect(csp).toContain(`script-src 'self' ${hash}`)
    expect(csp.split('; ').find((part) => part.startsWith('script-src'))).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
  })

  it('sends the fixed headers on every response, API errors included', async () => {
    for (const url of ['/pricing', '/api/x', '/healthz']) {
      const response = await app.inject(url)
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(response.headers['permissions-policy']).toContain('camera=()')
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(response.headers['strict-transport-security']).toBeUndefined()
    }
  })

  it('ignores X-Forwarded-Proto unless the proxy is trusted', async () => {
    const response = await app.inject({ url: '/pricing', headers: { 'x-forwarded-proto': 'https' } })
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })

  it('adds HSTS only over HTTPS', async () => {
    const response = await httpsApp.inject({ url: '/pricing', headers: { 'x-forwarded-proto': 'https' } })
    expect(response.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload')
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests')
  })
})

function directives(csp: string): Record<string, string[]> {
  const map: Record<string, string[]> = {}
  for (const part of csp.split('; ')) {
    const [name = '', ...values] = part.split(' ')
    map[name] = values
  }
  return map
}

describe('getInlineScriptHashes', () => {
  it('hashes inline scripts but not external ones', () => {
    const hashes = getInlineScriptHashes(
      '<script src="/a.js"></script><script>a()</script><script type="module">b()</script><script data-src="x">c()</script>',
    )
    expect(hashes).toHaveLength(3)
    expect(hashes[0]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/)
  })

  it('leaves out JSON data blocks, which never run, and hashes every other type', () => {
    const runnable = [
      '<script type="text/javascript">a()</script>',
      "<script type='application/javascript'>b()</script>",
      '<script type="application/x-javascript">b2()</script>',
      '<script type=module>c()</script>',
      '<script type="importmap">{"imports":{}}</script>',
      '<script type="speculationrules">{"prerender":[]}</script>',
    ]
    const data = [
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script type="application/json" id="x">{"a":1}</script>',
    ]
    expect(getInlineScriptHashes([...runnable, ...data].join(''))).toEqual(
      runnable.map((script) => getInlineScriptHashes(script)[0]),
    )
  })
})

describe('the CSP of site documents', () => {
  // A fresh app for each configuration, over the file's database: no page reads it.
  it('lets in the sign-in SDKs of configured providers only', async () => {
    const site = await loadSite(dir)
    const withProviders = await buildApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        GOOGLE_CLIENT_ID: 'web.apps.googleusercontent.com',
        APPLE_ID: 'app.storyreel.web',
      }),
      deps: { site, db, mailer },
    })
    try {
      const csp = String((await withProviders.inject('/')).headers['content-security-policy'])
      expect(csp).toMatch(
        /script-src 'self' https:\/\/accounts\.google\.com\/gsi\/client https:\/\/appleid\.cdn-apple\.com/,
      )
      expect(csp).toContain('frame-src https://accounts.google.com/gsi/ https://appleid.apple.com')
      const plain = String((await app.inject('/')).headers['content-security-policy'])
      expect(plain).not.toMatch(/google|apple/)
      expect(plain).not.toContain('frame-src')
    } finally {
      await withProviders.close()
    }
  })

  describe('with Tag Manager', () => {
    const TAG_MANAGER = 'https://www.googletagmanager.com'
    const ANALYTICS = ['https://*.google-analytics.com', 'https://*.analytics.google.com']

    /** The fixture build with a site-config.json, served by a fresh app; the file goes again afterwards. */
    async function withSiteConfig(content: string, check: (csp: (url: string) => Promise<string>) => Promise<void>) {
      await write('site-config.json', content)
      try {
        const site = await loadSite(dir)
        const configured = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), deps: { site, db, mailer } })
        try {
          await check(async (url) => String((await configured.inject(url)).headers['content-security-policy']))
        } finally {
          await configured.close()
        }
      } finally {
        await unlink(path.join(dir, 'site-config.json'))
      }
    }

    it('lets in Tag Manager and Google Analytics when the build has a container id', async () => {
      await withSiteConfig(JSON.stringify({ gtmId: 'GTM-AB12CD' }), async (csp) => {
        // Pages, the app shell and the error page alike.
        for (const url of ['/pricing', '/app', '/nope']) {
          const policy = directives(await csp(url))
          expect(policy['script-src']?.slice(0, 2), url).toEqual(["'self'", TAG_MANAGER])
          expect(policy['script-src'], url).not.toContain("'unsafe-inline'")
          expect(policy['img-src'], url).toEqual(["'self'", 'data:', TAG_MANAGER, ...ANALYTICS])
          expect(policy['connect-src'], url).toEqual(["'self'", TAG_MANAGER, ...ANALYTICS])
        }
      })
    })

    it('adds nothing for a build without a container id, or without the file', async () => {
      await withSiteConfig(JSON.stringify({ gtmId: null }), async (csp) => {
        expect(await csp('/pricing')).not.toMatch(/googletagmanager|google-analytics|analytics\.google/)
      })
      const plain = directives(String((await app.inject('/pricing')).headers['content-security-policy']))
      expect(plain['img-src']).toEqual(["'self'", 'data:'])
      // Left to default-src, which is this origin only.
      expect(plain['connect-src']).toBeUndefined()
      expect(plain['default-src']).toEqual(["'self'"])
    })

    it('joins the sign-in SDKs and Tag Manager in one policy', async () => {
      await write('site-config.json', JSON.stringify({ gtmId: 'GTM-AB12CD' }))
      const site = await loadSite(dir)
      await unlink(path.join(dir, 'site-config.json'))
      const both = await buildApp({
        config: loadConfig({ LOG_LEVEL: 'silent', GOOGLE_CLIENT_ID: 'web.apps.googleusercontent.com' }),
        deps: { site, db, mailer },
      })
      try {
        const policy = directives(String((await both.inject('/')).headers['content-security-policy']))
        expect(policy['script-src']?.slice(0, 3)).toEqual([
          "'self'",
          'https://accounts.google.com/gsi/client',
          TAG_MANAGER,
        ])
        expect(policy['connect-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/', TAG_MANAGER, ...ANALYTICS])
      } finally {
        await both.close()
      }
    })

    it('refuses to start on a malformed container id in the build', async () => {
      await write('site-config.json', JSON.stringify({ gtmId: 'gtm-ab12cd' }))
      try {
        await expect(loadSite(dir)).rejects.toThrow(/GTM- followed by uppercase letters or digits/)
      } finally {
        await unlink(path.join(dir, 'site-config.json'))
      }
    })
  })
})
