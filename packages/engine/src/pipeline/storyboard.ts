import { randomInt, randomUUID } from 'node:crypto'

import { z } from 'zod'

import { languageOfTag } from '@storyreel/contracts/languages'
import {
  DEFAULT_VOICE_IDS,
  getScenesAwaitingWords,
  NewProjectSettingsSchema,
  OWN_WORDS_PROMPT,
  ProjectSettingsSchema,
  SCENE_MAX_SECONDS,
  SceneInputSchema,
  SCENE_NARRATION_MAX_CHARS,
  SceneSchema,
  SCENES_MAX,
  VIDEO_MAX_SECONDS,
  VIDEO_MIN_SECONDS,
  type ProjectSettings,
  type Scene,
  type Source,
} from '@storyreel/contracts/studio'

import type { DraftScene, ScriptEngine } from '#src/script/script-engine.ts'
import { countSpokenWords, countTimedWords } from '#src/script/sentences.ts'
import type { VoiceEngine } from '#src/voice/voice-engine.ts'

import { getBrandCardSeconds, type BrandOverlay } from '#src/brand/brand-overlay.ts'
import { EngineError } from '#src/errors.ts'
import { detectLanguage } from '#src/language/detect-language.ts'

import type { Storyboard } from './render-pipeline.ts'
import { getVideoLengthProblem } from './spoken-length.ts'

/** A scene's seed: what a re-roll changes, so the same words are drawn another way. */
export const createSeed = () => randomInt(0, 2 ** 31 - 1)

/**
 * A short script's scenes, sized to their words, can add up to less than a video's minimum: they are
 * lengthened in proportion (each within the scene limit), so a first draft can always be rendered.
 */
export function stretchToMinimum<T extends { duration: number }>(scenes: T[]): T[] {
  const total = scenes.reduce((sum, scene) => sum + scene.duration, 0)
  if (total <= 0 || total >= VIDEO_MIN_SECONDS) return scenes
  const factor = VIDEO_MIN_SECONDS / total
  return scenes.map((scene) => ({
    ...scene,
    duration: Math.min(SCENE_MAX_SECONDS, Math.ceil(scene.duration * factor * 10) / 10),
  }))
}

/** Words a second of the chosen voice at the chosen speed; a voice the library does not have speaks at 2.5. */
export function getWordsPerSecond(voices: Pick<VoiceEngine, 'getVoice'>, settings: ProjectSettings): number {
  return (voices.getVoice(settings.voice_id)?.wordsPerSecond ?? 2.5) * settings.voice_speed
}

/** A script may run this much longer than the words that fit its target length, never past the video maximum. */
export const SCRIPT_OVERRUN_MAX = 1.5

/**
 * Why a script is too long to become a storyboard, naming its word count and the limit; undefined when it
 * fits. A script keeps its words, so one that would need more than 1.5 times its target length at the
 * voice's pace, or more than the longest video, is refused before any scene is made. Words far longer than
 * usual count as the time their letters take to say (a voice spells them out).
 */
export function getScriptLengthProblem(
  text: string,
  wordsPerSecond: number,
  targetSeconds: number,
): string | undefined {
  const words = countSpokenWords(text)
  const timed = countTimedWords(text)
  const fit = Math.floor(targetSeconds * wordsPerSecond)
  const allowed = Math.floor(fit * SCRIPT_OVERRUN_MAX)
  const maxWords = Math.floor(VIDEO_MAX_SECONDS * wordsPerSecond)
  const seconds = Math.round(timed / wordsPerSecond)
  const count =
    timed > words
      ? `${words.toLocaleString('en')} ${words === 1 ? 'word' : 'words'}, long enough to take as long to say as ` +
        `${Math.round(timed).toLocaleString('en')}`
      : words.toLocaleString('en')
  if (timed > maxWords) {
    return (
      `This script has ${count} words, about ${seconds} s at the chosen voice's pace; a video lasts at most ` +
      `${VIDEO_MAX_SECONDS} s, which fits about ${maxWords} words. Shorten the script or split it into several videos.`
    )
  }
  if (timed > allowed) {
    return (
      `This script has ${count} words; a ${targetSeconds} s video fits about ${fit} at the chosen voice's pace, and a ` +
      `script may run to ${allowed} words (1.5 times that). Shorten the script or choose a longer video (up to ${VIDEO_MAX_SECONDS} s).`
    )
  }
  return undefined
}

