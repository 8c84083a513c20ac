import { describe, expect, it } from 'vitest'

import type { ProjectMediaAsset } from '@storyreel/contracts/studio'

import {
  assignMediaToScenes,
  chooseMediaAsset,
  createClipMedia,
  createPhotoMedia,
  describeClipFit,
  describeMediaProblem,
  getCoverCrop,
  getMediaErrors,
  moveFocus,
  setTrimPoint,
} from './scene-media.ts'

const PHOTO_ID = '11111111-1111-4111-8111-111111111111'
const CLIP_ID = '22222222-2222-4222-8222-222222222222'

const asset = (changes: Partial<ProjectMediaAsset>): ProjectMediaAsset => ({
  id: PHOTO_ID,
  kind: 'image',
  status: 'ready',
  name: 'Shop front.jpg',
  width: 4000,
  height: 3000,
  duration_seconds: null,
  thumbnail_url: '/thumb.webp',
  url: '/photo.jpg',
  ...changes,
})

describe('setTrimPoint', () => {
  const clip = createClipMedia(CLIP_ID)

  it('keeps the in point at least the shortest stretch before the out point', () => {
    expect(setTrimPoint({ ...clip, trim_end: 4 }, 'start', 3.9, 10)).toEqual({ trim_start: 3.5, trim_end: 4 })
    expect(setTrimPoint(clip, 'start', -2, 10)).toEqual({ trim_start: 0, trim_end: null })
  })

  it('stores an out point at the clip’s end as null, and keeps it after the in point', () => {
    expect(setTrimPoint(clip, 'end', 6.04, 10)).toEqual({ trim_start: 0, trim_end: 6 })
    expect(setTrimPoint({ ...clip, trim_end: 6 }, 'end', 12, 10)).toEqual({ trim_start: 0, trim_end: null })
    expect(setTrimPoint({ ...clip, trim_start: 2 }, 'end', 1, 10)).toEqual({ trim_start: 2, trim_end: 2.5 })
  })
})

describe('describeClipFit', () => {
  const clip = { ...createClipMedia(CLIP_ID), trim_start: 2, trim_end: 5 }

  it('says what fills the rest of a longer scene, by the fill setting', () => {
    expect(describeClipFit(clip, 10, 5)).toBe(
      'This 3 s stretch is 2 s shorter than the scene: its last frame holds for 2 s.',
    )
    expect(describeClipFit({ ...clip, fill: 'loop' }, 10, 5)).toMatch(/plays again from its in point/)
    expect(describeClipFit({ ...clip, fill: 'slow' }, 10, 5)).toMatch(/plays at 60 % speed/)
    expect(describeClipFit({ ...clip, fill: 'slow' }, 10, 15)).toMatch(/quarter of its speed, then holds/)
  })

  it('says when the scene cuts a longer stretch short', () => {
    expect(describeClipFit(clip, 10, 2)).toBe('The scene lasts 2 s, so it shows the first 2 s of this 3 s stretch.')
  })
})

describe('moveFocus', () => {
  it('starts an automatic focus from the middle and stays inside the picture', () => {
    expect(moveFocus(null, 'ArrowRight')).toEqual({ x: 0.55, y: 0.5 })
    expect(moveFocus({ x: 0.02, y: 0.5 }, 'ArrowLeft')).toEqual({ x: 0, y: 0.5 })
    expect(moveFocus({ x: 0.5, y: 0.5 }, 'ArrowDown', true)).toEqual({ x: 0.5, y: 0.51 })
    expect(moveFocus({ x: 0.5, y: 0.5 }, 'Enter')).toBeUndefined()
  })
})

describe('getCoverCrop', () => {
  it('keeps a tall strip of a wide photo in a 9:16 frame, around the focus and inside the picture', () => {
    const crop = getCoverCrop({ width: 1600, height: 900 }, '9:16', { x: 0.9, y: 0.5 })
    expect(crop.height).toBe(1)
    expect(crop.width).toBeCloseTo(9 / 16 / (16 / 9))
    expect(crop.left + crop.width).toBeCloseTo(1)
  })
})

