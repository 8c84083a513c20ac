import type { ApiError as ApiErrorBody } from '@storyreel/contracts/errors'

/** A non-2xx answer, parsed with the contract's one error shape. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly code: string
  /** The answer's message as a list: one item, or one per validation problem. */
  readonly messages: string[]

  constructor(status: number, code: string, message: string | string[]) {
    const messages = Array.isArray(message) ? message : [message]
    super(messages.join('\n'))
    this.status = status
    this.code = code
    this.messages = messages
  }
}

/** No answer at all: offline, DNS, CORS refusal or the request timeout. */
export class NetworkError extends Error {
  override name = 'NetworkError'
}

export type RequestOptions = {
  body?: unknown
  token?: string | undefined
  signal?: AbortSignal | undefined
  /** Overrides the requester's timeout for this call; 0 means none. */
  timeoutMs?: number | undefined
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type Requester = {
  baseUrl: string
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>
}

/**
 * The contract's error shape (ApiErrorSchema), checked by hand: every page that can send a form loads this
 * client, and the landing pages among them must not bundle the schema library for four fields.
 */
export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false
  const { statusCode, error, code, message } = body as Record<string, unknown>
  return (
    typeof statusCode === 'number' &&
    Number.isInteger(statusCode) &&
    statusCode >= 400 &&
    statusCode <= 599 &&
    typeof error === 'string' &&
    typeof code === 'string' &&
    /^[A-Z][A-Z0-9_]*$/.test(code) &&
    (typeof message === 'string' || (Array.isArray(message) && message.every((item) => typeof item === 'string')))
  )
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  if (isApiErrorBody(body)) return new ApiError(body.statusCode, body.code, body.message)
  return new ApiError(
    response.status,
    'HTTP_ERROR',
    response.status >= 500 ? 'StoryReel is having trouble right now. Please try again.' : response.statusText,
  )
}

/**
 * One base address, one fetch: JSON in and out, the Bearer header when given a token, an optional timeout.
 * It never raises toasts or navigates; the query helper decides that.
 */
export function createRequester({
  baseUrl,
  timeoutMs = 0,
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
}: {
  baseUrl: string
  timeoutMs?: number
  fetch?: typeof globalThis.fetch
}): Requester {
  return {
    baseUrl,
    async request<T>(method: HttpMethod, path: string, options: RequestOptions = {}) {
      const headers: Record<string, string> = { accept: 'application/json' }
      if (options.body !== undefined) headers['content-type'] = 'application/json'
      if (options.token) headers.authorization = `Bearer ${options.token}`
      const timeout = options.timeoutMs ?? timeoutMs
      const signals = [options.signal, timeout > 0 ? AbortSignal.timeout(timeout) : undefined].filter(
        (signal): signal is AbortSignal => signal !== undefined,
      )
      let response: Response
      try {
        response = await fetchImpl(`${baseUrl}${path.replace(/^\/+/, '')}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
        })
      } catch (error) {
        if (options.signal?.aborted) throw error
        throw new NetworkError(
          error instanceof Error && error.name === 'TimeoutError'
            ? 'The request took too long. Please try again.'
            : 'Could not reach StoryReel. Check your connection and try again.',
          { cause: error },
        )
      }
      if (!response.ok) throw await toApiError(response)
      if (response.status === 204) return undefined as T
      const text = await response.text()
      return (text ? JSON.parse(text) : undefined) as T
    },
  }
}
