import os from 'node:os'

import type { EngineOptions } from '#src/options.ts'
import type { SceneDrawer } from '#src/pipeline/render-pipeline.ts'
import type { FrameTimings, SceneDrawing } from '#src/pipeline/scene-segments.ts'

import { createThreadPool } from './thread-pool.ts'

/** Past this a scene is taken as hung and its thread ended: a hosted image may take 120 s, a 1080p scene 60 s. */
const TASK_TIMEOUT_MS = 10 * 60_000

/** What a scene thread answers: the still, when one was asked for, and where its drawing time went. */
export type SceneThreadResult = { still: Uint8Array | undefined; timings: FrameTimings }

/** The threads a render draws scenes in: one per core, at most two, since ffmpeg's encoders share the cores. */
export function getDefaultSceneThreads(): number {
  return Math.max(1, Math.min(2, os.availableParallelism()))
}

/**
 * Draws scenes in worker threads of the render process, several at once: drawing a scene is synchronous
 * canvas work, so one thread draws one scene at a time, and two threads keep both cores busy where one
 * left a core waiting on ffmpeg (and ffmpeg waiting on it).
 */
export function createScenePool(
  options: EngineOptions,
  threads = getDefaultSceneThreads(),
): SceneDrawer & {
  warm(): void
  close(): Promise<void>
} {
  const pool = createThreadPool<SceneDrawing, SceneThreadResult>({
    entry: new URL('./scene-thread.ts', import.meta.url),
    workerData: options,
    threads,
    timeoutMs: TASK_TIMEOUT_MS,
    engine: 'renderer',
    label: 'A scene-drawing thread',
  })
  return {
    async draw(drawing, { signal, onFrames }) {
      const { still, timings } = await pool.run(drawing, { signal, onProgress: onFrames })
      return { still: still ? Buffer.from(still.buffer, still.byteOffset, still.byteLength) : undefined, timings }
    },
    warm: () => pool.warm(),
    close: () => pool.close(),
  }
}

export type ScenePool = ReturnType<typeof createScenePool>
