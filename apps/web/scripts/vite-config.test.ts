import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

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
  type WriteBundle = (
    this: { environment: { name: string } },
    options: { dir?: string },
    bundle: object,
  ) => Promise<void>

  function findPlugin(): Plugin {
    const plugins = (viteConfig(BUILD).plugins ?? []).flat() as Plugin[]
    const plugin = plugins.find((candidate) => candidate?.name === 'storyreel:eager-compile')
    if (!plugin) throw new Error('eager-compile plugin not configured')
    return plugin
  }

  async function writeChunks(environment: string, chunks: Array<{ name: string; fileName: string; code: string }>) {
    const dir = await mkdtemp(path.join(tmpdir(), 'eager-compile-'))
    const bundle: Record<string, object> = {}
    for (const chunk of chunks) {
      // The files as Vite left them, with its own first line where it adds one.
      await writeFile(path.join(dir, chunk.fileName), chunk.code)
      bundle[chunk.fileName] = { type: 'chunk', ...chunk }
    }
    bundle['app.css'] = { type: 'asset', name: 'app.css', fileName: 'app.css' }
    await (findPlugin().writeBundle as WriteBundle).call({ environment: { name: environment } }, { dir }, bundle)
    const read = (fileName: string) => readFile(path.join(dir, fileName), 'utf8')
    return { read, cleanUp: () => rm(dir, { recursive: true }) }
  }

  const chunks = [
    { name: 'framework', fileName: 'framework-a.js', code: 'import"./rolldown-runtime-b.js";export const a=1;' },
    { name: 'entry.client', fileName: 'entry.client-c.js', code: 'export const b=2;' },
    { name: 'site', fileName: 'site-d.js', code: 'const __vite__mapDeps=(i)=>i;\nexport const c=3;' },
    { name: 'root', fileName: 'root-e.js', code: 'export default 4;' },
    { name: 'home', fileName: 'home-f.js', code: 'export default 5;' },
    { name: 'create-main', fileName: 'create-main-g.js', code: 'export default 6;' },
  ]

  it("puts the hint on the first line of the chunks every page starts with, above Vite's own lines", async () => {
    const { read, cleanUp } = await writeChunks('client', chunks)
    try {
      expect(await read('framework-a.js')).toBe(
        `${EAGER_COMPILE_HINT}\nimport"./rolldown-runtime-b.js";export const a=1;`,
      )
      expect(await read('entry.client-c.js')).toBe(`${EAGER_COMPILE_HINT}\nexport const b=2;`)
      expect(await read('site-d.js')).toBe(`${EAGER_COMPILE_HINT}\nconst __vite__mapDeps=(i)=>i;\nexport const c=3;`)
      expect(await read('root-e.js')).toBe(`${EAGER_COMPILE_HINT}\nexport default 4;`)
    } finally {
      await cleanUp()
    }
  })

  it('changes the hashes of the chunks it writes into, so their file names change with it', () => {
    type AugmentChunkHash = (this: { environment: { name: string } }, chunk: { name: string }) => string | undefined
    const augment = findPlugin().augmentChunkHash as AugmentChunkHash
    expect(augment.call({ environment: { name: 'client' } }, { name: 'framework' })).toBe(EAGER_COMPILE_HINT)
    expect(augment.call({ environment: { name: 'client' } }, { name: 'home' })).toBeUndefined()
    expect(augment.call({ environment: { name: 'ssr' } }, { name: 'framework' })).toBeUndefined()
  })

  it('leaves route chunks, which only some pages run, and the server build alone', async () => {
    const client = await writeChunks('client', chunks)
    const server = await writeChunks('ssr', chunks)
    try {
      expect(await client.read('home-f.js')).toBe('export default 5;')
      expect(await client.read('create-main-g.js')).toBe('export default 6;')
      expect(await server.read('framework-a.js')).toBe('import"./rolldown-runtime-b.js";export const a=1;')
    } finally {
      await client.cleanUp()
      await server.cleanUp()
    }
  })
})
