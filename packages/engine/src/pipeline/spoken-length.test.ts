import { describe, expect, it } from 'vitest'

import type { Scene } from '@storyreel/contracts/studio'

import { getSpokenLengthProblem, SPOKEN_VIDEO_MAX_SECONDS } from './spoken-length.ts'

const scene = (duration: number): Scene => ({
  id: crypto.randomUUID(),
  narration: 'Words.',
  visual: 'A picture',
  duration,
  seed: 1,
})
const storyboard = Array.from({ length: 6 }, () => scene(15))
/** The storyboard's first scenes as the render measured them. */
const grown = (lengths: number[]) => lengths.map((duration, index) => ({ ...(storyboard[index] as Scene), duration }))

describe('getSpokenLengthProblem', () => {
  it('lets a 90 s storyboard run a little longer once its speech is measured', () => {
    expect(SPOKEN_VIDEO_MAX_SECONDS).toBe(99)
    expect(getSpokenLengthProblem(storyboard, grown([15, 15, 15, 15, 15, 15]))).toBeUndefined()
    expect(getSpokenLengthProblem(storyboard, grown([15, 19, 15, 15, 15, 20]))).toBeUndefined()
  })

  it('names the scenes whose speech made the video too long, and by how much', () => {
    expect(getSpokenLengthProblem(storyboard, grown([15, 24, 15, 15, 20, 15]))).toBe(
      'Scenes 2 and 5 run too long: spoken, their narration takes 14 s more than the storyboard gives them, so ' +
        'the video would last 104 s, over the 90 s limit. Shorten their narration (a word a voice cannot read is ' +
        'spelled out, letter by letter) or remove scenes.',
    )
    expect(getSpokenLengthProblem(storyboard, grown([15, 15, 15, 15, 15, 60]))).toMatch(
      /^Scene 6 runs too long: spoken, its narration takes 45 s more than the storyboard gives it, so the video would last 135 s/,
    )
  })

  it('refuses as soon as the scenes voiced so far are too long, counting the rest at their planned length', () => {
    expect(getSpokenLengthProblem(storyboard, grown([45, 30]))).toMatch(
      /^Scenes 1 and 2 run too long: .* so the video would last at least 135 s, over the 90 s limit/,
    )
    expect(getSpokenLengthProblem(storyboard, grown([20]))).toBeUndefined()
  })
})
