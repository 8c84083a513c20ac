import os from 'node:os'

import { configureBinaries } from '#src/encoder/ffmpeg-binary.ts'
import { EngineError } from '#src/errors.ts'
import type { EngineOptions } from '#src/options.ts'
import { createPipelineEngines } from '#src/pipeline/pipeline-engines.ts'
import { createLocalRenderCache } from '#src/pipeline/render-cache.ts'
import {
  runPreviewTask,
  runRenderTask,
  type PipelineEngines,
  type PipelineMessage,
  type PipelineTask,
} from '#src/pipeline/render-pipeline.ts'

import { createScenePool, type ScenePool } from './scene-pool.ts'
import { createParentCache, isCacheReply, type CacheReply } from './parent-cache.ts'
import { removeStaleWork } from './stale-work.ts'

/**
 * The render child process (see render-runner.ts): takes one task at a time over IPC and answers with
 * progress messages and a result. Engines (the WASM voice, fonts, the music catalogue) load once.
 */
let loaded: { engines: PipelineEngines; scenes: ScenePool } | undefined
let swept = false

const send = (message: PipelineMessage) => process.send?.(message)
const parentCache = createParentCache((call) => process.send?.(call))

function load(options: EngineOptions) {
  if (!loaded) {
    configureBinaries(options)
    loaded = { engines: createPipelineEngines(options), scenes: createScenePool(options) }
  }
  return loaded
}

type TaskMessage = { task: PipelineTask; options: EngineOptions; sharedCache?: boolean }
type WarmMessage = { warm: true; options: EngineOptions }

process.on('message', (message: TaskMessage | WarmMessage | CacheReply) => {
  if (isCacheReply(message)) {
    parentCache.receive(message)
    return
  }
  if ('warm' in message) {
    // The scene threads load their art, and the voice engine compiles, before any render asks.
    const { engines, scenes } = load(message.options)
    scenes.warm()
    const [voice] = engines.voice.listVoices()
    if (voice) void engines.voice.synthesize({ text: 'Ready.', voiceId: voice.id, speed: 1 }).catch(() => undefined)
    return
  }
  void (async () => {
    try {
      const { options } = message
      load(options)
      if (!swept) {
        swept = true
        await removeStaleWork({ tempDir: os.tmpdir(), cacheDir: options.cacheDir })
      }
      const context = {
        ...load(options),
        cache: message.sharedCache ? parentCache : createLocalRenderCache(options.cacheDir),
        onProgress: (progress: { stage: string; progress: number }) => send({ type: 'progress', ...progress }),
      }
      const result =
        message.task.kind === 'render'
          ? await runRenderTask(message.task, context)
          : await runPreviewTask(message.task, context)
      send({ type: 'done', result })
    } catch (error) {
      // The kind travels with the message, so the parent can tell "unavailable" from "invalid".
      send({ type: 'error', error: EngineError.from(error).toJSON() })
    }
  })()
})

// The parent going away ends the child too.
process.on('disconnect', () => process.exit(0))
