import type { HostedApiConfig } from '#src/options.ts'

import { createHostedImageVisualEngine } from './hosted-image-visual-engine.ts'
import { createLocalVisualEngine } from './local-visual-engine.ts'
import { withMediaScenes } from './media/media-visual-engine.ts'
import type { VisualEngine } from './visual-engine.ts'

/**
 * The hosted image API when IMAGE_API_URL is set, the local illustrator otherwise; either way, a scene with the
 * owner's photo or clip shows that instead, and with a hosted engine a scene may choose the illustrator (its
 * art loads only when one does).
 */
export function createVisualEngine(images: HostedApiConfig | undefined): VisualEngine {
  if (!images) return withMediaScenes(createLocalVisualEngine())
  let illustrator: VisualEngine | undefined
  return withMediaScenes(createHostedImageVisualEngine(images), {
    drawn: () => (illustrator ??= createLocalVisualEngine()),
  })
}
