import nlp from 'compromise'

import { getSecondsForNarration, NARRATION_LEAD_SECONDS, NARRATION_TAIL_SECONDS } from '@storyreel/contracts/narration'
import {
  OWN_WORDS_PROMPT,
  PROJECT_TITLE_MAX_CHARS,
  SCENE_MAX_SECONDS,
  SCENE_MIN_SECONDS,
  SCENE_NARRATION_MAX_CHARS,
  SCENE_VISUAL_MAX_CHARS,
  SCENES_MAX,
} from '@storyreel/contracts/studio'

import { EngineError } from '#src/errors.ts'

import type { Gap, Line, Part, Plan } from './plan.ts'
import { planPrompt } from './prompt-writer.ts'
import { getPromptLanguageProblem } from './prompt-language.ts'
import { getPromptWordsProblem } from './prompt-words.ts'
import type { DraftScene, ScriptEngine, StoryboardDraft, StoryboardRequest } from './script-engine.ts'
import { countTimedWords, splitLongSentence, splitSentences } from './sentences.ts'
import { toTitle } from './english.ts'
import { describeScriptScenes } from './scene-visuals.ts'

/** The offline writer's name in storyboards and licence receipts. */
export const LOCAL_SCRIPT_WRITER = 'local-writer'

/**
 * Quiet around each scene's narration, as the studio counts it (the voice starts a moment after the cut and
 * leaves a pause before the next), so cuts do not land on the last syllable.
 */
export const SCENE_PAUSE_SECONDS = NARRATION_LEAD_SECONDS + NARRATION_TAIL_SECONDS
/** A scene shorter than this is merged with its neighbour: a cut every second is hard to follow. */
const SCENE_COMFORT_MIN_SECONDS = 3.5
/** Sentences are grouped up to about this length; longer scenes only when a sentence needs it. */
const SCENE_COMFORT_MAX_SECONDS = 7.5
/** A short script may breathe this much longer to get closer to the requested length, never more. */
const MAX_STRETCH = 1.2

/**
 * How long a narration takes to speak at `wordsPerSecond`, with the quiet around it, within 2-15 s. Never
 * shorter than the length the studio checks a scene against (getSecondsForNarration, rounded up to the
 * tenth), so a fresh draft shows no "the narration needs about…" warning; a long number counts as the
 * several words a voice says for it.
 */
export function getSceneDuration(narration: string, wordsPerSecond: number): number {
  const spoken = Math.ceil((countTimedWords(narration) / wordsPerSecond + SCENE_PAUSE_SECONDS) * 10 - 1e-6) / 10
  const seconds = Math.max(spoken, getSecondsForNarration(narration, wordsPerSecond))
  return roundTenth(Math.min(SCENE_MAX_SECONDS, Math.max(SCENE_MIN_SECONDS, seconds)))
}

function roundTenth(value: number): number {
  return Math.round(value * 10) / 10
}

/** Down to the tenth, without losing a tenth to floating point (4.3 * 10 is 42.99…). */
function floorTenth(value: number): number {
  return Math.floor(value * 10 + 1e-6) / 10
}

/**
 * Groups sentences into scenes: short neighbours are merged, sentences too long for one scene are split
 * at commas and conjunctions. `comfortMax` grows when the script would need more than SCENES_MAX scenes.
 */
export function groupSentences(sentences: string[], wordsPerSecond: number, comfortMax = SCENE_COMFORT_MAX_SECONDS) {
  const maxWords = Math.floor((SCENE_MAX_SECONDS - SCENE_PAUSE_SECONDS) * wordsPerSecond)
  const pieces = sentences.flatMap((sentence) => splitLongSentence(sentence, maxWords, SCENE_NARRATION_MAX_CHARS))
  const seconds = (text: string) => countTimedWords(text) / wordsPerSecond + SCENE_PAUSE_SECONDS
  const scenes: string[] = []
  for (const piece of pieces) {
    const last = scenes.at(-1)
    const joined = last === undefined ? piece : `${last} ${piece}`
    const fitsHard = countTimedWords(joined) <= maxWords && joined.length <= SCENE_NARRATION_MAX_CHARS
    const isShort = last !== undefined && (seconds(last) < SCENE_COMFORT_MIN_SECONDS || seconds(piece) < 2.5)
    if (last !== undefined && fitsHard && (isShort || seconds(joined) <= comfortMax)) scenes[scenes.length - 1] = joined
    else scenes.push(piece)
  }
  // A short last scene joins the one before it when it can.
  const tail = scenes.at(-1)
  const beforeTail = scenes.at(-2)
  if (tail !== undefined && beforeTail !== undefined && seconds(tail) < SCENE_COMFORT_MIN_SECONDS) {
    const joined = `${beforeTail} ${tail}`
    if (countTimedWords(joined) <= maxWords && joined.length <= SCENE_NARRATION_MAX_CHARS) {
      scenes.splice(-2, 2, joined)
    }
  }
  return scenes
}

