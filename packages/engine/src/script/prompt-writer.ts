import nlp from 'compromise'

import { ownWordsPrompt } from '@storyreel/contracts/studio'

import {
  capitalize,
  getPronouns,
  getVerbForms,
  isMassNoun,
  isPluralNoun,
  joinList,
  lowerFirst,
  numberWord,
  presentTense,
  toTitle,
  withIndefinite,
} from './english.ts'
import { readPrompt, type Character, type NounPhrase, type PromptBrief } from './prompt-reader.ts'
import {
  BUSINESSES,
  DEFAULT_EVENT,
  EVENT_KINDS,
  PLACE_KIND_WORDS,
  PLACE_KINDS,
  PRODUCT_USES,
  type Business,
  type PlaceKind,
} from './writer-lexicon.ts'

/**
 * Writes a video's narration from what a prompt names (see prompt-reader.ts), in the order its kind of
 * video calls for: a hook, the beats, a close. Ads, stories, travel, tips and events are written in
 * general terms that hold for any instance of their subject; explainers, how-tos, recipes and facts need
 * knowledge an offline writer does not have, so their middle is a set of visible prompts for the user's
 * own words, each with the time it has. Nothing here invents a name, a number, a date or a fact.
 */

/** One spoken sentence and the picture shown while it is spoken. */
export type Line = { text: string; shot: string }

/** A hook, beat or close: its lines in order; later lines are spoken only when the video is long enough. */
export type Part = { lines: Line[]; isRequired: boolean }

/** A scene the user writes: what to say, and what the picture shows meanwhile. */
export type Gap = { instruction: (words: number) => string; shot: string }

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

const line = (text: string, shot: string): Line => ({ text: tidy(text), shot: tidy(capitalize(shot)) })

/** Capital first letter, single spaces, no space before punctuation. */
function tidy(text: string): string {
  return capitalize(
    text
      .replace(/\s+/g, ' ')
      .replace(/\s+([,.!?:;])/g, '$1')
      .trim(),
  )
}

/** How a noun phrase is said the first time and afterwards: "our handmade coffee shop", "our coffee shop". */
type Reference = { first: string; short: string; indefinite: string; isPlural: boolean }

function refer(phrase: NounPhrase, { definiteFirst = false } = {}): Reference {
  const isPlural = phrase.isPlural
  if (phrase.isName) {
    const text = phrase.determiner === 'the' ? `the ${phrase.text}` : phrase.text
    return { first: text, short: text, indefinite: text, isPlural }
  }
  const determiner = phrase.determiner
  const indefinite = withIndefinite(phrase.text)
  if (determiner && !/^(?:a|an|the|some|this|that)$/.test(determiner)) {
    return {
      first: `${determiner} ${phrase.text}`,
      short: `${determiner} ${phrase.head}`,
      indefinite,
      isPlural,
    }
  }
  const bareHead = isPlural ? phrase.head : `the ${phrase.head}`
  const first = definiteFirst || determiner === 'the' ? `the ${phrase.text}` : indefinite
  return { first: isPlural && determiner !== 'the' ? phrase.text : first, short: bareHead, indefinite, isPlural }
}

/** "at a night-market food stall in Taipei", "in Lisbon", or "". */
function whereOf(brief: PromptBrief, { indefinite = true } = {}): string {
  const parts: string[] = []
  if (brief.setting) {
    const setting = indefinite ? refer(brief.setting).first : `the ${brief.setting.text}`
    parts.push(`${brief.settingPreposition} ${setting}`)
  }
  if (brief.place && !brief.setting?.text.includes(brief.place)) parts.push(`in ${brief.place}`)
  return parts.join(' ')
}

/** An article for a shot phrase that has none yet ("the village rooftops" keeps its own). */
function withArticle(phrase: string): string {
  if (/^(?:a|an|the|some|two|three)\s/i.test(phrase)) return phrase
  // The noun the phrase is about comes before its first preposition or participle ("rooftops seen from…").
  const head =
    phrase.split(/\s+(?:seen|from|in|on|at|with|of|by|along|between|under|over|across|through)\s+/)[0] ?? phrase
  if (isPluralNoun(head) || isMassNoun(head)) return phrase
  return withIndefinite(phrase)
}

function be(isPlural: boolean): string {
  return isPlural ? 'are' : 'is'
}

// ---------------------------------------------------------------- ads

function getBusiness(head: string): Business | undefined {
  const lower = head.toLowerCase()
  const known =
    BUSINESSES[lower] ?? BUSINESSES[lower.split(' ').slice(-2).join(' ')] ?? BUSINESSES[lower.split(' ').at(-1) ?? '']
  if (known) return known
  if (
    /(?:shop|store|studio|salon|restaurant|bar|hotel|clinic|school|agency|market|boutique|parlou?r|kitchen|spa)$/.test(
      lower,
    )
  )
    return { worker: 'shopkeeper', work: 'welcomes a customer at the door', offer: 'a visit', isVenue: true }
  if (/(?:service|company|business|agency|team)$/.test(lower))
    return { worker: 'team member', work: 'shakes hands with a customer', offer: 'a first appointment', isVenue: false }
  return undefined
}

function writeAd(brief: PromptBrief): Plan {
  const subject = brief.subject ?? fallbackPhrase('business')
  // The whole phrase first: "a dog grooming salon" is a groomer's, not a hairdresser's.
  const business = getBusiness(subject.text) ?? getBusiness(subject.head)
  return business ? writeBusinessAd(brief, subject, business) : writeProductAd(brief, subject)
}

/** What an ad says and shows that depends on the kind of business: a place to walk into, or a service. */
type BusinessLines = {
  /** The hook's picture, and the line after the hook. */
  hookShot: string
  opening: Line
  /** The work, then two close pictures of it. */
  work: Line[]
  talkShot: string
  firstVisit: Line
  /** What a customer does: stays a while, or books. */
  stay: Line[]
  dawn: Line
  smileShot: string
  unhurried: Line
  regulars: Line
  /** Word of mouth, near the end. */
  around: Line[]
  placeShot: string
  audienceShot: (audience: string) => string
  close: Line[]
}

type BusinessContext = {
  business: Business
  worker: string
  it: { indefinite: string; short: string }
  street: string
  /** " in Lisbon", or nothing. */
  inPlace: string
  isOwn: boolean
}

