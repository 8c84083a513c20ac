import nlp from 'compromise'

import { getVerbForms, isPluralNoun, toSingular } from './english.ts'
import { ANIMALS, CREATURES, PEOPLE, PLACE_KIND_WORDS, SETTINGS } from './writer-lexicon.ts'

/**
 * Reads what a prompt names ("a 30 second ad for our handmade coffee shop in Lisbon"): what kind of video
 * it asks for, its subject with its qualities, the place, the setting, the audience, the people of a story
 * and what they do. Parts of speech come from compromise; only the closed sets of words that frame a
 * request ("make me a short video about…") are matched as lists.
 */

export const WRITER_INTENTS = [
  'ad',
  'story',
  'explainer',
  'how-to',
  'travel',
  'recipe',
  'tips',
  'event',
  'facts',
] as const
export type WriterIntent = (typeof WRITER_INTENTS)[number]

/** A noun phrase of the prompt: "our handmade coffee shop" is determiner "our", qualities and a head. */
export type NounPhrase = {
  /** Without its determiner: "handmade coffee shop". */
  text: string
  /** "a", "the", "our", "my", "his"… as written, or undefined. */
  determiner: string | undefined
  /** The thing itself, with the nouns that name its kind: "coffee shop". */
  head: string
  /** The adjectives before it: ["handmade"]. */
  qualities: string[]
  isPlural: boolean
  /** A proper name ("Lisbon", "Maria", "the Roman Empire"). */
  isName: boolean
}

export type Character = {
  phrase: NounPhrase
  /** A name the prompt gives it ("a boy named Leo", "his dog Biscuit", "Maria"). */
  name: string | undefined
  kind: 'person' | 'animal' | 'creature'
}

export type PromptBrief = {
  intent: WriterIntent
  /** What the video is about: the business, product, destination, event, dish or thing explained. */
  subject: NounPhrase | undefined
  /** Where, by name: "Lisbon". */
  place: string | undefined
  /** Where, as a thing: "a night-market food stall", "the mountains". */
  setting: NounPhrase | undefined
  /** The preposition the prompt puts before the setting: "at", "beneath". */
  settingPreposition: string
  /** Who it is for: "busy parents". */
  audience: NounPhrase | undefined
  /** When, as the prompt says it: "this July". */
  when: string | undefined
  /** How many tips or facts the prompt asks for. */
  count: number | undefined
  /** Whether the prompt speaks of its subject as its own ("our bakery", "my yoga studio"). */
  isOwn: boolean
  /** A how-to's or recipe's task, verb first: "build a wooden shelf". */
  task: string | undefined
  /** An explainer's question as a clause, or a tips/facts topic: "how solar panels work", "better sleep". */
  topic: string | undefined
  /** A story's people and animals, the protagonist first. */
  characters: Character[]
  /** Things the prompt lists for the video to show: "lemon groves, the harbour and the village". */
  highlights: NounPhrase[]
  /** What happens in a story, in the present tense without its subject: "teaches a girl to make dumplings". */
  plot: string | undefined
}

type Token = { text: string; normal: string; tags: Set<string>; post: string }

const PREPOSITIONS = new Set(
  `in at on by near beneath under below above over across through along inside outside around from to of into
  onto behind beside between among against toward towards past off up down during`.split(/\s+/),
)
const PLACE_PREPOSITIONS = new Set(
  'in at on by near beneath under below above across through along inside outside around from to of into'.split(' '),
)
/** Words ending like a doer ("-er", "-or") that name things. */
const NOT_PEOPLE = new Set(
  'water computer paper number weather winter summer river corner flower tower border letter butter power poster sticker speaker container printer blender mixer burger color colour door floor mirror motor tractor elevator calculator sweater sneaker scooter trailer theater theatre center centre shelter dinner'.split(
    ' ',
  ),
)
const POSSESSIVES = new Set(['our', 'my', 'his', 'her', 'their', 'your', 'its'])
const DETERMINERS = new Set(['a', 'an', 'the', 'this', 'that', 'these', 'those', 'some', ...POSSESSIVES])

/** Words about the video rather than its subject: "a short, fun video about", "a 30 s promo for". */
const REQUEST =
  /^(?:(?:please|pls)\s+)?(?:(?:can|could|would) you\s+)?(?:(?:make|create|write|generate|produce|draft|do|give|build|film|shoot)(?: me| us)?|i (?:want|need|would like)|we (?:want|need))\s+/i
