import { describe, expect, it } from 'vitest'

import { createPrefetchQueue } from './prefetch-queue.ts'

function deferred() {
  let resolve: () => void = () => undefined
  let reject: (error: Error) => void = () => undefined
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createPrefetchQueue', () => {
  it('runs at most five preloads at once and starts the next as one settles', async () => {
    const queue = createPrefetchQueue(5)
    const tasks = Array.from({ length: 8 }, () => deferred())
    let running = 0
    let maxRunning = 0
    tasks.forEach((task, index) =>
      queue.add(`/page-${index}`, async () => {
        running++
        maxRunning = Math.max(maxRunning, running)
        await task.promise.finally(() => running--)
      }),
    )
    await flush()
    expect(queue.active).toBe(5)
    expect(queue.pending).toBe(3)
    tasks[0]?.resolve()
    tasks[1]?.reject(new Error('404'))
    await flush()
    expect(queue.active).toBe(5)
    expect(queue.pending).toBe(1)
    tasks.forEach((task) => task.resolve())
    await flush()
    await flush()
    expect(queue.active).toBe(0)
    expect(maxRunning).toBe(5)
  })

  it('preloads each path once', async () => {
    const queue = createPrefetchQueue(5)
    let calls = 0
    const task = async () => {
      calls++
    }
    expect(queue.add('/pricing', task)).toBe(true)
    expect(queue.add('/pricing', task)).toBe(false)
    await flush()
    expect(queue.add('/pricing', task)).toBe(false)
    expect(calls).toBe(1)
  })

  it('keeps going after a task throws synchronously', async () => {
    const queue = createPrefetchQueue(1)
    let ran = false
    queue.add('/a', () => {
      throw new Error('boom')
    })
    queue.add('/b', async () => {
      ran = true
    })
    await flush()
    await flush()
    expect(ran).toBe(true)
  })
})
