import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { readBody, sendOpenAiError } from './openai-protocol.ts'

/** One request the stand-in received, for tests to inspect. */
export type ChatRequestRecord = { method: string; path: string; authorization: string | undefined; body: unknown }

/** What the stand-in answers to the next chat completion requests. */
export type ChatReply =
  | { kind: 'storyboard' }
  /** An OpenAI-shaped error at this status. */
  | { kind: 'error'; status: number; message: string; type?: string }
  /** A normal completion whose message content is this text (garbage, a wrong shape, a custom storyboard). */
  | { kind: 'content'; content: string; finishReason?: string }
  /** A 200 whose body is not a chat completion at all. */
  | { kind: 'raw'; status: number; body: string }
  /** Never answers, as a stalled provider. */
  | { kind: 'hang' }

export type ChatStandIn = Awaited<ReturnType<typeof startChatStandIn>>

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

type Message = { role: string; content: string }

function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false
  const { role, content } = value as Record<string, unknown>
  return (
    typeof role === 'string' &&
    ['system', 'user', 'assistant', 'developer'].includes(role) &&
    typeof content === 'string'
  )
}

/** Why a body is not a valid chat completion request, as OpenAI's 400 would say; undefined when it is. */
function findBodyProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return 'We could not parse the JSON body of your request.'
  const { model, messages, response_format: format } = body as Record<string, unknown>
  if (typeof model !== 'string' || !model) return 'you must provide a model parameter'
  if (!Array.isArray(messages) || messages.length === 0) return "'messages' must be a non-empty array"
  if (!messages.every(isMessage)) return "Invalid 'messages': each needs a role and string content"
  if (format !== undefined) {
    const { type, json_schema: schema } = format as Record<string, unknown>
    if (!['text', 'json_object', 'json_schema'].includes(type as string)) return "Invalid 'response_format.type'"
    if (type === 'json_schema') {
      const { name, schema: jsonSchema } = (schema ?? {}) as Record<string, unknown>
      if (typeof name !== 'string' || typeof jsonSchema !== 'object' || jsonSchema === null) {
        return "Missing required parameter: 'response_format.json_schema'"
      }
    }
  }
  return undefined
}

/**
 * A deterministic "model": the user's text after its first blank line is split at sentence ends, one scene
 * per sentence, each visual naming the sentence's own longest words. Tests can predict every field.
 */
export function buildStandInStoryboard(userText: string) {
  const text = userText.includes('\n\n') ? userText.slice(userText.indexOf('\n\n') + 2) : userText
  const sentences = text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean)
  return {
    title: text
      .split(/\s+/)
      .slice(0, 4)
      .join(' ')
      .replace(/[.,!?]+$/, ''),
    scenes: sentences.map((sentence) => {
      const words = sentence.split(/\s+/)
      const longest = [...words].sort((a, b) => b.length - a.length).slice(0, 2)
      return {
        narration: sentence,
        visual: `A scene showing ${longest.map((word) => word.replace(/[^\p{L}\d-]/gu, '').toLowerCase()).join(' and ')}`,
        duration: Math.round((words.length / 2.5 + 0.5) * 10) / 10,
      }
    }),
  }
}

/**
 * A stand-in for an OpenAI-compatible chat completions API on 127.0.0.1: it checks the Bearer
 * key and the request body as the real API does and answers a `chat.completion` object, so the script
 * engine's real HTTP code is what tests exercise. `reply()` switches it to errors, garbage or silence.
 */
export async function startChatStandIn({ apiKey }: { apiKey: string }) {
  const requests: ChatRequestRecord[] = []
  let next: ChatReply = { kind: 'storyboard' }
  const hanging = new Set<ServerResponse>()

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const raw = await readBody(request)
    let body: unknown
    try {
      body = JSON.parse(raw)
    } catch {
      body = undefined
    }
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      authorization: request.headers.authorization,
      body,
    })
    if (request.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
      return sendOpenAiError(response, 404, `Invalid URL (${request.method} ${url.pathname})`)
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return sendOpenAiError(
        response,
        401,
        'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
        { code: 'invalid_api_key' },
      )
    }
    const problem = findBodyProblem(body)
    if (problem) return sendOpenAiError(response, 400, problem)
    const { model, messages } = body as { model: string; messages: Message[] }

    const reply = next
    if (reply.kind === 'hang') {
      hanging.add(response)
      return
    }
    if (reply.kind === 'error')
      return sendOpenAiError(response, reply.status, reply.message, { type: reply.type ?? 'server_error' })
    if (reply.kind === 'raw') {
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body)
      return
    }
    const userText = messages.filter((message) => message.role === 'user').at(-1)?.content ?? ''
    const content = reply.kind === 'content' ? reply.content : JSON.stringify(buildStandInStoryboard(userText))
    const promptTokens = Math.ceil(raw.length / 4)
    const completionTokens = Math.ceil(content.length / 4)
    return send(response, 200, {
      id: `chatcmpl-${randomBytes(12).toString('hex')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          logprobs: null,
          finish_reason: reply.kind === 'content' ? (reply.finishReason ?? 'stop') : 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    })
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() =>
      sendOpenAiError(response, 500, 'The server had an error', { type: 'server_error' }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    /** The base URL, as SCRIPT_API_URL would hold it (the engine adds /v1/chat/completions). */
    url,
    apiKey,
    requests,
    /** What to answer from now on; `{ kind: 'storyboard' }` restores normal answers. */
    reply(reply: ChatReply) {
      next = reply
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const response of hanging) response.destroy()
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