const LENGTH =
  /\b(?:an?\s+)?(?:\d+(?:[.,]\d+)?|one|two|three|half(?: a)?)[\s-]*(?:s|sec|secs|second|seconds|min|mins|minute|minutes)\b(?:[\s-]+long)?/gi
const FORMAT_ADJECTIVES =
  'product|brand|marketing|launch|demo|short|quick|fun|funny|simple|vertical|cinematic|little|brief|punchy|emotional|catchy|motivational|inspirational|inspiring|promotional|educational|viral|cozy|cosy|heartwarming|animated|beautiful|engaging|informative|tiktok|instagram|youtube|social media'
const FORMAT_NOUNS =
  'video|clip|reel|short|tiktok|post|film|animation|montage|vlog|ad|advert|advertisement|commercial|promo|spot|teaser|trailer|story|tale|fable|legend|bedtime story|explainer|tutorial|guide|walkthrough|recipe|travel guide|travel video|announcement|invitation'
const FORMAT = new RegExp(
  `^(?:an?\\s+|the\\s+)?(?:(?:${FORMAT_ADJECTIVES})[,\\s]+(?:and\\s+)?)*(?:(?:${FORMAT_NOUNS})s?\\b[,:]?\\s*)+(?:(?:about|for|of|on|showing|featuring|introducing|explaining|announcing|promoting|advertising|celebrating|that shows|that explains|to promote|to announce|to explain|to show)\\s+)?`,
  'i',
)
const LEAD_VERBS =
  /^(?:introducing|presenting|announcing|launching|promoting|advertising|promote|advertise|announce|introduce|present|launch|explain|describe|show|celebrate|celebrating|showcase|showcasing|tell|telling)\s+(?:(?:me|us|people|everyone|viewers)\s+)?(?:about\s+)?/i

const INTENT_WORDS: [WriterIntent, RegExp][] = [
  ['recipe', /\b(?:recipes?|ingredients?|how to (?:make|cook|bake|brew|prepare))\b/i],
  [
    'how-to',
    /\b(?:how to|how do i|how can i|tutorial|walkthrough|step[- ]by[- ]step|learn to|guide to (?:\p{Ll})|diy)\b/iu,
  ],
  [
    'explainer',
    /\b(?:explain(?:er|s|ed|ing)?|how (?:(?:do|does|did|can|is|are)\s+)?[\w\s-]+? works?|why (?:do|does|is|are|did)?\b|what (?:is|are|makes|causes|happens)|the science (?:of|behind))\b/i,
  ],
  [
    'facts',
    /\b(?:facts?|did you know|trivia|history of|things (?:you|nobody|no one) (?:didn'?t|don'?t) know|myths?)\b/i,
  ],
  [
    'tips',
    /\b(?:tips?|ways to|habits?|hacks?|mistakes to avoid|advice|lessons|rules (?:for|of)|secrets (?:of|to)|motivat\w*|inspir\w+ video|mindset|discipline)\b/i,
  ],
  [
    'travel',
    /\b(?:travel|trip|visit(?:ing)?|tour|vacation|holiday|getaway|itinerary|(?:days?|nights?|weekend|week) (?:in|on|at)|explore|exploring|destination|road trip)\b/i,
  ],
  [
    'event',
    /\b(?:events?|festival|concert|conference|wedding|party|grand opening|opening night|fair|exhibition|meetup|meet-up|gig|fundraiser|workshop|market day|race|tournament|launch party|celebration|gala)\b/i,
  ],
  ['story', /\b(?:story|stories|tale|fable|once upon|legend|adventures? of|bedtime)\b/i],
  [
    'ad',
    /\b(?:trailer|teaser|ad|advert|advertisement|commercial|promo|promotion|promote|campaign|marketing|introducing|launch(?:ing)?|product|brand|sale|for (?:our|my) )\b/i,
  ],
]

