import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { createEspeakVoiceEngine } from '#src/voice/espeak-voice-engine.ts'
import { encodeWav } from '#src/voice/wav.ts'

import { readBody, sendOpenAiError } from './openai-protocol.ts'

/** OpenAI's speech output: 24 kHz mono 16-bit. */
const SAMPLE_RATE = 24_000
const MAX_INPUT_CHARS = 4096
const VOICES: Record<string, string> = {
  alloy: 'en-us-aria',
  echo: 'en-us-marcus',
  fable: 'en-gb-arthur',
  onyx: 'en-us-theo',
  nova: 'en-us-jenna',
  shimmer: 'en-gb-olivia',
}
const FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']

export type SpeechRequestRecord = { authorization: string | undefined; contentType: string | undefined; body: unknown }

/** What the stand-in answers: real speech, or the failures a hosted API can have. */
export type TtsStandInMode = 'speech' | 'server-error' | 'not-audio'

/** Linear interpolation is plenty for speech that is only read back by our decoder and level meter. */
function resample(samples: Float32Array, from: number, to: number): Float32Array {
  const out = new Float32Array(Math.floor((samples.length * to) / from))
  for (let i = 0; i < out.length; i++) {
    const position = (i * from) / to
    const left = Math.floor(position)
    const fraction = position - left
    out[i] = (samples[left] ?? 0) * (1 - fraction) + (samples[left + 1] ?? samples[left] ?? 0) * fraction
  }
  return out
}

/** The body checks of OpenAI's speech endpoint: the problem and the parameter it is about, or undefined. */
function findProblem(body: unknown): [string, string] | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return ['We could not parse the JSON body of your request.', '']
  const { model, input, voice, response_format: format, speed } = body as Record<string, unknown>
  if (typeof model !== 'string' || !model) return ["Missing required parameter: 'model'.", 'model']
  if (typeof input !== 'string' || !input) return ["Missing required parameter: 'input'.", 'input']
  if (input.length > MAX_INPUT_CHARS) return [`Input is longer than ${MAX_INPUT_CHARS} characters.`, 'input']
  if (typeof voice !== 'string' || !(voice in VOICES)) {
    return [`Invalid value: '${String(voice)}'. Supported values are: ${Object.keys(VOICES).join(', ')}.`, 'voice']
  }
  if (format !== undefined && (typeof format !== 'string' || !FORMATS.includes(format))) {
    return [`Invalid value: ${JSON.stringify(format)}. Supported values are: ${FORMATS.join(', ')}.`, 'response_format']
  }
  if (speed !== undefined && (typeof speed !== 'number' || speed < 0.25 || speed > 4)) {
    return ['Speed must be a number between 0.25 and 4.0.', 'speed']
  }
  return undefined
}

/**
 * A stand-in for OpenAI's `POST /v1/audio/speech` on 127.0.0.1: it checks the bearer key and the
 * body as the real API does and answers real speech, synthesised here with the local eSpeak NG engine and
 * resampled to the API's 24 kHz. The requests it got are kept for assertions.
 */
export async function startTtsStandIn({ apiKey }: { apiKey: string }) {
  const espeak = createEspeakVoiceEngine()
  const requests: SpeechRequestRecord[] = []
  let mode: TtsStandInMode = 'speech'

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (request.method !== 'POST' || request.url !== '/v1/audio/speech') {
      sendOpenAiError(response, 404, `Invalid URL (${request.method ?? ''} ${request.url ?? ''})`)
      return
    }
    const raw = await readBody(request)
    let body: unknown
    try {
      body = JSON.parse(raw)
    } catch {
      body = undefined
    }
    requests.push({ authorization: request.headers.authorization, contentType: request.headers['content-type'], body })
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      const given = request.headers.authorization?.replace(/^Bearer /, '') ?? ''
      sendOpenAiError(response, 401, `Incorrect API key provided: ${given.slice(0, 3)}***.`, {
        code: 'invalid_api_key',
      })
      return
    }
    const problem = findProblem(body)
    if (problem) {
      sendOpenAiError(response, 400, problem[0], { param: problem[1] || null })
      return
    }
    if (mode === 'server-error') {
      response.writeHead(500, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: {
            message: 'The server had an error while processing your request.',
            type: 'server_error',
            param: null,
            code: null,
          },
        }),
      )
      return
    }
    if (mode === 'not-audio') {
      response.writeHead(200, { 'content-type': 'audio/wav' }).end('<html>upstream proxy error</html>')
      return
    }
    const { input, voice, response_format: format = 'mp3', speed = 1 } = body as Record<string, string | number>
    if (format !== 'wav' && format !== 'pcm') {
      sendOpenAiError(response, 400, `This stand-in answers wav and pcm only, not ${String(format)}.`, {
        param: 'response_format',
      })
      return
    }
    const clip = await espeak.synthesize({
      text: String(input),
      voiceId: VOICES[String(voice)] ?? '',
      speed: Number(speed),
    })
    const wav = encodeWav(resample(clip.samples, clip.sampleRate, SAMPLE_RATE), SAMPLE_RATE)
    response
      .writeHead(200, { 'content-type': format === 'wav' ? 'audio/wav' : 'audio/pcm' })
      .end(format === 'wav' ? wav : wav.subarray(44))
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      sendOpenAiError(response, 500, error instanceof Error ? error.message : String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(next: TtsStandInMode) {
      mode = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type TtsStandIn = Awaited<ReturnType<typeof startTtsStandIn>>
