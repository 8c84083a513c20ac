import { planScene, type PlannedArt, type ScenePlan } from './art/scene-planner.ts'
import { interpretScene, isWeatherless, type SceneSpec, type SkyBody } from './scene-interpreter.ts'
import type { SceneArtRequest } from './visual-engine.ts'

/**
 * A sun, moon or planet the words call for is drawn as art, so the backdrop's sky leaves out its own: one
 * Saturn, not Saturn before the backdrop's planet and moon.
 */
export function skyBodiesDrawnAsArt(subjects: readonly Pick<PlannedArt, 'id' | 'kind'>[]): SkyBody[] {
  return subjects.flatMap((subject): SkyBody[] => {
    if (subject.id === 'ringed-planet' || subject.id.startsWith('globe-showing-')) return ['planet']
    if (subject.kind !== 'sky') return []
    if (/moon/u.test(subject.id)) return ['moon']
    return /^sun(-|$)/u.test(subject.id) ? ['sun'] : []
  })
}

/** What reading a scene needs of a visual engine's request: its words, style, seed, place, cast and language. */
export type SceneReadRequest = Pick<
  SceneArtRequest,
  'visual' | 'narration' | 'style' | 'seed' | 'index' | 'count' | 'cast' | 'language'
>

/**
 * What a scene shows and how it looks, read once from its words for every visual engine: the scene planner
 * decides the subjects and the place, the interpreter the hour, weather, mood, light and camera around them,
 * so the drawing and a hosted image engine's prompt always agree on the setting.
 */
export function readScene(request: SceneReadRequest): { plan: ScenePlan; spec: SceneSpec } {
  const plan = planScene({
    visual: request.visual,
    narration: request.narration,
    seed: request.seed,
    cast: request.cast,
    ...(request.language ? { language: request.language } : {}),
  })
  const read = interpretScene({
    ...request,
    ...(plan.setting ? { setting: plan.setting } : {}),
    skip: new Set(plan.abstractWords.map((word) => word.toLowerCase())),
    subjects: skyBodiesDrawnAsArt(plan.subjects),
    subjectCount: plan.subjects.length,
    ...(plan.time ? { time: plan.time } : {}),
    ...(plan.weather ? { weather: plan.weather } : {}),
  })
  // Words of outer space beside things drawn on the ground ("a space to work" was skipped; "launch" is not
  // enough): with subjects and no place of its own, the scene is abstract rather than in orbit.
  const setting = !plan.setting && read.setting === 'space' && plan.subjects.length > 0 ? 'abstract' : read.setting
  const spec = setting === read.setting ? read : { ...read, setting }
  return {
    plan,
    spec: {
      ...spec,
      timeOfDay: setting === 'space' ? 'night' : (plan.time ?? spec.timeOfDay),
      weather: spec.weather === 'clear' && !isWeatherless(setting) ? (plan.weather ?? 'clear') : spec.weather,
      ...(plan.water ? { water: plan.water } : {}),
    },
  }
}
