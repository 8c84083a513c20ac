import { ApiError } from './api-client.ts'
import { env } from './env.ts'
import { navigateTo } from './navigation.ts'
import { createQueryHelper, getBaseAddresses, type QueryHelper } from './query.ts'
import { clearAdminToken, clearSession, getAdminToken, getSession } from './session.ts'
import { toasts } from './toast.ts'
import { sendFile } from './upload.ts'

let helper: QueryHelper | undefined

/**
 * The app's query helper, made on first use in the browser (prerendering never calls the API). A call
 * that needs a token and has none, or gets a 401, clears that session and goes to its sign-in screen.
 */
export function getApi(): QueryHelper {
  helper ??= createQueryHelper({
    baseAddresses: getBaseAddresses({
      origin: window.location.origin,
      nodeHost: env.nodeHost,
      apiVersion: env.apiVersion,
    }),
    timeoutMs: env.requestTimeoutMs,
    getToken: (target) => (target === 'admin' ? getAdminToken() : getSession().token),
    onSignedOut: (target) => {
      if (target === 'admin') {
        clearAdminToken()
        navigateTo('/app/admin', { replace: true })
      } else {
        clearSession()
        navigateTo('/auth/login', { replace: true })
      }
    },
    notify: toasts.notify,
    dismiss: toasts.dismiss,
    getPage: () => window.location.pathname,
  })
  return helper
}

/**
 * Uploads one file to a product API path with the stored session, reporting progress; a 401 signs out as
 * the query helper does. The caller shows what went wrong (the upload list keeps each file's error).
 */
export async function uploadToApi<T>(
  path: string,
  file: Blob & { name?: string },
  options: {
    method?: 'POST' | 'PUT'
    onProgress?: (loaded: number, total: number) => void
    signal?: AbortSignal
  } = {},
): Promise<T> {
  const base = getBaseAddresses({ origin: window.location.origin, nodeHost: env.nodeHost, apiVersion: env.apiVersion })
  try {
    return await sendFile<T>({ url: `${base.api}${path}`, token: getSession().token, file, ...options })
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearSession()
      navigateTo('/auth/login', { replace: true })
    }
    throw error
  }
}
