/**
 * Keeps the previous build's own hashed files served after a deploy, so a page opened before it can still
 * load its route chunks (decision 018). Only one previous build is kept: each build records the files it
 * emitted, the next build stashes exactly those before Vite empties the output, and the post-build step
 * puts back the ones the new build does not have. Older builds' files drop out after one more build.
 */
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { listFilesRecursive } from './precompress.ts'

/** In build/, beside the client output: the files this build emitted, relative to build/client. */
export const OWN_FILES_LIST = 'own-files.json'

/** Hashed assets and the build manifest are what an open page of this build may still ask for. */
function isKeptForOpenPages(relative: string): boolean {
  return relative.startsWith('assets/') || relative.startsWith('builds/meta/')
}

async function copyInto(fromDir: string, toDir: string, relative: string): Promise<void> {
  await mkdir(path.dirname(path.join(toDir, relative)), { recursive: true })
  await copyFile(path.join(fromDir, relative), path.join(toDir, relative))
}

/** Lists the files the new build emitted (before earlier builds' files are restored beside them). */
export async function recordOwnFiles(buildDir: string): Promise<string[]> {
  const clientDir = path.join(buildDir, 'client')
  const files = (await listFilesRecursive(clientDir))
    .map((file) => path.relative(clientDir, file).split(path.sep).join('/'))
    .filter(isKeptForOpenPages)
    .sort()
  await writeFile(path.join(buildDir, OWN_FILES_LIST), `${JSON.stringify(files, null, 1)}\n`)
  return files
}

/**
 * Before a build: copies the last build's own files to `stashDir`, replacing what was there. A missing or
 * incomplete list (first build, or a failed one that emptied the output) leaves the stash as it is.
 */
export async function stashPreviousBuild(buildDir: string, stashDir: string): Promise<number> {
  const listFile = path.join(buildDir, OWN_FILES_LIST)
  if (!existsSync(listFile)) return 0
  const clientDir = path.join(buildDir, 'client')
  const files = JSON.parse(await readFile(listFile, 'utf8')) as string[]
  if (files.length === 0 || !files.every((file) => existsSync(path.join(clientDir, file)))) return 0
  await rm(stashDir, { recursive: true, force: true })
  for (const file of files) await copyInto(clientDir, stashDir, file)
  return files.length
}

/** After a build: puts back the stashed files the new build does not have itself. */
export async function restorePreviousBuild(clientDir: string, stashDir: string): Promise<number> {
  if (!existsSync(stashDir)) return 0
  let restored = 0
  for (const file of await listFilesRecursive(stashDir)) {
    const relative = path.relative(stashDir, file)
    if (existsSync(path.join(clientDir, relative))) continue
    await copyInto(stashDir, clientDir, relative)
    restored++
  }
  return restored
}