function businessLines({ business, worker, it, street, inPlace, isOwn }: BusinessContext): BusinessLines {
  if (business.isVenue) {
    return {
      hookShot: `${it.indefinite} on ${street} in the morning sun`,
      opening: line('Come and see what is behind the door.', `the open door of ${it.indefinite} with a welcome sign`),
      work: [
        line(
          `Inside, ${worker} ${business.work}, taking the time to get it right.`,
          `${worker} ${business.work} inside ${it.indefinite}`,
        ),
        line('Nothing here is rushed.', `a close-up of ${business.offer} on a wooden counter`),
        line('Every step is done by hand, the way it should be.', `the hands of ${worker} at work on a counter`),
      ],
      talkShot: `${worker} talks with a customer across the counter of ${it.indefinite}`,
      firstVisit: line(
        'You can feel it the moment you walk in.',
        `a customer steps through the open door of ${it.indefinite}`,
      ),
      stay: [
        line(
          `Come in for ${business.offer}, and stay a little longer.`,
          `customers sit at small tables inside ${it.indefinite} in the afternoon`,
        ),
        line(
          'Bring a friend, or come on your own and take a seat by the window.',
          `two friends laugh at a table by the window of ${it.indefinite}`,
        ),
      ],
      dawn: line(
        'Before the doors open, the work has already begun.',
        `${worker} gets ready inside ${it.indefinite} at dawn`,
      ),
      smileShot: `${worker} smiles behind the counter`,
      unhurried: line(
        'Take your time: nobody will hurry you here.',
        `a customer reads a book at a table inside ${it.indefinite}`,
      ),
      regulars: line(
        'Some people drop in for a minute, others stay for an hour.',
        `people come and go through the door of ${it.indefinite} in the afternoon`,
      ),
      around: [
        line(
          'Drop by on a quiet morning, or on a busy afternoon.',
          `${it.indefinite} on ${street} on a sunny afternoon`,
        ),
        line('Every visit feels a little different, and that is part of the charm.', `${worker} waves to a customer`),
        line('Tell a friend who has not been yet.', `two friends walk towards ${it.indefinite} together`),
        line(
          'Then come back, and bring someone new the next time.',
          `a group of friends at the door of ${it.indefinite} in the evening`,
        ),
      ],
      placeShot: `people walk past ${it.indefinite} on ${street} in the afternoon`,
      audienceShot: (audience) => `${audience} at a table inside ${it.indefinite}`,
      close: [
        line(`Visit ${it.short}${inPlace} today.`, `${it.indefinite} on ${street} at dusk, its windows glowing`),
        line('Come by and see for yourself.', `the open door of ${it.indefinite} at night, warm light inside`),
      ],
    }
  }
  // A service has no inside, counter or door of its own: the work is done where the customer is.
  return {
    hookShot: `${worker} at work in the morning sun`,
    opening: line('Here is how it works.', `${worker} arrives at a customer's front door`),
    work: [
      line(`Every day, ${worker} ${business.work}, taking the time to get it right.`, `${worker} ${business.work}`),
      line('Nothing is rushed.', `a close-up of ${worker} who ${business.work}`),
      line('Every job is done properly, from start to finish.', `the hands of ${worker} at work`),
    ],
    talkShot: `${worker} talks with a customer on their doorstep`,
    firstVisit: line('You can tell from the very first visit.', `${worker} greets a customer at their front door`),
    stay: [
      line(
        `Book ${business.offer}, and let ${isOwn ? 'us' : 'them'} take it from there.`,
        `${worker} at work in a bright home`,
      ),
      line('It is one less thing to worry about.', 'a person relaxes on a sofa in a tidy living room'),
    ],
    dawn: line('Before the day begins, the work has already started.', `${worker} gets ready at dawn`),
    smileShot: `${worker} smiles at a customer`,
    unhurried: line('Ask anything: nobody will hurry you.', `${worker} listens to a customer at their door`),
    regulars: line(
      'Some customers book once a month, others every week.',
      `${worker} checks the day's bookings on a phone`,
    ),
    around: [
      line('Every visit is a little different, and that is part of the job.', `${worker} waves to a customer`),
      line('Tell a friend who could use a hand.', 'two friends talk on a doorstep'),
    ],
    placeShot: `${worker} on ${street} in the afternoon`,
    audienceShot: (audience) => `${worker} with ${audience} at their front door`,
    close: [
      line(`Book ${it.short}${inPlace} today.`, `${worker} says goodbye at the end of the day`),
      line(
        'Ask for a first visit and see for yourself.',
        `${worker} shakes hands with a customer at their door at dusk`,
      ),
    ],
  }
}

function writeBusinessAd(brief: PromptBrief, subject: NounPhrase, business: Business): Plan {
  const it = refer(subject)
  const inPlace = brief.place ? ` in ${brief.place}` : ''
  const worker = withIndefinite(business.worker)
  const audience = brief.audience ? refer(brief.audience).first : undefined
  const street = brief.place ? `a street in ${brief.place}` : 'a quiet street'
  const hook = brief.isOwn ? `Welcome to ${it.first}${inPlace}.` : `There is ${it.first}${inPlace} worth knowing about.`
  const kind = businessLines({ business, worker, it, street, inPlace, isOwn: brief.isOwn })
  // Qualities are what the place is like ("handmade", "family-run"); words saying what it does ("dog grooming")
  // are its name, not a list of what it is about.
  const naming = subject.qualities.findLastIndex((quality) => /ing$/i.test(quality))
  const qualities = subject.qualities.slice(naming + 1).filter((quality) => !/^(?:new|best|good|great)$/i.test(quality))
  const beats: Part[] = [
    { isRequired: true, lines: kind.work },
    {
      isRequired: false,
      lines: [
        qualities.length > 0
          ? line(`${capitalize(joinList(qualities))}: that is what ${it.short} is all about.`, kind.talkShot)
          : line('Every detail is done with care.', kind.talkShot),
        kind.firstVisit,
      ],
    },
    { isRequired: false, lines: kind.stay },
    {
      isRequired: false,
      lines: [kind.dawn, line('Behind it all are people who care about the details.', kind.smileShot)],
    },
    { isRequired: false, lines: [kind.unhurried, kind.regulars] },
    { isRequired: false, lines: kind.around },
    ...(brief.place
      ? [{ isRequired: false, lines: [line(`It is a small part of everyday life in ${brief.place}.`, kind.placeShot)] }]
      : []),
    ...(audience
      ? [
          {
            isRequired: false,
            lines: [
              line(
                `${capitalize(audience)} ${be(brief.audience?.isPlural ?? false)} always welcome.`,
                kind.audienceShot(audience),
              ),
            ],
          },
        ]
      : []),
  ]
  return {
    title: toTitle(`${brief.isOwn ? it.first : subject.text}${inPlace}`),
    hook: { isRequired: true, lines: [line(hook, kind.hookShot), kind.opening] },
    beats,
    close: { isRequired: true, lines: kind.close },
    gaps: [],
    gapLimit: undefined,
    brief,
  }
}

