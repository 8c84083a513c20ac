import {
  foreignEntryAt,
  GENDERED_PRONOUNS,
  GROUP_WORDS,
  MOTION_WORDS,
  saysAny,
  otherFormsOf,
  readForeignWords,
  type ForeignWord,
} from '../../lexicon/languages.ts'
import type { Setting, TimeOfDay, Weather } from '../../lexicon/vocabulary.ts'
import type { OtherLanguage } from '../../lexicon/vocabulary.ts'
import { detectLanguage } from '../../language/detect-language.ts'
import { getArtLibrary } from './art-library.ts'
import { groupOf, propsOf } from './plan-words.ts'
import {
  assemblePlan,
  conceptArt,
  figureFor,
  planScene,
  withTone,
  type Candidate,
  type CastMember,
  type PlanRequest,
  type ScenePlan,
  type WordChoice,
} from './scene-planner.ts'

/**
 * The scene planner for a script in Spanish, French, German, Italian, Portuguese, Dutch or Hindi: the same
 * plan as for English (subjects, setting, hour, weather; the same composition and characters), read through
 * the lexicon's words of that language and the art library's CLDR annotations in it, word by word and by stem.
 * There is no tagger for these languages, so a word is a thing when the lexicon or a drawing's label names it,
 * a name when it is capitalised inside a sentence, and a place name after a word like "en" or "nach".
 */

/** A drawing found by its name, a word its keywords repeat, or a rare keyword stands for a word on its own. */
const MIN_FOREIGN_MATCH = 5

/** Capitalised words that name someone: inside a sentence, never after a place word, in no list or drawing. */
function isNameLike(word: ForeignWord, language: OtherLanguage): boolean {
  if (!word.capital || word.stop || word.afterPlaceWord || word.afterArticle || word.normal.length < 2) return false
  if (foreignEntryAt([word], 0, language)) return false
  if (
    getArtLibrary()
      .findIn(language, word.normal)
      .some((match) => match.score >= MIN_FOREIGN_MATCH)
  )
    return false
  // "Fischbrötchen": a word of the language in another form (German capitalises every noun).
  return !otherFormsOf(word.normal, language).some(({ form }) => drawingOf(form, language) !== undefined)
}

/**
 * The people a story in this language names, each with one figure: capitalised words inside a sentence, and
 * those opening one that the story also writes so elsewhere ("Lucía abre… Lucía vende…"); a woman or a man
 * where the language's pronouns say so.
 */
export function castOfForeign(texts: string[], language: OtherLanguage): CastMember[] {
  const seen = new Map<string, { inside: number; total: number; she: number; he: number }>()
  const { she, he } = GENDERED_PRONOUNS[language]
  for (const text of texts) {
    const words = readForeignWords(text, language)
    const shes = words.filter((word) => she.includes(word.normal)).length
    const hes = words.filter((word) => he.includes(word.normal)).length
    for (const word of words) {
      if (!isNameLike(word, language)) continue
      const entry = seen.get(word.text) ?? { inside: 0, total: 0, she: 0, he: 0 }
      entry.total++
      if (!word.sentenceStart) entry.inside++
      entry.she += shes
      entry.he += hes
      seen.set(word.text, entry)
    }
  }
  return [...seen.entries()]
    .filter(([, entry]) => entry.inside > 0 || entry.total >= 2)
    .map(([name, entry]) => ({
      name,
      figure: figureFor(name, entry.she > entry.he ? 'woman' : entry.he > entry.she ? 'man' : 'person'),
    }))
}

/** The drawing a word names through the lexicon or the CLDR names, without its neighbours; for other forms. */
function drawingOf(form: string, language: OtherLanguage): string | undefined {
  const [word] = readForeignWords(form, language)
  if (!word || word.stop) return undefined
  const reached = foreignEntryAt([word], 0, language)
  const named = getArtLibrary().findIn(language, word.normal)[0]
  // The word's own drawing beats another form of a listed word ("fisch" is no "Fischer").
  if (named && named.score > 10 && !reached?.exact) return withTone(named.id)
  const entry = reached?.entry
  if (entry?.picture) return undefined
  const art =
    entry?.art?.[0] ??
    (entry
      ? getArtLibrary()
          .find(entry.lemma)
          .find((item) => item.score >= 10)?.id
      : undefined)
  if (art) return withTone(art)
  const match = getArtLibrary()
    .findIn(language, word.normal)
    .find((item) => item.score >= 6)
  return match ? withTone(match.id) : undefined
}