/**
 * Why a draft breaks a storyboard's limits, as the end of a sentence ("it makes 42 scenes…"); undefined
 * when it keeps them all. A writer should never make such a draft; this is where one is caught.
 */
function getDraftLimitProblem(scenes: DraftScene[]): string | undefined {
  const total = scenes.reduce((sum, scene) => sum + scene.duration, 0)
  if (scenes.length === 0) return 'it makes no scene'
  if (scenes.length > SCENES_MAX) return `it makes ${scenes.length} scenes, and a video holds at most ${SCENES_MAX}`
  for (const [index, scene] of scenes.entries()) {
    const characters = scene.narration.trim().length
    if (characters > SCENE_NARRATION_MAX_CHARS) {
      return (
        `scene ${index + 1} would say ${characters.toLocaleString('en')} characters, and a scene's narration ` +
        `holds at most ${SCENE_NARRATION_MAX_CHARS}`
      )
    }
    if (!SceneSchema.safeParse({ ...scene, id: randomUUID(), seed: 0 }).success) {
      return `scene ${index + 1} breaks a scene's limits (its picture's description or its length)`
    }
  }
  if (total > VIDEO_MAX_SECONDS + 1e-6) {
    return `it lasts ${total.toFixed(1)} s, and a video lasts at most ${VIDEO_MAX_SECONDS} s`
  }
  return undefined
}

/**
 * A first storyboard from a prompt or a script, by the given script engine: scenes sized to the chosen
 * voice's pace, each with an id and a seed.
 */
export async function draftStoryboard(
  engines: { scriptEngine: ScriptEngine; voices: Pick<VoiceEngine, 'getVoice'> },
  source: Source,
  settings: ProjectSettings,
): Promise<{ title: string; scenes: Scene[] }> {
  const voice = engines.voices.getVoice(settings.voice_id)
  // The writer writes in the project's language; the voice's tag says which variety ("es-ES") when it matches.
  const language =
    settings.language && (!voice || languageOfTag(voice.language) !== settings.language)
      ? settings.language
      : (voice?.language ?? 'en-US')
  const wordsPerSecond = getWordsPerSecond(engines.voices, settings)
  const tooLong =
    source.kind === 'script' ? getScriptLengthProblem(source.text, wordsPerSecond, settings.target_seconds) : undefined
  if (tooLong) throw new EngineError('invalid', 'script', tooLong, 'too-long')
  const draft = await engines.scriptEngine.createStoryboard({
    source,
    targetSeconds: settings.target_seconds,
    style: settings.style,
    language,
    wordsPerSecond,
  })
  const stretched = stretchToMinimum(draft.scenes)
  const total = stretched.reduce((sum, scene) => sum + scene.duration, 0)
  if (source.kind === 'script' && total > VIDEO_MAX_SECONDS) {
    const words = countSpokenWords(source.text).toLocaleString('en')
    throw new EngineError(
      'invalid',
      'script',
      `This script has ${words} words and makes ${stretched.length} scenes of ${total.toFixed(1)} s in all; a video lasts at most ${VIDEO_MAX_SECONDS} s. Shorten the script or split it into several videos.`,
      'too-long',
    )
  }
  const problem = getDraftLimitProblem(stretched)
  if (problem) {
    throw new EngineError(
      'invalid',
      'script',
      `The writer cannot make a storyboard of this ${source.kind} within a video's limits: ${problem}. ` +
        (source.kind === 'prompt'
          ? 'Say in a sentence or two what the video is about, or paste your own words as a script.'
          : 'Shorten the script or split it into several videos.'),
      'unusable',
    )
  }
  const scenes = stretched.map((scene) => SceneSchema.parse({ id: randomUUID(), seed: createSeed(), ...scene }))
  return { title: draft.title, scenes }
}

