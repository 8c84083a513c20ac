import type { HostedApiConfig } from '#src/options.ts'

import { createHostedImageVisualEngine } from './hosted-image-visual-engine.ts'
import { createLocalVisualEngine } from './local-visual-engine.ts'
import { withMediaScenes } from './media/media-visual-engine.ts'
import type { VisualEngine } from './visual-engine.ts'

/**
 * The hosted image API when IMAGE_API_URL is set, the local illustrator otherwise; either way, a scene with the
 * owner's photo or clip shows that instead.
 */
export function createVisualEngine(images: HostedApiConfig | undefined): VisualEngine {
  return withMediaScenes(images ? createHostedImageVisualEngine(images) : createLocalVisualEngine())
}
