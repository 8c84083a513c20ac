import { describe, expect, it } from 'vitest'

import { createVoiceEngine } from './create-voice-engine.ts'
import { PACE_SAMPLES } from './pace-samples.ts'
import { splitWords } from './speech-words.ts'

const engine = createVoiceEngine(undefined)

describe('the pace of every local voice', () => {
  it.each(engine.listVoices().map((voice) => [voice.id, voice] as const))(
    '%s speaks at its declared words per second, near 150 words a minute',
    async (_id, voice) => {
      const text = PACE_SAMPLES[voice.language.split('-')[0] ?? '']
      if (!text) throw new Error(`no pace sample in ${voice.language}`)
      const clip = await engine.synthesize({ text, voiceId: voice.id, speed: 1 })
      const measured = splitWords(text).length / (clip.samples.length / clip.sampleRate)
      // Scenes are sized at the declared pace before anything is synthesised: it must be what the voice does.
      expect(Math.abs(measured - voice.wordsPerSecond) / voice.wordsPerSecond).toBeLessThan(0.06)
      expect(voice.wordsPerSecond * 60).toBeGreaterThanOrEqual(140)
      expect(voice.wordsPerSecond * 60).toBeLessThanOrEqual(160)
    },
  )
})
