import { SCENE_VISUAL_MAX_CHARS, type VideoStyle } from '@storyreel/contracts/studio'

import {
  ABSTRACT_NOUNS,
  ADJECTIVES,
  MASS_NOUNS,
  IMPERATIVES,
  MOODS,
  NOT_SUBJECTS,
  NOUN_EXCEPTIONS,
  SETTINGS,
  STOP_WORDS,
  STYLE_MOODS,
  TIMES,
  VERB_GERUNDS,
  WEATHER,
  WEATHER_NOUNS,
} from './visual-lexicon.ts'

type Kind = 'stop' | 'setting' | 'time' | 'weather' | 'verb' | 'adjective' | 'noun' | 'proper' | 'number' | 'other'
type Token = {
  text: string
  lower: string
  kind: Kind
  clause: number
  afterPlacePreposition: boolean
  /** The -ing form when the token is a verb. */
  gerund?: string
}

/** A noun phrase: adjacent adjectives and nouns inside one clause ("family bakery", "fresh bread"). */
type Phrase = { words: Token[]; start: number; end: number; clause: number }

/** What a scene's words say about its picture; every field comes from the words themselves. */
export type SceneReading = {
  setting: Phrase | undefined
  place: string | undefined
  time: string | undefined
  weather: string | undefined
  subjects: Phrase[]
  action: { gerund: string; index: number; isPassive: boolean } | undefined
  moods: string[]
  tokens: Token[]
}

const PLACE_PREPOSITIONS = new Set(['in', 'at', 'to', 'from', 'across', 'through', 'around', 'near', 'of', 'into'])

function classify(lower: string, text: string, sentenceStart: boolean, names: Set<string>): Kind {
  if (/^\d/.test(lower)) return 'number'
  if (STOP_WORDS.has(lower)) return 'stop'
  if (sentenceStart && IMPERATIVES.has(lower)) return VERB_GERUNDS[lower] ? 'verb' : 'other'
  if (names.has(lower)) return 'proper'
  if (!sentenceStart && /^\p{Lu}/u.test(text)) return 'proper'
  if (TIMES[lower]) return 'time'
  if (WEATHER[lower] && !SETTINGS.has(lower)) return 'weather'
  if (SETTINGS.has(lower)) return 'setting'
  if (VERB_GERUNDS[lower] && !NOUN_EXCEPTIONS.has(lower)) return 'verb'
  if (ADJECTIVES.has(lower)) return 'adjective'
  if (NOT_SUBJECTS.has(lower)) return 'other'
  if (NOUN_EXCEPTIONS.has(lower)) return 'noun'
  if (lower.length > 4 && /ly$/.test(lower)) return 'other'
  if (lower.length > 4 && /(?:ing|ed)$/.test(lower)) return 'verb'
  if (lower.length < 3) return 'other'
  return 'noun'
}

