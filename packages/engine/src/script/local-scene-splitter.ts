import {
  PROJECT_TITLE_MAX_CHARS,
  SCENE_MAX_SECONDS,
  SCENE_MIN_SECONDS,
  SCENE_NARRATION_MAX_CHARS,
  SCENE_VISUAL_MAX_CHARS,
  SCENES_MAX,
} from '@storyreel/contracts/studio'

import { type OutlineParagraph, outlinePrompt, titleFromPrompt } from './prompt-outline.ts'
import type { DraftScene, ScriptEngine, StoryboardDraft, StoryboardRequest } from './script-engine.ts'
import { countSpokenWords, splitLongSentence, splitSentences } from './sentences.ts'
import { describeScene, getKeyPhrases, getNames, getProtagonist, readScene } from './visual-description.ts'

/** Silence after each scene's narration, so cuts do not land on the last syllable. */
export const SCENE_PAUSE_SECONDS = 0.5
/** A scene shorter than this is merged with its neighbour: a cut every second is hard to follow. */
const SCENE_COMFORT_MIN_SECONDS = 3.5
/** Sentences are grouped up to about this length; longer scenes only when a sentence needs it. */
const SCENE_COMFORT_MAX_SECONDS = 7.5
/** A short script may breathe this much longer to get closer to the requested length, never more. */
const MAX_STRETCH = 1.2

/** How long a narration takes to speak at `wordsPerSecond`, with the breathing pause, within 2-15 s. */
export function getSceneDuration(narration: string, wordsPerSecond: number): number {
  const seconds = countSpokenWords(narration) / wordsPerSecond + SCENE_PAUSE_SECONDS
  return roundTenth(Math.min(SCENE_MAX_SECONDS, Math.max(SCENE_MIN_SECONDS, seconds)))
}

function roundTenth(value: number): number {
  return Math.round(value * 10) / 10
}

/**
 * Groups sentences into scenes: short neighbours are merged, sentences too long for one scene are split
 * at commas and conjunctions. `comfortMax` grows when the script would need more than SCENES_MAX scenes.
 */
export function groupSentences(sentences: string[], wordsPerSecond: number, comfortMax = SCENE_COMFORT_MAX_SECONDS) {
  const maxWords = Math.floor((SCENE_MAX_SECONDS - SCENE_PAUSE_SECONDS) * wordsPerSecond)
  const pieces = sentences.flatMap((sentence) => splitLongSentence(sentence, maxWords, SCENE_NARRATION_MAX_CHARS))
  const seconds = (text: string) => countSpokenWords(text) / wordsPerSecond + SCENE_PAUSE_SECONDS
  const scenes: string[] = []
  for (const piece of pieces) {
    const last = scenes.at(-1)
    const joined = last === undefined ? piece : `${last} ${piece}`
    const fitsHard = countSpokenWords(joined) <= maxWords && joined.length <= SCENE_NARRATION_MAX_CHARS
    const isShort = last !== undefined && (seconds(last) < SCENE_COMFORT_MIN_SECONDS || seconds(piece) < 2.5)
    if (last !== undefined && fitsHard && (isShort || seconds(joined) <= comfortMax)) scenes[scenes.length - 1] = joined
    else scenes.push(piece)
  }
  // A short last scene joins the one before it when it can.
  const tail = scenes.at(-1)
  const beforeTail = scenes.at(-2)
  if (tail !== undefined && beforeTail !== undefined && seconds(tail) < SCENE_COMFORT_MIN_SECONDS) {
    const joined = `${beforeTail} ${tail}`
    if (countSpokenWords(joined) <= maxWords && joined.length <= SCENE_NARRATION_MAX_CHARS) {
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

/** A short title from a script: its first sentence when short, otherwise its most repeated subject. */
export function titleFromScript(text: string, firstSentence: string | undefined): string {
  const first = firstSentence?.replace(/[.!?…:;,"“”]+$/g, '').trim()
  if (first && first.split(/\s+/).length <= 7) return first.slice(0, PROJECT_TITLE_MAX_CHARS)
  const [phrase] = getKeyPhrases(text, 1)
  const place = readScene(text).place
  const base = phrase ? phrase.replace(/^./, (char) => char.toUpperCase()) : (first ?? 'Untitled story')
  const title = place && phrase && !phrase.includes(place) ? `${base} in ${place}` : base
  return title.split(/\s+/).slice(0, 10).join(' ').slice(0, PROJECT_TITLE_MAX_CHARS)
}

/**
 * Groups an outline paragraph's sentences into scenes; each scene shows the shot written for its first
 * sentence, found by where the scene starts in the paragraph (a long sentence may have been split).
 */
function groupWithShots(paragraph: OutlineParagraph, wordsPerSecond: number): Omit<DraftScene, 'duration'>[] {
  const starts: number[] = []
  let offset = 0
  for (const sentence of paragraph.sentences) {
    starts.push(offset)
    offset += sentence.length + 1
  }
  let position = 0
  return groupSentences(paragraph.sentences, wordsPerSecond).map((narration) => {
    const sentenceIndex = starts.findLastIndex((start) => start <= position)
    position += narration.length + 1
    const shot = paragraph.shots[sentenceIndex] ?? paragraph.shots[0] ?? narration
    return { narration, visual: clampVisual(shot) }
  })
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
  const names = getNames(narrations.join(' '))
  const context = readScene(narrations.join(' '), names)
  const protagonist = getProtagonist(narrations.join(' '), names, context.place)
  const durations = fitDurations(narrations, request.wordsPerSecond, request.targetSeconds)
  const scenes: DraftScene[] = []
  narrations.forEach((narration, index) => {
    const visual = describeScene(narration, { style: request.style, index, context, names, protagonist })
    scenes.push({ narration, visual, duration: durations[index] ?? SCENE_MIN_SECONDS })
  })
  return withDistinctNeighbours(scenes)
}

/**
 * The default script engine: no model, no network. A script is split into sentences and grouped into
 * scenes; a prompt first becomes an outline from templates (see prompt-outline.ts).
 */
export function createLocalSceneSplitter(): ScriptEngine {
  return {
    name: 'local-splitter',
    createStoryboard(request: StoryboardRequest): Promise<StoryboardDraft> {
      const wordsPerSecond = Math.max(0.5, request.wordsPerSecond)
      const normalized = { ...request, wordsPerSecond }
      if (request.source.kind === 'prompt') {
        // About one scene per 6 s: a hook, the beats and a closing line.
        const sceneCount = Math.max(3, Math.round(request.targetSeconds / 6))
        const budgetWords = Math.max(8, (request.targetSeconds - sceneCount * SCENE_PAUSE_SECONDS) * wordsPerSecond)
        const { paragraphs, reading } = outlinePrompt(request.source.text, budgetWords, sceneCount - 2)
        // Each hook, beat and closing is grouped on its own, so a scene never straddles two beats.
        const grouped = paragraphs.flatMap((paragraph) => groupWithShots(paragraph, wordsPerSecond))
        const durations = fitDurations(
          grouped.map((scene) => scene.narration),
          wordsPerSecond,
          request.targetSeconds,
        )
        const scenes = grouped.map((scene, index) => ({ ...scene, duration: durations[index] ?? SCENE_MIN_SECONDS }))
        return Promise.resolve({ title: titleFromPrompt(reading), scenes: withDistinctNeighbours(scenes) })
      }
      const sentences = splitSentences(request.source.text)
      const narrations = groupWithinSceneCap(sentences, wordsPerSecond)
      return Promise.resolve({
        title: titleFromScript(request.source.text, sentences[0]),
        scenes: buildScenes(narrations, normalized),
      })
    },
  }
}
