import { workerData } from 'node:worker_threads'

import type { HostedApiConfig } from '#src/options.ts'
import { drawSceneStill } from '#src/pipeline/scene-still.ts'
import { createVisualEngine } from '#src/visuals/create-visual-engine.ts'

import type { StillTask } from './still-runner.ts'
import { serveThreadTasks } from './thread-pool.ts'

/**
 * A still-drawing thread (see still-runner.ts): the visual engine and its art load once per thread, then
 * each task is one prepared scene, one frame and one encode.
 */
const visuals = createVisualEngine((workerData as { images: HostedApiConfig | undefined }).images)

serveThreadTasks<StillTask, Uint8Array>(async (task) => {
  const bytes = await drawSceneStill(visuals, task.request, task.options)
  // A copy of its own, so handing its memory to the main thread cannot detach a buffer shared with others.
  const copy = Uint8Array.from(bytes)
  return { result: copy, transfer: [copy.buffer] }
}, 'visuals')
