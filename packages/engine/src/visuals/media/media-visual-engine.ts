import type { SceneArtRequest, VisualEngine } from '#src/visuals/visual-engine.ts'

import { prepareClipArt } from './clip-art.ts'
import { preparePhotoArt } from './photo-art.ts'

/**
 * The visual engine every render, preview and still uses: a scene with the owner's photo or clip shows it
 * (media art), any other scene is drawn by `drawn` (the local illustrator, or the hosted image engine). Same
 * name and credits as `drawn`: a receipt names the engine that drew the drawn scenes.
 */
export function withMediaScenes(drawn: VisualEngine): VisualEngine {
  return {
    name: drawn.name,
    artwork: drawn.artwork,
    warm: drawn.warm?.bind(drawn),
    prepareScene(request: SceneArtRequest) {
      const { media } = request
      if (media?.type === 'photo') return preparePhotoArt({ ...request, media })
      if (media?.type === 'clip') return prepareClipArt({ ...request, media })
      return drawn.prepareScene(request)
    },
  }
}
