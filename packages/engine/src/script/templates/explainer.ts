import type { PartTemplate } from './template.ts'

/** The slots explainer templates may name; its module fills only these (see registry.test.ts). */
export const EXPLAINER_SLOTS = ['topic', 'thing'] as const
export type ExplainerSlot = (typeof EXPLAINER_SLOTS)[number]

/**
 * Explainers: the question asked, then scenes for the user's own words (an offline writer knows no facts),
 * then the question answered. Each gap is a step of the answer and a picture of the thing explained.
 *
 * Slots: topic ("why cats purr"), thing (the thing explained, with "a" where it takes one).
 */
export const EXPLAINER = {
  hook: {
    required: true,
    lines: [
      { say: 'Ever wondered {topic}?', show: '{thing} in bright daylight' },
      { say: 'Here is the short answer.', show: 'a close-up of {thing}' },
    ],
  },
  close: {
    required: true,
    lines: [
      { say: 'And that is {topic}.', show: '{thing} in soft evening light' },
      { say: 'Follow for more short explainers.', show: 'a person smiling beside {thing}' },
    ],
  },
  /** What each scene for the user's words is about, in order. */
  steps: [
    'the big idea of {topic}',
    'the first part of the answer',
    'the next part of the answer',
    'what happens after that',
    'an everyday example that makes it click',
    'why it matters',
  ],
  /** Pictures of the thing explained, taken in turn by the gaps (and by facts). */
  frames: [
    'a close-up of {thing}',
    '{thing} in bright daylight',
    'a diagram of {thing} on a whiteboard',
    '{thing} seen from above',
    'a person pointing at {thing}',
    '{thing} in soft evening light',
  ],
} satisfies { hook: PartTemplate; close: PartTemplate; steps: string[]; frames: string[] }
