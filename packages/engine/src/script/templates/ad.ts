import type { LineTemplate, PartTemplate } from './template.ts'

/** The slots ad templates may name; its module fills only these (see registry.test.ts). */
export const AD_SLOTS = [
  'first',
  'short',
  'it',
  'inPlace',
  'street',
  'worker',
  'work',
  'offer',
  'qualities',
  'products',
  'itWithProducts',
  'hoursWhen',
  'opener',
  'deal',
  'dealShow',
  'hoursShow',
  'audience',
  'audienceBe',
  'audienceShot',
  'own',
  'seated',
  'us',
  'place',
  'pronoun',
  'is',
  'object',
  'fits',
  'becomes',
  'makes',
  'come',
  'use',
  'shotPerson',
  'atHome',
  'madeFor',
] as const
export type AdSlot = (typeof AD_SLOTS)[number]

/**
 * Ads: a place to walk into (a venue), a service that comes to the customer, or a product. What the prompt
 * names is said first (its products, opening hours, offer and audience), then what holds for any business
 * of the kind, then the close.
 *
 * Slots: first, short, it (the business or product as first said, afterwards, with "a"), inPlace (" in
 * Lisbon" or ""), street, worker, work, offer (what any business of the kind offers), qualities, products,
 * hoursWhen ("on Saturdays"), deal ("20% off this week"), dealShow, audience, place, own (set for "our"),
 * seated (set where customers sit down), us ("us" or "them"), pronoun, is, object, fits, becomes, makes,
 * use, shotPerson, atHome (set for things used at home), madeFor.
 */

/** What the prompt names, said before anything general: every business or product ad has these. */
const NAMED: PartTemplate[] = [
  {
    required: true,
    when: 'hoursWhen',
    lines: [{ say: '{Opener} open {hoursWhen}.', show: '{hoursShow}' }],
  },
  { required: true, lines: [{ say: '{Deal}.', show: '{dealShow}' }] },
  {
    required: true,
    lines: [{ say: '{Audience} {audienceBe} always welcome.', show: '{audienceShot}' }],
  },
]

const VENUE_WORK: LineTemplate[] = [
  { say: 'Inside, {worker} {work}, taking the time to get it right.', show: '{worker} {work} inside {it}' },
  { say: 'Nothing here is rushed.', show: 'a close-up of {offer} on a wooden counter' },
  { say: 'Every step is done by hand, the way it should be.', show: 'the hands of {worker} at work on a counter' },
]

const SERVICE_WORK: LineTemplate[] = [
  { say: 'Every day, {worker} {work}, taking the time to get it right.', show: '{worker} {work}' },
  { say: 'Nothing is rushed.', show: 'a close-up of {worker} who {work}' },
  { say: 'Every job is done properly, from start to finish.', show: 'the hands of {worker} at work' },
]

const PRODUCTS: PartTemplate = {
  required: true,
  lines: [
    { say: 'Come in for {products}, chosen with care.', show: '{worker} arranges {products} inside {it}' },
    { say: 'Ask about {products}: {worker} will help you choose.', show: '{products} inside {it}' },
  ],
}