/** The kind of video a prompt asks for, from the words that say so; undefined when none does. */
export function detectIntentWords(prompt: string): WriterIntent | undefined {
  for (const [intent, pattern] of INTENT_WORDS) if (pattern.test(prompt)) return intent
  return undefined
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  for (const term of nlp(text).json() as {
    terms: { text: string; normal: string; tags: string[]; post: string }[]
  }[]) {
    for (const item of term.terms) {
      const previous = tokens.at(-1)
      // "family-run", "night-market": compromise splits at the hyphen; the writer keeps them as one word.
      if (previous && /^-$/.test(previous.post.trim()) && previous.post.trim() === previous.post) {
        previous.text += `-${item.text}`
        previous.normal += `-${item.normal}`
        previous.tags = new Set([...item.tags, 'Noun'].filter((tag) => tag !== 'Verb'))
        previous.post = item.post
        continue
      }
      const normal = item.normal || item.text.toLowerCase()
      // compromise tags a few prepositions as adjectives or nouns ("beneath", "of" before a place).
      const tags = PREPOSITIONS.has(normal)
        ? new Set(['Preposition'])
        : POSSESSIVES.has(normal)
          ? new Set(['Possessive'])
          : new Set(item.tags)
      tokens.push({ text: item.text, normal, tags, post: item.post })
    }
  }
  return tokens
}

const isNoun = (token: Token | undefined) =>
  token !== undefined &&
  token.tags.has('Noun') &&
  !token.tags.has('Pronoun') &&
  !token.tags.has('Possessive') &&
  !token.tags.has('QuestionWord')
const isAdjective = (token: Token | undefined) =>
  token !== undefined && (token.tags.has('Adjective') || token.tags.has('Comparative'))
const isName = (token: Token | undefined) => token !== undefined && /^\p{Lu}/u.test(token.text)

/** Whether adjectives and nouns from `start` end on a noun before anything else. */
function readsOnToNoun(tokens: Token[], start: number): boolean {
  let index = start
  while (isAdjective(tokens[index])) index++
  return isNoun(tokens[index])
}

/** A noun phrase starting at `start`, or undefined; `end` is the index after it. */
/** Nouns that name a business or a service: what an -ing word before them does there. */
const BUSINESS_HEADS =
  /^(?:shop|store|studio|salon|restaurant|bar|hotel|clinic|school|agency|market|boutique|parlou?r|spa|service|company|business|club|class|classes|centre|center|academy|app)s?$/

function readNounPhrase(tokens: Token[], start: number): { phrase: NounPhrase; end: number } | undefined {
  let index = start
  let determiner: string | undefined
  const first = tokens[index]
  if (first && DETERMINERS.has(first.normal)) {
    determiner = first.normal
    index++
  }
  const words: Token[] = []
  while (index < tokens.length) {
    const token = tokens[index]
    if (!token) break
    const next = tokens[index + 1]
    // "A dog grooming salon", "a dog walking service": an -ing word before a business names what it does.
    const namesBusiness = /ing$/.test(token.normal) && next !== undefined && BUSINESS_HEADS.test(next.normal)
    // A gerund or participle before a noun names a kind ("fishing village", "handmade soap").
    const modifiesNext =
      namesBusiness ||
      (/(?:ing|ed|made)$/.test(token.normal) &&
        !/^(?:named|called)$/.test(token.normal) &&
        !words.some(isNoun) &&
        (isNoun(next) || isAdjective(next)) &&
        !isName(next))
    const isValue = token.tags.has('Value') && isNoun(next)
    // "pork and ginger dumplings": "and" between nouns with no article after it joins one phrase.
    const joinsNouns =
      token.normal === 'and' &&
      words.length > 0 &&
      isNoun(words.at(-1)) &&
      (isNoun(next) || isAdjective(next)) &&
      !isName(next) &&
      readsOnToNoun(tokens, index + 1)
    if (joinsNouns) {
      words.push(token)
      index++
      continue
    }
    if (PREPOSITIONS.has(token.normal) || token.tags.has('Conjunction') || token.tags.has('QuestionWord')) break
    // "a cook teaching a girl": an -ing word after a noun and before an article starts a clause.
    // "her grandson baking bread": after a person or an animal, an -ing word is what they do.
    const isParticiple =
      !namesBusiness &&
      isNoun(words.at(-1)) &&
      /ing$/.test(token.normal) &&
      (!next ||
        DETERMINERS.has(next.normal) ||
        PREPOSITIONS.has(next.normal) ||
        getCharacterKind(words.at(-1)?.normal ?? '') !== undefined)
    if (isParticiple) break
    if (token.tags.has('Date') && !/^(?:summer|winter|autumn|spring|night|morning|evening)$/.test(token.normal)) break
    if (!(isNoun(token) || isAdjective(token) || modifiesNext || isValue)) break
    // "his dog Biscuit": a name after a common noun is that one's name, not part of the phrase.
    if (isName(token) && words.some((word) => isNoun(word) && !isName(word))) break
    words.push(token)
    index++
    // A comma ends the phrase ("our bakery, open since…").
    if (/[,:;]/.test(token.post)) break
  }
  // A phrase ends on its noun: trailing adjectives belong to the sentence ("the sky is blue").
  while (words.length > 0 && !isNoun(words.at(-1))) words.pop()
  if (words.length === 0) return undefined
  const end = start + (determiner ? 1 : 0) + words.length
  const lastAdjective = words.findLastIndex((word) => !isNoun(word) && word.normal !== 'and')
  const headWords = words.slice(lastAdjective + 1).filter((word) => word.normal !== 'and')
  const text = words.map((word) => word.text).join(' ')
  const head = headWords.map((word) => word.text).join(' ')
  const qualities = words.slice(0, lastAdjective + 1).map((word) => word.text)
  const nameWords = headWords.filter(isName)
  return {
    phrase: {
      text: lowerCommon(text, words),
      determiner,
      head: lowerCommon(head, headWords),
      qualities,
      isPlural: isPluralNoun(head) && !nameWords.length,
      isName: nameWords.length > 0 && nameWords.length === headWords.length,
    },
    end,
  }
}

