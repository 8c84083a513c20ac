import type { IncomingMessage, ServerResponse } from 'node:http'

/** The pieces of OpenAI's HTTP protocol the local stand-ins share (chat, speech and images). */

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** OpenAI's error body. @see https://platform.openai.com/docs/guides/error-codes */
export function sendOpenAiError(
  response: ServerResponse,
  status: number,
  message: string,
  {
    type = 'invalid_request_error',
    param = null,
    code = null,
  }: { type?: string; param?: string | null; code?: string | null } = {},
) {
  response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error: { message, type, param, code } }))
}
