import type { HostedApiConfig } from '#src/options.ts'
import { EngineError } from '#src/errors.ts'

import { createEspeakVoiceEngine } from './espeak-voice-engine.ts'
import { createFliteVoiceEngine } from './flite-voice-engine.ts'
import { createOpenAiTtsVoiceEngine } from './openai-tts-voice-engine.ts'
import type { SpeechRequest, VoiceEngine } from './voice-engine.ts'

/** One engine over several: each voice id belongs to the engine that lists it. */
export function combineVoiceEngines(engines: VoiceEngine[]): VoiceEngine {
  const ownerOf = (id: string) => engines.find((engine) => engine.getVoice(id))
  return {
    name: engines.map((engine) => engine.name).join('+'),
    listVoices: () => engines.flatMap((engine) => engine.listVoices()),
    getVoice: (id) => ownerOf(id)?.getVoice(id),
    engineFor: (id) => ownerOf(id)?.engineFor(id),
    synthesize(request: SpeechRequest) {
      const engine = ownerOf(request.voiceId)
      if (!engine) {
        return Promise.reject(
          new EngineError('not-found', 'voice', `There is no voice "${request.voiceId}" in the voice library.`),
        )
      }
      return engine.synthesize(request)
    },
  }
}

/**
 * The voice library: the local voices always (Flite's English voices first, then eSpeak NG's in every
 * language), and the hosted ones when TTS_API_URL is set.
 */
export function createVoiceEngine(tts: HostedApiConfig | undefined): VoiceEngine {
  return combineVoiceEngines([
    createFliteVoiceEngine(),
    createEspeakVoiceEngine(),
    ...(tts ? [createOpenAiTtsVoiceEngine(tts)] : []),
  ])
}
