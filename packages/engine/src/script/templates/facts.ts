import type { PartTemplate } from './template.ts'

/** The slots facts templates may name; its module fills only these (see registry.test.ts). */
export const FACTS_SLOTS = ['topic', 'counted', 'picture', 'second', 'third', 'number', 'thing'] as const
export type FactsSlot = (typeof FACTS_SLOTS)[number]

/**
 * Facts: a counted list of facts the user writes (the writer invents none), framed by a hook and a close.
 * A named place or era ("the Roman Empire") is pictured by maps and books, anything else by itself.
 *
 * Slots: topic, count ("three", "a few"), counted ("are three facts", "is one fact"), picture, second, third
 * (the pictures in turn).
 */
export const FACTS = {
  hook: {
    required: true,
    lines: [
      { say: 'Here {counted} about {topic}.', show: '{picture}' },
      { say: 'Some of them may surprise you.', show: '{second}' },
    ],
  },
  close: {
    required: true,
    lines: [
      { say: 'Which one surprised you most?', show: '{picture}' },
      { say: 'Follow for more.', show: '{third}' },
    ],
  },
  step: 'fact {number} about {topic}, one you have checked',
  /** Pictures of a named place or era. */
  namedFrames: [
    'an old map showing {topic}',
    'an old book about {topic} on a library table',
    'a museum display about {topic}',
  ],
  firstPicture: '{thing}, seen up close',
} satisfies { hook: PartTemplate; close: PartTemplate; step: string; namedFrames: string[]; firstPicture: string }
