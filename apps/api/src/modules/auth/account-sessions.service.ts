import type { SessionList, SessionsRevoked } from '@storyreel/contracts/auth'

import { AppError } from '#src/errors.ts'

import type { AuthService, Session } from './auth.service.ts'
import type { SessionsRepository } from './sessions.repository.ts'
import { describeUserAgent } from './user-agent.ts'

/** An account lists this many of its sessions at most, the most recently used first. */
export const SESSIONS_LISTED_MAX = 100

/** The account's own sessions: where it is signed in, and signing any of them out at once on every instance. */
export function createAccountSessionsService(deps: {
  auth: AuthService
  sessions: SessionsRepository
  now?: () => Date
}) {
  const { auth, sessions } = deps
  const now = deps.now ?? (() => new Date())

  return {
    async list(session: Session): Promise<SessionList> {
      const rows = await sessions.listActiveForUser(session.user.id, now(), SESSIONS_LISTED_MAX)
      // The device in hand first, then the others by their last use (the repository's order).
      const ordered = [
        ...rows.filter((row) => row.id === session.sessionId),
        ...rows.filter((row) => row.id !== session.sessionId),
      ]
      return {
        sessions: ordered.map((row) => ({
          id: row.id,
          kind: row.kind,
          ...describeUserAgent(row.userAgent),
          created_at: row.createdAt.toISOString(),
          last_used_at: row.lastUsedAt?.toISOString() ?? null,
          expires_at: row.expiresAt.toISOString(),
          current: row.id === session.sessionId,
        })),
      }
    },

    /** Signs out one session of the account (this one too, like a logout). */
    async revoke(session: Session, sessionId: string): Promise<void> {
      const tokenHash = await sessions.revokeForUser(session.user.id, sessionId)
      if (!tokenHash) throw new AppError('SESSION_NOT_FOUND', 404, 'This session has already ended.')
      await auth.invalidateToken(tokenHash)
    },

    async revokeOthers(session: Session): Promise<SessionsRevoked> {
      const revoked = await sessions.revokeAllForUser(session.user.id, undefined, session.sessionId)
      if (revoked > 0) await auth.invalidateUser(session.user.id)
      return { revoked }
    },
  }
}

export type AccountSessionsService = ReturnType<typeof createAccountSessionsService>