/** Common nouns written with a capital at the start of a prompt become lower case; names keep theirs. */
function lowerCommon(text: string, words: Token[]): string {
  const [first] = words
  if (!first || !/^\p{Lu}/u.test(first.text)) return text
  const isProper = first.tags.has('ProperNoun') || first.tags.has('Place') || first.tags.has('Person')
  return isProper ? text : text.charAt(0).toLowerCase() + text.slice(1)
}

/** Characters are people, animals or creatures; anything else is a thing. */
export function getCharacterKind(head: string): Character['kind'] | undefined {
  const word = head.toLowerCase().split(/\s+/).at(-1) ?? ''
  const singular = toSingular(word)
  if (ANIMALS.has(word) || ANIMALS.has(singular)) return 'animal'
  if (CREATURES.has(word) || CREATURES.has(singular)) return 'creature'
  if (PEOPLE.has(word) || PEOPLE.has(singular)) return 'person'
  if (/(?:[^e]er|keeper|or|ist|man|woman|ian)$/.test(singular) && !NOT_PEOPLE.has(singular)) return 'person'
  if (/^\p{Lu}/u.test(head)) return 'person'
  return undefined
}

function getCount(text: string): number | undefined {
  const match =
    /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\w+\s+)?(?:tips?|ways|habits|hacks|facts|things|reasons|mistakes|ideas|secrets|rules|lessons|steps|myths)\b/i.exec(
      text,
    )
  if (!match?.[1]) return undefined
  const words = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']
  const value = /\d/.test(match[1]) ? Number(match[1]) : words.indexOf(match[1].toLowerCase()) + 1
  return value > 0 ? value : undefined
}

/** The words of a prompt about its subject, without the request around them. */
function stripRequest(prompt: string): string {
  let text = prompt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '')
  text = text.replace(LENGTH, ' ').replace(/\s+/g, ' ').trim()
  for (let pass = 0; pass < 3; pass++) {
    const before = text
    text = text.replace(REQUEST, '').replace(LEAD_VERBS, '').replace(FORMAT, '').trim()
    if (text === before) break
  }
  return text
}

/** "how solar panels work", "why the sky is blue", "what a black hole is": a question as a clause. */
function readQuestion(text: string): { clause: string; rest: string } | undefined {
  const how = /^(?:(?:explain|understand|learn|see|know)\s+)?(how|why|what|where|when)\s+(.+)$/i.exec(text)
  if (!how?.[1] || !how[2] || /^how (?:to|do i|can i)\b/i.test(text)) return undefined
  const word = how[1].toLowerCase()
  let rest = how[2]
  // "how does a rainbow form" → "how a rainbow forms"; "what is a black hole" → "what a black hole is".
  const inverted = /^(do|does|did|is|are|was|were|can)\s+(.+)$/i.exec(rest)
  if (inverted?.[1] && inverted[2]) {
    const auxiliary = inverted[1].toLowerCase()
    const body = inverted[2]
    const tokens = tokenize(body)
    const read = readNounPhrase(tokens, 0)
    const subject = tokens
      .slice(0, read?.end ?? 1)
      .map((token) => token.text)
      .join(' ')
    const after = tokens
      .slice(read?.end ?? 1)
      .map((token) => token.text)
      .join(' ')
    if (/^(?:do|does|did)$/.test(auxiliary) && after) {
      const [verb = '', ...others] = after.split(' ')
      const forms = getVerbForms(verb)
      const form = auxiliary === 'did' ? forms.past : read?.phrase.isPlural ? forms.base : forms.present
      rest = [subject, form, ...others].join(' ')
    } else rest = [subject, auxiliary, after].filter(Boolean).join(' ')
  }
  return { clause: `${word} ${rest}`, rest }
}