/** Products used at home, whose shots stay there. */
const HOME_PRODUCTS = new Set([
  'candle',
  'soap',
  'cream',
  'lamp',
  'bed',
  'sofa',
  'chair',
  'mug',
  'pillow',
  'blanket',
  'towel',
  'plant',
  'tea',
  'coffee',
])

function writeProductAd(brief: PromptBrief, subject: NounPhrase): Plan {
  const it = refer(subject, { definiteFirst: true })
  const pronoun = it.isPlural ? 'they' : 'it'
  const object = it.isPlural ? 'them' : 'it'
  const headWord = subject.head.toLowerCase().split(' ').at(-1) ?? ''
  // "Scented candles" are candles: the singular finds what people do with them.
  const singular = headWord.replace(/(?<=[^s])s$/, '')
  const use = PRODUCT_USES[subject.head.toLowerCase()] ?? PRODUCT_USES[headWord] ?? PRODUCT_USES[singular] ?? 'use'
  // Candles, soap and mugs stay at home: no one lights a candle on the way to work.
  const atHome = HOME_PRODUCTS.has(singular) || HOME_PRODUCTS.has(headWord)
  const [verb = 'use', ...rest] = use.split(' ')
  const useText = [verb, ...rest].join(' ')
  const audience = brief.audience ? refer(brief.audience).first : undefined
  const qualities = subject.qualities
  const madeFor = audience
    ? `${capitalize(pronoun)} ${be(it.isPlural)} made for ${audience}.`
    : `${capitalize(pronoun)} ${be(it.isPlural)} made for everyday life.`
  const shotPerson = `a person ${presentTense(verb, false)}${rest.length ? ` ${rest.join(' ')}` : ''} ${it.indefinite}`
  return {
    title: toTitle(`${brief.isOwn ? it.first : subject.text}${audience ? ` for ${audience}` : ''}`),
    hook: {
      isRequired: true,
      lines: [
        line(`Meet ${it.first}.`, `${it.indefinite} in bright daylight`),
        line(madeFor, audience ? `${audience} with ${it.indefinite} on a city street` : `${shotPerson} at home`),
      ],
    },
    beats: [
      {
        isRequired: true,
        lines: [
          qualities.length > 0
            ? line(
                `${capitalize(pronoun)} ${be(it.isPlural)} ${joinList(qualities.map((quality) => quality.toLowerCase()))}, and ready when you are.`,
                `a close-up of ${it.indefinite}`,
              )
            : line(
                `Take ${object} out every day: that is what ${pronoun} ${be(it.isPlural)} for.`,
                `a close-up of ${it.indefinite}`,
              ),
        ],
      },
      {
        isRequired: false,
        lines: [
          atHome
            ? line(
                `${capitalize(useText)} ${object} after a long day, at the weekend, whenever you need a moment.`,
                `${shotPerson} at home in the evening`,
              )
            : line(
                `${capitalize(useText)} ${object} on the way to work, at the weekend, wherever the day takes you.`,
                `${shotPerson} on a city street in the morning`,
              ),
          line(
            `${capitalize(pronoun)} ${presentTense('fit', it.isPlural)} into your day without getting in the way.`,
            atHome
              ? `${shotPerson} in a bright living room in the afternoon`
              : `${shotPerson} in a park in the afternoon`,
          ),
        ],
      },
      {
        isRequired: false,
        lines: [
          line(
            'Simple things, done well, make every day a little easier.',
            `${it.indefinite} by a window in a bright room`,
          ),
          line(
            `Morning or evening, weekday or weekend, ${pronoun} ${presentTense('fit', it.isPlural)} right in.`,
            `${shotPerson} at home in the evening`,
          ),
        ],
      },
      {
        isRequired: false,
        lines: [
          line(
            `Picture your usual day, and now picture it with ${object} in it.`,
            `${shotPerson} in a kitchen in the morning`,
          ),
          line('That is the whole idea.', `${it.indefinite} on a kitchen table in the morning light`),
          line(
            `Keep ${object} close, and use ${object} often.`,
            atHome ? `${shotPerson} on a quiet evening at home` : `${shotPerson} on a train`,
          ),
          line(
            `The more you use ${object}, the more ${pronoun} ${presentTense('become', it.isPlural)} part of your day.`,
            `${shotPerson} in the evening light`,
          ),
        ],
      },
      {
        isRequired: false,
        lines: [
          line(
            `From the first day, ${pronoun} ${be(it.isPlural)} simply there when you need ${object}.`,
            atHome ? `${shotPerson} by a sunny window in the morning` : `${shotPerson} in the morning sun`,
          ),
          line(
            'Look closely, and you will see the care in every detail.',
            `a close-up of the details of ${it.indefinite}`,
          ),
        ],
      },
      {
        isRequired: false,
        lines: [
          line(
            `Look after ${object}, and ${pronoun} will look after you.`,
            `a person carefully cleaning ${it.indefinite}`,
          ),
          line(
            `${capitalize(pronoun)} also ${presentTense('make', it.isPlural)} a thoughtful gift.`,
            `${it.indefinite} wrapped as a gift with a ribbon`,
          ),
        ],
      },
      {
        isRequired: false,
        lines: [
          line(
            audience
              ? `Ask ${audience} who already have one what they think.`
              : 'Ask someone who already has one what they think.',
            `two friends talking about ${it.indefinite} in a café`,
          ),
          line('Then see it, hold it and try it for yourself.', `a person holding ${it.indefinite} in a shop`),
          line('And share this with someone who could use one.', `a person showing ${it.indefinite} to a friend`),
        ],
      },
    ],
    close: {
      isRequired: true,
      lines: [
        line(brief.isOwn ? `Get yours today.` : `Try ${it.short} today.`, `${it.indefinite} in warm evening light`),
        line(`Follow ${brief.isOwn ? 'us' : 'along'} to see more.`, `${shotPerson} at sunset`),
      ],
    },
    gaps: [],
    gapLimit: undefined,
    brief,
  }
}

// ---------------------------------------------------------------- stories

