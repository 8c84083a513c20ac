import type { PartTemplate } from './template.ts'

/** The slots story templates may name; its module fills only these (see registry.test.ts). */
export const STORY_SLOTS = [
  'beginning',
  'beginningShow',
  'inciting',
  'incitingShow',
  'ending',
  'endingShow',
  'compactOpening',
  'compactOpeningShow',
  'hero',
  'they',
  'pair',
  'friend',
  'friendIndefinite',
  'friendly',
  'whereShort',
  'sceneOf',
  'placeSuffix',
  'dark',
  'thing',
] as const
export type StorySlot = (typeof STORY_SLOTS)[number]

/**
 * Stories: a beginning, something that happens, a struggle, a turn and an ending, in general terms that hold
 * for any hero. A scary story ("a horror story", "a ghost story") is told in a darker voice: `dark` is set.
 *
 * Slots: beginning, beginningShow, inciting, incitingShow, ending, endingShow, compactOpening (the lines the
 * intent writes from the prompt's plot); hero (as said after the beginning), heroIndefinite, they, Pair,
 * friend, friendIndefinite, whereShort (" at the park" or ""), sceneOf, placeSuffix, dark, friendly (set when
 * the hero has a friend).
 */
export const STORY = {
  hook: {
    required: true,
    lines: [
      { say: '{beginning}', show: '{beginningShow}' },
      {
        say: 'Every day began the same way, with the same small routine.',
        show: '{hero}{whereShort} in the early morning light',
        unless: 'dark',
      },
      { say: 'Every night was quiet, until it was not.', show: '{hero}{whereShort} at night', when: 'dark' },
    ],
  },
  beats: [
    { required: true, lines: [{ say: '{inciting}', show: '{incitingShow}' }] },
    {
      required: true,
      lines: [
        {
          say: 'At first, nothing went the way {they} hoped.',
          show: '{hero}{whereShort} under dark clouds',
          unless: 'dark',
        },
        {
          say: 'It was harder than it looked, and more than once {they} almost gave up.',
          show: '{hero} sitting alone{whereShort} at dusk',
          unless: 'dark',
        },
        { say: 'At first, it seemed like nothing.', show: '{hero} in a dark room at night', when: 'dark' },
        { say: 'But the next night, it happened again.', show: '{thing} in the dark at night', when: 'dark' },
      ],
    },
    {
      required: false,
      when: 'dark',
      lines: [
        { say: 'Some nights, {hero} lay awake and listened to the silence.', show: '{hero} awake in bed at night' },
        { say: 'Nobody else seemed to notice.', show: '{hero} alone by a window at night' },
      ],
    },
    {
      required: false,
      unless: 'dark',
      lines: [
        {
          say: 'But {pair} kept trying, day after day.',
          show: '{hero} and {friendIndefinite}{whereShort} in the afternoon',
          when: 'friendly',
        },
        {
          say: 'But {hero} kept going, one small step at a time.',
          show: '{hero} walking{whereShort} in the afternoon',
          unless: 'friendly',
        },
        { say: 'Little by little, things began to change.', show: '{hero}{whereShort} in the sunshine' },
      ],
    },
    {
      required: false,
      unless: 'dark',
      lines: [
        {
          say: 'Some nights, {hero} lay awake and wondered if it was all worth it.',
          show: '{hero} looking out of a window at night',
        },
        { say: 'But every morning, {they} got up and tried again.', show: '{hero}{whereShort} at sunrise' },
      ],
    },
    {
      required: false,
      unless: 'dark',
      lines: [
        {
          say: 'Along the way, {pair} learned to laugh at their mistakes.',
          show: '{hero} and {friendIndefinite} laughing{whereShort}',
          when: 'friendly',
        },
        {
          say: 'Along the way, {hero} learned more than {they} had expected.',
          show: '{hero} smiling{whereShort}',
          unless: 'friendly',
        },
      ],
    },
    {
      required: false,
      unless: 'dark',
      lines: [
        { say: 'The days went by, and the seasons changed.', show: '{sceneOf} under falling leaves' },
        {
          say: 'There were good days and bad days, and {they} learned from both.',
          show: '{hero}{whereShort} on a rainy afternoon',
        },
        { say: 'Through it all, {hero} kept a little hope.', show: '{hero}{whereShort} on a snowy morning' },
      ],
    },
    {
      required: false,
      unless: 'dark',
      lines: [
        { say: 'The first small success felt like a big one.', show: '{hero} smiling{whereShort} in the evening' },
        { say: '{Friend} noticed it too, and smiled.', show: '{friendIndefinite} smiling{whereShort}' },
        { say: '{They} noticed it, and smiled.', show: '{hero} smiling at sunset', unless: 'friendly' },
        { say: 'Then came the moment everything had been leading to.', show: '{hero}{whereShort} at golden hour' },
      ],
    },
    {
      required: false,
      when: 'dark',
      lines: [
        { say: 'Then, one night, {hero} decided to find out.', show: '{hero} holding a torch in the dark' },
        { say: 'What {they} found was not what anyone expected.', show: '{thing} in a beam of torchlight' },
      ],
    },
    {
      required: true,
      lines: [
        { say: '{ending}', show: '{endingShow}' },
        { say: 'Some days change everything.', show: '{sceneOf} at golden hour', unless: 'dark' },
        { say: 'Some nights change everything.', show: '{sceneOf} at night in the fog', when: 'dark' },
      ],
    },
  ],
  close: {
    required: false,
    lines: [
      {
        say: 'Sometimes the smallest stories are the ones we remember longest.',
        show: '{hero}{whereShort} in warm evening light',
        unless: 'dark',
      },
      {
        say: 'And that is where the next story begins.',
        show: '{sceneOf}{placeSuffix} at night under the stars',
        unless: 'dark',
      },
      { say: 'And on quiet nights, it is waiting still.', show: '{thing} in the dark at night', when: 'dark' },
      { say: 'Sleep well.', show: '{sceneOf}{placeSuffix} at night in the fog', when: 'dark' },
    ],
  },
  compact: {
    hook: { required: true, lines: [{ say: '{compactOpening}', show: '{compactOpeningShow}' }] },
    beats: [
      {
        required: true,
        lines: [
          { say: 'At first, nothing went right.', show: '{hero}{whereShort} under dark clouds', unless: 'dark' },
          { say: 'Then it happened again.', show: '{thing} in the dark at night', when: 'dark' },
        ],
      },
      { required: true, lines: [{ say: '{ending}', show: '{endingShow}' }] },
    ],
    close: {
      required: false,
      lines: [
        { say: 'Some days change everything.', show: '{sceneOf} at golden hour', unless: 'dark' },
        { say: 'Some nights change everything.', show: '{sceneOf} at night in the fog', when: 'dark' },
      ],
    },
  },
} satisfies {
  hook: PartTemplate
  beats: PartTemplate[]
  close: PartTemplate
  compact: { hook: PartTemplate; beats: PartTemplate[]; close: PartTemplate }
}
