import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { RenderCache } from '@storyreel/engine/engine'

import { assertMediaKey, type MediaStore } from './media-store.ts'

/** Where an account's reusable render parts live in the media store; deleting the account deletes the folder. */
export const renderCachePrefix = (userId: string) => `users/${userId}/render-cache`

/**
 * The engine's cache of reusable parts (voice clips, scene videos) kept in the media store under one owner's
 * folder, so any worker on any machine reuses what another made for that owner, and a deleted account leaves
 * nothing behind (decision 034). The engine reads local files: an entry is downloaded into a folder of this
 * task on first use, and `dispose` removes that folder, so no worker keeps an owner's files after the task.
 * The cache only saves work: a store that fails is a miss (reported through `onError`), never a failed render.
 */
export async function createStoreRenderCache({
  media,
  userId,
  onError,
}: {
  media: MediaStore
  userId: string
  onError?: (error: unknown, key: string) => void
}): Promise<RenderCache & { dispose(): Promise<void> }> {
  const prefix = renderCachePrefix(userId)
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-render-cache-'))
  const storeKey = (key: string) => assertMediaKey(`${prefix}/${key}`)
  const localPath = (key: string) => path.join(workDir, storeKey(key))
  const isLocal = async (file: string) => (await stat(file).catch(() => undefined))?.isFile() === true

  async function fetchEntry(key: string): Promise<string | undefined> {
    const file = localPath(key)
    if (await isLocal(file)) return file
    await mkdir(path.dirname(file), { recursive: true })
    const temp = `${file}.${randomBytes(4).toString('hex')}.part`
    try {
      if (!(await media.download(storeKey(key), temp))) return undefined
      await rename(temp, file)
      return file
    } catch (error) {
      await rm(temp, { force: true })
      onError?.(error, key)
      return undefined
    }
  }

  return {
    async has(key) {
      if (await isLocal(localPath(key))) return true
      try {
        return (await media.stat(storeKey(key))) !== undefined
      } catch (error) {
        onError?.(error, key)
        return false
      }
    },
    get: fetchEntry,
    async put(key, sourcePath) {
      try {
        await media.putFile(storeKey(key), sourcePath, { keepSource: true })
      } catch (error) {
        onError?.(error, key)
      }
    },
    dispose: () => rm(workDir, { recursive: true, force: true }),
  }
}
