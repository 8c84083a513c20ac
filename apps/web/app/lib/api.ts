import { env } from './env.ts'
import { navigateTo } from './navigation.ts'
import { createQueryHelper, getBaseAddresses, type QueryHelper } from './query.ts'
import { clearAdminToken, clearSession, getAdminToken, getSession } from './session.ts'
import { toasts } from './toast.ts'

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
