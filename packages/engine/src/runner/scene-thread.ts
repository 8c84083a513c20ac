import { workerData } from 'node:worker_threads'

import { configureBinaries } from '#src/encoder/ffmpeg-binary.ts'
import type { EngineOptions } from '#src/options.ts'
import { drawScene, type SceneDrawing } from '#src/pipeline/scene-segments.ts'
import { createVisualEngine } from '#src/visuals/create-visual-engine.ts'
import { blendCaptions, drawCaptions } from '#src/visuals/draw-captions.ts'
import { renderStill } from '#src/visuals/render-still.ts'

import type { SceneThreadResult } from './scene-pool.ts'
import { serveThreadTasks } from './thread-pool.ts'

/**
 * A scene-drawing thread of the render process (see scene-pool.ts): the visual engine, its art and fonts load
 * once per thread; each task is one scene's frames, drawn and handed to ffmpeg.
 */
const options = workerData as EngineOptions
configureBinaries(options)
const engines = { visuals: createVisualEngine(options.images), drawCaptions, blendCaptions, renderStill }
void engines.visuals.warm?.().catch(() => undefined)

serveThreadTasks<SceneDrawing, SceneThreadResult>(async (drawing, { signal, progress }) => {
  const { still, timings } = await drawScene(drawing, engines, { signal, onFrames: progress })
  // A copy of its own, so handing its memory over cannot detach a buffer shared with others.
  const copy = still ? Uint8Array.from(still) : undefined
  return { result: { still: copy, timings }, transfer: copy ? [copy.buffer] : [] }
}, 'renderer')
