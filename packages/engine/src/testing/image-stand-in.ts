import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { createCanvas } from '@napi-rs/canvas'

import { readBody, sendOpenAiError } from './openai-protocol.ts'

const SIZES = ['256x256', '512x512', '1024x1024', '1024x1536', '1536x1024', '1024x1792', '1792x1024']
const MAX_PROMPT_CHARS = 4000

export type ImageRequestRecord = { authorization: string | undefined; body: unknown }

/** What the stand-in answers: a real picture, or the failures a hosted API can have. */
export type ImageStandInMode = 'image' | 'server-error' | 'not-an-image'

function findProblem(body: unknown): [string, string] | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return ['We could not parse the JSON body of your request.', '']
  const { model, prompt, size, n, response_format: format } = body as Record<string, unknown>
  if (typeof model !== 'string' || !model) return ["Missing required parameter: 'model'.", 'model']
  if (typeof prompt !== 'string' || !prompt) return ["Missing required parameter: 'prompt'.", 'prompt']
  if (prompt.length > MAX_PROMPT_CHARS) return [`The prompt is longer than ${MAX_PROMPT_CHARS} characters.`, 'prompt']
  if (size !== undefined && (typeof size !== 'string' || !SIZES.includes(size)))
    return [`Invalid value: ${JSON.stringify(size)}. Supported values are: ${SIZES.join(', ')}.`, 'size']
  if (n !== undefined && n !== 1) return ['Invalid value for n: only 1 image per request is supported here.', 'n']
  if (format !== undefined && format !== 'b64_json' && format !== 'url')
    return [`Invalid value: ${JSON.stringify(format)}. Supported values are: 'url' and 'b64_json'.`, 'response_format']
  return undefined
}

/** A picture of its own for the prompt: a gradient whose hues come from the words, with a sun and hills. */
async function drawPicture(prompt: string, size: string): Promise<Buffer> {
  const [width, height] = size.split('x').map(Number) as [number, number]
  // Drawn at a quarter of the size and scaled up: the test only needs a real PNG of the right shape.
  const canvas = createCanvas(width / 4, height / 4)
  const context = canvas.getContext('2d')
  let hash = 0
  for (const char of prompt) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  const hue = hash % 360
  const sky = context.createLinearGradient(0, 0, 0, canvas.height)
  sky.addColorStop(0, `hsl(${hue}, 60%, 35%)`)
  sky.addColorStop(1, `hsl(${(hue + 40) % 360}, 70%, 75%)`)
  context.fillStyle = sky
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.fillStyle = `hsl(${(hue + 180) % 360}, 80%, 65%)`
  context.beginPath()
  context.arc(canvas.width * 0.7, canvas.height * 0.3, canvas.width * 0.12, 0, Math.PI * 2)
  context.fill()
  context.fillStyle = `hsl(${(hue + 90) % 360}, 40%, 30%)`
  context.beginPath()
  context.moveTo(0, canvas.height)
  context.quadraticCurveTo(canvas.width * 0.4, canvas.height * 0.5, canvas.width, canvas.height * 0.75)
  context.lineTo(canvas.width, canvas.height)
  context.fill()
  const full = createCanvas(width, height)
  full.getContext('2d').drawImage(canvas, 0, 0, width, height)
  return full.encode('png')
}

/**
 * A stand-in for OpenAI's `POST /v1/images/generations` on 127.0.0.1: it checks the bearer key and
 * the body as the real API does and answers a real PNG it draws for the prompt, base64 in `data[0].b64_json`.
 */
export async function startImageStandIn({ apiKey }: { apiKey: string }) {
  const requests: ImageRequestRecord[] = []
  let mode: ImageStandInMode = 'image'

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (request.method !== 'POST' || url.pathname !== '/v1/images/generations') {
      return sendOpenAiError(response, 404, `Invalid URL (${request.method} ${url.pathname})`)
    }
    const text = await readBody(request)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    requests.push({ authorization: request.headers.authorization, body })
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return sendOpenAiError(response, 401, 'Incorrect API key provided.', { code: 'invalid_api_key' })
    }
    const problem = findProblem(body)
    if (problem) return sendOpenAiError(response, 400, problem[0], { param: problem[1] || null })
    if (mode === 'server-error')
      return sendOpenAiError(response, 500, 'The server had an error while processing your request.')
    const { prompt, size = '1024x1024' } = body as { prompt: string; size?: string }
    const png = mode === 'not-an-image' ? Buffer.from('this is not a picture') : await drawPicture(prompt, size)
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        created: Math.floor(Date.now() / 1000),
        data: [{ b64_json: png.toString('base64'), revised_prompt: prompt }],
      }),
    )
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => sendOpenAiError(response, 500, 'stand-in failure'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    /** Every request with its Authorization header and parsed body, for assertions. */
    requests,
    setMode(next: ImageStandInMode) {
      mode = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
