import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'

import { AppError } from '#src/errors.ts'

import type { AuthService, ClientInfo, Session } from './auth.service.ts'
import type { SessionKind } from './sessions.repository.ts'

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
 * a cached session is admitted without a promise (decision 023).
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
    const found = auth.authenticate(token, kind)
    if (!(found instanceof Promise)) return admit(request, found, done)
    found.then(
      (session) => admit(request, session, done),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    )
  }
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
