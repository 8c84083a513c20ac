import type { ApiKeyScope } from '@storyreel/contracts/api-keys'

import type { SessionKind } from './sessions.repository.ts'
import type { UserRow } from '#src/modules/users/users.service.ts'

/** What an API key may do: its id and its scopes. */
export type ApiKeyGrant = { id: string; scopes: readonly ApiKeyScope[] }

/**
 * `lastUsedMs` is when the session's use was last written (0: never), so that write happens once a minute at
 * most. An API key is cached the same way, with `apiKey` set and its id as `sessionId`, so the one invalidation
 * (of its token, or of its user) reaches keys and sessions alike.
 */
export type CachedSession = {
  sessionId: string
  kind: SessionKind
  expiresAt: Date
  lastUsedMs: number
  user: UserRow
  apiKey?: ApiKeyGrant
}

/**
 * Live sessions by token hash, so an authenticated call does not wait on the database each time (the
 * goal: auth/me at least half a bare route's throughput). Entries live `ttlMs` at most and are dropped at
 * once on logout, on revocation and on any change to their user, here and, through Redis, on every other
 * instance (decision 015).
 */
export function createSessionCache({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }) {
  // Times are epoch milliseconds: every authenticated call reads this, and a Date per call is measurable.
  const byToken = new Map<string, { session: CachedSession; storedAt: number; expiresAt: number }>()
  const byUser = new Map<string, Set<string>>()
  // Counts invalidations, local or heard from another instance. A lookup that began before one may have read
  // a row from before the change that caused it, so what it read is not stored (see `set`).
  let generation = 0

  const drop = (tokenHash: string) => {
    const entry = byToken.get(tokenHash)
    if (!entry) return
    byToken.delete(tokenHash)
    const tokens = byUser.get(entry.session.user.id)
    tokens?.delete(tokenHash)
    if (tokens?.size === 0) byUser.delete(entry.session.user.id)
  }

  return {
    get(tokenHash: string, nowMs: number): CachedSession | undefined {
      const entry = byToken.get(tokenHash)
      if (!entry) return undefined
      if (nowMs - entry.storedAt > ttlMs || entry.expiresAt <= nowMs) {
        drop(tokenHash)
        return undefined
      }
      return entry.session
    },

    /** The invalidations so far; read it before a database lookup and pass it to `set` with what was read. */
    get generation() {
      return generation
    },

    /** Stores a session read at `readAtGeneration`, unless an invalidation has come in since. */
    set(tokenHash: string, session: CachedSession, nowMs: number, readAtGeneration: number): void {
      if (readAtGeneration !== generation) return
      drop(tokenHash)
      // Maps iterate in insertion order, so the first key is the oldest entry.
      if (byToken.size >= maxEntries) {
        const oldest = byToken.keys().next().value
        if (oldest !== undefined) drop(oldest)
      }
      byToken.set(tokenHash, { session, storedAt: nowMs, expiresAt: session.expiresAt.getTime() })
      const tokens = byUser.get(session.user.id) ?? new Set<string>()
      tokens.add(tokenHash)
      byUser.set(session.user.id, tokens)
    },

    forgetToken(tokenHash: string): void {
      generation += 1
      drop(tokenHash)
    },

    forgetUser(userId: string): void {
      generation += 1
      for (const tokenHash of [...(byUser.get(userId) ?? [])]) drop(tokenHash)
    },

    get size() {
      return byToken.size
    },
  }
}

export type SessionCache = ReturnType<typeof createSessionCache>
