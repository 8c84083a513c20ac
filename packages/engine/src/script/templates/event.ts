import type { LineTemplate, PartTemplate } from './template.ts'

/** The slots event templates may name; its module fills only these (see registry.test.ts). */
export const EVENT_SLOTS = [
  'first',
  'short',
  'is',
  'toPlace',
  'when',
  'at',
  'crowd',
  'moment',
  'detail',
  'expect',
  'audience',
  'deal',
  'item',
  'itemIndefinite',
] as const
export type EventSlot = (typeof EVENT_SLOTS)[number]

/**
 * Events: when and where first, then what the prompt says to expect (its highlights, its offer, its
 * audience), then what any event of its kind has, and a reminder to come.
 *
 * Slots: first (the event as first said), short, is, toPlace (" to Bristol, at the town hall" or ""), when
 * (" on Saturday 12 October" or ""), at (" at the town hall in Bristol" or ""), crowd, moment, detail, expect
 * (what any event of its kind shows), audience, deal.
 */
export const EVENT = {
  hook: {
    required: true,
    lines: [
      { say: 'Mark your calendar: {first} {is} coming{toPlace}{when}.', show: '{crowd}{at}' },
      { say: 'It is one you will not want to miss.', show: '{detail}' },
    ],
  },
  beats: [
    { required: true, lines: [{ say: '{Deal}.', show: 'a welcome sign at the entrance{at}' }] },
    {
      required: true,
      lines: [{ say: 'Come along, bring your friends, and make a day of it.', show: '{crowd}{at} in the sunshine' }],
    },
    { required: false, lines: [{ say: 'Come for an hour, or stay until the very end.', show: '{moment}' }] },
    { required: true, lines: [{ say: '{Short} {is} made for {audience}.', show: '{audience} together{at}' }] },
    {
      required: false,
      lines: [
        { say: 'Set a reminder, so the day does not sneak up on you.', show: 'a phone showing a reminder on a table' },
        {
          say: 'Invite the people who make everything more fun.',
          show: 'a group of friends making plans at a café table',
        },
        {
          say: 'Wear something comfortable, and come ready to enjoy yourself.',
          show: 'a person lacing up trainers by the door',
        },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'The countdown has started.', show: 'a calendar with a date circled in red' },
        { say: 'Expect {expect}.', show: '{moment}' },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'Arrive early to find your spot, and settle in.', show: '{crowd}{at} in the afternoon' },
        {
          say: 'Bring water, comfortable shoes and good company.',
          show: 'a water bottle and a pair of trainers on a bench',
        },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'Whether it is your first time or your tenth, you are welcome.', show: '{crowd}{at} in the evening' },
        { say: 'You might just meet someone new.', show: 'two strangers shaking hands and smiling' },
        { say: 'Take a photo, then put the phone away and enjoy it.', show: 'a person taking a photo of {moment}' },
        { say: 'Look around, take it all in, and let the day surprise you.', show: '{detail} at dusk' },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'Moments like these are better shared.', show: '{detail} in the evening' },
        {
          say: 'Check the details, plan your way there, and bring a friend.',
          show: 'two friends looking at a map on a phone',
        },
        { say: 'Share this with the friend you always go with.', show: 'two friends laughing together at night' },
      ],
    },
  ],
  close: {
    required: true,
    lines: [
      { say: 'Save the date and tell a friend.', show: '{moment}{at} at night' },
      { say: 'See you there.', show: '{crowd} at night under bright lights' },
    ],
  },
  /** One line for each thing the prompt says the event has ("with live bands and food trucks"). */
  highlights: [{ say: 'Look out for {item}.', show: '{itemIndefinite}{at}' }],
} satisfies { hook: PartTemplate; beats: PartTemplate[]; close: PartTemplate; highlights: LineTemplate[] }
