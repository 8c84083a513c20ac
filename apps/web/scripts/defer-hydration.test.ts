import { describe, expect, it } from 'vitest'

import { deferHydration, HydrationScriptError } from './defer-hydration.ts'

const HTML = `<head><link rel="icon" href="/favicon.svg" type="image/svg+xml"/><link rel="manifest" href="/site.webmanifest"/><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/></head><body><main>Hi</main><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-B.js";
import * as route1 from "/assets/home-C.js";
  
  window.__reactRouterRouteModules = {"root":route0,"index":route1};

import("/assets/entry.client-A.js");</script></body>`

const IMPORTS_IN_ORDER = [
  '/assets/manifest-1.js',
  '/assets/root-B.js',
  '/assets/home-C.js',
  '/assets/entry.client-A.js',
]

/**
 * Runs the generated inline script as the browser would, with the given page state and timing functions; returns
 * the modules it imported so far and the load listeners it added.
 */
function runDeferredScript(page: {
  readyState: string
  requestAnimationFrame: (callback: () => void) => void
  setTimeout: (callback: () => void, ms: number) => void
  window: Record<string, unknown>
}) {
  const script = /<script type="module">([\s\S]*?)<\/script>/.exec(deferHydration(HTML))?.[1] ?? ''
  const imported: string[] = []
  const listeners: Array<() => void> = []
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function(
    'import_',
    'document',
    'addEventListener',
    'requestAnimationFrame',
    'setTimeout',
    'window',
    script.replaceAll('import(', 'import_('),
  )
  // eslint-disable-next-line @typescript-eslint/no-unsafe-call
  run(
    (url: string) => {
      imported.push(url)
      return Promise.resolve({ url })
    },
    { readyState: page.readyState },
    (_event: string, listener: () => void) => listeners.push(listener),
    page.requestAnimationFrame,
    page.setTimeout,
    page.window,
  )
  return { imported, listeners }
}

describe('deferHydration', () => {
  it('removes modulepreload hints and the manifest link, and starts the same imports after load and paint', () => {
    const out = deferHydration(HTML)
    expect(out).not.toContain('modulepreload')
    expect(out).not.toContain('site.webmanifest')
    expect(out).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>')
    expect(out).toContain('<main>Hi</main>')
    expect(out).toContain('import("/assets/manifest-1.js"),import("/assets/root-B.js"),import("/assets/home-C.js")')
    expect(out).toContain(
      'var route0=m[1];var route1=m[2];window.__reactRouterRouteModules = {"root":route0,"index":route1};',
    )
    expect(out).toContain('return import("/assets/entry.client-A.js")')
    expect(out).toContain("addEventListener('load',s,{once:true})")
  })

  it('drops the route-discovery marker from links when discovery is "initial", and only then', () => {
    const context = (mode: string) =>
      `<script>window.__reactRouterContext = {"routeDiscovery":{"mode":"${mode}"},"ssr":false};</script>`
    const links =
      '<a href="/pricing" data-discover="true">Pricing</a><p>Write data-discover=&quot;true&quot; in text</p>'
    const page = (mode: string) => HTML.replace('<main>Hi</main>', `<main>${links}</main>${context(mode)}`)
    const initial = deferHydration(page('initial'))
    expect(initial).toContain('<a href="/pricing">Pricing</a>')
    expect(initial).toContain('<p>Write data-discover=&quot;true&quot; in text</p>')
    expect(deferHydration(page('lazy'))).toContain('<a href="/pricing" data-discover="true">Pricing</a>')
  })

  it('produces a script that loads the modules in order and records them', async () => {
    const win: Record<string, unknown> = {}
    const { imported, listeners } = runDeferredScript({
      readyState: 'loading',
      requestAnimationFrame: (callback) => callback(),
      setTimeout: (callback) => callback(),
      window: win,
    })
    expect(imported).toEqual([])
    listeners.forEach((listener) => listener())
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(imported).toEqual(IMPORTS_IN_ORDER)
    expect(win.__reactRouterRouteModules).toEqual({
      root: { url: '/assets/root-B.js' },
      index: { url: '/assets/home-C.js' },
    })
  })

  it('waits for the first contentful paint to be presented where the browser times paints', async () => {
    const timers: Array<{ callback: () => void; ms: number }> = []
    let report:
      ((list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void) | undefined
    let observing: unknown
    let disconnected = false
    class FakePaintObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint']
      constructor(callback: typeof report) {
        report = callback
      }
      observe(options: unknown) {
        observing = options
      }
    }
    const { imported, listeners } = runDeferredScript({
      readyState: 'complete',
      requestAnimationFrame: () => {
        throw new Error('no frame callback where paints are timed')
      },
      setTimeout: (callback, ms) => timers.push({ callback, ms }),
      window: { PerformanceObserver: FakePaintObserver },
    })
    // Loaded already, so it watches paints at once, with a late fallback for a page that never paints.
    expect(observing).toEqual({ type: 'paint', buffered: true })
    expect(timers.map((timer) => timer.ms)).toEqual([3000])
    // A first paint (not contentful) starts nothing.
    report?.({ getEntriesByName: (name) => (name === 'first-paint' ? [{}] : []) }, { disconnect() {} })
    expect(timers).toHaveLength(1)
    report?.(
      { getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) },
      {
        disconnect() {
          disconnected = true
        },
      },
    )
    expect(disconnected).toBe(true)
    expect(timers.map((timer) => timer.ms)).toEqual([3000, 0])
    timers[1]?.callback()
    // The fallback timer, firing later, does not import a second time.
    timers[0]?.callback()
    expect(timers).toHaveLength(2)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(imported).toEqual(IMPORTS_IN_ORDER)
    expect(listeners).toEqual([])
  })

  it('keeps split route modules, which React Router merges in a statement of its own', () => {
    const split = HTML.replace(
      'import * as route1 from "/assets/home-C.js";',
      'import * as route1_clientLoader from "/assets/post-cl.js";\nimport * as route1_main from "/assets/post-main.js";\nconst route1 = {...route1_clientLoader,...route1_main};',
    )
    const out = deferHydration(split)
    expect(out).toContain(
      'var route1_clientLoader=m[2];var route1_main=m[3];const route1 = {...route1_clientLoader,...route1_main};',
    )
  })

  it('fails loudly when React Router changes its script', () => {
    expect(() => deferHydration('<html></html>')).toThrow(HydrationScriptError)
    expect(() => deferHydration('<script type="module" async="">console.log(1)</script>')).toThrow(/unexpected shape/)
  })
})
