import { createVisualEngine } from '#src/visuals/create-visual-engine.ts'
import { blendCaptions, drawCaptions } from '#src/visuals/draw-captions.ts'
import { renderStill } from '#src/visuals/render-still.ts'
import { createVoiceEngine } from '#src/voice/create-voice-engine.ts'
import { createMusicLibrary } from '#src/music/music-library.ts'

import type { EngineOptions } from '#src/options.ts'

import type { PipelineEngines } from './render-pipeline.ts'

/** The engines a render uses, chosen by configuration: local by default, hosted where configured. */
export function createPipelineEngines(options: EngineOptions): PipelineEngines {
  const music = createMusicLibrary({ dir: options.musicDir })
  return {
    voice: createVoiceEngine(options.tts),
    visuals: createVisualEngine(options.images),
    drawCaptions,
    blendCaptions,
    music,
    renderStill,
    encoderName: 'ffmpeg (libx264, AAC)',
  }
}
