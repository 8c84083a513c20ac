import { AppError } from '#src/errors.ts'

import type { ScenePreviewer } from './projects.service.ts'
import type { RenderRunner } from './render-runner.ts'

/** More scene previews than this waiting at once get a 503 instead of a long wait. */
const PREVIEW_QUEUE_MAX = 4

/** Scene previews in their own render child, one at a time, with a short queue (issue #6). */
export function createScenePreviewer(runner: RenderRunner): ScenePreviewer {
  let waiting = 0
  return {
    async preview(input) {
      if (waiting >= PREVIEW_QUEUE_MAX) {
        throw new AppError('PREVIEW_BUSY', 503, 'Previews are busy right now. Try again in a few seconds.')
      }
      waiting += 1
      try {
        return await runner.runPreview({ kind: 'preview', ...input })
      } finally {
        waiting -= 1
      }
    },
  }
}
