/**
 * Runs at most `max` tasks at once and queues the rest in order. Password hashing uses it so a burst of
 * logins cannot take all the memory (19 MiB per argon2id hash) or starve the event loop's thread pool.
 */
export function createConcurrencyLimit(max: number) {
  if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be a positive integer')
  let running = 0
  const waiting: Array<() => void> = []

  const release = () => {
    running--
    waiting.shift()?.()
  }

  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await task()
    } finally {
      release()
    }
  }
}