type Cast = { first: string; short: string; indefinite: string; pronouns: ReturnType<typeof getPronouns> }

function castOf(character: Character): Cast {
  const reference = refer(character.phrase)
  const pronouns = getPronouns(character.phrase.head, {
    isPerson: character.kind === 'person',
    ...(character.name ? { name: character.name } : {}),
  })
  if (character.name && character.name !== character.phrase.text) {
    const isPossessed = /^(?:his|her|their|its|my|our|your)$/.test(character.phrase.determiner ?? '')
    return {
      first: isPossessed
        ? `${character.phrase.determiner} ${character.phrase.text} ${character.name}`
        : `${withIndefinite(character.phrase.text)} named ${character.name}`,
      short: character.name,
      indefinite: character.name,
      pronouns,
    }
  }
  // "two friends" are "the friends" once introduced.
  const short = reference.isPlural && !character.phrase.determiner ? `the ${character.phrase.head}` : reference.short
  return { first: reference.first, short, indefinite: reference.indefinite, pronouns }
}

/** "crashes into the sea and is rescued by a kind fisherman" → its past tense, one verb phrase at a time. */
function toPast(plot: string, subjectPronoun: string): string {
  return plot
    .split(/\s+and\s+(?=(?:is|are|was|were|has|have|\S+s)\b)/)
    .map((part) => {
      const copula = /^(is|are)\s+(.+)$/.exec(part)
      if (copula?.[2]) return `${copula[1] === 'is' ? 'was' : 'were'} ${copula[2]}`
      const past = nlp(`${subjectPronoun} ${part}`).sentences().toPastTense().text()
      return past.replace(new RegExp(`^${subjectPronoun}\\s+`, 'i'), '')
    })
    .join(' and ')
}

/** The plot's first verb phrase in the present, agreeing with the character: for a shot. */
function firstAction(plot: string): string {
  return plot.split(/\s+and\s+/)[0] ?? plot
}

/** "teaches a girl to make dumplings" → the one taught and what they learn, for the story's ending. */
function readLesson(plot: string): { learner: string; skill: string } | undefined {
  const match =
    /^(?:teaches|helps|shows|trains|coaches|tells)\s+(?:(?:a|an|the|his|her|their)\s+)?([\w-]+(?:\s[\w-]+)?)\s+(?:how\s+)?to\s+(.+)$/.exec(
      plot,
    )
  if (!match?.[1] || !match[2]) return undefined
  return { learner: match[1], skill: match[2] }
}

function writeStory(brief: PromptBrief): Plan {
  const [heroCharacter, friendCharacter] = brief.characters
  const hero = castOf(
    heroCharacter ?? { phrase: brief.subject ?? fallbackPhrase('traveller'), name: undefined, kind: 'person' },
  )
  const friend = friendCharacter ? castOf(friendCharacter) : undefined
  const where = whereOf(brief)
  const whereShort = brief.setting
    ? `${brief.settingPreposition} the ${brief.setting.head}`
    : brief.place
      ? `in ${brief.place}`
      : ''
  const sceneOf = brief.setting ? refer(brief.setting).indefinite : (brief.place ?? 'a quiet village')
  const theyHero = hero.pronouns.subject
  const introducedTogether = friendCharacter && !brief.plot?.includes(friendCharacter.phrase.head)
  const plot = brief.plot
  const lesson = plot ? readLesson(plot) : undefined
  const pair = friend ? `${hero.short} and ${friend.short}` : hero.short

  const opening = introducedTogether && friend ? `${hero.first} and ${friend.first}` : hero.first
  // "who is afraid of the dark": a state belongs to who the hero is, not to what happens one day.
  const state = plot && /^(?:is|are|has|have)\b/.test(plot) ? toPast(plot, theyHero) : undefined
  const described = state ? `${opening}, who ${state}` : opening
  const isNamedOnly = heroCharacter?.name !== undefined && heroCharacter.phrase.isName
  const beginning = line(
    isNamedOnly
      ? where
        ? `${described} lived ${where}.`
        : `This is the story of ${described}.`
      : where
        ? `Once, ${where}, there lived ${described}.`
        : `Once, there lived ${described}.`,
    `${hero.indefinite}${introducedTogether && friend ? ` and ${friend.indefinite}` : ''} ${where || 'in a quiet village'} in the morning`,
  )
  let inciting: Line
  let told = ''
  if (plot && !state) {
    const [verb = '', ...others] = firstAction(plot).split(' ')
    const isLearning = /^(?:teaches|helps|shows|trains|builds|makes|learns|tries|writes|paints|bakes|cooks)$/.test(verb)
    told = isLearning
      ? `began to ${[getVerbForms(verb).base, ...others].join(' ')}${plot.slice(firstAction(plot).length)}`
      : toPast(plot, theyHero)
    inciting = line(`One day, ${hero.short} ${told}.`, `${hero.indefinite} ${firstAction(plot)} ${whereShort}`)
  } else {
    inciting = line(
      `One day, something new came along, and ${hero.short} had a choice to make.`,
      `${hero.indefinite} stops at a fork in a path ${whereShort}`,
    )
  }
  const ending = lesson
    ? line(
        `At last, ${friend?.short ?? `the ${lesson.learner}`} could ${lesson.skill} on ${
          friend?.pronouns.possessive ?? 'their'
        } own.`,
        `${withIndefinite(lesson.learner)} ${presentTense(lesson.skill.split(' ')[0] ?? '', false)} ${lesson.skill.split(' ').slice(1).join(' ')} ${whereShort} in the evening`,
      )
    : line(
        `In the end, ${hero.short} was not quite the same as before.`,
        `${hero.indefinite} smiles ${whereShort} at sunset`,
      )
  const compactOpening =
    plot && !state ? line(`Once, ${where ? `${where}, ` : ''}${hero.first} ${told}.`, inciting.shot) : beginning
  // "The Cook and the Girl", "Leo and Biscuit", "The Clever Fox", "Two Friends", "The Story of Maria".
  const heroPhrase = heroCharacter?.phrase
  const alone =
    heroPhrase && !heroPhrase.isName && !heroCharacter?.name
      ? /^(?:a|an|the)?$/.test(heroPhrase.determiner ?? '') && !heroPhrase.isPlural
        ? `The ${heroPhrase.text}`
        : heroPhrase.text
      : `The Story of ${hero.short}`
  const title = friend ? toTitle(`${capitalize(hero.short)} and ${friend.short}`) : toTitle(capitalize(alone))
  return {
    title,
    hook: {
      isRequired: true,
      lines: [
        beginning,
        line(
          `Every day began the same way, with the same small routine.`,
          `${hero.short} ${whereShort} in the early morning light`,
        ),
      ],
    },
    beats: [
      { isRequired: true, lines: [inciting] },
      {
        isRequired: true,
        lines: [
          line(`At first, nothing went the way ${theyHero} hoped.`, `${hero.short} ${whereShort} under dark clouds`),
          line(
            `It was harder than it looked, and more than once ${theyHero} almost gave up.`,
            `${hero.short} sitting alone ${whereShort} at dusk`,
          ),
        ],
      },
      {
        isRequired: false,
        lines: [
          line(
            friend
              ? `But ${pair} kept trying, day after day.`
              : `But ${hero.short} kept going, one small step at a time.`,
            friend
              ? `${hero.short} and ${friend.indefinite} ${whereShort} in the afternoon`
              : `${hero.short} walking ${whereShort} in the afternoon`,
          ),
          line('Little by little, things began to change.', `${hero.short} ${whereShort} in the sunshine`),
        ],
      },
      {
        isRequired: false,
        lines: [
          line(
            `Some nights, ${hero.short} lay awake and wondered if it was all worth it.`,
            `${hero.short} looking out of a window at night`,
          ),
          line(`But every morning, ${theyHero} got up and tried again.`, `${hero.short} ${whereShort} at sunrise`),
        ],
      },
      {
        isRequired: false,
        lines: [
          line(
            friend
              ? `Along the way, ${pair} learned to laugh at ${friend.pronouns.subject === theyHero ? 'their' : 'their'} mistakes.`
              : `Along the way, ${hero.short} learned more than ${theyHero} had expected.`,
            friend
              ? `${hero.short} and ${friend.indefinite} laughing ${whereShort}`
              : `${hero.short} smiling ${whereShort}`,
          ),
        ],
      },
      {
        isRequired: false,
        lines: [
          line('The days went by, and the seasons changed.', `${sceneOf} under falling leaves`),
          line(
            `There were good days and bad days, and ${theyHero} learned from both.`,
            `${hero.short} ${whereShort} on a rainy afternoon`,
          ),
          line(`Through it all, ${hero.short} kept a little hope.`, `${hero.short} ${whereShort} on a snowy morning`),
        ],
      },
      {
        isRequired: false,
        lines: [
          line('The first small success felt like a big one.', `${hero.short} smiling ${whereShort} in the evening`),
          line(
            friend
              ? `${capitalize(friend.short)} noticed it too, and smiled.`
              : `${capitalize(theyHero)} noticed it, and smiled.`,
            friend ? `${friend.indefinite} smiling ${whereShort}` : `${hero.short} smiling at sunset`,
          ),
          line('Then came the moment everything had been leading to.', `${hero.short} ${whereShort} at golden hour`),
        ],
      },
      { isRequired: true, lines: [ending, line('Some days change everything.', `${sceneOf} at golden hour`)] },
    ],
    compact: {
      hook: { isRequired: true, lines: [compactOpening] },
      beats: [
        {
          isRequired: true,
          lines: [line('At first, nothing went right.', `${hero.short} ${whereShort} under dark clouds`)],
        },
        { isRequired: true, lines: [ending] },
      ],
      close: { isRequired: false, lines: [line('Some days change everything.', `${sceneOf} at golden hour`)] },
    },
    close: {
      isRequired: false,
      lines: [
        line(
          'Sometimes the smallest stories are the ones we remember longest.',
          `${hero.short} ${whereShort} in warm evening light`,
        ),
        line(
          'And that is where the next story begins.',
          `${sceneOf}${brief.place && brief.setting ? ` in ${brief.place}` : ''} at night under the stars`,
        ),
      ],
    },
    gaps: [],
    gapLimit: undefined,
    brief,
  }
}

