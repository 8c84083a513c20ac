import { Worker } from 'node:worker_threads'

import { EngineError, type SerializedEngineError } from '#src/errors.ts'
import type { HostedApiConfig } from '#src/options.ts'
import { getSceneStillKey, type SceneStillRequest, type StillOptions } from '#src/pipeline/scene-still.ts'
import { createVisualEngine } from '#src/visuals/create-visual-engine.ts'

const THREAD_ENTRY = new URL('./still-thread.ts', import.meta.url)
/** Past this a task is taken as hung: its thread is ended and started again. A hosted image may take 120 s. */
const TASK_TIMEOUT_MS = 150_000

export type StillTask = { id: number; request: SceneStillRequest; options: StillOptions }
export type StillReply =
  { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; error: SerializedEngineError }

type Job = { task: StillTask; resolve: (bytes: Buffer) => void; reject: (error: EngineError) => void }
type Slot = { worker: Worker | undefined; job: Job | undefined; timer: NodeJS.Timeout | undefined }

/**
 * Draws scene stills (storyboard thumbnails) in worker threads of the calling process, apart from the
 * render queue and its child processes, so a still never waits behind a render, and apart from the
 * caller's event loop, so drawing never stalls a server's requests. `threads` bounds the CPU they take;
 * further tasks wait in order. Each thread loads the visual engine and its art once and is kept.
 * Failures reject with an EngineError: the engine's own kind, 'crashed' when a thread died or hung,
 * 'aborted' after close().
 */
export function createStillRunner({ images, threads = 1 }: { images: HostedApiConfig | undefined; threads?: number }) {
  const visualsName = createVisualEngine(images).name
  const slots: Slot[] = Array.from({ length: Math.max(1, threads) }, () => ({
    worker: undefined,
    job: undefined,
    timer: undefined,
  }))
  const queue: Job[] = []
  let nextId = 1
  let closed = false

  function finish(slot: Slot): Job | undefined {
    const job = slot.job
    slot.job = undefined
    clearTimeout(slot.timer)
    // An idle thread does not keep the process alive.
    slot.worker?.unref()
    return job
  }

  function start(slot: Slot): Worker {
    const worker = new Worker(THREAD_ENTRY, { workerData: { images } })
    const stop = (how: string) => {
      if (slot.worker !== worker) return
      slot.worker = undefined
      finish(slot)?.reject(new EngineError('crashed', 'visuals', `The still drawer stopped unexpectedly (${how}).`))
      pump()
    }
    worker.on('message', (reply: StillReply) => {
      if (slot.job?.task.id !== reply.id) return
      const job = finish(slot)
      if (reply.ok) job?.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength))
      else job?.reject(EngineError.fromJSON(reply.error))
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
      }, TASK_TIMEOUT_MS)
      worker.postMessage(job.task)
    }
  }

  return {
    /** The visual engine's name, as the receipt and the still keys know it. */
    visualsName,
    /** The key of the still `draw` would make for these inputs (see getSceneStillKey). */
    keyOf: (request: SceneStillRequest, options: StillOptions) => getSceneStillKey(visualsName, request, options),
    /** Tasks drawing or waiting. */
    get pending(): number {
      return queue.length + slots.filter((slot) => slot.job).length
    },
    draw(request: SceneStillRequest, options: StillOptions): Promise<Buffer> {
      if (closed) return Promise.reject(new EngineError('aborted', 'visuals', 'The still drawer is closed.'))
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ task: { id: nextId++, request, options }, resolve, reject })
        pump()
      })
    },
    /** Ends the threads; waiting and running tasks are rejected as aborted. */
    async close(): Promise<void> {
      closed = true
      const aborted = () => new EngineError('aborted', 'visuals', 'The still drawer was closed.')
      for (const job of queue.splice(0)) job.reject(aborted())
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker
          slot.worker = undefined
          finish(slot)?.reject(aborted())
          await worker?.terminate()
        }),
      )
    },
  }
}

export type StillRunner = ReturnType<typeof createStillRunner>
