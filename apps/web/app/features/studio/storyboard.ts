import { DEFAULT_WORDS_PER_SECOND, estimateSpeechSeconds, getSecondsForNarration } from '@storyreel/contracts/narration'
import {
  getScenesAwaitingWords,
  SCENE_MAX_SECONDS,
  SCENE_MIN_SECONDS,
  SCENES_MAX,
  VIDEO_MAX_SECONDS,
  VIDEO_MIN_SECONDS,
  type LengthenedScene,
  type ProjectSettings,
  type Scene,
  type SceneInput,
  type SceneMedia,
} from '@storyreel/contracts/studio'

import { isSameMedia } from './scene-media.ts'

/** A scene as the editor holds it: `key` is stable for React even before the server gives the scene an id. */
export type DraftScene = {
  key: string
  id: string | undefined
  narration: string
  visual: string
  duration: number
  seed: number | undefined
  /** What the scene shows instead of the drawn picture; null: the drawn picture. */
  media: SceneMedia | null
}

/** The fields of a scene the card edits. */
export type SceneChanges = Partial<Pick<DraftScene, 'narration' | 'visual' | 'duration' | 'media'>>

/** The last deleted scene, kept so the user can undo the delete. */
export type RemovedScene = { scene: DraftScene; index: number }

export type StoryboardState = { scenes: DraftScene[]; removed: RemovedScene | undefined }

export type StoryboardAction =
  | { type: 'reset'; scenes: Scene[] }
  | { type: 'update'; key: string; changes: SceneChanges }
  /** "Use my media": each named scene gets its media, in one step. */
  | { type: 'set-media'; media: { key: string; media: SceneMedia | null }[] }
  | { type: 'move'; key: string; by: -1 | 1 }
  | { type: 'move-to'; key: string; index: number }
  | { type: 'add'; afterKey: string | undefined; key: string }
  | { type: 'remove'; key: string }
  | { type: 'undo-remove' }
  /** The undo offer is dismissed; the scene stays deleted. */
  | { type: 'dismiss-undo' }
  /**
   * The server's answer to a save: new scenes get their ids, and scenes it lengthened to fit their narration
   * their new length, without touching what the user typed since.
   */
  | { type: 'saved'; sent: DraftScene[]; scenes: Scene[]; lengthened?: LengthenedScene[] }
  /** A re-rolled scene: its new seed and visual from the server, the rest of the draft untouched. */
  | { type: 'replace-scene'; scene: Scene }

const toDraft = (scene: Scene): DraftScene => ({
  key: scene.id,
  id: scene.id,
  narration: scene.narration,
  visual: scene.visual,
  duration: scene.duration,
  seed: scene.seed,
  media: scene.media ?? null,
})

export function createStoryboardState(scenes: Scene[]): StoryboardState {
  return { scenes: scenes.map(toDraft), removed: undefined }
}

export const clampSceneDuration = (seconds: number) =>
  Math.min(SCENE_MAX_SECONDS, Math.max(SCENE_MIN_SECONDS, Math.round(seconds * 2) / 2))

function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return items
  const next = [...items]
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}

export function storyboardReducer(state: StoryboardState, action: StoryboardAction): StoryboardState {
  const indexOf = (key: string) => state.scenes.findIndex((scene) => scene.key === key)
  switch (action.type) {
    case 'reset':
      return createStoryboardState(action.scenes)
    case 'update': {
      const changes =
        action.changes.duration === undefined
          ? action.changes
          : { ...action.changes, duration: clampSceneDuration(action.changes.duration) }
      return {
        ...state,
        scenes: state.scenes.map((scene) => (scene.key === action.key ? { ...scene, ...changes } : scene)),
      }
    }
    case 'set-media': {
      const media = new Map(action.media.map((item) => [item.key, item.media]))
      return {
        ...state,
        scenes: state.scenes.map((scene) => {
          const next = media.get(scene.key)
          return next === undefined ? scene : { ...scene, media: next }
        }),
      }
    }
    case 'move': {
      const from = indexOf(action.key)
      const scenes = moveItem(state.scenes, from, from + action.by)
      return scenes === state.scenes ? state : { ...state, scenes }
    }
    case 'move-to': {
      const scenes = moveItem(state.scenes, indexOf(action.key), action.index)
      return scenes === state.scenes ? state : { ...state, scenes }
    }
    case 'add': {
      if (state.scenes.length >= SCENES_MAX) return state
      const scene: DraftScene = {
        key: action.key,
        id: undefined,
        narration: '',
        visual: '',
        duration: 4,
        seed: undefined,
        media: null,
      }
      // After the named scene; at the end when none is named (or it is gone).
      const after = action.afterKey === undefined ? -1 : indexOf(action.afterKey)
      const next = [...state.scenes]
      next.splice(after === -1 ? next.length : after + 1, 0, scene)
      return { ...state, scenes: next }
    }
    case 'remove': {
      const index = indexOf(action.key)
      const scene = state.scenes[index]
      // A storyboard keeps at least one scene (the API asks for one or more).
      if (!scene || state.scenes.length <= 1) return state
      return { scenes: state.scenes.filter((item) => item.key !== action.key), removed: { scene, index } }
    }
    case 'undo-remove': {
      if (!state.removed) return state
      const next = [...state.scenes]
      next.splice(Math.min(state.removed.index, next.length), 0, state.removed.scene)
      return { scenes: next, removed: undefined }
    }
    case 'dismiss-undo':
      return state.removed ? { ...state, removed: undefined } : state
    case 'saved': {
      const ids = new Map<string, Scene>()
      const durations = new Map<string, number>()
      action.sent.forEach((sent, index) => {
        const saved = action.scenes[index]
        if (!saved) return
        if (!sent.id) ids.set(sent.key, saved)
        const lengthened = action.lengthened?.find((item) => item.scene_id === saved.id)
        if (lengthened && sent.duration === lengthened.from_seconds) durations.set(sent.key, lengthened.to_seconds)
      })
      if (ids.size === 0 && durations.size === 0) return state
      return {
        ...state,
        scenes: state.scenes.map((scene) => {
          const saved = ids.get(scene.key)
          const withId = saved && !scene.id ? { ...scene, id: saved.id, seed: saved.seed } : scene
          const sent = action.sent.find((item) => item.key === scene.key)
          // Only a length nobody changed since the save takes the server's: a new edit wins.
          const duration = durations.get(scene.key)
          return duration !== undefined && sent?.duration === scene.duration ? { ...withId, duration } : withId
        }),
      }
    }
    case 'replace-scene':
      return {
        ...state,
        scenes: state.scenes.map((scene) =>
          scene.id === action.scene.id ? { ...scene, visual: action.scene.visual, seed: action.scene.seed } : scene,
        ),
      }
  }
}