export const VENUE_AD = {
  hook: {
    required: true,
    lines: [
      { say: 'Welcome to {first}{inPlace}.', show: '{itWithProducts} on {street} in the morning sun', when: 'own' },
      {
        say: 'There is {first}{inPlace} worth knowing about.',
        show: '{itWithProducts} on {street} in the morning sun',
        unless: 'own',
      },
      { say: 'Come and see what is behind the door.', show: 'the open door of {it} with a welcome sign' },
    ],
  },
  beats: [
    { ...PRODUCTS, when: 'products' },
    { required: true, unless: 'products', lines: VENUE_WORK },
    ...NAMED,
    { required: false, when: 'products', lines: VENUE_WORK },
    {
      required: false,
      lines: [
        {
          say: '{Qualities}: that is what {short} is all about.',
          show: '{worker} talks with a customer across the counter of {it}',
        },
        {
          say: 'Every detail is done with care.',
          show: '{worker} talks with a customer across the counter of {it}',
          unless: 'qualities',
        },
        { say: 'You can feel it the moment you walk in.', show: 'a customer steps through the open door of {it}' },
      ],
    },
    {
      required: false,
      when: 'seated',
      lines: [
        {
          say: 'Come in for {offer}, and stay a little longer.',
          show: 'customers sit at small tables inside {it} in the afternoon',
        },
        {
          say: 'Bring a friend, or come on your own and take a seat by the window.',
          show: 'two friends laugh at a table by the window of {it}',
        },
      ],
    },
    {
      required: false,
      unless: 'seated',
      lines: [
        { say: 'Take your time, look around, and ask for advice.', show: 'a customer looks at {offer} inside {it}' },
        { say: 'There is always something new to see.', show: 'a close-up of {offer} inside {it}' },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'Before the doors open, the work has already begun.', show: '{worker} gets ready inside {it} at dawn' },
        { say: 'Behind it all are people who care about the details.', show: '{worker} smiles behind the counter' },
      ],
    },
    {
      required: false,
      lines: [
        {
          say: 'Take your time: nobody will hurry you here.',
          show: 'a customer reads a book at a table inside {it}',
          when: 'seated',
        },
        {
          say: 'Take your time: nobody will hurry you here.',
          show: 'a customer browses inside {it}',
          unless: 'seated',
        },
        {
          say: 'Some people drop in for a minute, others stay for an hour.',
          show: 'people come and go through the door of {it} in the afternoon',
        },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'Drop by on a quiet morning, or on a busy afternoon.', show: '{it} on {street} on a sunny afternoon' },
        {
          say: 'Every visit feels a little different, and that is part of the charm.',
          show: '{worker} waves to a customer',
        },
        { say: 'Tell a friend who has not been yet.', show: 'two friends walk towards {it} together' },
        {
          say: 'Then come back, and bring someone new the next time.',
          show: 'a group of friends at the door of {it} in the evening',
        },
      ],
    },
    {
      required: false,
      lines: [
        {
          say: 'It is a small part of everyday life in {place}.',
          show: 'people walk past {it} on {street} in the afternoon',
        },
      ],
    },
  ],
  close: {
    required: true,
    lines: [
      { say: 'See you {hoursWhen}.', show: '{it} on {street}, its door open', when: 'own' },
      { say: 'Visit {short}{inPlace} {hoursWhen}.', show: '{it} on {street}, its door open', unless: 'own' },
      {
        say: 'Visit {short}{inPlace} today.',
        show: '{it} on {street} at dusk, its windows glowing',
        unless: 'hoursWhen',
      },
      { say: 'Come by and see for yourself.', show: 'the open door of {it} at night, warm light inside' },
    ],
  },
} satisfies AdTemplates

export const SERVICE_AD = {
  hook: {
    required: true,
    lines: [
      { say: 'Welcome to {first}{inPlace}.', show: '{worker} at work in the morning sun', when: 'own' },
      {
        say: 'There is {first}{inPlace} worth knowing about.',
        show: '{worker} at work in the morning sun',
        unless: 'own',
      },
      { say: 'Here is how it works.', show: "{worker} arrives at a customer's front door" },
    ],
  },
  beats: [
    { required: true, lines: SERVICE_WORK },
    ...NAMED,
    {
      required: false,
      lines: [
        {
          say: '{Qualities}: that is what {short} is all about.',
          show: '{worker} talks with a customer on their doorstep',
        },
        {
          say: 'Every detail is done with care.',
          show: '{worker} talks with a customer on their doorstep',
          unless: 'qualities',
        },
        { say: 'You can tell from the very first visit.', show: '{worker} greets a customer at their front door' },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'Book {offer}, and let {us} take it from there.', show: '{worker} at work in a bright home' },
        { say: 'It is one less thing to worry about.', show: 'a person relaxes on a sofa in a tidy living room' },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'Before the day begins, the work has already started.', show: '{worker} gets ready at dawn' },
        { say: 'Behind it all are people who care about the details.', show: '{worker} smiles at a customer' },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'Ask anything: nobody will hurry you.', show: '{worker} listens to a customer at their door' },
        {
          say: 'Some customers book once a month, others every week.',
          show: "{worker} checks the day's bookings on a phone",
        },
      ],
    },
    {
      required: false,
      lines: [
        {
          say: 'Every visit is a little different, and that is part of the job.',
          show: '{worker} waves to a customer',
        },
        { say: 'Tell a friend who could use a hand.', show: 'two friends talk on a doorstep' },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'It is a small part of everyday life in {place}.', show: '{worker} on {street} in the afternoon' },
      ],
    },
  ],
  close: {
    required: true,
    lines: [
      { say: 'Book {short}{inPlace} today.', show: '{worker} says goodbye at the end of the day' },
      {
        say: 'Ask for a first visit and see for yourself.',
        show: '{worker} shakes hands with a customer at their door at dusk',
      },
    ],
  },
} satisfies AdTemplates

