import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { getSecondsForNarration } from '@storyreel/contracts/narration'
import { getScenesAwaitingWords, OWN_WORDS_PROMPT } from '@storyreel/contracts/studio'

import { findWritingProblems } from '#src/testing/writing-checks.ts'

import { createLocalScriptWriter } from './local-script-writer.ts'

type EvalVideo = { id: string; intent: string; prompt: string; target_seconds: number }

const evaluation = JSON.parse(readFileSync(new URL('../../eval/studio-eval.json', import.meta.url), 'utf8')) as {
  videos: EvalVideo[]
}
const writer = createLocalScriptWriter()
/** Kinds of video whose facts only the user knows: the writer leaves prompts for their words. */
const NEEDS_WORDS = new Set(['explainer', 'how-to', 'recipe'])

describe('the offline writer on the evaluation prompts', () => {
  it('has a prompt and a target length for every video', () => {
    for (const video of evaluation.videos) {
      expect(video.prompt, video.id).toMatch(/\w{3}/)
      expect(video.target_seconds, video.id).toBeGreaterThanOrEqual(15)
      expect(video.target_seconds, video.id).toBeLessThanOrEqual(90)
    }
  })

  it.each(evaluation.videos)('drafts $id in length, in order and in grammatical English', async (video) => {
    for (const wordsPerSecond of [2.5, 2.8]) {
      const draft = await writer.createStoryboard({
        source: { kind: 'prompt', text: video.prompt },
        targetSeconds: video.target_seconds,
        style: 'cinematic',
        language: 'en-US',
        wordsPerSecond,
      })
      const total = draft.scenes.reduce((sum, scene) => sum + scene.duration, 0)
      expect(total).toBeGreaterThanOrEqual(video.target_seconds * 0.9)
      expect(total).toBeLessThanOrEqual(video.target_seconds * 1.1)
      for (const scene of draft.scenes) {
        expect(findWritingProblems(scene.narration, video.prompt), scene.narration).toEqual([])
        // The studio warns when a scene is shorter than its words need: a fresh draft never does.
        if (!OWN_WORDS_PROMPT.test(scene.narration))
          expect(getSecondsForNarration(scene.narration, wordsPerSecond), scene.narration).toBeLessThanOrEqual(
            scene.duration,
          )
        expect(findWritingProblems(scene.visual), scene.visual).toEqual([])
      }
      expect(findWritingProblems(draft.title), draft.title).toEqual([])
      // Order: a written opening first and a written close last, whatever sits between them.
      const awaiting = getScenesAwaitingWords(draft.scenes)
      expect(awaiting).not.toContain(1)
      expect(awaiting).not.toContain(draft.scenes.length)
      if (NEEDS_WORDS.has(video.intent)) expect(awaiting.length).toBeGreaterThan(0)
      if (['story', 'travel', 'ad', 'event', 'tips'].includes(video.intent)) expect(awaiting).toEqual([])
    }
  })
})
