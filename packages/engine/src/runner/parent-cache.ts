import type { RenderCache } from '#src/pipeline/render-cache.ts'

/** The render child asks its parent for a cache entry. */
export type CacheCall = {
  type: 'cache-call'
  id: number
  method: 'has' | 'get' | 'put'
  key: string
  sourcePath?: string
}
/** The parent's answer: a path (get), whether it is there (has), nothing (put), or what went wrong. */
export type CacheReply = { type: 'cache-reply'; id: number; value?: string | boolean; error?: string }

export const isCacheReply = (message: unknown): message is CacheReply =>
  (message as CacheReply | undefined)?.type === 'cache-reply'
export const isCacheCall = (message: unknown): message is CacheCall =>
  (message as CacheCall | undefined)?.type === 'cache-call'

/**
 * In the render child: a RenderCache answered by the parent's, for a cache the parent was given per task (one
 * kept in shared storage, say), which cannot cross a process boundary. Paths stay valid across the two
 * processes, which run on one machine.
 */
export function createParentCache(send: (call: CacheCall) => void): RenderCache & { receive(reply: CacheReply): void } {
  let nextId = 0
  const pending = new Map<number, { resolve: (value: CacheReply['value']) => void; reject: (error: Error) => void }>()
  const call = (method: CacheCall['method'], key: string, sourcePath?: string) =>
    new Promise<CacheReply['value']>((resolve, reject) => {
      nextId += 1
      pending.set(nextId, { resolve, reject })
      send({ type: 'cache-call', id: nextId, method, key, sourcePath })
    })
  return {
    has: async (key) => (await call('has', key)) === true,
    get: async (key) => {
      const value = await call('get', key)
      return typeof value === 'string' ? value : undefined
    },
    put: async (key, sourcePath) => {
      await call('put', key, sourcePath)
    },
    receive(reply) {
      const waiting = pending.get(reply.id)
      pending.delete(reply.id)
      if (reply.error !== undefined) waiting?.reject(new Error(reply.error))
      else waiting?.resolve(reply.value)
    },
  }
}

/** In the parent: runs the child's call on the task's cache. */
export async function answerCacheCall(cache: RenderCache, call: CacheCall): Promise<CacheReply> {
  try {
    const value =
      call.method === 'has'
        ? await cache.has(call.key)
        : call.method === 'get'
          ? await cache.get(call.key)
          : await cache.put(call.key, call.sourcePath ?? '')
    return { type: 'cache-reply', id: call.id, value: value ?? undefined }
  } catch (error) {
    return { type: 'cache-reply', id: call.id, error: error instanceof Error ? error.message : String(error) }
  }
}