export const PRODUCT_AD = {
  hook: {
    required: true,
    lines: [
      { say: 'Meet {first}.', show: '{it} in bright daylight' },
      { say: '{MadeFor}', show: '{audience} with {it} on a city street', when: 'audience' },
      { say: '{MadeFor}', show: '{shotPerson} at home', unless: 'audience' },
    ],
  },
  beats: [
    {
      required: true,
      lines: [
        { say: '{Pronoun} {is} {qualities}, and ready when you are.', show: 'a close-up of {it}' },
        {
          say: 'Take {object} out every day: that is what {pronoun} {is} for.',
          show: 'a close-up of {it}',
          unless: 'qualities',
        },
      ],
    },
    { required: true, lines: [{ say: '{Pronoun} {come} with {products}.', show: '{it} with {products}' }] },
    { required: true, lines: [{ say: '{Deal}.', show: '{dealShow}' }] },
    {
      required: false,
      lines: [
        {
          say: '{Use} {object} after a long day, at the weekend, whenever you need a moment.',
          show: '{shotPerson} at home in the evening',
          when: 'atHome',
        },
        {
          say: '{Use} {object} on the way to work, at the weekend, wherever the day takes you.',
          show: '{shotPerson} on a city street in the morning',
          unless: 'atHome',
        },
        {
          say: '{Pronoun} {fits} into your day without getting in the way.',
          show: '{shotPerson} in a bright living room in the afternoon',
          when: 'atHome',
        },
        {
          say: '{Pronoun} {fits} into your day without getting in the way.',
          show: '{shotPerson} in a park in the afternoon',
          unless: 'atHome',
        },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'Simple things, done well, make every day a little easier.', show: '{it} by a window in a bright room' },
        {
          say: 'Morning or evening, weekday or weekend, {pronoun} {fits} right in.',
          show: '{shotPerson} at home in the evening',
        },
      ],
    },
    {
      required: false,
      lines: [
        {
          say: 'Picture your usual day, and now picture it with {object} in it.',
          show: '{shotPerson} in a kitchen in the morning',
        },
        { say: 'That is the whole idea.', show: '{it} on a kitchen table in the morning light' },
        {
          say: 'Keep {object} close, and use {object} often.',
          show: '{shotPerson} on a quiet evening at home',
          when: 'atHome',
        },
        { say: 'Keep {object} close, and use {object} often.', show: '{shotPerson} on a train', unless: 'atHome' },
        {
          say: 'The more you use {object}, the more {pronoun} {becomes} part of your day.',
          show: '{shotPerson} in the evening light',
        },
      ],
    },
    {
      required: false,
      lines: [
        {
          say: 'From the first day, {pronoun} {is} simply there when you need {object}.',
          show: '{shotPerson} by a sunny window in the morning',
          when: 'atHome',
        },
        {
          say: 'From the first day, {pronoun} {is} simply there when you need {object}.',
          show: '{shotPerson} in the morning sun',
          unless: 'atHome',
        },
        { say: 'Look closely, and you will see the care in every detail.', show: 'a close-up of the details of {it}' },
      ],
    },
    {
      required: false,
      lines: [
        { say: 'Look after {object}, and {pronoun} will look after you.', show: 'a person carefully cleaning {it}' },
        { say: '{Pronoun} also {makes} a thoughtful gift.', show: '{it} wrapped as a gift with a ribbon' },
      ],
    },
    {
      required: false,
      lines: [
        {
          say: 'Ask {audience} who already have one what they think.',
          show: 'two friends talking about {it} in a café',
        },
        {
          say: 'Ask someone who already has one what they think.',
          show: 'two friends talking about {it} in a café',
          unless: 'audience',
        },
        { say: 'Then see it, hold it and try it for yourself.', show: 'a person holding {it} in a shop' },
        { say: 'And share this with someone who could use one.', show: 'a person showing {it} to a friend' },
      ],
    },
  ],
  close: {
    required: true,
    lines: [
      { say: 'Get yours today.', show: '{it} in warm evening light', when: 'own' },
      { say: 'Try {short} today.', show: '{it} in warm evening light', unless: 'own' },
      { say: 'Follow us to see more.', show: '{shotPerson} at sunset', when: 'own' },
      { say: 'Follow along to see more.', show: '{shotPerson} at sunset', unless: 'own' },
    ],
  },
} satisfies AdTemplates

export type AdTemplates = { hook: PartTemplate; beats: PartTemplate[]; close: PartTemplate }
