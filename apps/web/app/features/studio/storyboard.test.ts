import { describe, expect, it } from 'vitest'

import { ownWordsPrompt, type Scene } from '@storyreel/contracts/studio'

import {
  createStoryboardState,
  estimateNarrationSeconds,
  getNarrationWarning,
  getStoryboardTotals,
  isStillOutdated,
  storyboardReducer,
  toSceneInputs,
  type StoryboardState,
} from './storyboard.ts'

const scene = (n: number, duration = 5): Scene => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  narration: `Narration ${n}`,
  visual: `Visual ${n}`,
  duration,
  seed: n,
})

const order = (state: StoryboardState) => state.scenes.map((item) => item.narration || item.key)

describe('storyboardReducer', () => {
  const start = createStoryboardState([scene(1), scene(2), scene(3)])
  const [first, second, third] = start.scenes.map((item) => item.key) as [string, string, string]

  it('moves a scene up and down, and not past either end', () => {
    expect(order(storyboardReducer(start, { type: 'move', key: second, by: -1 }))).toEqual([
      'Narration 2',
      'Narration 1',
      'Narration 3',
    ])
    expect(order(storyboardReducer(start, { type: 'move', key: second, by: 1 }))).toEqual([
      'Narration 1',
      'Narration 3',
      'Narration 2',
    ])
    expect(storyboardReducer(start, { type: 'move', key: first, by: -1 })).toBe(start)
    expect(storyboardReducer(start, { type: 'move', key: third, by: 1 })).toBe(start)
  })

  it('drops a dragged scene at a new index', () => {
    expect(order(storyboardReducer(start, { type: 'move-to', key: third, index: 0 }))).toEqual([
      'Narration 3',
      'Narration 1',
      'Narration 2',
    ])
  })

  it('adds an empty scene after the named one, or at the end', () => {
    const after = storyboardReducer(start, { type: 'add', afterKey: first, key: 'new-1' })
    expect(order(after)).toEqual(['Narration 1', 'new-1', 'Narration 2', 'Narration 3'])
    expect(after.scenes[1]).toMatchObject({ id: undefined, narration: '', visual: '', duration: 4 })
    expect(order(storyboardReducer(start, { type: 'add', afterKey: undefined, key: 'new-2' }))).toEqual([
      'Narration 1',
      'Narration 2',
      'Narration 3',
      'new-2',
    ])
  })

  it('deletes a scene, can undo it in place, and never deletes the last one', () => {
    const removed = storyboardReducer(start, { type: 'remove', key: second })
    expect(order(removed)).toEqual(['Narration 1', 'Narration 3'])
    expect(order(storyboardReducer(removed, { type: 'undo-remove' }))).toEqual(order(start))
    const single = createStoryboardState([scene(1)])
    expect(storyboardReducer(single, { type: 'remove', key: single.scenes[0]?.key ?? '' })).toBe(single)
  })

  it('keeps durations between 2 and 15 seconds', () => {
    expect(
      storyboardReducer(start, { type: 'update', key: first, changes: { duration: 40 } }).scenes[0]?.duration,
    ).toBe(15)
    expect(storyboardReducer(start, { type: 'update', key: first, changes: { duration: 0 } }).scenes[0]?.duration).toBe(
      2,
    )
  })

  it('gives new scenes the ids the server assigned without losing later typing', () => {
    const added = storyboardReducer(start, { type: 'add', afterKey: first, key: 'new-1' })
    const sent = added.scenes
    const typed = storyboardReducer(added, { type: 'update', key: 'new-1', changes: { narration: 'Typed meanwhile' } })
    const saved = storyboardReducer(typed, {
      type: 'saved',
      sent,
      scenes: [scene(1), { ...scene(9), narration: '' }, scene(2), scene(3)],
    })
    expect(saved.scenes[1]).toMatchObject({ key: 'new-1', id: scene(9).id, narration: 'Typed meanwhile', seed: 9 })
    expect(toSceneInputs(saved.scenes)[1]).toEqual({
      id: scene(9).id,
      narration: 'Typed meanwhile',
      visual: '',
      duration: 4,
      seed: 9,
    })
  })

  it('sends scenes without an id as new', () => {
    const added = storyboardReducer(start, { type: 'add', afterKey: undefined, key: 'new-1' })
    expect(toSceneInputs(added.scenes)[3]).toEqual({ narration: '', visual: '', duration: 4 })
  })
})

