import { randomInt, randomUUID } from 'node:crypto'

import { z } from 'zod'

import {
  ProjectSettingsSchema,
  SCENE_MAX_SECONDS,
  SceneInputSchema,
  SceneSchema,
  VIDEO_MAX_SECONDS,
  VIDEO_MIN_SECONDS,
  type ProjectSettings,
  type Scene,
  type Source,
} from '@storyreel/contracts/studio'

import type { ScriptEngine } from '#src/script/script-engine.ts'
import type { VoiceEngine } from '#src/voice/voice-engine.ts'

import type { Storyboard } from './render-pipeline.ts'

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
  const draft = await engines.scriptEngine.createStoryboard({
    source,
    targetSeconds: settings.target_seconds,
    style: settings.style,
    language: voice?.language ?? 'en-US',
    wordsPerSecond: (voice?.wordsPerSecond ?? 2.5) * settings.voice_speed,
  })
  const scenes = stretchToMinimum(draft.scenes).map((scene) =>
    SceneSchema.parse({ id: randomUUID(), seed: createSeed(), ...scene }),
  )
  return { title: draft.title, scenes }
}

/** Why a storyboard cannot be rendered, one sentence per problem; empty when it can. */
export function getStoryboardProblems(scenes: Scene[]): string[] {
  const total = scenes.reduce((sum, scene) => sum + scene.duration, 0)
  const problems: string[] = []
  if (scenes.length === 0) problems.push('Add at least one scene.')
  if (total < VIDEO_MIN_SECONDS)
    problems.push(`The scenes add up to ${total.toFixed(1)} s; a video needs at least ${VIDEO_MIN_SECONDS} s.`)
  if (total > VIDEO_MAX_SECONDS)
    problems.push(`The scenes add up to ${total.toFixed(1)} s; a video can last at most ${VIDEO_MAX_SECONDS} s.`)
  return problems
}

/** A storyboard file, as a project's own JSON: settings and scenes, with scene ids and seeds optional. */
export const StoryboardFileSchema = z.strictObject({
  /** The draft's title, as `--from-text` writes it; a render does not need it. */
  title: z.string().optional(),
  settings: ProjectSettingsSchema,
  scenes: z.array(SceneInputSchema).min(1, 'add at least one scene'),
})
export type StoryboardFile = z.input<typeof StoryboardFileSchema>

/**
 * Reads a storyboard file's JSON: scenes without an id or a seed get one (a seed is what a re-roll
 * changes). Answers the problems instead, each naming its field, when the file is not a storyboard.
 */
export function parseStoryboardFile(
  value: unknown,
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
  const problems = getStoryboardProblems(scenes)
  if (problems.length > 0) return { ok: false, problems: problems.map((problem) => `scenes: ${problem}`) }
  return { ok: true, storyboard: { settings: parsed.data.settings, scenes } }
}