// ---------------------------------------------------------------- travel

function getPlaceKind(brief: PromptBrief): PlaceKind {
  const words = `${brief.subject?.text ?? ''} ${brief.setting?.text ?? ''}`.toLowerCase()
  for (const [pattern, kind] of PLACE_KIND_WORDS)
    if (pattern.test(words)) return (PLACE_KINDS[kind] ?? PLACE_KINDS.place) as PlaceKind
  const place = brief.place ?? (brief.subject?.isName ? brief.subject.text : undefined)
  if (place) {
    const doc = nlp(place)
    if (doc.has('#City')) return PLACE_KINDS.city as PlaceKind
    if (doc.has('#Country')) return PLACE_KINDS.country as PlaceKind
  }
  return PLACE_KINDS.place as PlaceKind
}

const SEASONS = /^(?:spring|summer|autumn|fall|winter)$/i

function writeTravel(brief: PromptBrief): Plan {
  const kind = getPlaceKind(brief)
  const season = brief.subject && SEASONS.test(brief.subject.text) ? brief.subject.text.toLowerCase() : undefined
  const destinationPhrase = season ? brief.setting : (brief.subject ?? brief.setting)
  let first: string
  let short: string
  if (destinationPhrase && !destinationPhrase.isName) {
    const reference = refer(destinationPhrase, { definiteFirst: Boolean(season) })
    const settingText = !season && brief.setting ? ` ${brief.settingPreposition} the ${brief.setting.text}` : ''
    first = `${reference.first}${settingText}${brief.place && !settingText.includes(brief.place) && !reference.first.includes(brief.place) ? ` in ${brief.place}` : ''}`
    short =
      destinationPhrase.determiner === 'the' || reference.isPlural
        ? reference.first
        : `the ${destinationPhrase.head.split(' ').at(-1) ?? ''}`
  } else {
    first = brief.place ?? destinationPhrase?.text ?? kind.noun
    short = first
  }
  const when = season ? ` in ${season}` : ''
  const onOrIn = /\b(?:coast|island)\b/.test(first) ? 'on' : 'in'
  // "the village rooftops … in the village" says the place twice: a shot that names it keeps its own words.
  const there = (shot: string) =>
    shot.toLowerCase().includes(short.toLowerCase().replace(/^the\s+/, '')) ? shot : `${shot} ${onOrIn} ${short}`
  const paths =
    kind === PLACE_KINDS.mountains || kind === PLACE_KINDS.forest
      ? 'trails'
      : kind === PLACE_KINDS.village
        ? 'lanes'
        : 'streets'
  const highlightLines = brief.highlights.slice(0, 4).map((phrase, index) => {
    const reference = refer(phrase, { definiteFirst: true })
    const text = [
      `Make time for ${reference.first}.`,
      `Do not miss ${reference.first}.`,
      `Then there ${be(reference.isPlural)} ${reference.first}.`,
      `Save an hour for ${reference.first}.`,
    ][index % 4] as string
    return line(text, `${reference.indefinite} ${onOrIn} ${short} in the afternoon`)
  })
  return {
    title: toTitle(first.split(' ').length <= 5 ? `A Day ${onOrIn} ${first}${when}` : `${first}${when}`),
    hook: {
      isRequired: true,
      lines: [
        line(`Welcome to ${first}${when}.`, `${there(withArticle(kind.view))} at sunrise`),
        line('Here is one way to spend a day there.', `a traveller with a backpack arriving ${onOrIn} ${short}`),
      ],
    },
    beats: [
      {
        isRequired: true,
        lines: [
          line(`Start early, while ${short} ${be(isPluralNoun(short))} still quiet.`, `${kind.morning} at dawn`),
          line(
            'Find a café, order what the locals order, and watch the day begin.',
            'a cup of coffee on a café table in the morning',
          ),
          line('Walk before breakfast, while the light is still soft.', `${kind.morning} in soft morning light`),
        ],
      },
      {
        isRequired: false,
        lines: [
          line(`Then walk with no plan, and let the ${paths} lead the way.`, there(kind.day)),
          line('Get a little lost; it is the best way to find things.', `a traveller with a map ${onOrIn} ${short}`),
          ...highlightLines,
        ],
      },
      {
        isRequired: false,
        lines: [
          line('If there is a market, go while it is busy.', `people at a market with fruit stalls ${onOrIn} ${short}`),
          line(
            'Say hello to the people you meet; a few words of the local language go a long way.',
            'a traveller chatting with a shopkeeper at a stall',
          ),
        ],
      },
      {
        isRequired: false,
        lines: [
          line('At lunchtime, eat where the locals eat.', kind.food),
          line('Order something you have never tried before.', 'a plate of local food on a table outside'),
        ],
      },
      {
        isRequired: false,
        lines: [
          line('In the late afternoon, find a spot up high and watch the light change.', `${kind.view} at golden hour`),
        ],
      },
      {
        isRequired: false,
        lines: [
          line(
            'Sit for a while, and watch the world go by.',
            `a traveller on a bench ${onOrIn} ${short} in the afternoon`,
          ),
          line('Take photos, but put the camera down too.', `a traveller taking a photo of ${withArticle(kind.view)}`),
          line('Try one thing you would never do at home.', `a traveller laughing with new friends ${onOrIn} ${short}`),
          line(
            'Then find a quiet corner, and write down what you want to remember.',
            'a traveller writing in a notebook at a café',
          ),
        ],
      },
      {
        isRequired: false,
        lines: [
          line(
            `After dark, ${short} ${presentTense('slow', isPluralNoun(short))} down and the lights come on.`,
            kind.night,
          ),
          line('As the day cools, join the locals for an evening walk.', `people strolling ${onOrIn} ${short} at dusk`),
          line('For dinner, ask someone local where they like to eat.', 'a table for two with candles in the evening'),
        ],
      },
    ],
    close: {
      isRequired: true,
      lines: [
        line(`${capitalize(short)} ${be(isPluralNoun(short))} waiting for you.`, `${first} at twilight`),
        line('Save this video for your next trip.', 'a suitcase by a window with a view of the sea at dusk'),
      ],
    },
    gaps: [],
    gapLimit: undefined,
    brief,
  }
}

