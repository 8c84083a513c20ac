import type { Plan } from '../plan.ts'
import type { PromptBrief } from '../prompt-brief.ts'
import { writeSteps } from './how-to.ts'

/** A recipe is a how-to in a kitchen: its ingredients first, how to serve it last. */
export function writeRecipe(brief: PromptBrief): Plan {
  return writeSteps(brief, true)
}
