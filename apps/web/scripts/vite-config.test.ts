import type { ConfigEnv, Plugin } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'

import viteConfig, { EAGER_COMPILE_HINT } from '../vite.config.ts'

const BUILD: ConfigEnv = { command: 'build', mode: 'production' }

afterEach(() => {
  delete process.env.VITE_GTM_ID
})

describe('the web build configuration', () => {
  it('inlines the Tag Manager id the build is made with', () => {
    process.env.VITE_GTM_ID = 'GTM-AB12CD'
    const publicEnv = JSON.parse(String(viteConfig(BUILD).define?.__PUBLIC_ENV__)) as { gtmId: unknown }
    expect(publicEnv.gtmId).toBe('GTM-AB12CD')
  })

  it('stops the build on a malformed Tag Manager id, suggesting the corrected one', () => {
    process.env.VITE_GTM_ID = 'gtm-ab12cd'
    expect(() => viteConfig(BUILD)).toThrow(/VITE_GTM_ID: 'gtm-ab12cd' is not a Tag Manager container id.*'GTM-AB12CD'/)
  })
})

describe('the eager-compile hint', () => {
  type Chunk = { type: 'chunk'; name: string; fileName: string; code: string }
  type GenerateBundle = (this: { environment: { name: string } }, options: object, bundle: object) => void

  function findPlugin(): Plugin {
    const plugins = (viteConfig(BUILD).plugins ?? []).flat() as Plugin[]
    const plugin = plugins.find((candidate) => candidate?.name === 'storyreel:eager-compile')
    if (!plugin) throw new Error('eager-compile plugin not configured')
    return plugin
  }

  /** The bundle as Vite hands it to the last generateBundle hooks, with its own first line where it adds one. */
  function generate(environment: string): Record<string, Chunk | { type: 'asset'; fileName: string }> {
    const chunks: Chunk[] = [
      { type: 'chunk', name: 'framework', fileName: 'framework-a.js', code: 'import"./rolldown-runtime-b.js";' },
      { type: 'chunk', name: 'entry.client', fileName: 'entry.client-c.js', code: 'export const b=2;' },
      { type: 'chunk', name: 'site', fileName: 'site-d.js', code: 'const __vite__mapDeps=(i)=>i;\nexport const c=3;' },
      { type: 'chunk', name: 'root', fileName: 'root-e.js', code: 'export default 4;' },
      { type: 'chunk', name: 'home', fileName: 'home-f.js', code: 'export default 5;' },
      { type: 'chunk', name: 'create-main', fileName: 'create-main-g.js', code: 'export default 6;' },
    ]
    const bundle = {
      ...Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunk])),
      'app.css': { type: 'asset' as const, fileName: 'app.css' },
    }
    const hook = findPlugin().generateBundle as { order?: string; handler: GenerateBundle }
    hook.handler.call({ environment: { name: environment } }, {}, bundle)
    return bundle
  }

  const code = (bundle: ReturnType<typeof generate>, fileName: string) => (bundle[fileName] as Chunk).code

  it("runs after Vite's own generateBundle, which adds lines at the top of some chunks", () => {
    expect((findPlugin().generateBundle as { order?: string }).order).toBe('post')
  })

  it("puts the hint on the first line of the chunks every page starts with, above Vite's own lines", () => {
    const bundle = generate('client')
    expect(code(bundle, 'framework-a.js')).toBe(`${EAGER_COMPILE_HINT}\nimport"./rolldown-runtime-b.js";`)
    expect(code(bundle, 'entry.client-c.js')).toBe(`${EAGER_COMPILE_HINT}\nexport const b=2;`)
    expect(code(bundle, 'site-d.js')).toBe(`${EAGER_COMPILE_HINT}\nconst __vite__mapDeps=(i)=>i;\nexport const c=3;`)
    expect(code(bundle, 'root-e.js')).toBe(`${EAGER_COMPILE_HINT}\nexport default 4;`)
  })

  it('changes the hashes of the chunks it writes into, so their file names change with it', () => {
    type AugmentChunkHash = (this: { environment: { name: string } }, chunk: { name: string }) => string | undefined
    const augment = findPlugin().augmentChunkHash as AugmentChunkHash
    expect(augment.call({ environment: { name: 'client' } }, { name: 'framework' })).toBe(EAGER_COMPILE_HINT)
    expect(augment.call({ environment: { name: 'client' } }, { name: 'home' })).toBeUndefined()
    expect(augment.call({ environment: { name: 'ssr' } }, { name: 'framework' })).toBeUndefined()
  })

  it('leaves route chunks, which only some pages run, and the server build alone', () => {
    const client = generate('client')
    expect(code(client, 'home-f.js')).toBe('export default 5;')
    expect(code(client, 'create-main-g.js')).toBe('export default 6;')
    expect(code(generate('ssr'), 'framework-a.js')).toBe('import"./rolldown-runtime-b.js";')
  })
})
