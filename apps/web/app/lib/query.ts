import { ApiError, NetworkError, createRequester, type HttpMethod, type Requester } from './api-client.ts'
import type { Notify } from './toast.ts'

/** Where a call goes: the local server, the product API (versioned) and the admin requester. */
export type Target = 'local' | 'api' | 'admin'

export type BaseAddresses = Record<Target, string>

/**
 * {origin}/api/ for the local server; {node host}/api/v{version}/ for product calls; {node host}/admin/ for
 * admin calls. An empty node host is the site's own origin.
 */
export function getBaseAddresses({
  origin,
  nodeHost,
  apiVersion,
}: {
  origin: string
  nodeHost: string
  apiVersion: number
}) {
  const host = (nodeHost || origin).replace(/\/+$/, '')
  return {
    local: `${origin.replace(/\/+$/, '')}/api/`,
    api: `${host}/api/v${apiVersion}/`,
    admin: `${host}/admin/`,
  } satisfies BaseAddresses
}

export type QueryOptions = {
  /** Which base address; product calls by default. */
  target?: Target
  /** Sends the stored token for this target; without one the call does not go out. */
  auth?: boolean
  /** Extra tries after a network failure or a 5xx; 4xx answers are final. */
  retry?: number
  /** A positive toast with this text when the call succeeds. */
  successToast?: string
  /** Shows the answer's message as a negative toast (a list joined with line breaks) instead of logging it. */
  notifyOnError?: boolean
  signal?: AbortSignal
  timeoutMs?: number
}

/** The call needed a token and none was stored. */
export class MissingTokenError extends Error {
  override name = 'MissingTokenError'
}

export type QueryHelperDeps = {
  baseAddresses: BaseAddresses
  timeoutMs?: number
  fetch?: typeof globalThis.fetch
  getToken(target: Target): string | undefined
  /** No token for an authenticated call, or a 401: the stored user is removed and the app goes to sign-in. */
  onSignedOut(target: Target): void
  notify: Notify
  dismiss(id: number): void
  /** The path of the page on screen, which an error toast belongs to. */
  getPage(): string
  log?: Pick<Console, 'error'>
  /** Backoff between retries; tests pass 0. */
  retryDelayMs?: number
}

const isRetryable = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiError && error.status >= 500)

/** get, post, put, patch and delete over the three requesters, with retries, toasts and the signed-out rule. */
export function createQueryHelper(deps: QueryHelperDeps) {
  const log = deps.log ?? console
  const retryDelayMs = deps.retryDelayMs ?? 400
  // The error toast of each call that failed last time: the same call succeeding makes its message wrong.
  const errorToasts = new Map<string, number>()
  const requesters: Record<Target, Requester> = {
    local: createRequester({ baseUrl: deps.baseAddresses.local, timeoutMs: deps.timeoutMs, fetch: deps.fetch }),
    api: createRequester({ baseUrl: deps.baseAddresses.api, timeoutMs: deps.timeoutMs, fetch: deps.fetch }),
    admin: createRequester({ baseUrl: deps.baseAddresses.admin, timeoutMs: deps.timeoutMs, fetch: deps.fetch }),
  }

  async function send<T>(method: HttpMethod, path: string, body: unknown, options: QueryOptions = {}) {
    const target = options.target ?? 'api'
    const call = `${method} ${target} ${path}`
    try {
      let token: string | undefined
      if (options.auth) {
        token = deps.getToken(target)
        if (!token) {
          deps.onSignedOut(target)
          throw new MissingTokenError('Sign in to continue.')
        }
      }
      const retries = Math.max(0, options.retry ?? 0)
      for (let attempt = 0; ; attempt += 1) {
        try {
          const result = await requesters[target].request<T>(method, path, {
            body,
            token,
            signal: options.signal,
            timeoutMs: options.timeoutMs,
          })
          const staleToast = errorToasts.get(call)
          if (staleToast !== undefined) {
            errorToasts.delete(call)
            deps.dismiss(staleToast)
          }
          if (options.successToast) deps.notify({ tone: 'positive', message: options.successToast })
          return result
        } catch (error) {
          if (attempt >= retries || !isRetryable(error) || options.signal?.aborted) throw error
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** attempt))
        }
      }
    } catch (error) {
      const signedOut = options.auth && error instanceof ApiError && error.status === 401
      if (signedOut) deps.onSignedOut(target)
      if (options.notifyOnError && error instanceof ApiError) {
        const message = error.messages.join('\n')
        // An error is about the page it happened on, and goes when the visitor moves on; but a signed-out
        // message ("Your session has ended") explains the sign-in screen it leads to, so it goes along.
        const id = deps.notify(
          signedOut ? { tone: 'negative', message } : { tone: 'negative', message, page: deps.getPage() },
        )
        errorToasts.set(call, id)
      } else if (!(error instanceof MissingTokenError)) {
        log.error(error)
      }
      throw error
    }
  }

  return {
    get: <T>(path: string, options?: QueryOptions) => send<T>('GET', path, undefined, options),
    post: <T>(path: string, body?: unknown, options?: QueryOptions) => send<T>('POST', path, body, options),
    /** Replaces a whole resource: the body is all of it. */
    put: <T>(path: string, body?: unknown, options?: QueryOptions) => send<T>('PUT', path, body, options),
    patch: <T>(path: string, body?: unknown, options?: QueryOptions) => send<T>('PATCH', path, body, options),
    delete: <T>(path: string, options?: QueryOptions) => send<T>('DELETE', path, undefined, options),
  }
}

export type QueryHelper = ReturnType<typeof createQueryHelper>