/** Times of day a prompt may span ("from dawn to starlight"). */
const TIME_OF_DAY =
  /^(?:dawn|daybreak|sunrise|morning|noon|midday|afternoon|evening|dusk|sunset|twilight|nightfall|night|midnight|starlight|moonlight|sundown)$/

export function readPrompt(prompt: string): PromptBrief {
  const [firstSentence = prompt] = prompt.split(/(?<=[.!?])\s+(?=\p{Lu})/u)
  const body = stripRequest(firstSentence)
  let intent = detectIntentWords(firstSentence)
  const brief: PromptBrief = {
    intent: intent ?? 'ad',
    subject: undefined,
    place: undefined,
    setting: undefined,
    settingPreposition: 'in',
    audience: undefined,
    when: undefined,
    count: getCount(firstSentence),
    isOwn: false,
    task: undefined,
    topic: undefined,
    characters: [],
    highlights: [],
    plot: undefined,
  }

  let text = body
  // "10 facts about octopuses", "3 tips for better sleep", "5 ways to save money".
  const listing =
    /^(?:the\s+)?(?:(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|some|a few|top)\s+)?(?:\w+\s+)*?(?:tips|tip|ways|habits|hacks|secrets|rules|lessons)\s+(?:on how\s+)?to\s+(.+)$/i.exec(
      text,
    )
  if (listing?.[1]) brief.task = listing[1]
  // "Five fitness tips for busy people": the words between the number and "tips" are the topic.
  const counted =
    /^(?:the\s+)?(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|some|a few|top)\s+((?:[\w-]+\s+){1,3}?)(?:tips|ways|habits|hacks|facts|things|reasons|mistakes|ideas|secrets|rules|lessons|myths)\b\s*(.*)$/i.exec(
      text,
    )
  if (
    counted?.[1] &&
    !/^(?:simple|easy|quick|fun|surprising|amazing|little-known|useful|practical|essential|best|top)\s+$/i.test(
      counted[1],
    )
  ) {
    text = `${counted[1].trim()} ${(counted[2] ?? '').replace(/^(?:about|on|of)\s+/i, '')}`.trim()
  }
  text = text.replace(
    /^(?:the\s+)?(?:(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|some|a few|top)\s+)?(?:(?:simple|easy|quick|fun|surprising|amazing|little-known|useful|practical|essential|best|top)\s+)*(?:tips|tip|ways|habits|hacks|facts|things|reasons|mistakes(?: to avoid)?|ideas|secrets|rules|lessons|myths)\s*(?:about|on|for|of|to|that|you)?\s*/i,
    '',
  )
  // "5 mistakes to avoid when learning to surf": tips for learning to surf.
  const when = /^(?:when|while|before)\s+(\w+ing\b.*)$/i.exec(text)
  if (when?.[1]) {
    brief.topic = when[1]
    text = ''
  }
  const howTo = when
    ? null
    : (/^(?:on\s+)?how\s+(?:to|do i|can i|do you)\s+(.+)$/i.exec(text) ?? /^(?:learn\s+)?to\s+(.+)$/i.exec(text))
  const question = readQuestion(text)
  const purpose = /^(?:(?:help|helps|helping)\s+(?:you\s+)?)?to\s+(.+)$/i.exec(text)
  if (howTo?.[1]) {
    brief.task = howTo[1].replace(/\s+/g, ' ')
    text = howTo[1].replace(/^\S+\s+/, '')
  } else if (question) {
    brief.topic = question.clause
    text = question.rest
    intent ??= 'explainer'
  } else if (brief.task) {
    text = brief.task.replace(/^\S+\s+/, '')
  } else if (purpose?.[1] && (intent === 'tips' || intent === undefined)) {
    brief.task = purpose[1]
    text = purpose[1].replace(/^\S+\s+/, '')
  }

  const tokens = tokenize(text)
  let index = 0
  let subjectRead = false
  while (index < tokens.length) {
    const token = tokens[index]
    if (!token) break
    if (token.tags.has('Date') && !subjectRead && !isNoun(tokens[index + 1])) {
      index++
      continue
    }
    if (!subjectRead) {
      const read = readNounPhrase(tokens, index)
      if (read) {
        brief.subject = read.phrase
        subjectRead = true
        index = read.end
        // "the history of jazz", "the grand opening of our pizzeria": an "of" phrase completes the subject.
        const of = tokens[index]?.normal === 'of' ? readNounPhrase(tokens, index + 1) : undefined
        if (of && !of.phrase.isName) {
          const ofText = [of.phrase.determiner, of.phrase.text].filter(Boolean).join(' ')
          if (/^(?:tour|visit|look|peek|walk)$/.test(read.phrase.head)) {
            // "a tour of our farm shop" is about the farm shop.
            brief.subject = of.phrase
            if (intent === 'travel') intent = undefined
          } else {
            brief.subject = { ...read.phrase, text: `${read.phrase.text} of ${ofText}` }
          }
          index = of.end
        }
        continue
      }
      index++
      continue
    }
    // After the subject: names, places, settings, the audience, a time and a story's plot.
    if (/^(?:named|called)$/.test(token.normal) && isName(tokens[index + 1])) {
      const name = readName(tokens, index + 1)
      if (name) {
        attachName(brief, name.text)
        index = name.end
        continue
      }
    }
    // "this July", "next Saturday": when an event happens.
    const isWhen = (item: Token) => item.tags.has('Date') || /^(?:this|next|on|every)$/.test(item.normal)
    if (token.tags.has('Date') || (isWhen(token) && tokens[index + 1]?.tags.has('Date'))) {
      const run = readRun(tokens, index, isWhen)
      brief.when ??= run.text
      index = run.end
      continue
    }
    if (token.normal === 'for') {
      const read = readNounPhrase(tokens, index + 1)
      if (read && getCharacterKind(read.phrase.head) === 'person' && read.phrase.isPlural) {
        brief.audience ??= read.phrase
        index = read.end
        continue
      }
      if (read && !brief.topic && !brief.subject && (intent === 'tips' || intent === undefined)) {
        brief.topic = read.phrase.text
        index = read.end
        continue
      }
    }
    // "from dawn to starlight", "at night", "until dusk": a time of day, never a place the video is set in.
    if (
      /^(?:from|at|by|until|till|to|after|before)$/.test(token.normal) &&
      TIME_OF_DAY.test(tokens[index + 1]?.normal ?? '')
    ) {
      let end = index + 2
      if (/^(?:to|till|until)$/.test(tokens[end]?.normal ?? '') && TIME_OF_DAY.test(tokens[end + 1]?.normal ?? ''))
        end += 2
      brief.when ??= tokens
        .slice(index, end)
        .map((item) => item.normal)
        .join(' ')
      index = end
      continue
    }
    if (PLACE_PREPOSITIONS.has(token.normal)) {
      const nameRun = readName(tokens, index + 1)
      if (nameRun && !/^(?:the)$/i.test(nameRun.text)) {
        brief.place ??= nameRun.text
        index = nameRun.end
        continue
      }
      const read = readNounPhrase(tokens, index + 1)
      if (read) {
        if (read.phrase.isName) brief.place ??= [read.phrase.determiner, read.phrase.text].filter(Boolean).join(' ')
        else if (!brief.setting && !['home', 'work'].includes(read.phrase.head)) {
          // "the cliffs of Amalfi": the setting keeps its own place.
          brief.setting = read.phrase
          brief.settingPreposition = token.normal
          const of = tokens[read.end]
          const ofName = of?.normal === 'of' ? readName(tokens, read.end + 1) : undefined
          if (ofName) {
            brief.setting = { ...read.phrase, text: `${read.phrase.text} of ${ofName.text}` }
            brief.place ??= ofName.text
            index = ofName.end
            continue
          }
        }
        index = read.end
        continue
      }
    }
    // "…: lemon groves, the harbour and the village", "with live bands and food trucks": what it shows.
    // After a colon that opens no list ("…: show fresh bread"), the words are read as anything else is.
    const opensList = /^(?:with|featuring|including)$/.test(token.normal)
    const list =
      opensList || /:/.test(tokens[index - 1]?.post ?? '') ? readList(tokens, opensList ? index + 1 : index) : undefined
    if (list && list.end > index) {
      brief.highlights.push(...list.phrases)
      index = list.end
      continue
    }
    const startsClause =
      /^(?:who|that|which)$/.test(token.normal) ||
      token.tags.has('Gerund') ||
      token.tags.has('Verb') ||
      (/ing$/.test(token.normal) &&
        (!isNoun(tokens[index + 1]) || getCharacterKind(tokens[index - 1]?.normal ?? '') !== undefined))
    if (startsClause) {
      const clause = readClause(tokens, /^(?:who|that|which)$/.test(token.normal) ? index + 1 : index)
      if (clause.text && !brief.plot) brief.plot = clause.text
      // "… at a night-market food stall in Taipei": where the plot happens is the story's setting.
      if (clause.where) {
        index = clause.where
        continue
      }
      index = clause.end
      continue
    }
    if (token.normal === 'and') {
      const read = readNounPhrase(tokens, index + 1)
      if (read) {
        const kind = getCharacterKind(read.phrase.head)
        if (kind) brief.characters.push({ phrase: read.phrase, name: undefined, kind })
        let end = read.end
        const name = isName(tokens[end]) ? readName(tokens, end) : undefined
        if (name && brief.characters.length > 0) {
          const last = brief.characters.at(-1)
          if (last) last.name = name.text
          end = name.end
        }
        index = end
        continue
      }
    }
    // "his dog Biscuit": a name right after a noun phrase is that character's.
    if (isName(token) && !token.tags.has('Date')) {
      const name = readName(tokens, index)
      if (name) {
        attachName(brief, name.text)
        index = name.end
        continue
      }
    }
    index++
  }

  if (!brief.subject) {
    // A lone word compromise took for a verb ("discipline") is still what the video is about.
    const words = tokens.filter((token) => !DETERMINERS.has(token.normal) && !PREPOSITIONS.has(token.normal))
    const first = words[0]
    if (first && words.length <= 3) {
      const text = words.map((word) => word.text).join(' ')
      brief.subject = {
        text,
        determiner: undefined,
        head: text,
        qualities: [],
        isPlural: isPluralNoun(text),
        isName: isName(first),
      }
    }
  }
  // "our bakery" speaks as its owner; "the opening of our pizzeria" is still an event, told as one.
  brief.isOwn = /^(?:our|my)$/.test(brief.subject?.determiner ?? '')
  brief.intent = intent ?? guessIntent(brief)
  finishBrief(brief)
  return brief
}

