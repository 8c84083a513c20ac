import { createReadStream } from 'node:fs'
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { assertMediaKey, type MediaStore } from './media-store.ts'

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
    async putFile(key, sourcePath) {
      await writeAtomically(key, async (temp) => {
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
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    async stat(key) {
      try {
        const info = await stat(pathOf(key))
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : undefined
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    createReadStream(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {})
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix.replace(/\/+$/, '')), { recursive: true, force: true })
    },
  }
}
