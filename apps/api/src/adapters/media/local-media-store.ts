import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { assertMediaKey, type MediaObject, type MediaStore } from './media-store.ts'

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')

/** Size, time and an ETag made of both, as a static file server would give them. */
export async function statFile(file: string): Promise<MediaObject | undefined> {
  try {
    const info = await stat(file)
    if (!info.isFile()) return undefined
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`
    return { size: info.size, modifiedAt: info.mtime, etag }
  } catch (error) {
    if (isMissing(error)) return undefined
    throw error
  }
}

/** Media on local disk under one folder; several instances share it when it is a shared volume. */
export function createLocalMediaStore(root: string): MediaStore & { pathOf(key: string): string } {
  const pathOf = (key: string) => path.join(root, assertMediaKey(key))

  async function writeAtomically(key: string, write: (temp: string) => Promise<void>) {
    const target = pathOf(key)
    await mkdir(path.dirname(target), { recursive: true })
    // A reader never sees a half-written file: write beside it, then rename over it.
    const temp = `${target}.${process.pid}.${Date.now().toString(36)}.part`
    try {
      await write(temp)
      await rename(temp, target)
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
  }

  return {
    kind: 'local',
    pathOf,
    async putFile(key, sourcePath, { keepSource = false } = {}) {
      await writeAtomically(key, async (temp) => {
        if (keepSource) return copyFile(sourcePath, temp)
        try {
          await rename(sourcePath, temp)
        } catch {
          // Another file system: copy instead of moving.
          await copyFile(sourcePath, temp)
        }
      })
    },
    async put(key, data) {
      await writeAtomically(key, (temp) => writeFile(temp, data))
    },
    async get(key) {
      try {
        return await readFile(pathOf(key))
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    stat: (key) => statFile(pathOf(key)),
    async openReadStream(key, range) {
      const file = pathOf(key)
      if (!(await statFile(file))) return undefined
      return createReadStream(file, range ? { start: range.start, end: range.end } : {})
    },
    async download(key, targetPath) {
      try {
        await copyFile(pathOf(key), targetPath)
        return true
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
    async deletePrefix(prefix) {
      const target = pathOf(prefix.replace(/\/+$/, ''))
      // Files may appear in the folder while it is removed (a still finishing as its project is deleted),
      // and rmdir refuses a folder that gained one (ENOTEMPTY). Moved aside first, under a name no writer
      // knows, it gains none but from a call already under way, which a retry outlasts.
      const doomed = `${target}.deleting-${randomUUID()}`
      try {
        await rename(target, doomed)
      } catch (error) {
        if (isMissing(error)) return
        throw error
      }
      await rm(doomed, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 })
    },
  }
}