// ---------------------------------------------------------------- events

function writeEvent(brief: PromptBrief): Plan {
  const subject = brief.subject ?? fallbackPhrase('event')
  const it = refer(subject, { definiteFirst: !brief.isOwn })
  const kind = EVENT_KINDS.find(([pattern]) => pattern.test(subject.text.toLowerCase()))?.[1] ?? DEFAULT_EVENT
  const toPlace = brief.place
    ? ` to ${brief.place}`
    : brief.setting
      ? ` ${brief.settingPreposition} the ${brief.setting.text}`
      : ''
  const when = brief.when ? ` ${lowerFirst(brief.when)}` : ''
  const at = brief.place
    ? ` in ${brief.place}`
    : brief.setting
      ? ` ${brief.settingPreposition} the ${brief.setting.text}`
      : ''
  const audience = brief.audience ? refer(brief.audience).first : undefined
  return {
    title: toTitle(`${brief.isOwn ? it.first : subject.text}${brief.place ? ` in ${brief.place}` : ''}`),
    hook: {
      isRequired: true,
      lines: [
        line(`Mark your calendar: ${it.first} ${be(it.isPlural)} coming${toPlace}${when}.`, `${kind.crowd}${at}`),
        line('It is one you will not want to miss.', kind.detail),
      ],
    },
    beats: [
      {
        isRequired: true,
        lines: [line('Come along, bring your friends, and make a day of it.', `${kind.crowd}${at} in the sunshine`)],
      },
      {
        isRequired: false,
        lines: [
          line('Come for an hour, or stay until the very end.', kind.moment),
          ...brief.highlights
            .slice(0, 3)
            .map((phrase) =>
              line(`Look out for ${refer(phrase, { definiteFirst: true }).first}.`, `${refer(phrase).indefinite}${at}`),
            ),
        ],
      },
      ...(audience
        ? [
            {
              isRequired: false,
              lines: [
                line(`${capitalize(it.short)} ${be(it.isPlural)} made for ${audience}.`, `${audience} together${at}`),
              ],
            },
          ]
        : []),
      {
        isRequired: false,
        lines: [
          line('Set a reminder, so the day does not sneak up on you.', 'a phone showing a reminder on a table'),
          line('Invite the people who make everything more fun.', 'a group of friends making plans at a café table'),
          line(
            'Wear something comfortable, and come ready to enjoy yourself.',
            'a person lacing up trainers by the door',
          ),
        ],
      },
      {
        isRequired: false,
        lines: [
          line('The countdown has started.', `a calendar with a date circled in red`),
          line(`Expect ${kind.expect}.`, kind.moment),
        ],
      },
      {
        isRequired: false,
        lines: [
          line('Arrive early to find your spot, and settle in.', `${kind.crowd}${at} in the afternoon`),
          line('Bring water, comfortable shoes and good company.', 'a water bottle and a pair of trainers on a bench'),
        ],
      },
      {
        isRequired: false,
        lines: [
          line('Whether it is your first time or your tenth, you are welcome.', `${kind.crowd}${at} in the evening`),
          line('You might just meet someone new.', 'two strangers shaking hands and smiling'),
          line('Take a photo, then put the phone away and enjoy it.', `a person taking a photo of ${kind.moment}`),
          line('Look around, take it all in, and let the day surprise you.', `${kind.detail} at dusk`),
        ],
      },
      {
        isRequired: false,
        lines: [
          line('Moments like these are better shared.', `${kind.detail} in the evening`),
          line(
            'Check the details, plan your way there, and bring a friend.',
            'two friends looking at a map on a phone',
          ),
          line('Share this with the friend you always go with.', 'two friends laughing together at night'),
        ],
      },
    ],
    close: {
      isRequired: true,
      lines: [
        line('Save the date and tell a friend.', `${kind.moment}${at} at night`),
        line('See you there.', `${kind.crowd} at night under bright lights`),
      ],
    },
    gaps: [],
    gapLimit: undefined,
    brief,
  }
}