/** `names`: words the whole text writes with a capital mid-sentence, so they are names at a sentence start too. */
export function tokenize(text: string, names: Set<string> = new Set()): Token[] {
  const tokens: Token[] = []
  let clause = 0
  let sentenceStart = true
  let previousLower = ''
  for (const match of text.matchAll(/[\p{L}\d][\p{L}\d'’-]*|[.!?;:,—–()"“”]/gu)) {
    const raw = match[0]
    if (/^[.!?;:,—–()"“”]$/.test(raw)) {
      clause += 1
      if (/[.!?]/.test(raw)) sentenceStart = true
      previousLower = ''
      continue
    }
    const text = raw.replace(/[’]/g, "'").replace(/'s$/i, (suffix) => suffix)
    const lower = text.toLowerCase().replace(/'s$/, '')
    const kind = classify(lower, text, sentenceStart, names)
    const token: Token = { text, lower, kind, clause, afterPlacePreposition: PLACE_PREPOSITIONS.has(previousLower) }
    if (kind === 'verb') token.gerund = VERB_GERUNDS[lower] ?? (/ing$/.test(lower) ? lower : undefined)
    tokens.push(token)
    sentenceStart = false
    previousLower = lower
  }
  markPresentTenseVerbs(tokens)
  // A sentence-initial word written with a capital elsewhere in the text is a name too ("Lisbon wakes").
  const propers = new Set(tokens.filter((token) => token.kind === 'proper').map((token) => token.lower))
  for (const token of tokens) if (propers.has(token.lower) && token.kind !== 'stop') token.kind = 'proper'
  return tokens
}

/**
 * "The bakery fills the street": a word ending in -s between a noun and a determiner or preposition is a
 * verb; without it the description would read "fills" as a second thing to draw.
 */
function markPresentTenseVerbs(tokens: Token[]) {
  tokens.forEach((token, index) => {
    const previous = tokens[index - 1]
    const next = tokens[index + 1]
    if (token.kind !== 'noun' || !/[^su]s$/.test(token.lower) || !previous || previous.clause !== token.clause) return
    if (!['noun', 'proper', 'setting'].includes(previous.kind)) return
    if (next && next.clause === token.clause && next.kind !== 'stop') return
    token.kind = 'verb'
    token.gerund = VERB_GERUNDS[token.lower] ?? toGerund(token.lower.slice(0, -1))
    // "Maria runs": the capital at the sentence start was a name after all.
    if (previous.kind === 'noun' && /^\p{Lu}/u.test(previous.text) && !/s$/.test(previous.lower))
      previous.kind = 'proper'
  })
  // "Fishermen unload the boats": after a plural noun opening a sentence, an unknown singular word is its verb.
  const [opening, second] = tokens
  if (opening?.kind === 'noun' && /(?:[^su]s|men|people|children)$/.test(opening.lower) && second?.kind === 'noun') {
    if (second.clause === opening.clause && !/s$/.test(second.lower) && tokens[2]?.kind !== 'noun') {
      second.kind = 'verb'
      second.gerund = toGerund(second.lower)
    }
  }
  for (const [index, token] of tokens.entries()) {
    const previous = tokens[index - 1]
    // "cold brew coffee": a verb between an adjective and a noun is part of the name of a thing.
    const next = tokens[index + 1]
    if (
      token.kind === 'verb' &&
      previous?.kind === 'adjective' &&
      next?.kind === 'noun' &&
      next.clause === token.clause
    ) {
      token.kind = 'noun'
      continue
    }
    if (token.kind === 'verb' && previous?.kind === 'noun' && /^\p{Lu}/u.test(previous.text) && index === 1) {
      if (!/(?:s|men|people|children)$/.test(previous.lower) && !MASS_NOUNS.has(previous.lower)) {
        previous.kind = 'proper'
      }
    }
  }
}

function toGerund(verb: string): string {
  if (/[^e]e$/.test(verb)) return `${verb.slice(0, -1)}ing`
  return `${verb}ing`
}

const PHRASE_KINDS = new Set<Kind>(['adjective', 'noun', 'proper', 'setting', 'weather'])

function findPhrases(tokens: Token[]): Phrase[] {
  const phrases: Phrase[] = []
  let start = -1
  const close = (end: number) => {
    if (start < 0) return
    let words = tokens.slice(start, end)
    // A phrase ends on its head noun: trailing adjectives belong to the predicate ("the bread is fresh").
    while (words.length > 0 && words.at(-1)?.kind === 'adjective') words = words.slice(0, -1)
    // Long runs are usually two phrases the splitter could not tell apart; keep the last three words.
    if (words.length > 3) words = words.slice(-3)
    const [first] = words
    // "a steady hand": words in front of a noun too abstract to draw only describe it; alone they mean nothing.
    const next = tokens[end]
    const modifiesAbstract =
      next?.clause === first?.clause &&
      ABSTRACT_NOUNS.has(next?.lower ?? '') &&
      words.every((word) => word.kind === 'adjective' || word.kind === 'noun')
    if (first && !modifiesAbstract && words.some((word) => word.kind !== 'adjective')) {
      phrases.push({ words, start: end - words.length, end, clause: first.clause })
    }
    start = -1
  }
  tokens.forEach((token, index) => {
    const continues = start >= 0 && tokens[start]?.clause === token.clause
    const isPhraseWord =
      PHRASE_KINDS.has(token.kind) &&
      !ABSTRACT_NOUNS.has(token.lower) &&
      (token.kind !== 'weather' || WEATHER_NOUNS.has(token.lower))
    if (isPhraseWord) {
      if (start >= 0 && !continues) close(index)
      // A proper name standing after a common noun starts a new phrase ("bakery Lisbon" is two things).
      if (start >= 0 && token.kind === 'proper' && tokens[index - 1]?.kind !== 'proper') close(index)
      if (start < 0) start = index
    } else {
      close(index)
    }
  })
  close(tokens.length)
  return phrases
}

export function readScene(text: string, names?: Set<string>): SceneReading {
  const tokens = tokenize(text, names)
  const phrases = findPhrases(tokens)
  const settingPhrase = phrases.find((phrase) => phrase.words.at(-1)?.kind === 'setting')
  const placeToken = tokens.find((token) => token.kind === 'proper' && token.afterPlacePreposition)
  let place: string | undefined
  if (placeToken) {
    const index = tokens.indexOf(placeToken)
    const run = [placeToken]
    for (const token of tokens.slice(index + 1)) {
      if (token.kind !== 'proper' || token.clause !== placeToken.clause) break
      run.push(token)
    }
    place = run.map((token) => token.text).join(' ')
  }
  const placeWords = new Set(place?.toLowerCase().split(' '))
  const subjects = phrases.filter(
    (phrase) =>
      phrase !== settingPhrase &&
      !phrase.words.every((word) => placeWords.has(word.lower)) &&
      phrase.words.some((word) => word.kind !== 'adjective'),
  )
  const verbIndex = tokens.findIndex((token) => token.kind === 'verb' && token.gerund)
  const verbToken = tokens[verbIndex]
  // "The coffee is brewed": a passive verb has no doer in the sentence, so it is no link between phrases.
  const isPassive =
    verbIndex > 0 && /^(?:is|are|was|were|be|been|being|gets|got)$/.test(tokens[verbIndex - 1]?.lower ?? '')
  const moods: string[] = []
  for (const token of tokens) {
    const mood = MOODS[token.lower]
    if (mood && !moods.includes(mood)) moods.push(mood)
  }
  const timeToken = tokens.find((token) => token.kind === 'time')
  const weatherToken = tokens.find((token) => token.kind === 'weather')
  return {
    setting: settingPhrase,
    place,
    time: timeToken ? TIMES[timeToken.lower] : undefined,
    weather: weatherToken ? WEATHER[weatherToken.lower] : undefined,
    subjects,
    action: verbToken?.gerund ? { gerund: verbToken.gerund, index: verbIndex, isPassive } : undefined,
    moods,
    tokens,
  }
}

function phraseText(phrase: Phrase): string {
  return phrase.words.map((word) => (word.kind === 'proper' ? word.text : word.lower)).join(' ')
}

/** "a bakery", "an old lighthouse", "fresh bread", "Maria", "boats". */
function withArticle(text: string, phrase?: Phrase): string {
  const head = phrase?.words.at(-1)
  if (phrase && phrase.words[0]?.kind === 'proper') return text
  const last = text.split(' ').at(-1) ?? ''
  const isPlural = (/[^s'u]s$/.test(last) || /(?:men|people|children)$/.test(last)) && !NOUN_EXCEPTIONS.has(last)
  if (isPlural || MASS_NOUNS.has(head?.lower ?? last)) return text
  return `${/^(?:[aeio]|u(?!ni|s[eu])|hour)/i.test(text) ? 'an' : 'a'} ${text}`
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const TIME_PHRASES: Record<string, string> = {
  dawn: 'at dawn',
  sunrise: 'at sunrise',
  morning: 'in the morning light',
  midday: 'at midday',
  afternoon: 'in the afternoon',
  evening: 'at golden hour',
  dusk: 'at dusk',
  sunset: 'at sunset',
  twilight: 'at twilight',
  night: 'at night',
  midnight: 'at midnight',
}

export type DescribeOptions = {
  style: VideoStyle
  /** Position in the storyboard: picks among the style's fallback moods so neighbours differ. */
  index: number
  /** The whole text's reading, used when a scene's own words name nothing to show. */
  context?: SceneReading
  /** Names written with a capital anywhere in the text (see `getNames`). */
  names?: Set<string>
  /** The story's one named character (see `getProtagonist`), drawn for "she" or "he". */
  protagonist?: string
}

/** Words the text writes with a capital other than at a sentence start: names of people and places. */
export function getNames(text: string): Set<string> {
  return new Set(
    tokenize(text)
      .filter((token) => token.kind === 'proper')
      .map((token) => token.lower),
  )
}

const SPATIAL_PREPOSITIONS = new Set(
  `in on by at into onto over under above below near beside behind through across along around inside outside
  towards toward from past between among against beneath`.split(/\s+/),
)
const DETERMINERS = new Set(['the', 'a', 'an', 'his', 'her', 'its', 'their', 'my', 'our', 'your', 'this', 'that'])
/** A pronoun doer drawn as a person: "She sits by the window" shows someone sitting, not a bare verb. */
const PRONOUN_DOERS: Record<string, string> = {
  she: 'a woman',
  he: 'a man',
  they: 'people',
  we: 'friends',
  i: 'a person',
  you: 'a person',
}

const SEASONS: Record<string, string> = { summer: 'summer', autumn: 'autumn', spring: 'spring', wintry: 'winter' }

/** "in stormy weather", "in autumn": the weather when no adjective slot in front of the setting is free. */
function weatherPhrase(weather: string): string {
  const season = SEASONS[weather]
  return season ? `in ${season}` : `in ${weather} weather`
}

/** "by the window" when the text puts a preposition before the phrase, so the picture keeps its relation. */
function getPreposition(tokens: Token[], phrase: Phrase): { word: string; isDefinite: boolean } | undefined {
  let index = phrase.start - 1
  let isDefinite = false
  while (index >= 0 && tokens[index]?.clause === phrase.clause && DETERMINERS.has(tokens[index]?.lower ?? '')) {
    if (!/^an?$/.test(tokens[index]?.lower ?? '')) isDefinite = true
    index -= 1
  }
  const token = tokens[index]
  if (!token || token.clause !== phrase.clause || !SPATIAL_PREPOSITIONS.has(token.lower)) return undefined
  return { word: token.lower, isDefinite }
}

/** The phrase with its preposition and article: "by the window", "in a small boat", "across Lisbon". */
function withPreposition(tokens: Token[], phrase: Phrase): string | undefined {
  const preposition = getPreposition(tokens, phrase)
  if (!preposition) return undefined
  const text = phraseText(phrase)
  const isName = phrase.words[0]?.kind === 'proper'
  return `${preposition.word} ${isName ? text : preposition.isDefinite ? `the ${text}` : withArticle(text, phrase)}`
}

/** A second subject joins the first only inside one predicate: "plans tomorrow's bread" is another action. */
function hasVerbBetween(tokens: Token[], first: Phrase, second: Phrase): boolean {
  return tokens.slice(first.end, second.start).some((token, offset) => {
    // "coffee is brewed with beans": a passive verb describes the first subject rather than starting a new action.
    const previous = tokens[first.end + offset - 1]
    return token.kind === 'verb' && !/^(?:is|are|was|were|be|been|being)$/.test(previous?.lower ?? '')
  })
}

/** "… with boats" or "… by the harbour": the second subject, kept with its own preposition when it has one. */
function attachSecond(tokens: Token[], first: Phrase, second: Phrase | undefined): string {
  if (!second || second.clause !== first.clause || hasVerbBetween(tokens, first, second)) return ''
  return ` ${withPreposition(tokens, second) ?? `with ${withArticle(phraseText(second), second)}`}`
}

/**
 * A concise picture description from a scene's narration, e.g. "A family bakery in Lisbon at golden hour:
 * fresh bread, warm and inviting". Users' top complaint is visuals that do not match the narration,
 * so every part comes from the words; only the fallback mood comes from the style.
 */
export function describeScene(narration: string, options: DescribeOptions): string {
  const reading = readScene(narration, options.names)
  const { tokens } = reading
  let setting = reading.setting
  // Under a setting head, a second place word is scenery, not a subject ("a bakery: a street").
  let subjects = setting
    ? reading.subjects.filter((phrase) => phrase.words.at(-1)?.kind !== 'setting')
    : reading.subjects
  if (subjects.length === 0) subjects = reading.subjects
  let place = reading.place
  let usesContext = false
  if (subjects.length === 0 && !setting && !place && options.context) {
    // Nothing to show in these words ("And then? Silence."): stay with the story's own subject.
    subjects = options.context.subjects.slice(0, 1)
    setting = options.context.setting
    place = options.context.place
    usesContext = true
  }

  let head: string | undefined
  if (setting) {
    // A weather word in front of a described setting piles up adjectives ("stormy dark sea"): keep the text's own.
    const hasAdjective = setting.words.some((word) => word.kind === 'adjective')
    const weather = reading.weather && !hasAdjective ? `${reading.weather} ` : ''
    head = `${withArticle(`${weather}${phraseText(setting)}`, setting)}${place ? ` in ${place}` : ''}`
    // "The old lighthouse stands on a rocky island": the second setting is where the first one is.
    const around = usesContext
      ? undefined
      : reading.subjects.find((phrase) => phrase.words.at(-1)?.kind === 'setting' && phrase.start > setting.start)
    const aroundText = around && !place ? withPreposition(tokens, around) : undefined
    if (around && aroundText) {
      head += ` ${aroundText}`
      subjects = subjects.filter((phrase) => phrase !== around)
    }
    if (reading.time) head += ` ${TIME_PHRASES[reading.time]}`
    if (reading.weather && !weather) head += ` ${weatherPhrase(reading.weather)}`
  } else if (place) {
    head = `${reading.weather ? `${reading.weather} ` : ''}${place}${reading.time ? ` ${TIME_PHRASES[reading.time]}` : ''}`
  }

  let body: string | undefined
  const [first, second] = subjects
  if (first) {
    const action = usesContext ? undefined : reading.action
    const actionClause = tokens[action?.index ?? 0]?.clause
    const firstText = withArticle(phraseText(first), first)
    const sameClause = (phrase: Phrase | undefined) => !phrase || phrase.clause === actionClause
    const links = action && !action.isPassive && sameClause(first) && sameClause(second)
    const beforeAction = tokens.slice(0, action?.index ?? 0).filter((token) => token.clause === actionClause)
    // "She kneads the dough" and "Knead the dough" have no drawable doer before the verb; "The bakery fills" does.
    const hasDoer = beforeAction.some((token) => PHRASE_KINDS.has(token.kind))
    if (action && links && action.index > first.start && (!second || action.index < second.start)) {
      const object = second ? ` ${withPreposition(tokens, second) ?? withArticle(phraseText(second), second)}` : ''
      body = `${firstText} ${action.gerund}${object}`
    } else if (action && !action.isPassive && sameClause(first) && !hasDoer && action.index < first.start) {
      // "She sits by the window": the pronoun becomes a person (or the story's one named character).
      const pronoun = beforeAction.findLast((token) => PRONOUN_DOERS[token.lower])
      const isPersonal = pronoun && /^(?:she|he)$/.test(pronoun.lower)
      const doer = pronoun
        ? ((isPersonal ? options.protagonist : undefined) ?? PRONOUN_DOERS[pronoun.lower])
        : undefined
      const object = withPreposition(tokens, first) ?? phraseText(first)
      body = `${doer ? `${doer} ` : ''}${action.gerund} ${object}${attachSecond(tokens, first, second)}`
    } else {
      body = `${firstText}${attachSecond(tokens, first, second)}`
    }
  }
  if (!head && body && reading.time) body += ` ${TIME_PHRASES[reading.time]}`
  if (!head && body && reading.weather && !reading.time) body += `, ${reading.weather}`

  const styleMoods = STYLE_MOODS[options.style] ?? ['soft light']
  const mood =
    reading.moods.length > 0
      ? reading.moods.slice(0, 2).join(' and ')
      : (styleMoods[options.index % styleMoods.length] ?? 'soft light')

  let description: string
  if (head && body) description = `${capitalize(head)}: ${body}, ${mood}`
  else if (head) description = `${capitalize(head)}, ${mood}`
  else if (body) description = `${capitalize(body)}, ${mood}`
  else description = fallbackDescription(reading, mood)
  return clampDescription(description)
}

/**
 * The story's one named character, when it has exactly one ("Maria"), so "she" can be drawn as her;
 * `place` names (Lisbon) are not characters.
 */
export function getProtagonist(text: string, names: Set<string>, place?: string): string | undefined {
  const placeWords = new Set(place?.toLowerCase().split(' '))
  const characters = new Map<string, string>()
  for (const token of tokenize(text, names)) {
    if (token.kind !== 'proper' || token.afterPlacePreposition || placeWords.has(token.lower)) continue
    characters.set(token.lower, token.text.replace(/'s$/i, ''))
  }
  return characters.size === 1 ? [...characters.values()][0] : undefined
}

/** No noun at all: show the scene's strongest words (a verb, a time, a mood) rather than a stock picture. */
function fallbackDescription(reading: SceneReading, mood: string): string {
  const content = reading.tokens.filter((token) => token.kind !== 'stop' && token.kind !== 'number')
  const focus = content.map((token) => token.gerund ?? token.lower)
  if (reading.action)
    return `A figure ${reading.action.gerund}${reading.time ? ` ${TIME_PHRASES[reading.time]}` : ''}, ${mood}`
  if (focus.length > 0) return `A close-up evoking "${focus.slice(0, 4).join(' ')}", ${mood}`
  return `A quiet pause in the story, ${mood}`
}

function clampDescription(description: string): string {
  if (description.length <= SCENE_VISUAL_MAX_CHARS) return description
  const cut = description.slice(0, SCENE_VISUAL_MAX_CHARS)
  return cut.slice(0, Math.max(cut.lastIndexOf(','), cut.lastIndexOf(' '))).replace(/[,:;]$/, '')
}

/** The text's most repeated noun phrases, longest first among equals: for titles and prompt subjects. */
export function getKeyPhrases(text: string, limit = 3): string[] {
  const reading = readScene(text)
  const counts = new Map<string, { count: number; first: number; phrase: string }>()
  const all = [...(reading.setting ? [reading.setting] : []), ...reading.subjects]
  for (const phrase of all) {
    const value = phraseText(phrase)
    const key = phrase.words.at(-1)?.lower ?? value
    const entry = counts.get(key)
    if (entry) {
      entry.count += 1
      if (value.length > entry.phrase.length) entry.phrase = value
    } else {
      counts.set(key, { count: 1, first: phrase.start, phrase: value })
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || b.phrase.split(' ').length - a.phrase.split(' ').length || a.first - b.first)
    .slice(0, limit)
    .map((entry) => entry.phrase)
}
