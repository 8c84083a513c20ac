import { ownWordsPrompt } from '@storyreel/contracts/studio'

import { numberWord, toTitle } from '../english.ts'
import { line, tidy, type Part, type Plan } from '../plan.ts'
import type { PromptBrief } from '../prompt-brief.ts'
import { refer } from '../references.ts'
import { WRITER_TEMPLATES } from '../templates/registry.ts'
import { fillText, requirePart } from '../templates/template.ts'

/** Facts about a topic: a counted list the user writes, framed by a hook and a close. */
export function writeFacts(brief: PromptBrief): Plan {
  const templates = WRITER_TEMPLATES.facts
  const topic = brief.topic ?? brief.subject?.text ?? 'this'
  const thing = brief.subject ? refer(brief.subject).indefinite : topic
  const frames = (brief.subject?.isName ? templates.namedFrames : WRITER_TEMPLATES.explainer.frames).map((frame) =>
    tidy(fillText(frame, { topic, thing }) ?? topic),
  )
  const picture = brief.subject?.isName
    ? (frames[0] ?? topic)
    : tidy(fillText(templates.firstPicture, { thing }) ?? thing)
  const slots = { topic, picture, second: frames[1] ?? picture, third: frames[2] ?? picture }
  const hook = (count: number | undefined): Part =>
    requirePart(
      templates.hook,
      {
        ...slots,
        counted: count === 1 ? 'is one fact' : `are ${count ? numberWord(count) : 'a few'} facts`,
      },
      line(`Facts about ${topic}.`, picture),
    )
  return {
    title: toTitle(`${brief.count ? `${numberWord(brief.count)} ` : ''}Facts About ${topic}`),
    hook: hook(brief.count),
    beats: [],
    gaps: Array.from({ length: Math.min(brief.count ?? 8, 10) }, (_, index) => ({
      instruction: (words: number) =>
        ownWordsPrompt(words, fillText(templates.step, { number: numberWord(index + 1), topic }) ?? topic),
      shot: frames[index % frames.length] ?? picture,
    })),
    gapLimit: brief.count,
    countedTitle: (count) => toTitle(`${numberWord(count)} Facts About ${topic}`),
    countedHook: (count) => hook(count),
    close: requirePart(templates.close, slots, line('Which one surprised you most?', picture)),
    brief,
  }
}