export function planForeignScene(language: OtherLanguage, request: PlanRequest): ScenePlan {
  const library = getArtLibrary()
  const cast = request.cast ?? []
  const people = cast.filter((member) => !member.thing && library.get(member.figure)?.kind === 'person')
  const candidates: Candidate[] = []
  const words: WordChoice[] = []
  const abstractWords: string[] = []
  let setting: { value: Setting; score: number } | undefined
  let home: Setting | undefined
  let time: TimeOfDay | undefined
  let weather: Weather | undefined
  let water: 'river' | undefined
  const { she, he } = GENDERED_PRONOUNS[language]
  const groups = new Set(GROUP_WORDS[language])

  // A shot described in English beside words in another language ("A flower shop at dawn" over a Hindi
  // narration) is read as English, by the English planner, and what it draws joins the plan.
  const englishVisual = request.visual.trim() !== '' && detectLanguage(request.visual).language === 'en'
  if (englishVisual) {
    const english = planScene({ visual: request.visual, narration: '', seed: request.seed, cast })
    for (const subject of english.subjects)
      candidates.push({
        id: subject.id,
        word: subject.word,
        score: subject.score,
        ...(subject.group ? { group: subject.group } : {}),
      })
    words.push(...english.words)
    if (english.setting) setting = { value: english.setting, score: 1.5 * 1.3 }
    time ??= english.time
    weather ??= english.weather
  }
  for (const { text, weight } of [
    { text: englishVisual ? '' : request.visual, weight: 1.5 },
    { text: request.narration, weight: 1 },
  ]) {
    if (!text.trim()) continue
    const tokens = readForeignWords(text, language)
    const sentencesWithSubject = new Set<number>()
    let castSeen = false
    for (let at = 0; at < tokens.length; at++) {
      const token = tokens[at]
      if (!token) continue
      const first = !sentencesWithSubject.has(token.sentence)
      const score = weight * (first ? 1.3 : 1) * (token.afterPlaceWord ? 0.85 : 1) - token.position * 0.01
      const add = (candidate: Candidate, reason: string) => {
        candidates.push(candidate)
        sentencesWithSubject.add(token.sentence)
        words.push({ word: candidate.word, art: candidate.id, reason })
      }
      const member = token.capital ? cast.find((item) => item.name === token.text) : undefined
      if (member) {
        castSeen = true
        add({ id: member.figure, word: token.text, score: score + 4 }, 'named character')
        continue
      }
      // Another form of a listed word gives way to a drawing named by the word itself ("Fisch" is the fish,
      // not the "Fischer" its stem shares).
      const reached = foreignEntryAt(tokens, at, language)
      const named = reached && !reached.exact ? library.findIn(language, token.normal)[0] : undefined
      const found = named && named.score > 10 ? undefined : reached
      if (found) {
        const { entry, length } = found
        const label = tokens
          .slice(at, at + length)
          .map((word) => word.text)
          .join(' ')
        at += length - 1
        if (entry.setting && (!setting || score > setting.score)) setting = { value: entry.setting, score }
        home ??= entry.home
        time ??= entry.time
        weather ??= entry.weather
        water ??= entry.water
        if (entry.picture) {
          if (entry.picture === 'none' && !entry.setting && !entry.time && !entry.weather) abstractWords.push(label)
          words.push({ word: label, art: undefined, reason: `lexicon: ${entry.lemma}` })
          continue
        }
        // "La foule", "बच्चे", "los amigos": several people, drawn as a group of figures as in English.
        if (entry.kind === 'person' && (entry.group || groups.has(token.normal))) {
          const group = groupOf(entry.lemma, label, score)
          for (const candidate of group) candidates.push(candidate)
          sentencesWithSubject.add(token.sentence)
          words.push({ word: label, art: group[0]?.id, reason: `lexicon: ${entry.lemma} (several people)` })
          continue
        }
        if (entry.art) {
          for (const candidate of conceptArt(entry, label, score)) add(candidate, `lexicon: ${entry.lemma}`)
          const owner = candidates.at(-1)
          if (owner && entry.kind === 'person') candidates.push(...propsOf(entry.lemma, owner.id, label, score))
          continue
        }
        // An entry that only bridges the word to English ("tigre" is "tiger"): drawn as the English word is.
        if (entry.kind === 'person') {
          const figure = figureFor(entry.lemma, 'person')
          add({ id: figure, word: label, score }, `lexicon: ${entry.lemma}`)
          candidates.push(...propsOf(entry.lemma, figure, label, score))
          continue
        }
        const english = library.find(entry.lemma).find((item) => item.score >= 10)
        if (english) {
          add({ id: withTone(english.id), word: label, score }, `lexicon: ${entry.lemma}`)
          continue
        }
      }
      // "Ils dansent", "वे गाते हैं": an unnamed "they" is several people, as in English, when the story follows
      // nobody and the words name no one else.
      const unnamedThey =
        people.length === 0 &&
        !cast.some((item) => item.pronoun === 'it') &&
        !candidates.some((item) => ['person', 'animal', 'bird'].includes(library.get(item.id)?.kind ?? ''))
      if (groups.has(token.normal) && (!token.stop || unnamedThey)) {
        const group = groupOf(token.normal, token.text, score)
        for (const candidate of group) candidates.push(candidate)
        sentencesWithSubject.add(token.sentence)
        words.push({ word: token.text, art: group[0]?.id, reason: 'several people' })
        continue
      }
      if (token.stop || token.normal.length < 3) continue
      if (token.capital && !token.sentenceStart && !token.afterArticle && isNameLike(token, language)) {
        words.push({ word: token.text, art: undefined, reason: token.afterPlaceWord ? 'place name' : 'name' })
        continue
      }
      // German writes every noun with a capital: a word in lower case inside a sentence ("frischer") is none.
      if (language === 'de' && !token.capital && !token.sentenceStart) continue
      const match = library.findIn(language, token.normal).find((item) => item.score >= MIN_FOREIGN_MATCH)
      if (match) {
        add({ id: withTone(match.id), word: token.text, score }, `CLDR ${language}: "${token.normal}"`)
        continue
      }
      // "cerdito" is a small pig, "Fischbrötchen" a fish roll, a "pianiste" someone at a piano.
      for (const { form, role } of otherFormsOf(token.normal, language)) {
        const drawn = drawingOf(form, language)
        if (!drawn) continue
        if (role) add({ id: figureFor(token.normal, 'person'), word: token.text, score }, `someone of "${form}"`)
        add({ id: drawn, word: token.text, score: role ? score * 0.8 : score }, `another form: "${form}"`)
        break
      }
    }
    // "Ella vende rosas", "Abre su tienda": with one person in the story, her pronoun or a possessive is her.
    const member = people.length === 1 ? people[0] : undefined
    const refers = tokens.some(
      (word) =>
        (she.includes(word.normal) && !member?.figure.startsWith('man-')) ||
        (he.includes(word.normal) && !member?.figure.startsWith('woman-')),
    )
    if (member && !castSeen && refers) {
      candidates.push({ id: member.figure, word: member.name, score: weight * 1.3 + 4 })
      words.push({ word: member.name, art: member.figure, reason: 'named character (pronoun)' })
    }
  }
  const all = [request.visual, request.narration].flatMap((text) => readForeignWords(text, language))
  return assemblePlan({
    candidates,
    words,
    abstractWords,
    setting: setting?.value,
    home,
    time,
    weather,
    water,
    flies: all.some((word) => saysAny(word, MOTION_WORDS[language].flies)),
    holds: all.some((word) => saysAny(word, MOTION_WORDS[language].holds)),
    rides: all.some((word) => saysAny(word, MOTION_WORDS[language].rides)),
    keyPhrase: () => {
      const text = (request.narration || request.visual).trim()
      const sentence = /^[^.!?।]+/u.exec(text)?.[0]?.trim() ?? text
      return sentence.split(/\s+/u).length <= 9 ? sentence : ''
    },
  })
}