// ---------------------------------------------------------------- tips

const TOPIC_SCENES: [RegExp, string][] = [
  [/\bsleep|bed|rest\b/, 'a bed in a quiet bedroom at night'],
  [/\bmoney|budget|sav(?:e|ing)|spend/, 'coins in a jar on a kitchen table'],
  [/\bfit|workout|exercise|run|gym|train/, 'a person jogging in a park in the morning'],
  [/\bstud|exam|learn|school|read/, 'a student at a desk with books'],
  [/\bcook|food|eat|diet|meal/, 'fresh vegetables on a kitchen counter'],
  [/\bgarden|plant|grow/, 'a person watering plants in a garden'],
  [/\bwork|productiv|focus|office/, 'a tidy desk with a laptop by a window'],
  [/\btravel|trip|pack/, 'a packed suitcase by the door'],
  [/\bdog|cat|pet/, 'a dog and its owner in a park'],
  [/\bstress|calm|anxiety|relax|mind/, 'a person sitting quietly by a window with a cup of tea'],
  [/\bwater|hydrat/, 'a glass of water on a table'],
]

/** Advice that holds for any habit or goal; each tip's later lines are said when the video has time. */
const GENERAL_TIPS: { tip: string; more: string[]; shot: string }[] = [
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
]

function purposeOf(brief: PromptBrief): string {
  if (brief.task) return `to ${brief.task}`
  return `for ${brief.topic ?? brief.subject?.text ?? 'every day'}`
}

function writeTips(brief: PromptBrief): Plan {
  const purpose = purposeOf(brief)
  const topicWords = `${brief.task ?? ''} ${brief.topic ?? ''} ${brief.subject?.text ?? ''}`.toLowerCase()
  const scene =
    TOPIC_SCENES.find(([pattern]) => pattern.test(topicWords))?.[1] ??
    'a notebook with a short list on a desk by a window'
  const count = Math.min(brief.count ?? GENERAL_TIPS.length, GENERAL_TIPS.length)
  const audience = brief.audience ? refer(brief.audience).first : undefined
  // Tips the prompt counted are all said; otherwise two, and more as the length allows.
  const tips = GENERAL_TIPS.slice(0, count).map((tip, index) => ({
    isRequired: brief.count !== undefined || index < 2,
    lines: [
      line(`Tip ${numberWord(index + 1)}: ${tip.tip}.`, tip.shot),
      ...tip.more.map((text, at) =>
        line(
          text,
          `${scene}, ${['in the morning', 'in the afternoon', 'in the evening', 'in soft light'][(index + at) % 4] ?? ''}`,
        ),
      ),
    ],
  }))
  const hookLines = (count: number | undefined) => [
    line(`Here are ${count ? numberWord(count) : 'a few'} simple tips ${purpose}.`, scene),
    audience
      ? line(`They are for ${audience}, and they take no special kit.`, `${audience} at home in the evening`)
      : line('None of them needs anything special.', 'a person reading a list of tips by a window'),
    line('You do not need to change everything at once.', 'a person taking a deep breath by an open window'),
    line('Small changes, kept up, add up.', 'a row of small plants growing in pots'),
  ]
  const titleFor = (count: number | undefined) => toTitle(`${count ? `${numberWord(count)} ` : ''}Tips ${purpose}`)
  return {
    title: titleFor(brief.count),
    hook: { isRequired: true, lines: hookLines(brief.count) },
    // A video too short for every tip the prompt counted says how many it gives.
    ...(brief.count
      ? {
          countedTitle: titleFor,
          countedHook: (count: number) => ({ isRequired: true, lines: hookLines(count) }),
        }
      : {}),
    beats: [
      ...tips,
      {
        isRequired: false,
        lines: [
          line(
            `So, to sum up: ${joinList(GENERAL_TIPS.slice(0, count).map((tip) => tip.tip))}.`,
            'a notebook with a short checklist on a desk',
          ),
          line('None of this is complicated; the hard part is starting.', `${scene} at dawn`),
        ],
      },
    ],
    close: {
      isRequired: true,
      lines: [
        line('Try one this week.', 'a phone with a saved video on a table'),
        line('Pick the one that feels easiest, and start today.', 'a person ticking a box in a notebook'),
        line('Which one will you try first?', `${scene} in the morning light`),
        line('Save this video for later, and follow for more simple tips.', `${scene} at golden hour`),
      ],
    },
    gaps: [],
    gapLimit: undefined,
    brief,
  }
}

// ---------------------------------------------------------------- explainers, how-tos, recipes, facts

const SHOT_FRAMES = [
  (thing: string) => `a close-up of ${thing}`,
  (thing: string) => `${thing} in bright daylight`,
  (thing: string) => `a diagram of ${thing} on a whiteboard`,
  (thing: string) => `${thing} seen from above`,
  (thing: string) => `a person pointing at ${thing}`,
  (thing: string) => `${thing} in soft evening light`,
]

