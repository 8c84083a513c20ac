import { ownWordsPrompt } from '@storyreel/contracts/studio'

import { toTitle } from '../english.ts'
import { line, tidy, type Plan } from '../plan.ts'
import type { PromptBrief } from '../prompt-brief.ts'
import { refer } from '../references.ts'
import type { ExplainerSlot } from '../templates/explainer.ts'
import { WRITER_TEMPLATES } from '../templates/registry.ts'
import { fillText, requirePart, type SlotsOf } from '../templates/template.ts'

/** An explainer: the question, scenes for the user's answer, and the question answered. */
export function writeExplainer(brief: PromptBrief): Plan {
  const templates = WRITER_TEMPLATES.explainer
  const topic = brief.topic ?? `how ${brief.subject?.text ?? 'it'} works`
  const slots: SlotsOf<ExplainerSlot> = { topic, thing: brief.subject ? refer(brief.subject).indefinite : 'the idea' }
  const frame = (index: number) => tidy(fillText(templates.frames[index % templates.frames.length] ?? '', slots) ?? '')
  const fallback = line(`Ever wondered ${topic}?`, frame(1))
  return {
    title: toTitle(topic),
    hook: requirePart(templates.hook, slots, fallback),
    beats: [],
    gaps: templates.steps.map((step, index) => ({
      instruction: (words) => ownWordsPrompt(words, fillText(step, slots) ?? step),
      shot: frame(index + 2),
    })),
    gapLimit: undefined,
    close: requirePart(templates.close, slots, fallback),
    brief,
  }
}
