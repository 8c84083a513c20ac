import { ownWordsPrompt } from '@storyreel/contracts/studio'

import { joinList, toTitle } from '../english.ts'
import { line, tidy, type Plan } from '../plan.ts'
import type { PromptBrief } from '../prompt-brief.ts'
import { refer } from '../references.ts'
import type { HowToSlot, RecipeSlot } from '../templates/how-to.ts'
import { WRITER_TEMPLATES } from '../templates/registry.ts'
import { fillText, requirePart, type SlotsOf } from '../templates/template.ts'

/**
 * A how-to or a recipe: the task, scenes for the user's own steps in order (the last step always last), and
 * the task done. A recipe is shot in a kitchen, with what the prompt adds to the dish ("with blueberries").
 */
export function writeSteps(brief: PromptBrief, isRecipe: boolean): Plan {
  const templates = isRecipe ? WRITER_TEMPLATES.recipe : WRITER_TEMPLATES['how-to']
  const task = (brief.task ?? `make ${brief.subject?.text ?? 'it'}`).replace(/\s+/g, ' ')
  const extras = brief.highlights.map((phrase) => phrase.text)
  const slots: SlotsOf<HowToSlot | RecipeSlot> = {
    task,
    object: brief.subject ? refer(brief.subject).indefinite : 'the project',
    dish: brief.subject?.text ?? 'the dish',
    finished: `a finished ${brief.subject?.text ?? 'project'}`,
    extras: extras.length > 0 ? ` with ${joinList(extras)}` : '',
  }
  const shot = (index: number) => tidy(fillText(templates.shots[index] ?? templates.shots[0] ?? '', slots) ?? task)
  const fallback = line(`Want to ${task}?`, shot(0))
  return {
    title: toTitle(`How to ${task}`),
    hook: requirePart(templates.hook, slots, fallback),
    beats: [],
    gaps: templates.steps.map((step, index) => ({
      instruction: (words) => ownWordsPrompt(words, step),
      shot: shot(index),
    })),
    // The last gap ("the last step", "how to serve it") always closes the list, so it is kept.
    gapLimit: undefined,
    singleGap: { instruction: (words) => ownWordsPrompt(words, templates.singleStep), shot: shot(1) },
    close: requirePart(templates.close, slots, fallback),
    brief,
  }
}
