import type { LineTemplate, PartTemplate } from './template.ts'

/** The slots tips templates may name; its module fills only these (see registry.test.ts). */
export const TIPS_SLOTS = ['count', 'purpose', 'audience', 'scene', 'summary', 'number', 'tip', 'shot'] as const
export type TipsSlot = (typeof TIPS_SLOTS)[number]

/**
 * Tips: advice that holds for any habit or goal, each tip's later lines said when the video has time, with
 * a picture of the topic found by its words.
 *
 * Slots: count ("three" or "a few"), purpose ("for better sleep", "to save money"), audience, scene (the
 * topic's picture), summary (the tips said, in a list).
 */

/** One tip: what to do, what more to say about it, and its picture. */
export type TipRecord = { tip: string; more: string[]; shot: string }

/** The picture of a tips video's topic, by the words (lemmas) that name it. */
export type TopicScene = { words: string[]; shot: string }

export const TIPS = {
  hook: {
    required: true,
    lines: [
      // The audience is said in the first line, which every length keeps.
      { say: '{Count} tips {purpose}, for {audience}.', show: '{scene}' },
      { say: 'Here are {count} simple tips {purpose}.', show: '{scene}', unless: 'audience' },
      { say: 'None of them needs anything special.', show: '{audience} at home in the evening' },
      {
        say: 'None of them needs anything special.',
        show: 'a person reading a list of tips by a window',
        unless: 'audience',
      },
      { say: 'You do not need to change everything at once.', show: 'a person taking a deep breath by an open window' },
      { say: 'Small changes, kept up, add up.', show: 'a row of small plants growing in pots' },
    ],
  },
  summary: {
    required: false,
    lines: [
      { say: 'So, to sum up: {summary}.', show: 'a notebook with a short checklist on a desk' },
      { say: 'None of this is complicated; the hard part is starting.', show: '{scene} at dawn' },
    ],
  },
  close: {
    required: true,
    lines: [
      { say: 'Try one this week.', show: 'a phone with a saved video on a table' },
      { say: 'Pick the one that feels easiest, and start today.', show: 'a person ticking a box in a notebook' },
      { say: 'Which one will you try first?', show: '{scene} in the morning light' },
      { say: 'Save this video for later, and follow for more simple tips.', show: '{scene} at golden hour' },
    ],
  },
  /** A tip's first line; its picture is the tip's own. */
  tip: { say: 'Tip {number}: {tip}.', show: '{shot}' } satisfies LineTemplate,
  /** Times of day for a tip's later lines, so its pictures differ. */
  times: ['in the morning', 'in the afternoon', 'in the evening', 'in soft light'],
  fallbackScene: 'a notebook with a short list on a desk by a window',
  topics: [
    { words: ['sleep', 'bed', 'rest', 'nap', 'insomnia', 'bedtime'], shot: 'a bed in a quiet bedroom at night' },
    {
      words: ['money', 'budget', 'save', 'saving', 'savings', 'spend', 'debt'],
      shot: 'coins in a jar on a kitchen table',
    },
    {
      words: ['fitness', 'fit', 'workout', 'exercise', 'run', 'marathon', 'jog', 'gym', 'train', 'training'],
      shot: 'a person jogging in a park in the morning',
    },
    {
      words: ['study', 'exam', 'learn', 'school', 'read', 'homework', 'student'],
      shot: 'a student at a desk with books',
    },
    { words: ['cook', 'food', 'eat', 'diet', 'meal', 'nutrition'], shot: 'fresh vegetables on a kitchen counter' },
    { words: ['garden', 'plant', 'grow', 'gardening'], shot: 'a person watering plants in a garden' },
    { words: ['work', 'productivity', 'productive', 'focus', 'office'], shot: 'a tidy desk with a laptop by a window' },
    { words: ['travel', 'trip', 'pack', 'packing', 'holiday', 'vacation'], shot: 'a packed suitcase by the door' },
    { words: ['dog', 'cat', 'pet', 'puppy', 'kitten'], shot: 'a dog and its owner in a park' },
    {
      words: ['stress', 'calm', 'anxiety', 'relax', 'mind', 'mindfulness', 'mental'],
      shot: 'a person sitting quietly by a window with a cup of tea',
    },
    { words: ['water', 'hydration', 'hydrate', 'drink'], shot: 'a glass of water on a table' },
  ] satisfies TopicScene[],
  general: [
    {
      tip: 'start small',
      more: [
        'One change you keep beats five you drop.',
        'Pick the easiest one, and do it for a week before adding another.',
        'When it feels easy, that is the moment to add the next.',
        'Small and steady wins over big and brief.',
      ],
      shot: 'a person writing one line in a notebook',
    },
    {
      tip: 'make it a routine',
      more: [
        'Do it at the same time every day.',
        'Tie it to something you already do, like your morning coffee.',
        'After a few weeks, it stops feeling like effort.',
        'A routine decides for you, so you do not have to.',
      ],
      shot: 'an alarm clock on a bedside table in the morning',
    },
    {
      tip: 'plan ahead',
      more: [
        'Make the right choice the easy one.',
        'Decide the night before, so the morning has one less question.',
        'Have a plan for the days that do not go to plan.',
        'A little preparation saves a lot of effort later.',
      ],
      shot: 'a calendar on a kitchen wall',
    },
    {
      tip: 'keep track',
      more: [
        'Write down what you do, and notice what works for you.',
        'A tick in a notebook is enough.',
        'Looking back at a week of ticks is its own reward.',
      ],
      shot: 'a checklist with ticks on a desk',
    },
    {
      tip: 'remove one thing that gets in the way',
      more: ['It works better than relying on willpower.', 'Out of sight really is out of mind.'],
      shot: 'a phone put away in a drawer',
    },
    {
      tip: 'ask someone to join you',
      more: ['It is easier together, and harder to skip.', 'Share what works, and what does not.'],
      shot: 'two friends walking together in a park',
    },
    {
      tip: 'be patient',
      more: ['Real change takes a few weeks.', 'A bad day is just a day; start again tomorrow.'],
      shot: 'a small plant growing in a pot on a windowsill',
    },
    {
      tip: 'celebrate small wins',
      more: ['They keep you going.'],
      shot: 'a person smiling with a cup of tea at sunset',
    },
  ] satisfies TipRecord[],
} satisfies {
  hook: PartTemplate
  summary: PartTemplate
  close: PartTemplate
  tip: LineTemplate
  times: string[]
  fallbackScene: string
  topics: TopicScene[]
  general: TipRecord[]
}
