import { describe, expect, it } from 'vitest'

import { ownWordsPrompt, type Scene } from '@storyreel/contracts/studio'

import {
  createStoryboardState,
  estimateNarrationSeconds,
  getNarrationWarning,
  getStoryboardTotals,
  isStillOutdated,
  listSceneNumbers,
  storyboardReducer,
  toSceneInputs,
  type StoryboardState,
} from './storyboard.ts'

const ASSET = '7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'

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
    const dismissed = storyboardReducer(removed, { type: 'dismiss-undo' })
    expect(dismissed.removed).toBeUndefined()
    expect(order(storyboardReducer(dismissed, { type: 'undo-remove' }))).toEqual(['Narration 1', 'Narration 3'])
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

  it('takes the length the server gave a scene to fit its narration, unless the length was changed since', () => {
    const sent = start.scenes.map((item, index) => (index === 0 ? { ...item, duration: 3 } : item))
    const lengthened = [{ scene_id: scene(1).id, from_seconds: 3, to_seconds: 6.2 }]
    const before = { ...start, scenes: sent }
    const answer = [{ ...scene(1), duration: 6.2 }, scene(2), scene(3)]
    const saved = storyboardReducer(before, { type: 'saved', sent, scenes: answer, lengthened })
    expect(saved.scenes.map((item) => item.duration)).toEqual([6.2, 5, 5])
    const edited = storyboardReducer(before, { type: 'update', key: first, changes: { duration: 4 } })
    const kept = storyboardReducer(edited, { type: 'saved', sent, scenes: answer, lengthened })
    expect(kept.scenes[0]?.duration).toBe(4)
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
      media: null,
    })
  })

  it('sends scenes without an id as new', () => {
    const added = storyboardReducer(start, { type: 'add', afterKey: undefined, key: 'new-1' })
    expect(toSceneInputs(added.scenes)[3]).toEqual({ narration: '', visual: '', duration: 4, media: null })
  })

  it('always sends each scene’s media, so a save never leaves one to the server’s memory', () => {
    const photo = {
      type: 'photo',
      asset_id: ASSET,
      focus: { x: 0.2, y: 0.7 },
      fit: 'fill',
      camera: 'pan-left',
    } as const
    const withPhoto = createStoryboardState([{ ...scene(1), media: photo }, scene(2)])
    expect(toSceneInputs(withPhoto.scenes).map((input) => input.media)).toEqual([photo, null])
    const cleared = storyboardReducer(withPhoto, { type: 'update', key: first, changes: { media: null } })
    expect(toSceneInputs(cleared.scenes).map((input) => input.media)).toEqual([null, null])
  })

  it('puts media into several scenes in one step, leaving the others as they were', () => {
    const clip = {
      type: 'clip',
      asset_id: ASSET,
      trim_start: 1,
      trim_end: 3,
      focus: null,
      fit: 'auto',
      fill: 'loop',
      sound: 'muted',
    } as const
    const next = storyboardReducer(start, { type: 'set-media', media: [{ key: third, media: clip }] })
    expect(next.scenes.map((item) => item.media)).toEqual([null, null, clip])
  })
})

describe('storyboard totals and the narration estimate', () => {
  it('adds up the durations and checks the 15 to 90 s bounds', () => {
    expect(getStoryboardTotals([scene(1, 5), scene(2, 4.5)])).toEqual({
      seconds: 9.5,
      cardSeconds: 0,
      status: 'too-short',
      incomplete: 0,
      awaitingWords: [],
    })
    expect(getStoryboardTotals([scene(1, 10), scene(2, 10)]).status).toBe('ok')
    expect(getStoryboardTotals(Array.from({ length: 7 }, (_, i) => scene(i, 15))).status).toBe('too-long')
    // The brand's cards count toward the longest video, not the shortest: the scenes alone must make 15 s.
    const withCards = getStoryboardTotals(
      Array.from({ length: 8 }, (_, i) => scene(i, 11)),
      3.5,
    )
    expect(withCards).toMatchObject({ seconds: 91.5, cardSeconds: 3.5, status: 'too-long' })
    expect(getStoryboardTotals([scene(1, 12)], 5).status).toBe('too-short')
    expect(getStoryboardTotals([{ duration: 5, visual: ' ', narration: 'Hi.' }]).incomplete).toBe(1)
  })

  it("lists the scenes that still hold the writer's prompt for your own words", () => {
    const prompt = { duration: 8, visual: 'Solar panels', narration: ownWordsPrompt(20, 'the first step') }
    expect(getStoryboardTotals([scene(1, 5), prompt, scene(3, 5), prompt]).awaitingWords).toEqual([2, 4])
  })

  it("estimates speech at the voice's own pace, faster with a faster speed", () => {
    const tenWords = 'one two three four five six seven eight nine ten'
    expect(estimateNarrationSeconds(tenWords)).toBe(4)
    expect(estimateNarrationSeconds(tenWords, 2)).toBe(2)
    expect(estimateNarrationSeconds(tenWords, 1, 2)).toBe(5)
    expect(estimateNarrationSeconds('   ')).toBe(0)
  })

  it('warns when the narration with its pauses needs longer than the scene, as the server would lengthen it', () => {
    const tenWords = 'one two three four five six seven eight nine ten'
    // 4 s of speech, a quarter second before it and 0.35 s after.
    expect(getNarrationWarning({ narration: tenWords, duration: 3 })).toEqual({ needed: 4.6, over: 1.6 })
    expect(getNarrationWarning({ narration: tenWords, duration: 4.6 })).toBeUndefined()
    expect(getNarrationWarning({ narration: tenWords, duration: 3.5 }, 1.5)).toBeUndefined()
    expect(getNarrationWarning({ narration: tenWords, duration: 4.6 }, 1, 2)).toEqual({ needed: 5.6, over: 1 })
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

  it('is true for other media, and false for the same media whatever order its fields come in', () => {
    const photo = { type: 'photo', asset_id: ASSET, focus: null, fit: 'auto', camera: 'auto' } as const
    const withPhoto = { scenes: [{ ...scene(1), media: photo }, scene(2)], settings }
    const reordered = { camera: 'auto', fit: 'auto', focus: null, asset_id: ASSET, type: 'photo' } as const
    const draft = draftOf([{ ...scene(1), media: reordered }, scene(2)])
    expect(isStillOutdated({ scenes: draft, settings }, withPhoto, 0)).toBe(false)
    const moved = draft.map((item, at) =>
      at === 0 ? { ...item, media: { ...photo, focus: { x: 0.1, y: 0.1 } } } : item,
    )
    expect(isStillOutdated({ scenes: moved, settings }, withPhoto, 0)).toBe(true)
    expect(isStillOutdated({ scenes: draftOf([scene(1), scene(2)]), settings }, withPhoto, 0)).toBe(true)
  })
})

describe('listSceneNumbers', () => {
  it('names the scenes to fix in words', () => {
    expect(listSceneNumbers([2])).toBe('scene 2')
    expect(listSceneNumbers([2, 4])).toBe('scenes 2 and 4')
    expect(listSceneNumbers([1, 3, 5])).toBe('scenes 1, 3 and 5')
  })
})