describe('describeMediaProblem', () => {
  const photo = createPhotoMedia(PHOTO_ID)

  it('says plainly that a deleted or unknown photo falls back to the drawn picture', () => {
    expect(describeMediaProblem(photo, undefined)?.text).toBe(
      'The photo this scene used was deleted from your library, so the scene shows the drawn picture.',
    )
    expect(describeMediaProblem(photo, asset({ status: 'deleted' }))?.tone).toBe('warning')
  })

  it('says a clip still being prepared will be used when ready, and nothing for a ready one', () => {
    const clip = createClipMedia(CLIP_ID)
    expect(describeMediaProblem(clip, asset({ id: CLIP_ID, kind: 'video', status: 'processing' }))?.text).toMatch(
      /still being prepared.*then uses it/,
    )
    expect(describeMediaProblem(photo, asset({ status: 'failed' }))?.text).toMatch(/could not be prepared/)
    expect(describeMediaProblem(photo, asset({}))).toBeUndefined()
  })
})

describe('assignMediaToScenes', () => {
  const scenes = [
    { key: 'a', media: null },
    { key: 'b', media: createPhotoMedia(PHOTO_ID) },
  ]

  it('fills the scenes in the order chosen and counts what did not fit', () => {
    const result = assignMediaToScenes(scenes, [
      { id: CLIP_ID, kind: 'video' },
      { id: PHOTO_ID, kind: 'image' },
      { id: CLIP_ID, kind: 'video' },
    ])
    expect(result.media.map((item) => [item.key, item.media.type])).toEqual([
      ['a', 'clip'],
      ['b', 'photo'],
    ])
    expect(result.replacing).toEqual([2])
    expect(result.leftOut).toBe(1)
  })
})

describe('chooseMediaAsset', () => {
  it('keeps a photo’s fit and camera move for another photo, and starts a new focus', () => {
    const before = { ...createPhotoMedia(PHOTO_ID), focus: { x: 0.1, y: 0.2 }, fit: 'fit', camera: 'still' } as const
    expect(chooseMediaAsset(before, { id: CLIP_ID, kind: 'image' })).toEqual({
      type: 'photo',
      asset_id: CLIP_ID,
      focus: null,
      fit: 'fit',
      camera: 'still',
    })
    expect(chooseMediaAsset(before, { id: CLIP_ID, kind: 'video' })).toEqual(createClipMedia(CLIP_ID))
  })
})

describe('getMediaErrors', () => {
  const sent = [{ key: 'a' }, { key: 'b' }]

  it('places a validation message beside the scene it names, and music beside the music', () => {
    const errors = getMediaErrors(
      {
        status: 400,
        code: 'VALIDATION_FAILED',
        messages: [
          "/scenes/1/media/trim_end: the clip's out point must be at least 0.5 s after its in point",
          '/settings/music_asset_id: choose a library track or one of your own, not both',
        ],
      },
      sent,
      { sceneKeys: [], music: false },
    )
    expect(errors.scenes).toEqual({ b: "The clip's out point must be at least 0.5 s after its in point" })
    expect(errors.music).toBe('Choose a library track or one of your own, not both')
  })

  it('places the API’s “Scene 2: …” beside scene 2', () => {
    const errors = getMediaErrors(
      {
        status: 422,
        code: 'CLIP_TRIM_INVALID',
        messages: ['Scene 2: the clip starts at 14 s, but "Pour.mp4" lasts 12 s.'],
      },
      sent,
      { sceneKeys: ['a', 'b'], music: false },
    )
    expect(errors).toEqual({ scenes: { b: 'The clip starts at 14 s, but "Pour.mp4" lasts 12 s.' }, music: undefined })
  })

  it('puts an asset error that names no scene beside what changed: the scenes, or else the music', () => {
    const gone = { status: 404, code: 'ASSET_NOT_FOUND', messages: ['That file is not in your library.'] }
    expect(getMediaErrors(gone, sent, { sceneKeys: ['a'], music: false }).scenes).toEqual({
      a: 'That file is not in your library.',
    })
    expect(getMediaErrors(gone, sent, { sceneKeys: [], music: true })).toEqual({
      scenes: {},
      music: 'That file is not in your library.',
    })
    const failure = { status: 500, code: 'INTERNAL', messages: ['x'] }
    expect(getMediaErrors(failure, sent, { sceneKeys: ['a'], music: true })).toEqual({ scenes: {}, music: undefined })
  })
})
