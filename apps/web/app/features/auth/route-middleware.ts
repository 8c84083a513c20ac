import { data, redirect, type MiddlewareFunction } from 'react-router'

import { getSession, type SessionState } from '#app/lib/session.ts'

/** The named route middlewares; their rules are set out in decision 013. */
export const ROUTE_MIDDLEWARE_NAMES = [
  'full-auth',
  'not-confirmed-auth',
  'no-auth-required',
  'admin-auth',
  'app-redirect',
] as const
export type RouteMiddlewareName = (typeof ROUTE_MIDDLEWARE_NAMES)[number]

/**
 * Where a signed-in, unconfirmed user enters the code: inside the app layout. The public /confirm page stays for
 * the link in the e-mail, which may be opened on another device with no session (decision 031).
 */
export const CONFIRM_CODE_PATH = '/auth/confirm'

/** true lets the route render, false shows the 404 page, a string redirects there. */
export type GuardResult = boolean | string
type Guard = (context: { session: SessionState; url: URL }) => GuardResult

const signIn = (url: URL) => {
  const back = `${url.pathname}${url.search}`
  return back === '/' ? '/auth/login' : `/auth/login?redirectTo=${encodeURIComponent(back)}`
}

/** Only same-site paths, so a crafted link cannot send someone elsewhere after sign-in. */
export function getSafeRedirect(value: string | null, fallback = '/app'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  return value
}

export const GUARDS: Record<RouteMiddlewareName, Guard> = {
  // Logged in and confirmed: the app itself.
  'full-auth': ({ session, url }) => {
    if (!session.user) return signIn(url)
    if (!session.user.confirmed) return CONFIRM_CODE_PATH
    return true
  },
  // Logged in, e-mail not yet confirmed: the code screen.
  'not-confirmed-auth': ({ session, url }) => {
    if (!session.user) return signIn(url)
    if (session.user.confirmed) return '/app'
    return true
  },
  // Anonymous only: sign-in and registration. A signed-in visitor is sent on.
  'no-auth-required': ({ session, url }) => {
    if (!session.user) return true
    if (!session.user.confirmed) return CONFIRM_CODE_PATH
    return getSafeRedirect(url.searchParams.get('redirectTo'))
  },
  // Admins only. Anyone else gets the 404 page, so the console's existence is not advertised.
  'admin-auth': ({ session, url }) => {
    if (!session.user) return signIn(url)
    return session.user.role === 'admin' && session.user.confirmed
  },
  // A bare section address (/auth) goes to the screen that fits the visitor.
  'app-redirect': ({ session }) => {
    if (!session.user) return '/auth/login'
    return session.user.confirmed ? '/app' : CONFIRM_CODE_PATH
  },
}

/** Runs one named guard; throws 'Unknown route middleware' for a name that is not one of them. */
export function runRouteMiddleware(name: string, context: { session: SessionState; url: URL }): GuardResult {
  if (!Object.hasOwn(GUARDS, name)) throw new Error('Unknown route middleware')
  return GUARDS[name as RouteMiddlewareName](context)
}

/**
 * Client middlewares for a route module: they run before any child loader, so no screen calls the API
 * for a visitor who may not see it.
 */
export function routeMiddleware(...names: RouteMiddlewareName[]): MiddlewareFunction[] {
  for (const name of names) if (!Object.hasOwn(GUARDS, name)) throw new Error('Unknown route middleware')
  return names.map((name) => ({ request }) => {
    const result = runRouteMiddleware(name, { session: getSession(), url: new URL(request.url) })
    // React Router expects thrown responses here: a redirect, or data() for the error boundary's 404.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (result === false) throw data('Not Found', { status: 404 })
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (typeof result === 'string') throw redirect(result)
  })
}
