import { parentPort, Worker } from 'node:worker_threads'

import { EngineError, type EngineName, type SerializedEngineError } from '#src/errors.ts'

export type ThreadMessage<Task> = { type: 'run'; id: number; task: Task } | { type: 'cancel'; id: number }
export type ThreadReply<Result> =
  | { type: 'progress'; id: number; value: number }
  | { type: 'done'; id: number; result: Result }
  | { type: 'error'; id: number; error: SerializedEngineError }

type Job<Task, Result> = {
  id: number
  task: Task
  onProgress: ((value: number) => void) | undefined
  resolve: (result: Result) => void
  reject: (error: EngineError) => void
}
type Slot<Task, Result> = {
  worker: Worker | undefined
  job: Job<Task, Result> | undefined
  timer: NodeJS.Timeout | undefined
}

export type ThreadPoolOptions = {
  /** The thread's module, which answers with serveThreadTasks. */
  entry: URL
  workerData: unknown
  threads: number
  /** Past this a task is taken as hung: its thread is ended and started again. */
  timeoutMs: number
  /** Who the errors of a dead or closed thread are reported as. */
  engine: EngineName
  /** What the threads do, for those errors: "The still drawer", "A scene-drawing thread". */
  label: string
}

/**
 * Worker threads of this process that each load their engines once and then run one task at a time; further
 * tasks wait in order. Drawing is synchronous canvas work, so threads keep it off the caller's event loop and
 * let several run on several cores. Failures reject with an EngineError: the task's own kind, 'crashed'
 * when a thread died or hung, 'aborted' when canceled or after close().
 */
export function createThreadPool<Task, Result>(options: ThreadPoolOptions) {
  const slots: Slot<Task, Result>[] = Array.from({ length: Math.max(1, options.threads) }, () => ({
    worker: undefined,
    job: undefined,
    timer: undefined,
  }))
  const queue: Job<Task, Result>[] = []
  let nextId = 1
  let closed = false

  function finish(slot: Slot<Task, Result>): Job<Task, Result> | undefined {
    const job = slot.job
    slot.job = undefined
    clearTimeout(slot.timer)
    // An idle thread does not keep the process alive.
    slot.worker?.unref()
    return job
  }

  function start(slot: Slot<Task, Result>): Worker {
    const worker = new Worker(options.entry, { workerData: options.workerData })
    const stop = (how: string) => {
      if (slot.worker !== worker) return
      slot.worker = undefined
      finish(slot)?.reject(
        new EngineError('crashed', options.engine, `${options.label} stopped unexpectedly (${how}).`),
      )
      pump()
    }
    worker.on('message', (reply: ThreadReply<Result>) => {
      const job = slot.job
      if (job?.id !== reply.id) return
      if (reply.type === 'progress') {
        job.onProgress?.(reply.value)
        return
      }
      finish(slot)
      if (reply.type === 'done') job.resolve(reply.result)
      else job.reject(EngineError.fromJSON(reply.error))
      pump()
    })
    worker.on('error', (error: Error) => stop(error.message))
    worker.on('exit', (code) => stop(`exit ${code}`))
    return worker
  }

  function pump() {
    for (const slot of slots) {
      if (closed || slot.job) continue
      const job = queue.shift()
      if (!job) return
      const worker = (slot.worker ??= start(slot))
      slot.job = job
      worker.ref()
      slot.timer = setTimeout(() => {
        if (slot.job === job) void worker.terminate()
      }, options.timeoutMs)
      worker.postMessage({ type: 'run', id: job.id, task: job.task } satisfies ThreadMessage<Task>)
    }
  }

  const aborted = (message: string) => new EngineError('aborted', options.engine, message)

  function cancel(job: Job<Task, Result>) {
    const waiting = queue.indexOf(job)
    if (waiting >= 0) {
      queue.splice(waiting, 1)
      job.reject(aborted('The task was stopped.'))
      return
    }
    // A running task stops at its next check and answers with the 'aborted' error itself.
    const slot = slots.find((candidate) => candidate.job === job)
    slot?.worker?.postMessage({ type: 'cancel', id: job.id } satisfies ThreadMessage<Task>)
  }

  return {
    /** Starts every thread now, so each loads its engines before the first task. */
    warm() {
      if (closed) return
      for (const slot of slots) {
        if (slot.worker) continue
        slot.worker = start(slot)
        slot.worker.unref()
      }
    },
    /** Tasks running or waiting. */
    get pending(): number {
      return queue.length + slots.filter((slot) => slot.job).length
    },
    run(task: Task, { onProgress, signal }: { onProgress?: (value: number) => void; signal?: AbortSignal } = {}) {
      if (closed || signal?.aborted) return Promise.reject(aborted('The task was stopped.'))
      return new Promise<Result>((resolve, reject) => {
        const onAbort = () => cancel(job)
        const settle = () => signal?.removeEventListener('abort', onAbort)
        const job: Job<Task, Result> = {
          id: nextId++,
          task,
          onProgress,
          resolve: (result) => {
            settle()
            resolve(result)
          },
          reject: (error) => {
            settle()
            reject(error)
          },
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        queue.push(job)
        pump()
      })
    },
    /** Ends the threads; waiting and running tasks are rejected as aborted. */
    async close(): Promise<void> {
      closed = true
      for (const job of queue.splice(0)) job.reject(aborted(`${options.label} was closed.`))
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker
          slot.worker = undefined
          finish(slot)?.reject(aborted(`${options.label} was closed.`))
          await worker?.terminate()
        }),
      )
    },
  }
}

/**
 * The thread side of createThreadPool: runs each task with `handle`, reports its progress, answers with its
 * result (handing over the ArrayBuffers `transfer` names) or its error, and aborts it on a cancel.
 */
export function serveThreadTasks<Task, Result>(
  handle: (
    task: Task,
    tools: { signal: AbortSignal; progress: (value: number) => void },
  ) => Promise<{ result: Result; transfer?: ArrayBuffer[] }>,
  engine: EngineName,
): void {
  const port = parentPort
  if (!port) return
  const running = new Map<number, AbortController>()
  port.on('message', (message: ThreadMessage<Task>) => {
    if (message.type === 'cancel') {
      running.get(message.id)?.abort()
      return
    }
    const { id, task } = message
    const controller = new AbortController()
    running.set(id, controller)
    const progress = (value: number) => port.postMessage({ type: 'progress', id, value } satisfies ThreadReply<Result>)
    handle(task, { signal: controller.signal, progress }).then(
      ({ result, transfer = [] }) => {
        running.delete(id)
        port.postMessage({ type: 'done', id, result } satisfies ThreadReply<Result>, transfer)
      },
      (error: unknown) => {
        running.delete(id)
        port.postMessage({
          type: 'error',
          id,
          error: EngineError.from(error, engine).toJSON(),
        } satisfies ThreadReply<Result>)
      },
    )
  })
}
