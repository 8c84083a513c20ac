import type { HostedApiConfig } from '#src/options.ts'

import { createHostedImageVisualEngine } from './hosted-image-visual-engine.ts'
import { createLocalVisualEngine } from './local-visual-engine.ts'
import type { VisualEngine } from './visual-engine.ts'

/** The hosted image API when IMAGE_API_URL is set, the local illustrator otherwise. */
export function createVisualEngine(images: HostedApiConfig | undefined): VisualEngine {
  return images ? createHostedImageVisualEngine(images) : createLocalVisualEngine()
}
