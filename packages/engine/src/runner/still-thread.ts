import { parentPort, workerData } from 'node:worker_threads'

import { EngineError } from '#src/errors.ts'
import type { HostedApiConfig } from '#src/options.ts'
import { drawSceneStill } from '#src/pipeline/scene-still.ts'
import { createVisualEngine } from '#src/visuals/create-visual-engine.ts'

import type { StillReply, StillTask } from './still-runner.ts'

/**
 * A still-drawing thread (see still-runner.ts): the visual engine and its art load once per thread, then
 * each task is one prepared scene, one frame and one encode.
 */
const visuals = createVisualEngine((workerData as { images: HostedApiConfig | undefined }).images)
const port = parentPort

port?.on('message', (task: StillTask) => {
  void (async () => {
    let reply: StillReply
    try {
      const bytes = await drawSceneStill(visuals, task.request, task.options)
      // A copy of its own, so handing its memory to the main thread cannot detach a buffer shared with others.
      reply = { id: task.id, ok: true, bytes: Uint8Array.from(bytes) }
    } catch (error) {
      reply = { id: task.id, ok: false, error: EngineError.from(error, 'visuals').toJSON() }
    }
    port.postMessage(reply, reply.ok ? [reply.bytes.buffer as ArrayBuffer] : [])
  })()
})
