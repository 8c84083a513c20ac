import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'

import { AppError } from '#src/errors.ts'

import type { AuthService, ClientInfo, Session } from './auth.service.ts'
import type { SessionKind } from './sessions.repository.ts'
import { isApiKey } from './token.ts'

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null
  }
}

export type SessionGuard = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,128})$/

export function getBearerToken(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1]
}

/**
 * A preHandler that admits a live session of one kind (a user token never opens admin routes, nor the
 * reverse) and puts it on `request.session`; anything else is a 401 in the one error shape. A callback hook:
 * a cached session is admitted without a promise (decision 023). An API key is admitted only on a user route
 * whose schema declares `apiKeyScope`, and only with that scope (decision 060).
 */
export function createSessionGuard(auth: AuthService, kind: SessionKind): SessionGuard {
  const admit = (request: FastifyRequest, session: Session | undefined, done: HookHandlerDoneFunction) => {
    if (!session) return done(new AppError('UNAUTHORIZED', 401, 'Your session has ended. Sign in again.'))
    request.session = session
    done()
  }
  return (request, _reply, done) => {
    const token = getBearerToken(request)
    if (!token) return done(new AppError('UNAUTHORIZED', 401, 'Sign in to continue.'))
    if (isApiKey(token)) return request.session?.apiKey ? done() : admitApiKey(auth, kind, token, request, done)
    const found = auth.authenticate(token, kind)
    if (!(found instanceof Promise)) return admit(request, found, done)
    found.then(
      (session) => admit(request, session, done),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    )
  }
}

/**
 * An onRequest hook for the whole server: an API key is admitted, or refused, before the request is parsed
 * or validated, so a key outside its scopes learns that rather than what was wrong with its body. Public
 * routes ignore a key; the session guards then let an admitted key through.
 */
export function createApiKeyHook(auth: AuthService): SessionGuard {
  return (request, _reply, done) => {
    const token = getBearerToken(request)
    const kind = request.routeOptions.schema?.auth
    if (!token || !kind || !isApiKey(token)) return done()
    admitApiKey(auth, kind, token, request, done)
  }
}

function admitApiKey(
  auth: AuthService,
  kind: SessionKind,
  key: string,
  request: FastifyRequest,
  done: HookHandlerDoneFunction,
): void {
  // A route that declares nothing is session-only: a forgotten declaration refuses keys rather than admit them.
  const scope = kind === 'admin' ? 'none' : (request.routeOptions.schema?.apiKeyScope ?? 'none')
  if (scope === 'none') {
    return done(
      new AppError(
        'API_KEY_NOT_ALLOWED',
        403,
        'API keys cannot be used for this call: account, password, session, API key and admin calls need you signed in.',
      ),
    )
  }
  const admit = (session: Session | undefined) => {
    if (!session?.apiKey) {
      return done(
        new AppError('API_KEY_INVALID', 401, 'This API key is not valid: it was revoked, or its account is closed.'),
      )
    }
    const missing = scope === 'any' ? [] : [scope].flat().filter((needed) => !session.apiKey?.scopes.includes(needed))
    if (missing.length > 0) {
      const names = missing.join(' and ')
      return done(
        new AppError(
          'API_KEY_SCOPE',
          403,
          `This API key lacks the scope${missing.length > 1 ? 's' : ''} ${names}. Create a key with ${names} on your profile page.`,
        ),
      )
    }
    request.session = session
    done()
  }
  const found = auth.authenticateApiKey(key)
  if (!(found instanceof Promise)) return admit(found)
  found.then(admit, (error: unknown) => done(error instanceof Error ? error : new Error(String(error))))
}

/** For handlers behind a guard: the session is there, or the guard would have answered 401. */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('UNAUTHORIZED', 401, 'Sign in to continue.')
  return request.session
}

/** The caller as the request tells it: the network address (per TRUST_PROXY) and the User-Agent header. */
export function getClientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] }
}
