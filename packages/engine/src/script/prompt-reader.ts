import nlp from 'compromise'

import { isTimeOfDay } from '../lexicon/english-words.ts'

import { getVerbForms, isPluralNoun } from './english.ts'
import {
  DETERMINERS,
  getCharacterKind,
  isName,
  isNoun,
  PLACE_PREPOSITIONS,
  PREPOSITIONS,
  readList,
  readName,
  readNounPhrase,
  readRun,
  tokenize,
  type Token,
} from './noun-phrases.ts'
import type { PromptBrief, WriterIntent } from './prompt-brief.ts'
import { readDetails, readSpan } from './prompt-details.ts'
import { detectIntentWords, getCount, stripRequest } from './prompt-request.ts'
import { getTripKind, namesAny, SETTINGS } from './writer-lexicon.ts'

/**
 * Reads what a prompt names ("a 30 second ad for our handmade coffee shop in Lisbon"): what kind of video
 * it asks for, its subject with its qualities, the place, the setting, the audience, the people of a story
 * and what they do. Parts of speech come from compromise; only the closed sets of words that frame a
 * request ("make me a short video about…") are matched as lists.
 */

/** "how solar panels work", "why the sky is blue", "what a black hole is": a question as a clause. */
function readQuestion(text: string): { clause: string; rest: string; subject: string } | undefined {
  const how = /^(?:(?:explain|understand|learn|see|know)\s+)?(how|why|what|where|when)\s+(.+)$/i.exec(text)
  if (!how?.[1] || !how[2] || /^how (?:to|do i|can i)\b/i.test(text)) return undefined
  const word = how[1].toLowerCase()
  let rest = how[2]
  // "how does a rainbow form" → "how a rainbow forms"; "what is a black hole" → "what a black hole is".
  const inverted = /^(do|does|did|is|are|was|were|can)\s+(.+)$/i.exec(rest)
  if (inverted?.[1] && inverted[2]) {
    const auxiliary = inverted[1].toLowerCase()
    const body = /^(?:do|does|did)$/.test(auxiliary) ? splitAtVerb(inverted[2]) : undefined
    if (body?.verb) {
      const forms = getVerbForms(body.verb)
      const form = auxiliary === 'did' ? forms.past : isPluralNoun(body.subject) ? forms.base : forms.present
      rest = [body.subject, form, body.after].filter(Boolean).join(' ')
    } else {
      const tokens = tokenize(inverted[2])
      const end = readNounPhrase(tokens, 0)?.end ?? 1
      const words = tokens.map((token) => token.text)
      rest = [words.slice(0, end).join(' '), auxiliary, words.slice(end).join(' ')].filter(Boolean).join(' ')
    }
  }
  return { clause: `${word} ${rest}`, rest, subject: pictured(splitAtVerb(rest)) }
}

/**
 * What an explainer shows of a clause: its subject, or where that is "you", "we" or "I", the first thing named
 * after the verb ("why you should not sleep with your phone": a phone), else someone ("why we dream": a person).
 */
function pictured({ subject, after }: { subject: string; after: string }): string {
  const [only, ...more] = tokenize(subject)
  if (!only || more.length > 0 || !only.tags.has('Pronoun')) return subject
  const thing = tokenize(after).find((token) => token.tags.has('Noun') && !token.tags.has('Pronoun'))
  return thing?.text ?? 'a person'
}

/**
 * A clause as its subject, its verb and what follows: "solar panels work", "rockets reach outer space". The
 * verb is the first word after the first that the tagger reads as one, or else the last word: "cats purr",
 * "rain forms" (the tagger reads "purr" and "forms" as nouns when nothing follows them).
 */
function splitAtVerb(clause: string): { subject: string; verb: string | undefined; after: string } {
  const tokens = tokenize(clause)
  const words = tokens.map((token) => token.text)
  let at = tokens.findIndex((token, index) => index > 0 && token.tags.has('Verb'))
  if (at < 0 && tokens.length >= 2) at = tokens.length - 1
  if (at < 0) return { subject: clause, verb: undefined, after: '' }
  return { subject: words.slice(0, at).join(' '), verb: words[at], after: words.slice(at + 1).join(' ') }
}

/** "running", "learning": a verb's -ing form, not a word that only ends like one ("spring", "evening"). */
function isGerund(word: string): boolean {
  const lower = word.toLowerCase()
  if (!/ing$/.test(lower)) return false
  const forms = getVerbForms(lower)
  return forms.base !== lower && forms.gerund === lower
}

/** Whether a noun phrase starts at `start` and fills its clause, to the next comma or the end. */
function isWholeClause(tokens: Token[], start: number): boolean {
  const read = readNounPhrase(tokens, start)
  if (!read) return false
  return read.end === tokens.length || /[,;]/.test(tokens[read.end - 1]?.post ?? '')
}

/** Words that ask for a scary story. */
const DARK_GENRES = [
  'horror',
  'scary',
  'spooky',
  'creepy',
  'ghost',
  'haunted',
  'haunting',
  'thriller',
  'chilling',
  'eerie',
  'sinister',
  'halloween',
]

export function readPrompt(prompt: string): PromptBrief {
  const details = readDetails(prompt)
  const firstSentence = details.text || prompt
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
    hours: details.hours,
    deal: details.deal,
    isDark: namesAny(firstSentence, DARK_GENRES),
    span: readSpan(firstSentence),
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
    // "cats purr", "rain forms": the subject is what comes before the clause's verb.
    text = question.subject
    intent ??= 'explainer'
  } else if (brief.task) {
    text = brief.task.replace(/^\S+\s+/, '')
  } else if (isGerund(text.split(' ')[0] ?? '') && intent !== 'story') {
    // "tips for running your first marathon": a topic that is an activity is kept whole.
    brief.topic = text
    text = text.replace(/^\S+\s+/, '')
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
      isTimeOfDay(tokens[index + 1]?.normal ?? '')
    ) {
      let end = index + 2
      if (/^(?:to|till|until)$/.test(tokens[end]?.normal ?? '') && isTimeOfDay(tokens[end + 1]?.normal ?? '')) end += 2
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
    // "…, wood-fired pizza, open every evening": a thing named in a clause of its own is one it shows too.
    // After a colon, commas separate what the colon lists ("…: show fresh bread, our team kneading dough").
    const afterComma =
      /,/.test(tokens[index - 1]?.post ?? '') &&
      !tokens.slice(0, index).some((item) => /:/.test(item.post)) &&
      !isName(token) &&
      isWholeClause(tokens, index)
    const opensList = /^(?:with|featuring|including)$/.test(token.normal) || afterComma
    const list =
      opensList || /:/.test(tokens[index - 1]?.post ?? '')
        ? readList(tokens, opensList && !afterComma ? index + 1 : index)
        : undefined
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
  if (getTripKind(`${subject.text} ${brief.setting?.text ?? ''}`)) return 'travel'
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
