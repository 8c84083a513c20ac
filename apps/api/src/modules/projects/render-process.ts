import os from 'node:os'
import path from 'node:path'

import { createLocalMediaStore } from '#src/adapters/media/local-media-store.ts'
import type { StudioConfig } from '#src/config.ts'

import { createPipelineEngines } from './pipeline-engines.ts'
import {
  runPreviewTask,
  runRenderTask,
  type PipelineEngines,
  type PipelineMessage,
  type PipelineTask,
} from './render-pipeline.ts'
import { removeStaleWork } from './stale-work.ts'

/**
 * The render child process (see render-runner.ts): takes one task at a time over IPC and answers with
 * progress messages and a result. Engines (the WASM voice, fonts, the music catalogue) load once.
 */
let engines: PipelineEngines | undefined
let swept = false

const send = (message: PipelineMessage) => process.send?.(message)

process.on('message', (message: { task: PipelineTask; studio: StudioConfig; dataDir: string }) => {
  void (async () => {
    try {
      engines ??= createPipelineEngines(message.studio)
      if (!swept) {
        swept = true
        await removeStaleWork({
          tempDir: os.tmpdir(),
          segmentsDir: path.join(message.studio.mediaDir, 'cache', 'segments'),
        })
      }
      const context = {
        engines,
        media: createLocalMediaStore(message.studio.mediaDir),
        cacheDir: path.join(message.studio.mediaDir, 'cache'),
        onProgress: (progress: { stage: string; progress: number }) => send({ type: 'progress', ...progress }),
      }
      const result =
        message.task.kind === 'render'
          ? await runRenderTask(message.task, context)
          : await runPreviewTask(message.task, context)
      send({ type: 'done', result })
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? error.message : String(error) })
    }
  })()
})

// The parent going away ends the child too.
process.on('disconnect', () => process.exit(0))
