import { STATUS_CODES } from 'node:http'

import type { FastifyInstance } from 'fastify'

import { ApiErrorSchema, type ApiError } from '@storyreel/contracts/errors'

/**
 * One REST call a tool makes: a path of /api/v1 with its query, a JSON body for a POST, and the Idempotency-Key of
 * a call that takes one.
 */
export type ApiRequest = { method: 'GET' | 'POST'; path: string; body?: unknown; idempotencyKey?: string | undefined }

/**
 * The REST API as the MCP tools see it, called with one caller's API key: in process for /mcp, over HTTP for the
 * stdio entry. Either way each call passes the routes' own key checks, scopes, rate limits and error shape.
 */
export type StoryReelApi = {
  /** The body of a 2xx answer; any other answer is thrown as an ApiCallError with the API's error. */
  call(request: ApiRequest): Promise<unknown>
  /** Where the API's relative links point: its public address. */
  origin: string
}

/** A call the API refused (or could not be made), with the API's error as it answered it. */
export class ApiCallError extends Error {
  readonly error: ApiError

  constructor(error: ApiError) {
    super(typeof error.message === 'string' ? error.message : error.message.join('\n'))
    this.error = error
  }
}

function toError(statusCode: number, code: string, message: string): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', code, message }
}

/** A 2xx answer's JSON, or the API's error; a body that is neither is reported as the gateway error it is. */
function readAnswer(status: number, text: string): unknown {
  let body: unknown = null
  try {
    body = text === '' ? null : JSON.parse(text)
  } catch {
    throw new ApiCallError(toError(502, 'BAD_GATEWAY', `The API answered ${status} with a body that is not JSON.`))
  }
  if (status >= 200 && status < 300) return body
  const error = ApiErrorSchema.safeParse(body)
  throw new ApiCallError(
    error.success ? error.data : toError(502, 'BAD_GATEWAY', `The API answered ${status} without an error body.`),
  )
}

function toHeaders(
  authorization: string,
  { body, idempotencyKey }: ApiRequest,
  userAgent: string | undefined,
): Record<string, string> {
  return {
    authorization,
    accept: 'application/json',
    ...(userAgent ? { 'user-agent': userAgent } : {}),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
  }
}

/**
 * Calls this server's routes with `app.inject()`, as the caller: their key and their address, so a route's
 * per-address limit counts the caller rather than the server itself.
 */
export function createInProcessApi(
  app: FastifyInstance,
  {
    authorization,
    remoteAddress,
    userAgent,
    origin,
  }: { authorization: string; remoteAddress: string; userAgent: string | undefined; origin: string },
): StoryReelApi {
  return {
    origin,
    async call(request) {
      const { method, path, body } = request
      const response = await app.inject({
        method,
        url: path,
        remoteAddress,
        headers: toHeaders(authorization, request, userAgent),
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      })
      return readAnswer(response.statusCode, response.body)
    },
  }
}

/** The longest a call may take: a hosted script engine's draft takes seconds, an MCP client waits about a minute. */
const HTTP_TIMEOUT_MS = 50_000

/**
 * Calls a StoryReel server over HTTP with an API key. Redirects are refused rather than followed, so the key is
 * sent to `origin` and nowhere else.
 */
export function createHttpApi({ origin, key }: { origin: string; key: string }): StoryReelApi {
  return {
    origin,
    async call(request) {
      const { method, path, body } = request
      let response: Response
      let text: string
      try {
        response = await fetch(new URL(path, origin), {
          method,
          headers: toHeaders(`Bearer ${key}`, request, 'storyreel-mcp-stdio'),
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          redirect: 'error',
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        })
        text = await response.text()
      } catch (error) {
        const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : ''
        throw new ApiCallError(toError(502, 'API_UNREACHABLE', `StoryReel did not answer at ${origin}: ${cause}`))
      }
      return readAnswer(response.status, text)
    },
  }
}
