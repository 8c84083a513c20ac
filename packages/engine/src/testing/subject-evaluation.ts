import { readFileSync } from 'node:fs'

import type { ScriptLanguage } from '@storyreel/contracts/languages'
import type { VideoStyle } from '@storyreel/contracts/studio'

import { hashText } from '../visuals/random.ts'
import { castOf, planScene, type CastMember, type ScenePlan } from '../visuals/art/scene-planner.ts'

/**
 * Scores the scene planner on an evaluation set (`packages/engine/eval/*.json`): for each scene, which of the
 * subjects a reader expects were placed and which wrong ones were. Shared by the planner's tests and
 * `npm run eval:plans`, so the figure a test holds is the figure a person reads.
 */

export type EvalScene = { narration: string; visual: string; duration: number; expect: string[]; wrong: string[] }
export type EvalVideo = {
  id: string
  intent: string
  style: VideoStyle
  ratio: string
  prompt?: string
  target_seconds?: number
  /** The script's language; English when absent. */
  language?: ScriptLanguage
  scenes: EvalScene[]
}
export type EvalSet = { about: string; videos: EvalVideo[] }

export type SceneScore = {
  video: string
  index: number
  plan: ScenePlan
  /** Each expected entry ("a|b" accepts either) with the placed drawing that met it, if any. */
  expected: { entry: string; found: string | undefined }[]
  wrong: string[]
}

export type SetScore = { scenes: SceneScore[]; expected: number; found: number; wrong: number }

export function loadEvalSet(file: string | URL): EvalSet {
  return JSON.parse(readFileSync(file, 'utf8')) as EvalSet
}

export const seedOf = (video: EvalVideo, index: number) => hashText(`${video.id}#${index}`)

/** A person's drawing in any skin tone counts as that drawing. */
export const baseArtId = (id: string) =>
  id.replace(/~\d+$/, '').replace(/-(light|medium-light|medium|medium-dark|dark)-skin-tone$/, '')

export const castFor = (video: EvalVideo): CastMember[] =>
  castOf(
    video.scenes.flatMap((scene) => [scene.visual, scene.narration]),
    video.language,
  )

export function planVideo(video: EvalVideo): ScenePlan[] {
  const cast = castFor(video)
  return video.scenes.map((scene, index) =>
    planScene({
      visual: scene.visual,
      narration: scene.narration,
      seed: seedOf(video, index),
      cast,
      ...(video.language ? { language: video.language } : {}),
    }),
  )
}

export function scoreSet(set: EvalSet): SetScore {
  const scenes: SceneScore[] = []
  for (const video of set.videos) {
    for (const [index, plan] of planVideo(video).entries()) {
      const scene = video.scenes[index]
      if (!scene) continue
      const placed = new Map<string, string>()
      for (const subject of plan.subjects) {
        const base = baseArtId(subject.id)
        // A standing figure is the person it shows: "woman-standing" meets an expected "woman".
        for (const id of [subject.id, subject.id.replace(/~\d+$/, ''), base, base.replace(/-standing$/, '')])
          placed.set(id, subject.id)
      }
      scenes.push({
        video: video.id,
        index,
        plan,
        expected: scene.expect.map((entry) => ({
          entry,
          found: entry
            .split('|')
            .map((id) => placed.get(id))
            .find(Boolean),
        })),
        wrong: scene.wrong.filter((id) => placed.has(id)),
      })
    }
  }
  const expected = scenes.reduce((sum, scene) => sum + scene.expected.length, 0)
  const found = scenes.reduce((sum, scene) => sum + scene.expected.filter((entry) => entry.found).length, 0)
  const wrong = scenes.reduce((sum, scene) => sum + scene.wrong.length, 0)
  return { scenes, expected, found, wrong }
}

/** Lines naming each missed expectation and each wrong drawing, for a test's message or a report. */
export function describeMisses(score: SetScore): { missing: string[]; wrong: string[] } {
  return {
    missing: score.scenes.flatMap((scene) =>
      scene.expected.filter((entry) => !entry.found).map((entry) => `${scene.video} #${scene.index}: ${entry.entry}`),
    ),
    wrong: score.scenes.flatMap((scene) => scene.wrong.map((id) => `${scene.video} #${scene.index}: ${id}`)),
  }
}
