import type { HostedApiConfig } from '#src/options.ts'
import { getSceneStillKey, type SceneStillRequest, type StillOptions } from '#src/pipeline/scene-still.ts'
import { createVisualEngine } from '#src/visuals/create-visual-engine.ts'

import { createThreadPool } from './thread-pool.ts'

/** Past this a task is taken as hung: its thread is ended and started again. A hosted image may take 120 s. */
const TASK_TIMEOUT_MS = 150_000

export type StillTask = { request: SceneStillRequest; options: StillOptions }

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
  const pool = createThreadPool<StillTask, Uint8Array>({
    entry: new URL('./still-thread.ts', import.meta.url),
    workerData: { images },
    threads,
    timeoutMs: TASK_TIMEOUT_MS,
    engine: 'visuals',
    label: 'The still drawer',
  })
  return {
    /** The visual engine's name, as the receipt and the still keys know it. */
    visualsName,
    /** The key of the still `draw` would make for these inputs (see getSceneStillKey). */
    keyOf: (request: SceneStillRequest, options: StillOptions) => getSceneStillKey(visualsName, request, options),
    /** Tasks drawing or waiting. */
    get pending(): number {
      return pool.pending
    },
    /** A still; `signal` takes it out of the queue (it rejects as aborted), or asks its thread to stop it. */
    async draw(request: SceneStillRequest, options: StillOptions, { signal }: { signal?: AbortSignal } = {}) {
      const bytes = await pool.run({ request, options }, { signal })
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    },
    /** Ends the threads; waiting and running tasks are rejected as aborted. */
    close: () => pool.close(),
  }
}

export type StillRunner = ReturnType<typeof createStillRunner>
