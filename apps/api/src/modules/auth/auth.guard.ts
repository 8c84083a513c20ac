import type { FastifyReply, FastifyRequest } from 'fastify'

import { AppError } from '#src/errors.ts'

import type { AuthService, Session } from './auth.service.ts'
import type { SessionKind } from './sessions.repository.ts'

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,128})$/

export function getBearerToken(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1]
}

/**
 * A preHandler that admits a live session of one kind (a user token never opens admin routes, nor the
 * reverse) and puts it on `request.session`; anything else is a 401 in the one error shape.
 */
export function createSessionGuard(auth: AuthService, kind: SessionKind) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = getBearerToken(request)
    if (!token) throw new AppError('UNAUTHORIZED', 401, 'Sign in to continue.')
    const session = await auth.authenticate(token, kind)
    if (!session) throw new AppError('UNAUTHORIZED', 401, 'Your session has ended. Sign in again.')
    request.session = session
  }
}

/** For handlers behind a guard: the session is there, or the guard would have answered 401. */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('UNAUTHORIZED', 401, 'Sign in to continue.')
  return request.session
}
