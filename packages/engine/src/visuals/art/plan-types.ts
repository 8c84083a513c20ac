import type { ScriptLanguage } from '@storyreel/contracts/languages'

import type { Setting, TimeOfDay, Weather } from '../../lexicon/vocabulary.ts'
import type { ArtKind } from './art-library.ts'

/** The shapes the scene planners (English and the other languages) share. */

/**
 * Decides what a scene shows from its words: the main subject, what stands beside it, the setting, and the
 * record of which word chose which drawing (or why a word drew nothing).
 */

/**
 * A named character, or the one animal an unnamed story follows ("the dragon", whom "It flew…" means): the
 * same figure in every scene of the video.
 */
/**
 * Who and what keeps one look through a story: a named person or pet, the animal it follows ("it"), and a
 * thing the story gives a colour ("a red ball", then "the ball": a `thing`, by its lemma).
 */
export type CastMember = { name: string; figure: string; pronoun?: 'it'; thing?: true; companion?: true }

export type PlannedArt = {
  id: string
  kind: ArtKind
  word: string
  score: number
  /** Size against others of its kind: a child is 0.7. */
  scale: number
  /** Up in the air, as the words say ("It flew over the mountains"): an animal leading a scene that flies. */
  flying?: boolean
  /** One of several people the words name together ("the crowd"): drawn alike in size, side by side. */
  group?: string
  /** In the hand of the person leading the scene ("holding a candle"). */
  held?: boolean
  /** On the head of the person leading the scene (a king's crown). */
  worn?: boolean
  /** On the back of the animal leading the scene ("rode his horse", "the dragon carried him"). */
  rider?: boolean
}

export type WordChoice = { word: string; art: string | undefined; reason: string }

export type ScenePlan = {
  /** The main subject first; empty when nothing in the words can be drawn. */
  subjects: PlannedArt[]
  setting: Setting | undefined
  time: TimeOfDay | undefined
  weather: Weather | undefined
  /** Water the words put in the land ("the cows wandered down to the river"). */
  water: 'river' | undefined
  /** The words set large when the scene has no subject. */
  keyPhrase: string
  /** Which word chose which drawing, in reading order. */
  words: WordChoice[]
  /** Words left out before the setting and weather are read: abstract senses ("a space to work"). */
  abstractWords: string[]
}

export type PlanRequest = {
  visual: string
  narration: string
  seed: number
  cast?: CastMember[]
  /** The language the words are in; English when left out. */
  language?: ScriptLanguage
}

export type Candidate = {
  id: string
  word: string
  score: number
  group?: string
  /** What the drawing `of` carries (`hand`) or wears (`head`): a role's prop, drawn only with its owner leading. */
  prop?: { of: string; at: 'hand' | 'head' }
}