function readRun(tokens: Token[], start: number, accepts: (token: Token) => boolean) {
  let end = start
  while (end < tokens.length && accepts(tokens[end] as Token)) end++
  return {
    text: tokens
      .slice(start, end)
      .map((token) => token.text)
      .join(' '),
    end,
  }
}

/** A run of capitalised words, with "of" or "de" inside ("Lake Como", "Rio de Janeiro"). */
function readName(tokens: Token[], start: number) {
  let first = start
  if (tokens[first]?.normal === 'the' && isName(tokens[first + 1])) first++
  if (!isName(tokens[first]) || tokens[first]?.tags.has('Date')) return undefined
  let end = first
  while (end < tokens.length) {
    const token = tokens[end]
    if (isName(token) && !token?.tags.has('Date')) end++
    else if (/^(?:de|da|del|di|do|du|la|le)$/.test(token?.normal ?? '') && isName(tokens[end + 1])) end++
    else break
  }
  const text = tokens
    .slice(start, end)
    .map((token) => token.text)
    .join(' ')
  return { text, end }
}

/** Where a story happens: a named place, or a setting one can draw ("the park", "a food stall"). */
function isWhere(tokens: Token[], start: number): boolean {
  const token = tokens[start]
  if (!token || !/^(?:at|in|on|near|beneath|inside|outside|under)$/.test(token.normal)) return false
  if (readName(tokens, start + 1)) return true
  const read = readNounPhrase(tokens, start + 1)
  const head = read?.phrase.head.split(' ').at(-1)?.toLowerCase() ?? ''
  return read !== undefined && (SETTINGS.has(head) || /(?:stall|shop|house|room|hall)$/.test(head))
}

