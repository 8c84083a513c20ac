import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { recordOwnFiles, restorePreviousBuild, stashPreviousBuild } from './previous-build.ts'

let dir: string
let buildDir: string
let clientDir: string
let stashDir: string

async function write(file: string, content = file): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, content)
}

/** Simulates one `npm run build`: stash, Vite empties the output and writes `files`, then record and restore. */
async function build(files: string[]): Promise<void> {
  await stashPreviousBuild(buildDir, stashDir)
  await rm(clientDir, { recursive: true, force: true })
  for (const file of files) await write(path.join(clientDir, file))
  await recordOwnFiles(buildDir)
  await restorePreviousBuild(clientDir, stashDir)
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-previous-build-'))
  buildDir = path.join(dir, 'build')
  clientDir = path.join(buildDir, 'client')
  stashDir = path.join(dir, '.previous-build')
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('previous build files', () => {
  it("keeps exactly one previous build's assets and manifest beside the new build", async () => {
    await build(['index.html', 'assets/root-A.js', 'assets/root-A.js.br', 'builds/meta/a.json'])
    await build(['index.html', 'assets/root-B.js', 'builds/meta/b.json'])
    expect(existsSync(path.join(clientDir, 'assets/root-A.js'))).toBe(true)
    expect(existsSync(path.join(clientDir, 'assets/root-A.js.br'))).toBe(true)
    expect(existsSync(path.join(clientDir, 'builds/meta/a.json'))).toBe(true)
    await build(['index.html', 'assets/root-C.js', 'builds/meta/c.json'])
    expect(existsSync(path.join(clientDir, 'assets/root-B.js'))).toBe(true)
    expect(existsSync(path.join(clientDir, 'assets/root-A.js'))).toBe(false)
    expect(existsSync(path.join(clientDir, 'builds/meta/a.json'))).toBe(false)
  })

  it('records only what the build emitted itself, and never overwrites a new file', async () => {
    await build(['assets/shared.js', 'assets/root-A.js'])
    await write(path.join(clientDir, 'assets/shared.js'), 'old')
    await build(['assets/shared.js', 'assets/root-B.js'])
    expect(await readFile(path.join(clientDir, 'assets/shared.js'), 'utf8')).toBe(
      path.join(clientDir, 'assets/shared.js'),
    )
    expect(JSON.parse(await readFile(path.join(buildDir, 'own-files.json'), 'utf8'))).toEqual([
      'assets/root-B.js',
      'assets/shared.js',
    ])
  })

  it('keeps the stash when the last build left no complete output', async () => {
    await build(['assets/root-A.js'])
    await build(['assets/root-B.js'])
    await rm(clientDir, { recursive: true, force: true })
    await build(['assets/root-C.js'])
    expect(existsSync(path.join(clientDir, 'assets/root-A.js'))).toBe(true)
  })
})
