import type { LineTemplate, PartTemplate } from './template.ts'

/** The slots travel templates may name; its module fills only these (see registry.test.ts). */
export const TRAVEL_SLOTS = [
  'first',
  'short',
  'onOrIn',
  'is',
  'slows',
  'paths',
  'viewThere',
  'view',
  'viewWithArticle',
  'morning',
  'dayThere',
  'food',
  'night',
  'item',
  'itemIndefinite',
  'itemBe',
  'span',
] as const
export type TravelSlot = (typeof TRAVEL_SLOTS)[number]

/**
 * Travel: a day in a place, from an early start to the lights after dark, with what the prompt lists to see.
 *
 * Slots: first (the destination as first said, with the season), short, onOrIn, paths ("streets", "trails"),
 * is ("is" or "are" for the destination), slows, viewThere (the place's view, in it), view, viewWithArticle,
 * morning, dayThere, food, night (what any place of its kind shows at those times).
 */
export const TRAVEL = {
  hook: {
    required: true,
    lines: [
      { say: 'Welcome to {first}.', show: '{viewThere} at sunrise' },
      { say: 'Here is one way to spend {span} there.', show: 'a traveller with a backpack arriving {onOrIn} {short}' },
    ],
  },
  beats: [
    {
      required: true,
      lines: [
        { say: 'Start early, while {short} {is} still quiet.', show: '{morning} at dawn' },
        {
          say: 'Find a café, order what the locals order, and watch the day begin.',
          show: 'a cup of coffee on a café table in the morning',
        },
        { say: 'Walk before breakfast, while the light is still soft.', show: '{morning} in soft morning light' },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'Then walk with no plan, and let the {paths} lead the way.', show: '{dayThere}' },
        {
          say: 'Get a little lost; it is the best way to find things.',
          show: 'a traveller with a map {onOrIn} {short}',
        },
      ],
    },
    {
      required: false,
      lines: [
        {
          say: 'If there is a market, go while it is busy.',
          show: 'people at a market with fruit stalls {onOrIn} {short}',
        },
        {
          say: 'Say hello to the people you meet; a few words of the local language go a long way.',
          show: 'a traveller chatting with a shopkeeper at a stall',
        },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'At lunchtime, eat where the locals eat.', show: '{food}' },
        { say: 'Order something you have never tried before.', show: 'a plate of local food on a table outside' },
      ],
    },
    {
      required: false,
      lines: [
        {
          say: 'In the late afternoon, find a spot up high and watch the light change.',
          show: '{view} at golden hour',
        },
      ],
    },
    {
      required: false,
      lines: [
        {
          say: 'Sit for a while, and watch the world go by.',
          show: 'a traveller on a bench {onOrIn} {short} in the afternoon',
        },
        { say: 'Take photos, but put the camera down too.', show: 'a traveller taking a photo of {viewWithArticle}' },
        {
          say: 'Try one thing you would never do at home.',
          show: 'a traveller laughing with new friends {onOrIn} {short}',
        },
        {
          say: 'Then find a quiet corner, and write down what you want to remember.',
          show: 'a traveller writing in a notebook at a café',
        },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'After dark, {short} {slows} down and the lights come on.', show: '{night}' },
        {
          say: 'As the day cools, join the locals for an evening walk.',
          show: 'people strolling {onOrIn} {short} at dusk',
        },
        {
          say: 'For dinner, ask someone local where they like to eat.',
          show: 'a table for two with candles in the evening',
        },
      ],
    },
  ],
  close: {
    required: true,
    lines: [
      { say: '{Short} {is} waiting for you.', show: '{first} at twilight' },
      { say: 'Save this video for your next trip.', show: 'a suitcase by a window with a view of the sea at dusk' },
    ],
  },
  /** One line for each thing the prompt lists ("the river, the bridges…"), in turn; item is the thing. */
  highlights: [
    { say: 'Make time for {item}.', show: '{itemIndefinite} {onOrIn} {short} in the afternoon' },
    { say: 'Do not miss {item}.', show: '{itemIndefinite} {onOrIn} {short} in the afternoon' },
    { say: 'Then there {itemBe} {item}.', show: '{itemIndefinite} {onOrIn} {short} in the afternoon' },
    { say: 'Save an hour for {item}.', show: '{itemIndefinite} {onOrIn} {short} in the afternoon' },
  ],
} satisfies { hook: PartTemplate; beats: PartTemplate[]; close: PartTemplate; highlights: LineTemplate[] }
