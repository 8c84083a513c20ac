import { describe, expect, it } from 'vitest'

import { deferHydration, HydrationScriptError } from './defer-hydration.ts'

const HTML = `<head><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/></head><body><main>Hi</main><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-B.js";
import * as route1 from "/assets/home-C.js";
  
  window.__reactRouterRouteModules = {"root":route0,"index":route1};

import("/assets/entry.client-A.js");</script></body>`

describe('deferHydration', () => {
  it('removes modulepreload hints and starts the same imports after load and paint', () => {
    const out = deferHydration(HTML)
    expect(out).not.toContain('modulepreload')
    expect(out).toContain('<main>Hi</main>')
    expect(out).toContain('import("/assets/manifest-1.js"),import("/assets/root-B.js"),import("/assets/home-C.js")')
    expect(out).toContain(
      'var route0=m[1];var route1=m[2];window.__reactRouterRouteModules = {"root":route0,"index":route1};',
    )
    expect(out).toContain('return import("/assets/entry.client-A.js")')
    expect(out).toContain("addEventListener('load',s,{once:true})")
  })

  it('produces a script that loads the modules in order and records them', async () => {
    const script = /<script type="module">([\s\S]*?)<\/script>/.exec(deferHydration(HTML))?.[1] ?? ''
    const imported: string[] = []
    const listeners: Array<() => void> = []
    const win: Record<string, unknown> = {}
    // The test runs the generated inline script itself, as the browser would.
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
      { readyState: 'loading' },
      (_event: string, listener: () => void) => listeners.push(listener),
      (callback: () => void) => callback(),
      (callback: () => void) => callback(),
      win,
    )
    expect(imported).toEqual([])
    listeners.forEach((listener) => listener())
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(imported).toEqual([
      '/assets/manifest-1.js',
      '/assets/root-B.js',
      '/assets/home-C.js',
      '/assets/entry.client-A.js',
    ])
    expect(win.__reactRouterRouteModules).toEqual({
      root: { url: '/assets/root-B.js' },
      index: { url: '/assets/home-C.js' },
    })
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