/** Groups with growing scene lengths until the storyboard fits in SCENES_MAX scenes. */
function groupWithinSceneCap(sentences: string[], wordsPerSecond: number): string[] {
  let scenes: string[] = []
  for (let comfortMax = SCENE_COMFORT_MAX_SECONDS; comfortMax <= SCENE_MAX_SECONDS + 0.01; comfortMax += 1.5) {
    scenes = groupSentences(sentences, wordsPerSecond, comfortMax)
    if (scenes.length <= SCENES_MAX) return scenes
  }
  // Over 30 full scenes is far beyond the 90 s a video may last; what does not fit is left out.
  return scenes.slice(0, SCENES_MAX)
}

/**
 * Durations follow the words; a script shorter than the target may breathe up to 20% longer, and one
 * longer than the target keeps its length, because cutting speech to fit would be a lie.
 */
export function fitDurations(narrations: string[], wordsPerSecond: number, targetSeconds: number): number[] {
  const natural = narrations.map((narration) => getSceneDuration(narration, wordsPerSecond))
  const total = natural.reduce((sum, duration) => sum + duration, 0)
  const stretch = total > 0 && total < targetSeconds ? Math.min(MAX_STRETCH, targetSeconds / total) : 1
  return natural.map((duration) =>
    roundTenth(Math.min(SCENE_MAX_SECONDS, Math.max(SCENE_MIN_SECONDS, duration * stretch))),
  )
}

/** Nouns too general to name a video ("the way", "one day"). */
const ABSTRACT_HEADS =
  /^(?:way|ways|time|times|thing|things|day|days|morning|evening|night|dawn|hand|hands|smell|lot|kind|part|one|end|moment|minute|minutes|hour|hours|year|years|week|everything|nothing|something|someone|everyone)$/

/**
 * A short title from a script: its first sentence when that is short (a heading such as "The Last
 * Lighthouse"), otherwise its most repeated noun phrase, in title case.
 */
