import type { PictureChoice } from '#src/pipeline/media-files.ts'
import type { ArtworkCredit, SceneArtRequest, VisualEngine } from '#src/visuals/visual-engine.ts'

import { prepareClipArt } from './clip-art.ts'
import { preparePhotoArt } from './photo-art.ts'

/**
 * The visual engine every render, preview and still uses: a scene with the owner's photo or clip shows it
 * (media art); any other scene is pictured by `drawn` (the server's default: the local illustrator, or the
 * hosted image engine), or by the engine its own choice names (`choices.drawn`, `choices.generated`) where
 * there is one. Same name as the default: cache keys and receipts name the engine of the scenes that chose
 * nothing, and a scene's own choice is part of its request (so of its keys).
 */
export function withMediaScenes(
  drawn: VisualEngine,
  choices: { drawn?: () => VisualEngine; generated?: () => VisualEngine } = {},
): VisualEngine {
  const engineFor = (picture: PictureChoice | undefined) => (picture && choices[picture]?.()) || drawn
  return {
    name: drawn.name,
    artwork: drawn.artwork,
    warm: drawn.warm?.bind(drawn),
    prepareScene(request: SceneArtRequest) {
      const { media } = request
      if (media?.type === 'photo') return preparePhotoArt({ ...request, media })
      if (media?.type === 'clip') return prepareClipArt({ ...request, media })
      return engineFor(request.picture).prepareScene(request)
    },
    artworkFor(requests) {
      const credits = new Map<string, ArtworkCredit>()
      for (const request of requests) {
        if (request.media) continue
        for (const credit of engineFor(request.picture).artwork ?? []) credits.set(credit.name, credit)
      }
      return [...credits.values()]
    },
  }
}
