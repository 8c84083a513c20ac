import type { StudioConfig } from '#src/config.ts'
import { createVisualEngine } from '#src/adapters/visuals/create-visual-engine.ts'
import { drawCaptions } from '#src/adapters/visuals/draw-captions.ts'
import { renderStill } from '#src/adapters/visuals/render-still.ts'
import { createVoiceEngine } from '#src/adapters/voice/create-voice-engine.ts'
import { createMusicLibrary } from '#src/modules/music/music-library.ts'

import type { PipelineEngines } from './render-pipeline.ts'

/** The engines a render uses, chosen by configuration: local by default, hosted where configured. */
export function createPipelineEngines(studio: StudioConfig): PipelineEngines {
  const music = createMusicLibrary({ dir: studio.musicDir })
  return {
    voice: createVoiceEngine(studio.tts),
    visuals: createVisualEngine(studio.images),
    drawCaptions,
    music,
    renderStill,
    encoderName: 'ffmpeg (libx264, AAC)',
  }
}
