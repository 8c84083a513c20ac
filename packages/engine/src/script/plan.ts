import { capitalize } from './english.ts'
import type { NounPhrase, PromptBrief } from './prompt-brief.ts'

/** One spoken sentence and the picture shown while it is spoken. */
export type Line = { text: string; shot: string }

/** A hook, beat or close: its lines in order; later lines are spoken only when the video is long enough. */
export type Part = { lines: Line[]; isRequired: boolean }

/** A scene the user writes: what to say, and what the picture shows meanwhile. */
export type Gap = { instruction: (words: number) => string; shot: string }

/** A video's parts before they are sized to a length (see local-script-writer.ts). */
export type Plan = {
  title: string
  hook: Part
  beats: Part[]
  close: Part
  /** Scenes for the user's own words, between the hook and the close; as many as the length allows. */
  gaps: Gap[]
  /** How many gaps to use at most (a "5 facts" prompt asks for five). */
  gapLimit: number | undefined
  /** The one gap of a video with room for only one ("the main steps, in short"); the first gap otherwise. */
  singleGap?: Gap
  /** The hook and the title, once the number of gaps is known ("Here are three facts…"). */
  countedHook?: (count: number) => Part
  countedTitle?: (count: number) => string
  /** Shorter parts for a video too short for the required lines of `beats`: a story told in four lines. */
  compact?: { hook: Part; beats: Part[]; close: Part }
  brief: PromptBrief
}

/** Capital first letter, single spaces, no space before punctuation. */
export function tidy(text: string): string {
  return capitalize(
    text
      .replace(/\s+/g, ' ')
      .replace(/\s+([,.!?:;])/g, '$1')
      // "at 3 a.m." ends a sentence with its own full stop.
      .replace(/(?<!\.)\.\.(?!\.)/g, '.')
      .trim(),
  )
}

export const line = (text: string, shot: string): Line => ({ text: tidy(text), shot: tidy(shot) })

export function fallbackPhrase(text: string): NounPhrase {
  return { text, determiner: undefined, head: text, qualities: [], isPlural: false, isName: false }
}
