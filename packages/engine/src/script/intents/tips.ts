import nlp from 'compromise'

import { getVerbForms, joinList, numberWord, toSingular, toTitle } from '../english.ts'
import { line, type Part, type Plan } from '../plan.ts'
import type { PromptBrief } from '../prompt-brief.ts'
import { refer } from '../references.ts'
import type { TipsSlot } from '../templates/tips.ts'
import { WRITER_TEMPLATES } from '../templates/registry.ts'
import { fillLine, fillPart, requirePart, type SlotsOf } from '../templates/template.ts'

/** The words of a text with their lemmas: "running" is also "run", "pets" also "pet"; never a part of a word. */
function getLemmas(text: string): Set<string> {
  const lemmas = new Set<string>()
  for (const word of nlp(text.toLowerCase()).terms().out('array') as string[]) {
    const clean = word.replace(/[^\p{L}'-]/gu, '')
    if (!clean) continue
    lemmas.add(clean)
    lemmas.add(toSingular(clean))
    lemmas.add(getVerbForms(clean).base)
  }
  return lemmas
}

function purposeOf(brief: PromptBrief): string {
  if (brief.task) return `to ${brief.task}`
  return `for ${brief.topic ?? brief.subject?.text ?? 'every day'}`
}

/** Tips for a habit or a goal: general advice, counted as the prompt asks, with the topic's picture. */
export function writeTips(brief: PromptBrief): Plan {
  const templates = WRITER_TEMPLATES.tips
  const purpose = purposeOf(brief)
  const lemmas = getLemmas(`${brief.task ?? ''} ${brief.topic ?? ''} ${brief.subject?.text ?? ''}`)
  const scene =
    templates.topics.find((topic) => topic.words.some((word) => lemmas.has(word)))?.shot ?? templates.fallbackScene
  const count = Math.min(brief.count ?? templates.general.length, templates.general.length)
  const chosen = templates.general.slice(0, count)
  const slots: SlotsOf<TipsSlot> = {
    purpose,
    scene,
    audience: brief.audience ? refer(brief.audience).first : undefined,
    summary: joinList(chosen.map((tip) => tip.tip)),
  }
  // Tips the prompt counted are all said; otherwise two, and more as the length allows.
  const tips: Part[] = chosen.map((tip, index) => {
    const first =
      fillLine(templates.tip, { tip: tip.tip, shot: tip.shot, number: numberWord(index + 1) }) ??
      line(tip.tip, tip.shot)
    const more = tip.more.map((text, at) =>
      line(text, `${scene}, ${templates.times[(index + at) % templates.times.length] ?? ''}`),
    )
    return { isRequired: brief.count !== undefined || index < 2, lines: [first, ...more] }
  })
  const hook = (counted: number | undefined): Part =>
    requirePart(templates.hook, { ...slots, count: counted ? numberWord(counted) : 'a few' }, line(purpose, scene))
  const titleFor = (counted: number | undefined) =>
    toTitle(`${counted ? `${numberWord(counted)} ` : ''}Tips ${purpose}`)
  const summary = fillPart(templates.summary, slots)
  return {
    title: titleFor(brief.count),
    hook: hook(brief.count),
    // A video too short for every tip the prompt counted says how many it gives.
    ...(brief.count ? { countedTitle: titleFor, countedHook: (counted: number) => hook(counted) } : {}),
    beats: [...tips, ...(summary ? [summary] : [])],
    close: requirePart(templates.close, slots, line('Try one this week.', scene)),
    gaps: [],
    gapLimit: undefined,
    brief,
  }
}