describe('storyboard totals and the narration estimate', () => {
  it('adds up the durations and checks the 15 to 90 s bounds', () => {
    expect(getStoryboardTotals([scene(1, 5), scene(2, 4.5)])).toEqual({
      seconds: 9.5,
      status: 'too-short',
      incomplete: 0,
      awaitingWords: [],
    })
    expect(getStoryboardTotals([scene(1, 10), scene(2, 10)]).status).toBe('ok')
    expect(getStoryboardTotals(Array.from({ length: 7 }, (_, i) => scene(i, 15))).status).toBe('too-long')
    expect(getStoryboardTotals([{ duration: 5, visual: ' ', narration: 'Hi.' }]).incomplete).toBe(1)
  })

  it("lists the scenes that still hold the writer's prompt for your own words", () => {
    const prompt = { duration: 8, visual: 'Solar panels', narration: ownWordsPrompt(20, 'the first step') }
    expect(getStoryboardTotals([scene(1, 5), prompt, scene(3, 5), prompt]).awaitingWords).toEqual([2, 4])
  })

  it('estimates 2.5 words a second at speed 1, faster with a faster voice', () => {
    const tenWords = 'one two three four five six seven eight nine ten'
    expect(estimateNarrationSeconds(tenWords)).toBe(4)
    expect(estimateNarrationSeconds(tenWords, 2)).toBe(2)
    expect(estimateNarrationSeconds('   ')).toBe(0)
  })

  it('warns when the narration needs longer than the scene lasts', () => {
    const tenWords = 'one two three four five six seven eight nine ten'
    expect(getNarrationWarning({ narration: tenWords, duration: 3 })).toEqual({ needed: 4, over: 1 })
    expect(getNarrationWarning({ narration: tenWords, duration: 4 })).toBeUndefined()
    expect(getNarrationWarning({ narration: tenWords, duration: 3 }, 1.5)).toBeUndefined()
  })
})

describe('isStillOutdated', () => {
  const settings = { style: 'cinematic', aspect_ratio: '9:16' } as const
  const saved = { scenes: [scene(1), scene(2)], settings }
  const draftOf = (scenes: Scene[]) => createStoryboardState(scenes).scenes

  it('is false while the draft is what was saved, whitespace aside', () => {
    const scenes = draftOf([scene(1), scene(2)]).map((item) => ({ ...item, narration: ` ${item.narration} ` }))
    expect(isStillOutdated({ scenes, settings }, saved, 0)).toBe(false)
    expect(isStillOutdated({ scenes, settings }, saved, 1)).toBe(false)
  })

  it('is true for changed words, length, seed, place, style or ratio, and for an unsaved scene', () => {
    const scenes = draftOf([scene(1), scene(2)])
    const changed = (index: number, changes: Partial<(typeof scenes)[number]>) =>
      scenes.map((item, at) => (at === index ? { ...item, ...changes } : item))
    expect(isStillOutdated({ scenes: changed(0, { visual: 'A kite' }), settings }, saved, 0)).toBe(true)
    expect(isStillOutdated({ scenes: changed(0, { duration: 9 }), settings }, saved, 0)).toBe(true)
    expect(isStillOutdated({ scenes: changed(1, { seed: 99 }), settings }, saved, 1)).toBe(true)
    expect(isStillOutdated({ scenes: [...scenes].reverse(), settings }, saved, 0)).toBe(true)
    expect(isStillOutdated({ scenes, settings: { ...settings, style: 'anime' } }, saved, 0)).toBe(true)
    expect(isStillOutdated({ scenes, settings: { ...settings, aspect_ratio: '1:1' } }, saved, 1)).toBe(true)
    const added = storyboardReducer(createStoryboardState(saved.scenes), { type: 'add', afterKey: undefined, key: 'n' })
    expect(isStillOutdated({ scenes: added.scenes, settings }, saved, 2)).toBe(true)
    expect(isStillOutdated({ scenes: added.scenes, settings }, saved, 0)).toBe(true)
  })
})
