import type { Source, VideoStyle } from '@storyreel/contracts/studio'

/** One scene of a draft storyboard; the projects module gives it an id and a seed. */
export type DraftScene = { narration: string; visual: string; duration: number }

export type StoryboardDraft = { title: string; scenes: DraftScene[] }

export type StoryboardRequest = {
  source: Source
  /** The length the user asked for (15-90 s); the scene durations add up to about this. */
  targetSeconds: number
  style: VideoStyle
  /** BCP 47 language of the chosen voice, so a hosted model writes in it. */
  language: string
  /** Words per second the chosen voice speaks at speed 1, to size scenes to their narration. */
  wordsPerSecond: number
}

/**
 * Whether a storyboard's script engine (as stored with it) is a hosted model rather than the offline writer;
 * storyboards drafted before the writer was renamed say "local-splitter".
 */
export function isHostedScriptEngine(name: string): boolean {
  return !/^local-/.test(name)
}

/**
 * Turns a prompt or a script into scenes. The local splitter is the default; an
 * OpenAI-compatible chat API is used when configured.
 */
export interface ScriptEngine {
  /** Shown in the licence receipt and on the storyboard ("local-writer", "openai:gpt-4o-mini"). */
  readonly name: string
  createStoryboard(request: StoryboardRequest): Promise<StoryboardDraft>
}
