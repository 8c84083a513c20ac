import nlp from 'compromise'

import {
  capitalize,
  getPronouns,
  getVerbForms,
  isPluralNoun,
  presentTense,
  toTitle,
  withIndefinite,
} from '../english.ts'
import { fallbackPhrase, line, type Part, type Plan } from '../plan.ts'
import type { Character, PromptBrief } from '../prompt-brief.ts'
import { refer, whereOf } from '../references.ts'
import type { StorySlot } from '../templates/story.ts'
import { WRITER_TEMPLATES } from '../templates/registry.ts'
import { fillParts, requirePart, type PartTemplate, type SlotsOf } from '../templates/template.ts'

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

/** "3 am" is said and shown as "3 a.m.". */
function spellTimes(text: string): string {
  return text.replace(
    /\b(\d{1,2}(?::\d{2})?)\s*([ap])\.?m\b\.?/gi,
    (_, time: string, half: string) => `${time} ${half.toLowerCase()}.m.`,
  )
}

/** A story's title from the prompt's words: "The Cook and the Girl", "The Shy Dragon", "The Phone That Rings…". */
function titleOf(brief: PromptBrief, hero: Cast, friend: Cast | undefined, thing: string | undefined): string {
  if (thing && brief.plot) {
    const title = toTitle(`The ${thing} That ${spellTimes(brief.plot)}`)
    if (title.split(' ').length <= 9)
      return title.replace(/\b([ap])\.m\./gi, (_, half: string) => `${half.toUpperCase()}.M.`)
  }
  if (friend) return toTitle(`${capitalize(hero.short)} and ${friend.short}`)
  const heroPhrase = brief.characters[0]?.phrase
  if (heroPhrase && !heroPhrase.isName && !brief.characters[0]?.name) {
    const isSingle = /^(?:a|an|the)?$/.test(heroPhrase.determiner ?? '') && !heroPhrase.isPlural
    return toTitle(capitalize(isSingle ? `The ${heroPhrase.text}` : heroPhrase.text))
  }
  return toTitle(`The Story of ${hero.short}`)
}