/**
 * Why a storyboard cannot be rendered, one sentence per problem; empty when it can. `brand`: the cards its video
 * opens and closes with, which count toward the video's limit (getBrandCardSeconds); the scenes alone must make
 * the shortest video, so turning a card off never makes a storyboard too short.
 */
export function getStoryboardProblems(
  scenes: Scene[],
  brand?: Pick<BrandOverlay, 'openingCard' | 'closingCard'>,
): string[] {
  const total = scenes.reduce((sum, scene) => sum + scene.duration, 0)
  const problems: string[] = []
  if (scenes.length === 0) problems.push('Add at least one scene.')
  if (total < VIDEO_MIN_SECONDS)
    problems.push(`The scenes add up to ${total.toFixed(1)} s; a video needs at least ${VIDEO_MIN_SECONDS} s.`)
  const tooLong = getVideoLengthProblem(scenes, getBrandCardSeconds(brand))
  if (tooLong) problems.push(tooLong)
  problems.push(...getOwnWordsProblems(scenes))
  return problems
}

/**
 * One sentence per scene whose narration still holds the offline writer's prompt for the user's own words,
 * naming the scene and the prompt: the voice would read the instruction aloud.
 */
export function getOwnWordsProblems(scenes: readonly { narration: string }[], numbers?: number[]): string[] {
  return getScenesAwaitingWords(scenes).map((number) => {
    const prompt = OWN_WORDS_PROMPT.exec(scenes[number - 1]?.narration ?? '')?.[0] ?? ''
    const shown = prompt.length > 90 ? `${prompt.slice(0, 87)}…` : prompt
    return `Scene ${numbers?.[number - 1] ?? number} still holds a prompt for your own words, "${shown}": replace it with what the voice should say.`
  })
}

/** A storyboard file, as a project's own JSON: settings and scenes, with scene ids and seeds optional. */
export const StoryboardFileSchema = z.strictObject({
  /** The draft's title, as `--from-text` writes it; a render does not need it. */
  title: z.string().optional(),
  /** Without a `voice_id`, the default voice of the storyboard's language (`language`, or the narration's). */
  settings: NewProjectSettingsSchema,
  scenes: z.array(SceneInputSchema).min(1, 'add at least one scene'),
})
export type StoryboardFile = z.input<typeof StoryboardFileSchema>

/**
 * Reads a storyboard file's JSON: scenes without an id or a seed get one (a seed is what a re-roll
 * changes). Answers the problems instead, each naming its field, when the file is not a storyboard.
 */
export function parseStoryboardFile(
  value: unknown,
  brand?: Pick<BrandOverlay, 'openingCard' | 'closingCard'>,
): { ok: true; storyboard: Storyboard } | { ok: false; problems: string[] } {
  const parsed = StoryboardFileSchema.safeParse(value)
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(the file)'}: ${issue.message}`),
    }
  }
  const scenes = parsed.data.scenes.map((scene) =>
    SceneSchema.parse({ ...scene, id: scene.id ?? randomUUID(), seed: scene.seed ?? createSeed() }),
  )
  const problems = getStoryboardProblems(scenes, brand)
  if (problems.length > 0) return { ok: false, problems: problems.map((problem) => `scenes: ${problem}`) }
  const { voice_id: voiceId, ...rest } = parsed.data.settings
  const language = rest.language ?? detectLanguage(scenes.map((scene) => scene.narration).join('\n')).language
  const settings = ProjectSettingsSchema.parse({ ...rest, language, voice_id: voiceId ?? DEFAULT_VOICE_IDS[language] })
  return { ok: true, storyboard: { settings, scenes } }
}
