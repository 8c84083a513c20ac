import { describe, expect, it } from 'vitest'

import { DEFAULT_PROJECT_SETTINGS, SceneSchema, VIDEO_MAX_SECONDS } from '@storyreel/contracts/studio'

import { createLocalScriptWriter } from '#src/script/local-script-writer.ts'
import { createVoiceEngine } from '#src/voice/create-voice-engine.ts'

import { draftStoryboard } from './storyboard.ts'

const engines = { scriptEngine: createLocalScriptWriter(), voices: createVoiceEngine(undefined) }
const WORDS =
  'the quick brown fox jumps over lazy dogs near river bank while children play with red kites and old men fish quietly'.split(
    ' ',
  )
const wordsOf = (count: number) => Array.from({ length: count }, (_, index) => WORDS[index % WORDS.length]).join(' ')

const draft = (kind: 'prompt' | 'script', text: string, targetSeconds = 30) =>
  draftStoryboard(engines, { kind, text }, { ...DEFAULT_PROJECT_SETTINGS, target_seconds: targetSeconds })

describe('draftStoryboard', () => {
  it.each([
    [
      'twenty 40-letter words',
      Array.from({ length: 20 }, () => 'x'.repeat(40)).join(' '),
      /scene \d+ would say [\d,]+ characters/,
    ],
    ['a how-to of 140 words', `how to ${wordsOf(140)}`, /it lasts [\d.]+ s, and a video lasts at most 90 s/],
    ['a question of 140 words', `explain why ${wordsOf(140)}`, /scene \d+ would say [\d,]+ characters/],
  ])(
    'refuses a prompt of %s, whose draft would break a storyboard’s limits, saying which',
    async (_name, text, why) => {
      for (const target of [15, 90]) {
        const refused = draft('prompt', text, target)
        await expect(refused).rejects.toMatchObject({ name: 'EngineError', kind: 'invalid', reason: 'unusable' })
        await expect(refused).rejects.toThrow(why)
      }
    },
  )

  it('keeps every draft within the scenes’ and the video’s limits, up to the longest video', async () => {
    for (const text of ['A 60 second ad for our family-run bakery in Lisbon', 'The grand opening of our pizzeria']) {
      const storyboard = await draft('prompt', text, VIDEO_MAX_SECONDS)
      for (const scene of storyboard.scenes) SceneSchema.parse(scene)
      const total = storyboard.scenes.reduce((sum, scene) => sum + scene.duration, 0)
      expect(total).toBeLessThanOrEqual(VIDEO_MAX_SECONDS)
      expect(total).toBeGreaterThanOrEqual(VIDEO_MAX_SECONDS * 0.9)
    }
  })

  it('refuses a script whose long words take longer to say than any video lasts, counting their letters', async () => {
    const refused = draft('script', 'a'.repeat(6000), VIDEO_MAX_SECONDS)
    await expect(refused).rejects.toMatchObject({ kind: 'invalid', engine: 'script', reason: 'too-long' })
    await expect(refused).rejects.toThrow('This script has 1 word, long enough to take as long to say as 1,000 words')
    const tooLongForTarget = draft('script', Array.from({ length: 6 }, () => 'b'.repeat(65)).join(' '), 15)
    await expect(tooLongForTarget).rejects.toThrow(/a 15 s video fits about \d+ at the chosen voice's pace/)
  })
})
