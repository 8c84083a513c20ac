import type { ScriptLanguage } from '@storyreel/contracts/languages'

import { getLexicon } from '../../lexicon/lexicon.ts'
import type { CastMember } from './plan-types.ts'
import { planScene } from './scene-planner.ts'

/** At most this many words: stock searches match best on a few nouns, not a sentence. */
const MAX_WORDS = 3

/**
 * The words to search a stock library with for a scene: what the scene planner drew (the words that chose its
 * subjects, as written, in the script's language) and its setting in that language, from the lexicon; never
 * the raw sentence, never a person's name.
 */
export function stockQueryOf(request: {
  visual: string
  narration: string
  seed: number
  cast?: CastMember[]
  language?: ScriptLanguage
}): string {
  const plan = planScene(request)
  const names = new Set((request.cast ?? []).map((member) => member.name.toLowerCase()))
  const words: string[] = []
  const add = (word: string | undefined) => {
    const normal = word?.toLowerCase().trim()
    if (normal && normal.length > 1 && !names.has(normal) && !words.includes(normal) && normal !== 'they')
      words.push(normal)
  }
  for (const subject of plan.subjects) if (!subject.held && !subject.worn && !subject.group) add(subject.word)
  for (const subject of plan.subjects) if (subject.group) add(subject.word)
  const language = request.language ?? 'en'
  // The place helps a search that has one thing to look for; beside two it only narrows the results.
  if (plan.setting && plan.setting !== 'abstract' && words.length < 2) {
    const entry = getLexicon().noun(plan.setting.replace('-', ' '))
    add(language === 'en' ? plan.setting.replace('-', ' ') : (entry?.words?.[language]?.[0] ?? undefined))
  }
  return words.slice(0, MAX_WORDS).join(' ')
}