/**
 * A clause up to a comma or the end: "befriends a whale", "teaching a girl to make dumplings". A place
 * phrase closing it is left out (`where` is its index), so it is read as the setting.
 */
function readClause(tokens: Token[], start: number) {
  let end = start
  let where: number | undefined
  while (end < tokens.length) {
    const token = tokens[end] as Token
    if (end > start && isWhere(tokens, end)) {
      where = end
      break
    }
    end++
    if (/[,:;]/.test(token.post)) break
  }
  const words = tokens.slice(start, end).map((token) => token.text)
  let text = words.join(' ')
  // A participle clause becomes a present-tense one: "teaching a girl" → "teaches a girl".
  const first = tokens[start]
  if (first?.tags.has('Gerund') || /ing$/.test(first?.normal ?? '')) {
    const [forms] = nlp(first?.normal ?? '')
      .verbs()
      .conjugate() as Partial<Record<string, string>>[]
    if (forms?.PresentTense) text = [forms.PresentTense, ...words.slice(1)].join(' ')
  }
  return { text: text.replace(/\s+([,.])/g, '$1'), end, where }
}

/** Noun phrases separated by commas and "and": "lemon groves, the harbour and the village at night". */
function readList(tokens: Token[], start: number) {
  const phrases: NounPhrase[] = []
  let index = start
  while (index < tokens.length) {
    const token = tokens[index]
    if (!token) break
    if (token.normal === 'and' || token.normal === 'or') {
      index++
      continue
    }
    const read = readNounPhrase(tokens, index)
    if (!read) break
    phrases.push(read.phrase)
    index = read.end
    // "the village at night": a time after an item belongs to it.
    while (index < tokens.length && PREPOSITIONS.has(tokens[index]?.normal ?? '')) {
      const after = readNounPhrase(tokens, index + 1)
      if (!after) break
      index = after.end
    }
  }
  return { phrases, end: index }
}

