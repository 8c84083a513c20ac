import type { HostedApiConfig } from '#src/options.ts'
import { EngineError } from '#src/errors.ts'
import { createConfiguredEndpointFetch, type OutgoingFetch } from '#src/net/outgoing.ts'

import { estimateWordTimings } from './estimate-word-timings.ts'
import { describeVoice, type SpeechClip, type SpeechRequest, type VoiceEngine, type VoiceInfo } from './voice-engine.ts'
import { decodeWav } from './wav.ts'

const TIMEOUT_MS = 60_000

export const HOSTED_LICENCE =
  "Synthesised by the hosted text-to-speech service this site is configured with; commercial use follows that provider's terms, which ask you to tell listeners the voice is AI-generated."

type HostedVoice = VoiceInfo & { apiVoice: string }

const HOSTED_VOICES: HostedVoice[] = (
  [
    ['alloy', 'Alloy', 'female'],
    ['echo', 'Echo', 'male'],
    ['fable', 'Fable', 'male'],
    ['onyx', 'Onyx', 'male'],
    ['nova', 'Nova', 'female'],
    ['shimmer', 'Shimmer', 'female'],
  ] as const
).map(([apiVoice, name, gender]) => ({
  id: `hosted-${apiVoice}`,
  apiVoice,
  name,
  language: 'en-US',
  languageLabel: 'English (US)',
  gender,
  description: describeVoice('neural', { languageLabel: 'English (US)', gender }),
  engine: 'hosted',
  // Assumed, about 150 words a minute like the local voices: a hosted voice cannot be measured offline, and a
  // compatible server's voices may speak faster or slower.
  wordsPerSecond: 2.5,
  licence: HOSTED_LICENCE,
}))

function unavailable(message: string): EngineError {
  return new EngineError('unavailable', 'voice', `The hosted voice service failed: ${message}`)
}

/** The message of OpenAI's error body ({ error: { message } }), or the start of whatever came instead. */
function describeFailure(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } }
    if (typeof parsed.error?.message === 'string') return `HTTP ${status}: ${parsed.error.message}`
  } catch {
    // Not JSON: a proxy's HTML page, say.
  }
  return `HTTP ${status}${body.trim() ? `: ${body.trim().slice(0, 200)}` : ''}`
}

/**
 * Hosted speech over OpenAI's HTTP protocol (`POST /v1/audio/speech`), so any compatible server
 * works. The API answers audio only; word timings are estimated from the text and the clip's pauses.
 * @see https://platform.openai.com/docs/api-reference/audio/createSpeech
 */
export function createOpenAiTtsVoiceEngine(config: HostedApiConfig) {
  const byId = new Map(HOSTED_VOICES.map((voice) => [voice.id, voice]))
  // Only the configured host, through the one outgoing guard; the call's own timeout still ends it first.
  const guardedFetch = createConfiguredEndpointFetch(config.url, TIMEOUT_MS + 5000)

  async function synthesize({ text, voiceId, speed }: SpeechRequest): Promise<SpeechClip> {
    const voice = byId.get(voiceId)
    if (!voice) throw new EngineError('not-found', 'voice', `There is no voice "${voiceId}" in the voice library.`)
    let response: Awaited<ReturnType<OutgoingFetch>>
    try {
      response = await guardedFetch(`${config.url}/v1/audio/speech`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: config.model,
          voice: voice.apiVoice,
          input: text,
          response_format: 'wav',
          speed,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
      throw unavailable(timedOut ? `no answer within ${TIMEOUT_MS / 1000} s` : `could not reach ${config.url}`)
    }
    let body: Buffer
    try {
      body = Buffer.from(await response.arrayBuffer())
    } catch {
      throw unavailable('the answer was cut off')
    }
    if (!response.ok) throw unavailable(describeFailure(response.status, body.toString('utf8')))
    let audio
    try {
      audio = decodeWav(body)
    } catch (error) {
      throw unavailable(`the audio could not be read (${error instanceof Error ? error.message : String(error)})`)
    }
    if (audio.samples.length === 0) throw unavailable('the audio was empty')
    return { ...audio, words: estimateWordTimings(text, audio.samples, audio.sampleRate) }
  }

  return {
    name: 'openai-tts',
    engineFor(id: string) {
      return this.getVoice(id) ? this.name : undefined
    },
    listVoices: () => HOSTED_VOICES.map(({ apiVoice: _apiVoice, ...info }) => info),
    getVoice(id: string) {
      const voice = byId.get(id)
      if (!voice) return undefined
      const { apiVoice: _apiVoice, ...info } = voice
      return info
    },
    synthesize,
  } satisfies VoiceEngine
}