/**
 * The body's scenes array: order is the storyboard's order, and a scene without an id is new. Media is always
 * sent (null for the drawn picture): a scene left without it would keep whatever the server had.
 */
export function toSceneInputs(scenes: DraftScene[]): SceneInput[] {
  return scenes.map((scene) => ({
    ...(scene.id ? { id: scene.id } : {}),
    narration: scene.narration.trim(),
    visual: scene.visual.trim(),
    duration: scene.duration,
    ...(scene.seed === undefined ? {} : { seed: scene.seed }),
    media: scene.media,
  }))
}

/** Seconds of speech in a narration at the voice's pace (words a second at speed 1) and the chosen speed. */
export function estimateNarrationSeconds(
  narration: string,
  voiceSpeed = 1,
  wordsPerSecond = DEFAULT_WORDS_PER_SECOND,
): number {
  return estimateSpeechSeconds(narration, wordsPerSecond, voiceSpeed)
}

/**
 * Set when the narration will not fit in the scene: the scene length it needs, by the rule the server saves
 * with (it lengthens such a scene), and how much longer that is.
 */
export function getNarrationWarning(
  scene: Pick<DraftScene, 'narration' | 'duration'>,
  voiceSpeed = 1,
  wordsPerSecond = DEFAULT_WORDS_PER_SECOND,
) {
  const needed = getSecondsForNarration(scene.narration, wordsPerSecond, voiceSpeed)
  if (needed <= scene.duration) return undefined
  return { needed, over: Math.ceil((needed - scene.duration) * 10) / 10 }
}

export type StoryboardTotals = {
  /** The video's length: the scenes and the brand's cards. */
  seconds: number
  /** The brand's opening and closing cards, part of `seconds` (they count toward the longest video). */
  cardSeconds: number
  /** The scenes alone must make the shortest video; with the cards, the video must keep to the longest. */
  status: 'ok' | 'too-short' | 'too-long'
  /** Scenes the API would refuse: an empty visual description. */
  incomplete: number
  /** Numbers (1-based) of the scenes that still hold the writer's prompt for the user's own words. */
  awaitingWords: number[]
}

export function getStoryboardTotals(
  scenes: Pick<DraftScene, 'duration' | 'visual' | 'narration'>[],
  cardSeconds = 0,
): StoryboardTotals {
  const sceneSeconds = scenes.reduce((sum, scene) => sum + scene.duration, 0)
  const seconds = Math.round((sceneSeconds + cardSeconds) * 10) / 10
  return {
    seconds,
    cardSeconds,
    status: sceneSeconds < VIDEO_MIN_SECONDS ? 'too-short' : seconds > VIDEO_MAX_SECONDS ? 'too-long' : 'ok',
    incomplete: scenes.filter((scene) => scene.visual.trim() === '').length,
    awaitingWords: getScenesAwaitingWords(scenes),
  }
}

/** A short fingerprint of what a render depends on, to tell when the storyboard changed after a render. */
export function getRenderFingerprint(scenes: DraftScene[], settings: unknown): string {
  return JSON.stringify([toSceneInputs(scenes).map(({ id: _id, ...scene }) => scene), settings])
}

/**
 * True when a scene's saved still no longer shows the draft: its words, length, seed or media, its place in the
 * storyboard, or the style and aspect ratio differ from what was last saved (the still follows the save).
 */
export function isStillOutdated(
  draft: { scenes: DraftScene[]; settings: Pick<ProjectSettings, 'style' | 'aspect_ratio'> },
  saved: { scenes: Scene[]; settings: Pick<ProjectSettings, 'style' | 'aspect_ratio'> },
  index: number,
): boolean {
  const scene = draft.scenes[index]
  const savedIndex = saved.scenes.findIndex((item) => item.id === scene?.id)
  const stored = saved.scenes[savedIndex]
  if (!scene || !stored) return true
  return (
    savedIndex !== index ||
    saved.scenes.length !== draft.scenes.length ||
    stored.narration !== scene.narration.trim() ||
    stored.visual !== scene.visual.trim() ||
    stored.duration !== scene.duration ||
    stored.seed !== scene.seed ||
    !isSameMedia(stored.media, scene.media) ||
    saved.settings.style !== draft.settings.style ||
    saved.settings.aspect_ratio !== draft.settings.aspect_ratio
  )
}

/** [2] -> "scene 2"; [2, 4, 5] -> "scenes 2, 4 and 5". */
export function listSceneNumbers(numbers: number[]): string {
  if (numbers.length <= 1) return `scene ${numbers.join('')}`
  return `scenes ${numbers.slice(0, -1).join(', ')} and ${String(numbers.at(-1))}`
}