export function titleFromScript(text: string, firstSentence: string | undefined): string {
  const first = firstSentence?.replace(/[.!?…:;,"“”]+$/g, '').trim()
  if (first && first.split(/\s+/).length <= 7) return first.slice(0, PROJECT_TITLE_MAX_CHARS)
  const counts = new Map<string, { phrase: string; count: number }>()
  const doc = nlp(text)
  const place = (doc.places().out('array') as string[])[0]?.replace(/[,.;:!?]+$/, '')
  for (const noun of doc.nouns().not('(#Pronoun|#Person|#Place|#Date)').json() as {
    text: string
    noun?: { root?: string }
  }[]) {
    const phrase = noun.text
      .split(/\s+(?:in|at|on|of|by|from|with|to|into|near)\s+/)[0]
      ?.replace(/^(?:the|a|an|our|my|his|her|their|its|your|this|that|every|each)\s+/i, '')
      .replace(/[,.;:!?]+$/, '')
    const key = (noun.noun?.root ?? phrase ?? '').toLowerCase()
    if (!phrase || phrase.split(' ').length > 4 || ABSTRACT_HEADS.test(key)) continue
    const entry = counts.get(key) ?? { phrase, count: 0 }
    entry.count += 1
    if (phrase.length > entry.phrase.length) entry.phrase = phrase
    counts.set(key, entry)
  }
  const [best] = [...counts.values()].sort((a, b) => b.count - a.count)
  const title = best
    ? toTitle(`${best.phrase}${place && !best.phrase.includes(place) ? ` in ${place}` : ''}`)
    : (first ?? 'Untitled story')
  return title.split(/\s+/).slice(0, 10).join(' ').slice(0, PROJECT_TITLE_MAX_CHARS)
}

const isEnglish = (language: string) => /^en\b/iu.test(language)

/**
 * A title for a script in another language, which the English noun-phrase reader cannot read: its first
 * sentence when short, else its longest clause of three to nine words, else its first seven words.
 */
export function titleFromOpening(firstSentence: string): string {
  const plain = (text: string) => text.replace(/[.!?…:;,"“”«»।॥]+$/gu, '').trim()
  const words = (text: string) => text.split(/\s+/u).filter(Boolean)
  const sentence = plain(firstSentence)
  const clause = sentence
    .split(/[,;:—–]\s*/u)
    .map(plain)
    .filter((part) => words(part).length >= 3 && words(part).length <= 9)
    .sort((a, b) => words(b).length - words(a).length)[0]
  const title = words(sentence).length <= 7 ? sentence : (clause ?? words(sentence).slice(0, 7).join(' '))
  return (title.charAt(0).toLocaleUpperCase() + title.slice(1)).slice(0, PROJECT_TITLE_MAX_CHARS)
}

function clampVisual(visual: string): string {
  if (visual.length <= SCENE_VISUAL_MAX_CHARS) return visual
  const cut = visual.slice(0, SCENE_VISUAL_MAX_CHARS)
  return cut.slice(0, Math.max(cut.lastIndexOf(','), cut.lastIndexOf(' '))).replace(/[,:;]$/, '')
}

/** Two identical pictures in a row read as a frozen video: frame the second one differently. */
function withDistinctNeighbours(scenes: DraftScene[]): DraftScene[] {
  const distinct: DraftScene[] = []
  for (const scene of scenes) {
    const isRepeat = distinct.at(-1)?.visual === scene.visual
    const close = `Close-up, ${scene.visual.charAt(0).toLowerCase()}${scene.visual.slice(1)}`
    distinct.push(isRepeat ? { ...scene, visual: clampVisual(close) } : scene)
  }
  return distinct
}

function buildScenes(narrations: string[], request: StoryboardRequest): DraftScene[] {
  const durations = fitDurations(narrations, request.wordsPerSecond, request.targetSeconds)
  // The shot lines are written in English from English words; a script in another language is pictured from
  // its own words, which the scene planner reads in that language.
  const visuals = isEnglish(request.language) ? describeScriptScenes(narrations) : narrations
  const scenes = narrations.map((narration, index) => ({
    narration,
    visual: clampVisual(visuals[index] ?? narration),
    duration: durations[index] ?? SCENE_MIN_SECONDS,
  }))
  return withDistinctNeighbours(scenes)
}

/** Groups one part's sentences into scenes; each scene shows the shot of its first sentence. */
function groupPart(lines: Line[], wordsPerSecond: number): Omit<DraftScene, 'duration'>[] {
  const starts: number[] = []
  let offset = 0
  for (const item of lines) {
    starts.push(offset)
    offset += item.text.length + 1
  }
  let position = 0
  return groupSentences(
    lines.map((item) => item.text),
    wordsPerSecond,
  ).map((narration) => {
    const index = starts.findLastIndex((start) => start <= position)
    position += narration.length + 1
    const shot = lines[index]?.shot ?? lines[0]?.shot ?? narration
    return { narration, visual: clampVisual(shot) }
  })
}

const sumDurations = (scenes: { duration: number }[]) => scenes.reduce((sum, scene) => sum + scene.duration, 0)

/** The written parts' scenes in order (hook, beats, close), each scene sized to its words. */
function writtenScenes(parts: Line[][], wordsPerSecond: number): DraftScene[][] {
  return parts.map((lines) =>
    groupPart(lines, wordsPerSecond).map((scene) => ({
      ...scene,
      duration: getSceneDuration(scene.narration, wordsPerSecond),
    })),
  )
}

/**
 * Which lines of each part are spoken: every required part's first line, then more parts and more lines,
 * in order, while the spoken length stays within the target. Parts keep their order, so a longer video
 * says more about each beat rather than reshuffling them.
 */
function chooseLines(parts: Part[], budgetSeconds: number, wordsPerSecond: number): Line[][] {
  const taken: number[] = parts.map((part) => (part.isRequired ? 1 : 0))
  const lengthOf = (counts: number[]) =>
    sumDurations(
      writtenScenes(
        parts.map((part, index) => part.lines.slice(0, counts[index])),
        wordsPerSecond,
      ).flat(),
    )
  for (;;) {
    const candidates: number[][] = []
    // First every beat's opening line, in order; then each beat's next line, the shortest beats first.
    parts.forEach((_, index) => {
      if (taken[index] === 0) candidates.push(taken.map((count, at) => (at === index ? 1 : count)))
    })
    const byLength = parts.map((_, index) => index).sort((a, b) => (taken[a] ?? 0) - (taken[b] ?? 0) || a - b)
    for (const index of byLength) {
      const part = parts[index]
      const count = taken[index] ?? 0
      if (part && count > 0 && count < part.lines.length)
        candidates.push(taken.map((value, at) => (at === index ? value + 1 : value)))
    }
    const next = candidates.find((counts) => lengthOf(counts) <= budgetSeconds)
    if (!next) break
    next.forEach((count, index) => (taken[index] = count))
  }
  return parts.map((part, index) => part.lines.slice(0, taken[index]))
}

/** A storyboard from a prompt's plan, sized to the target at the voice's pace. */
export function draftFromPrompt(prompt: string, request: StoryboardRequest, wordsPerSecond: number): StoryboardDraft {
  const plan = planPrompt(prompt)
  const target = request.targetSeconds
  let scenes: DraftScene[]
  let title = plan.title
  if (plan.gaps.length === 0) {
    let parts = [plan.hook, ...plan.beats, plan.close]
    const required = parts.map((part) => (part.isRequired ? part.lines.slice(0, 1) : []))
    if (plan.compact && sumDurations(writtenScenes(required, wordsPerSecond).flat()) > target) {
      parts = [plan.compact.hook, ...plan.compact.beats, plan.compact.close]
    } else if (sumDurations(writtenScenes(required, wordsPerSecond).flat()) > target) {
      // Too many required beats for a short video ("five tips in 15 s"): the last ones become optional.
      parts = parts.map((part) => ({ ...part }))
      for (let index = parts.length - 2; index > 1; index--) {
        const part = parts[index]
        if (!part?.isRequired) continue
        part.isRequired = false
        const kept = parts.map((item) => (item.isRequired ? item.lines.slice(0, 1) : []))
        if (sumDurations(writtenScenes(kept, wordsPerSecond).flat()) <= target) break
      }
    }
    const lines = chooseLines(parts, target, wordsPerSecond)
    if (plan.countedHook && plan.countedTitle) {
      // Tips the prompt counted but the length could not hold: the hook and title say how many remain.
      const given = lines.slice(1, 1 + (plan.brief.count ?? 0)).filter((part) => part.length > 0).length
      if (given !== plan.brief.count) {
        title = plan.countedTitle(given)
        lines[0] = plan.countedHook(given).lines.slice(0, lines[0]?.length ?? 1)
      }
    }
    scenes = writtenScenes(lines, wordsPerSecond).flat()
  } else {
    scenes = sizeWithGaps(plan, target, wordsPerSecond)
    const gapCount = scenes.filter((scene) => OWN_WORDS_PROMPT.test(scene.narration)).length
    if (plan.countedTitle) title = plan.countedTitle(gapCount)
  }
  // Speech shorter than the target breathes a little longer between sentences, never past 20%, and never
  // past the target: each scene is rounded down, so ten scenes cannot add up to a 90 s video's 90.3 s.
  const natural = sumDurations(scenes)
  const stretch = natural > 0 && natural < target ? Math.min(MAX_STRETCH, target / natural) : 1
  const fitted = scenes.map((scene) => ({
    ...scene,
    duration: Math.min(SCENE_MAX_SECONDS, Math.max(scene.duration, floorTenth(scene.duration * stretch))),
  }))
  return { title: title.slice(0, PROJECT_TITLE_MAX_CHARS), scenes: withDistinctNeighbours(fitted) }
}

/**
 * The hook and the close are written; the time between them is shared by scenes for the user's own
 * words, each saying how many words fit in it at the voice's pace.
 */
function sizeWithGaps(plan: Plan, target: number, wordsPerSecond: number): DraftScene[] {
  const maxGaps = Math.min(plan.gaps.length, plan.gapLimit ?? plan.gaps.length)
  const comfortable = 7
  let hookLines = 1
  let closeLines = 1
  const written = () =>
    writtenScenes([plan.hook.lines.slice(0, hookLines), plan.close.lines.slice(0, closeLines)], wordsPerSecond)
  // A longer video opens and closes with a second line when the gaps still get their comfortable length.
  const wanted = (gapCount: number) => sumDurations(written().flat()) + gapCount * comfortable
  let gapCount = Math.max(1, Math.min(maxGaps, Math.round((target - sumDurations(written().flat())) / comfortable)))
  if (plan.hook.lines.length > 1 && wanted(gapCount) + 2.5 <= target) hookLines = 2
  if (plan.close.lines.length > 1 && wanted(gapCount) + 2.5 <= target) closeLines = 2
  // The hook is counted again once the number of gaps is known ("Here are three facts…").
  const hookPart = (count: number) => plan.countedHook?.(count) ?? plan.hook
  const [hook = [], close = []] = written()
  const remaining = Math.max(SCENE_MIN_SECONDS, target - sumDurations(hook) - sumDurations(close))
  gapCount = plan.gapLimit
    ? Math.max(1, Math.min(maxGaps, Math.floor(remaining / 3)))
    : Math.max(1, Math.min(maxGaps, Math.round(remaining / comfortable)))
  // Each gap fits one scene: with too little time, fewer gaps; with too much, more (up to the plan's).
  while (gapCount > 1 && remaining / gapCount < 3) gapCount--
  while (gapCount < maxGaps && remaining / gapCount > SCENE_MAX_SECONDS) gapCount++
  // The last gap closes the list ("the last step"), so a shorter list drops from the middle; a list the hook
  // counts ("three facts") keeps its first gaps, so the third is "fact three", never "fact eight".
  const chosen =
    gapCount === 1 && plan.singleGap
      ? [plan.singleGap]
      : plan.gaps.length > gapCount && plan.gapLimit === undefined && !plan.countedHook && gapCount > 1
        ? [...plan.gaps.slice(0, gapCount - 1), plan.gaps[plan.gaps.length - 1] as Gap]
        : plan.gaps.slice(0, gapCount)
  // Rounded down, so the gaps never take the video past its target.
  const seconds = Math.min(SCENE_MAX_SECONDS, Math.max(SCENE_MIN_SECONDS, floorTenth(remaining / chosen.length)))
  const words = Math.max(3, Math.floor((seconds - SCENE_PAUSE_SECONDS) * wordsPerSecond))
  const gaps = chosen.map((gap) => ({
    narration: gap.instruction(words),
    visual: clampVisual(gap.shot),
    duration: seconds,
  }))
  const counted = plan.countedHook
    ? (writtenScenes([hookPart(chosen.length).lines.slice(0, hookLines)], wordsPerSecond)[0] ?? hook)
    : hook
  return [...counted, ...gaps, ...close]
}

/**
 * The default script engine: no model, no network. A script is split into sentences and grouped into
 * scenes; a prompt is read and written as its kind of video (see prompt-writer.ts).
 */
export function createLocalScriptWriter(): ScriptEngine {
  return {
    name: LOCAL_SCRIPT_WRITER,
    createStoryboard(request: StoryboardRequest): Promise<StoryboardDraft> {
      const wordsPerSecond = Math.max(0.5, request.wordsPerSecond)
      const normalized = { ...request, wordsPerSecond }
      if (request.source.kind === 'prompt') {
        const problem = getPromptWordsProblem(request.source.text) ?? getPromptLanguageProblem(request.source.text)
        if (problem) return Promise.reject(new EngineError('invalid', 'script', problem, 'unusable'))
        return Promise.resolve(draftFromPrompt(request.source.text, normalized, wordsPerSecond))
      }
      const sentences = splitSentences(request.source.text)
      if (sentences.length === 0) {
        const problem = 'This script has no words a voice can say. Write what the voice should say, in words.'
        return Promise.reject(new EngineError('invalid', 'script', problem, 'unusable'))
      }
      const narrations = groupWithinSceneCap(sentences, wordsPerSecond)
      return Promise.resolve({
        title: isEnglish(request.language)
          ? titleFromScript(request.source.text, sentences[0])
          : titleFromOpening(sentences[0] ?? request.source.text),
        scenes: buildScenes(narrations, normalized),
      })
    },
  }
}