function attachName(brief: PromptBrief, name: string) {
  const last = brief.characters.at(-1)
  if (last && !last.name) {
    last.name = name
    return
  }
  if (brief.subject && brief.characters.length === 0) {
    brief.characters.push({ phrase: brief.subject, name, kind: getCharacterKind(brief.subject.head) ?? 'person' })
  }
}

/** A prompt without a word for its kind ("cold brew coffee", "Lisbon in spring") is read by its subject. */
function guessIntent(brief: PromptBrief): WriterIntent {
  const subject = brief.subject
  if (brief.task) return 'how-to'
  if (brief.topic) return 'explainer'
  if (!subject) return brief.place ? 'travel' : 'facts'
  if (brief.isOwn) return 'ad'
  if (subject.isName && !getCharacterKind(subject.head)) return 'travel'
  const where = `${subject.text} ${brief.setting?.text ?? ''}`.toLowerCase()
  if (PLACE_KIND_WORDS.some(([pattern]) => pattern.test(where))) return 'travel'
  if (brief.plot || (getCharacterKind(subject.head) && subject.determiner !== 'our')) return 'story'
  return 'facts'
}

/** Fills what each intent reads from the subject: a story's cast, a travel video's destination. */
function finishBrief(brief: PromptBrief) {
  const subject = brief.subject
  if (brief.intent === 'story' && subject && brief.characters[0]?.phrase !== subject) {
    const kind = getCharacterKind(subject.head) ?? (subject.isName ? 'person' : undefined)
    if (kind) brief.characters.unshift({ phrase: subject, name: subject.isName ? subject.text : undefined, kind })
  }
  if (brief.intent === 'story' && brief.plot && brief.characters.length < 2) {
    // "teaches a girl to make dumplings": the other person the plot names is in the story too.
    const tokens = tokenize(brief.plot)
    for (let index = 0; index < tokens.length; index++) {
      if (!DETERMINERS.has(tokens[index]?.normal ?? '')) continue
      const read = readNounPhrase(tokens, index)
      const kind = read ? getCharacterKind(read.phrase.head) : undefined
      if (read && kind) {
        brief.characters.push({ phrase: read.phrase, name: undefined, kind })
        break
      }
    }
  }
  if (brief.intent === 'travel' && subject?.isName && !brief.place) brief.place = subject.text
  if ((brief.intent === 'facts' || brief.intent === 'tips') && !brief.topic && subject) {
    brief.topic = [subject.determiner === 'the' ? 'the' : undefined, subject.text].filter(Boolean).join(' ')
  }
  if (brief.intent === 'recipe' && !brief.task && subject) brief.task = `make ${subject.text}`
  if (brief.intent === 'how-to' && !brief.task && subject) brief.task = `make ${subject.text}`
  if (brief.intent === 'explainer' && !brief.topic && subject) {
    brief.topic = `how ${[subject.determiner ?? (subject.isPlural ? '' : 'the'), subject.text].filter(Boolean).join(' ')} ${subject.isPlural ? 'work' : 'works'}`
  }
}
