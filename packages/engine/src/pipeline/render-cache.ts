import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'

/**
 * Where reusable render parts (voice clips, scene videos) are kept between renders, by a key made of
 * everything they were made from. The engine reads and writes files, so `get` hands back a local path; a
 * store-backed cache fetches the object to a local file first.
 */
export interface RenderCache {
  has(key: string): Promise<boolean>
  /** A local path to the cached file, or undefined when there is none. */
  get(key: string): Promise<string | undefined>
  /** Keeps a copy of `sourcePath` under `key`; the source file stays where it is. */
  put(key: string, sourcePath: string): Promise<void>
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i

/** The cache in a local folder: one file per key, written aside and renamed so a reader never sees half. */
export function createLocalRenderCache(dir: string): RenderCache & { dir: string } {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`Unsafe cache key: ${key}`)
    return path.join(dir, key)
  }
  const exists = async (file: string) => (await stat(file).catch(() => undefined))?.isFile() === true
  return {
    dir,
    has: (key) => exists(pathOf(key)),
    get: async (key) => {
      const file = pathOf(key)
      return (await exists(file)) ? file : undefined
    },
    async put(key, sourcePath) {
      const file = pathOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.part`
      try {
        await copyFile(sourcePath, temp)
        await rename(temp, file)
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
    },
  }
}
