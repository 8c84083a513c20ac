import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import { afterEach, describe, expect, it } from 'vitest'

import { isCompressible, precompressDir } from './precompress.ts'

describe('isCompressible', () => {
  it('takes text assets from 1 KiB up, including React Router .data files', () => {
    const files = [
      'index.html',
      'a.js',
      'a.css',
      'logo.svg',
      'm.json',
      'sitemap.xml',
      'robots.txt',
      'site.webmanifest',
      'x.data',
    ]
    for (const file of files) {
      expect(isCompressible(file, 1024)).toBe(true)
    }
  })

  it('skips small files, images, fonts and existing variants', () => {
    expect(isCompressible('index.html', 1023)).toBe(false)
    for (const file of ['og.png', 'font.woff2', 'index.html.br', 'index.html.gz']) {
      expect(isCompressible(file, 100_000)).toBe(false)
    }
  })
})

describe('precompressDir', () => {
  let dir = ''
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('writes .br and .gz beside large text files only', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'precompress-'))
    const html = `<!doctype html>${'<p>Scene by scene.</p>'.repeat(100)}`
    await writeFile(path.join(dir, 'page.html'), html)
    await writeFile(path.join(dir, 'tiny.css'), 'a{}')
    await writeFile(path.join(dir, 'image.png'), Buffer.alloc(4096))

    const result = await precompressDir(dir, 2)

    expect(result.files).toBe(1)
    expect(brotliDecompressSync(await readFile(path.join(dir, 'page.html.br'))).toString()).toBe(html)
    expect(gunzipSync(await readFile(path.join(dir, 'page.html.gz'))).toString()).toBe(html)
    await expect(readFile(path.join(dir, 'tiny.css.br'))).rejects.toThrow()
    await expect(readFile(path.join(dir, 'image.png.gz'))).rejects.toThrow()
  })
})
