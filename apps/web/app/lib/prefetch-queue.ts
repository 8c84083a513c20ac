export type PrefetchQueue = {
  /** Queues `task` unless `key` was queued before; returns false for a repeat. */
  add(key: string, task: () => Promise<unknown>): boolean
  /** Tasks running now. */
  readonly active: number
  /** Tasks waiting for a free slot. */
  readonly pending: number
}

/**
 * Runs preloads first come, first served, at most `concurrency` at once, each key once per page life (a
 * failed preload is not retried: the navigation itself will fetch what it needs).
 */
export function createPrefetchQueue(concurrency: number): PrefetchQueue {
  const seen = new Set<string>()
  const waiting: Array<() => Promise<unknown>> = []
  let active = 0

  function runNext(): void {
    while (active < concurrency && waiting.length > 0) {
      const task = waiting.shift()
      if (!task) return
      active++
      void Promise.resolve()
        .then(task)
        .catch(() => undefined)
        .finally(() => {
          active--
          runNext()
        })
    }
  }

  return {
    add(key, task) {
      if (seen.has(key)) return false
      seen.add(key)
      waiting.push(task)
      runNext()
      return true
    },
    get active() {
      return active
    },
    get pending() {
      return waiting.length
    },
  }
}