export function writeStory(brief: PromptBrief): Plan {
  const [heroCharacter, friendCharacter] = brief.characters
  // A story about a thing ("a phone that rings at 3 am") is told through the person it happens to.
  const thingPhrase = !heroCharacter && brief.plot ? brief.subject : undefined
  const thing = thingPhrase ? refer(thingPhrase, { definiteFirst: true }) : undefined
  const hero = castOf(
    heroCharacter ?? {
      phrase: thingPhrase ? fallbackPhrase('woman') : (brief.subject ?? fallbackPhrase('traveller')),
      name: undefined,
      kind: 'person',
    },
  )
  const friend = friendCharacter ? castOf(friendCharacter) : undefined
  // "two friends", "people": the lines about them agree with more than one.
  const heroIsPlural = hero.pronouns.subject === 'they' && isPluralNoun(hero.short)
  const where = whereOf(brief)
  const whereShort = brief.setting
    ? ` ${brief.settingPreposition} the ${brief.setting.head}`
    : brief.place
      ? ` in ${brief.place}`
      : ''
  const sceneOf = brief.setting ? refer(brief.setting).indefinite : (brief.place ?? 'a quiet village')
  const they = hero.pronouns.subject
  const introducedTogether = friendCharacter && !brief.plot?.includes(friendCharacter.phrase.head)
  const plot = brief.plot ? spellTimes(brief.plot) : undefined
  const lesson = plot ? readLesson(plot) : undefined
  const opening = introducedTogether && friend ? `${hero.first} and ${friend.first}` : hero.first
  // "who is afraid of the dark": a state belongs to who the hero is, not to what happens one day.
  const state = plot && !thing && /^(?:is|are|has|have)\b/.test(plot) ? toPast(plot, they) : undefined
  const described = state ? `${opening}, who ${state}` : opening
  const isNamedOnly = heroCharacter?.name !== undefined && heroCharacter.phrase.isName
  const beginning = isNamedOnly
    ? where
      ? `${described} lived ${where}.`
      : `This is the story of ${described}.`
    : where
      ? `Once, ${where}, there lived ${described}.`
      : `Once, there lived ${described}.`
  const beginningShow = `${hero.indefinite}${introducedTogether && friend ? ` and ${friend.indefinite}` : ''} ${where || 'in a quiet village'} ${brief.isDark ? 'at dusk' : 'in the morning'}`
  const when = brief.isDark ? 'One night' : 'One day'
  let inciting: string
  let incitingShow: string
  let told = ''
  if (plot && thing) {
    // "One night, the doll moved at night" says the night twice.
    told = toPast(plot, 'it').replace(brief.isDark ? /\s+at night$/ : /$^/, '')
    inciting = `${when}, ${thing.first} ${told}.`
    incitingShow = `${thing.indefinite} ${firstAction(plot)}${whereShort}`
  } else if (plot && !state) {
    const [verb = '', ...others] = firstAction(plot).split(' ')
    const isLearning = /^(?:teaches|helps|shows|trains|builds|makes|learns|tries|writes|paints|bakes|cooks)$/.test(verb)
    told = isLearning
      ? `began to ${[getVerbForms(verb).base, ...others].join(' ')}${plot.slice(firstAction(plot).length)}`
      : toPast(plot, they)
    // "a mouse and a cat who become friends": a verb that agrees with two is what both of them do.
    const forms = getVerbForms(verb)
    const isBoth =
      friend !== undefined && verb !== 'is' && (verb === 'are' || (forms.base === verb && forms.present !== verb))
    inciting = `${when}, ${isBoth && friend ? `${hero.short} and ${friend.short}` : hero.short} ${told}.`
    incitingShow = `${isBoth && friend ? `${hero.indefinite} and ${friend.indefinite}` : hero.indefinite} ${firstAction(plot)}${whereShort}`
  } else {
    inciting = brief.isDark
      ? `${when}, ${hero.short} heard something that should not have been there.`
      : `${when}, something new came along, and ${hero.short} had a choice to make.`
    incitingShow = brief.isDark
      ? `${hero.indefinite} listening in the dark${whereShort}`
      : `${hero.indefinite} ${presentTense('stop', heroIsPlural)} at a fork in a path${whereShort}`
  }
  const ending = lesson
    ? line(
        `At last, ${friend?.short ?? `the ${lesson.learner}`} could ${lesson.skill} on ${friend?.pronouns.possessive ?? 'their'} own.`,
        `${withIndefinite(lesson.learner)} ${presentTense(lesson.skill.split(' ')[0] ?? '', false)} ${lesson.skill.split(' ').slice(1).join(' ')}${whereShort} in the evening`,
      )
    : brief.isDark
      ? line(
          `In the end, ${hero.short} learned that some things are better left alone.`,
          `${hero.indefinite}${whereShort} at dawn`,
        )
      : line(
          `In the end, ${hero.short} ${heroIsPlural ? 'were' : 'was'} not quite the same as before.`,
          `${hero.indefinite} ${presentTense('smile', heroIsPlural)}${whereShort} at sunset`,
        )
  const compactOpening =
    plot && !state ? `Once, ${where ? `${where}, ` : ''}${thing ? `${thing.first}` : hero.first} ${told}.` : beginning
  const slots: SlotsOf<StorySlot> = {
    beginning,
    beginningShow,
    inciting,
    incitingShow,
    ending: ending.text,
    endingShow: ending.shot,
    compactOpening,
    compactOpeningShow: plot && !state ? incitingShow : beginningShow,
    hero: hero.short,
    they,
    pair: friend ? `${hero.short} and ${friend.short}` : hero.short,
    friend: friend?.short,
    friendIndefinite: friend?.indefinite,
    friendly: friend ? '' : undefined,
    whereShort,
    sceneOf,
    placeSuffix: brief.place && brief.setting ? ` in ${brief.place}` : '',
    dark: brief.isDark ? '' : undefined,
    thing: thing?.indefinite ?? 'a dark doorway',
  }
  const templates = WRITER_TEMPLATES.story
  const fallback = line(beginning, beginningShow)
  const part = (template: PartTemplate): Part => requirePart(template, slots, fallback)
  return {
    title: titleOf(brief, hero, friend, thingPhrase?.text),
    hook: part(templates.hook),
    beats: fillParts(templates.beats, slots),
    compact: {
      hook: part(templates.compact.hook),
      beats: fillParts(templates.compact.beats, slots),
      close: part(templates.compact.close),
    },
    close: part(templates.close),
    gaps: [],
    gapLimit: undefined,
    brief,
  }
}