function writeExplainer(brief: PromptBrief): Plan {
  const topic = brief.topic ?? `how ${brief.subject?.text ?? 'it'} works`
  const thing = brief.subject ? refer(brief.subject).indefinite : 'the idea'
  const steps = [
    `the big idea of ${topic}`,
    'the first part of the answer',
    'the next part of the answer',
    'what happens after that',
    'an everyday example that makes it click',
    'why it matters',
  ]
  return {
    title: toTitle(topic),
    hook: {
      isRequired: true,
      lines: [
        line(`Ever wondered ${topic}?`, `${thing} in bright daylight`),
        line('Here is the short answer.', `a close-up of ${thing}`),
      ],
    },
    beats: [],
    gaps: steps.map((step, index) => ({
      instruction: (words) => ownWordsPrompt(words, step),
      shot: tidy((SHOT_FRAMES[(index + 2) % SHOT_FRAMES.length] as (thing: string) => string)(thing)),
    })),
    gapLimit: undefined,
    close: {
      isRequired: true,
      lines: [
        line(`And that is ${topic}.`, `${thing} in soft evening light`),
        line('Follow for more short explainers.', `a person smiling beside ${thing}`),
      ],
    },
    brief,
  }
}

function writeHowTo(brief: PromptBrief, isRecipe: boolean): Plan {
  const task = (brief.task ?? `make ${brief.subject?.text ?? 'it'}`).replace(/\s+/g, ' ')
  const object = brief.subject ? refer(brief.subject).indefinite : 'the project'
  const dish = brief.subject?.text ?? 'it'
  const place = isRecipe ? 'a home kitchen' : 'a bright workshop'
  const surface = isRecipe ? 'a kitchen counter' : 'a workbench'
  const steps = isRecipe
    ? [
        'the ingredients, and how much of each',
        'the first step',
        'the next step',
        'the step after that',
        'how long it cooks, and how to tell it is ready',
        'how to serve it',
      ]
    : [
        'what you need before you start',
        'the first step',
        'the next step',
        'the step after that',
        'a common mistake, and how to avoid it',
        'the last step, and how to tell it is done',
      ]
  const shots = isRecipe
    ? [
        `the ingredients for ${dish} on ${surface}`,
        `hands preparing ${dish} in ${place}`,
        `a pot on the stove in ${place}`,
        `hands mixing ingredients in a bowl on ${surface}`,
        `${dish} cooking in a pan`,
        `${dish} served on a plate`,
      ]
    : [
        `tools and materials laid out on ${surface}`,
        `hands at work on ${object} on ${surface}`,
        `a close-up of ${object} on ${surface}`,
        `a person measuring carefully on ${surface}`,
        `a person checking ${object} in ${place}`,
        `a finished ${brief.subject?.text ?? 'project'} in ${place}`,
      ]
  return {
    title: toTitle(`How to ${task}`),
    hook: {
      isRequired: true,
      lines: [
        line(`Want to ${task}?`, isRecipe ? `${dish} on a table in ${place}` : `${object} on ${surface} in ${place}`),
        line('Here is how, step by step.', `tools laid out on ${surface}`),
      ],
    },
    beats: [],
    gaps: steps.map((step, index) => ({
      instruction: (words) => ownWordsPrompt(words, step),
      shot: tidy(capitalize(shots[index] ?? shots[0] ?? object)),
    })),
    // The last gap ("the last step", "how to serve it") always closes the list, so it is kept.
    gapLimit: undefined,
    singleGap: {
      instruction: (words) =>
        ownWordsPrompt(words, isRecipe ? 'the ingredients and the main steps, in short' : 'the main steps, in short'),
      shot: tidy(capitalize(shots[1] ?? object)),
    },
    close: {
      isRequired: true,
      lines: [
        line(
          `And that is how to ${task}.`,
          isRecipe
            ? `${dish} on a plate in warm evening light`
            : `a finished ${brief.subject?.text ?? 'project'} in warm evening light`,
        ),
        line(
          isRecipe ? 'Save this recipe for later.' : 'Save this video for when you need it.',
          `a phone beside ${isRecipe ? dish : object} on ${surface}`,
        ),
      ],
    },
    brief,
  }
}

function writeFacts(brief: PromptBrief): Plan {
  const topic = brief.topic ?? brief.subject?.text ?? 'this'
  const isName = brief.subject?.isName ?? false
  const picture = isName
    ? `an old map showing ${topic}`
    : `${brief.subject ? refer(brief.subject).indefinite : topic}, seen up close`
  const frames = isName
    ? [
        `an old map showing ${topic}`,
        `an old book about ${topic} on a library table`,
        `a museum display about ${topic}`,
      ]
    : SHOT_FRAMES.map((frame) => frame(brief.subject ? refer(brief.subject).indefinite : topic))
  return {
    title: toTitle(`${brief.count ? `${numberWord(brief.count)} ` : ''}Facts About ${topic}`),
    hook: {
      isRequired: true,
      lines: [
        line(`Here are ${brief.count ? numberWord(brief.count) : 'a few'} facts about ${topic}.`, picture),
        line('Some of them may surprise you.', frames[1] ?? picture),
      ],
    },
    beats: [],
    gaps: Array.from({ length: Math.min(brief.count ?? 8, 10) }, (_, index) => ({
      instruction: (words: number) =>
        ownWordsPrompt(words, `fact ${numberWord(index + 1)} about ${topic}, one you have checked`),
      shot: tidy(capitalize(frames[index % frames.length] ?? picture)),
    })),
    gapLimit: brief.count,
    countedTitle: (count) => toTitle(`${numberWord(count)} Facts About ${topic}`),
    countedHook: (count) => ({
      isRequired: true,
      lines: [
        line(`Here ${count === 1 ? 'is one fact' : `are ${numberWord(count)} facts`} about ${topic}.`, picture),
        line('Some of them may surprise you.', frames[1] ?? picture),
      ],
    }),
    close: {
      isRequired: true,
      lines: [
        line('Which one surprised you most?', frames[0] ?? picture),
        line('Follow for more.', frames[2] ?? picture),
      ],
    },
    brief,
  }
}

function fallbackPhrase(text: string): NounPhrase {
  return { text, determiner: undefined, head: text, qualities: [], isPlural: false, isName: false }
}

/** The plan of a video for a prompt: what each part says and shows, before it is sized to a length. */
export function planPrompt(prompt: string): Plan {
  const brief = readPrompt(prompt)
  switch (brief.intent) {
    case 'ad':
      return writeAd(brief)
    case 'story':
      return writeStory(brief)
    case 'travel':
      return writeTravel(brief)
    case 'event':
      return writeEvent(brief)
    case 'tips':
      return writeTips(brief)
    case 'explainer':
      return writeExplainer(brief)
    case 'how-to':
      return writeHowTo(brief, false)
    case 'recipe':
      return writeHowTo(brief, true)
    case 'facts':
      return writeFacts(brief)
  }
}
