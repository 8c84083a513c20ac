import { describe, expect, it } from 'vitest'

import type { UserRow } from '#src/modules/users/users.service.ts'

import { createSessionCache, type CachedSession } from './session-cache.ts'

const T0 = Date.parse('2026-01-01T00:00:00Z')
const at = (ms: number) => T0 + ms
const session = (userId: string, sessionId = `s-${userId}`, expiresAt = at(3_600_000)): CachedSession => ({
  sessionId,
  kind: 'user',
  expiresAt: new Date(expiresAt),
  lastUsedMs: T0,
  user: { id: userId } as UserRow,
})

describe('the session cache', () => {
  it('answers from memory until its time-to-live ends', () => {
    const cache = createSessionCache({ ttlMs: 1000, maxEntries: 10 })
    cache.set('t1', session('u1'), T0, cache.generation)
    expect(cache.get('t1', at(999))?.sessionId).toBe('s-u1')
    expect(cache.get('t1', at(1001))).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('never outlives the session itself', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10 })
    cache.set('t1', session('u1', 's1', at(500)), T0, cache.generation)
    expect(cache.get('t1', at(499))).toBeDefined()
    expect(cache.get('t1', at(500))).toBeUndefined()
  })

  it('forgets one token, or every token of a user', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10 })
    cache.set('a1', session('u1', 'sa1'), T0, cache.generation)
    cache.set('a2', session('u1', 'sa2'), T0, cache.generation)
    cache.set('b1', session('u2'), T0, cache.generation)
    cache.forgetToken('a1')
    expect(cache.get('a1', T0)).toBeUndefined()
    expect(cache.get('a2', T0)).toBeDefined()
    cache.forgetUser('u1')
    expect(cache.get('a2', T0)).toBeUndefined()
    expect(cache.get('b1', T0)).toBeDefined()
  })

  it('drops the oldest entry when full', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 2 })
    cache.set('t1', session('u1'), T0, cache.generation)
    cache.set('t2', session('u2'), T0, cache.generation)
    cache.set('t3', session('u3'), T0, cache.generation)
    expect(cache.size).toBe(2)
    expect(cache.get('t1', T0)).toBeUndefined()
    expect(cache.get('t3', T0)).toBeDefined()
  })

  it('does not store a session read before an invalidation, here or from another instance', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10 })
    const readAt = cache.generation
    // The revocation arrives while the lookup that read the row is still on its way back.
    cache.forgetToken('t1')
    cache.set('t1', session('u1'), T0, readAt)
    expect(cache.get('t1', T0)).toBeUndefined()
    const again = cache.generation
    cache.forgetUser('someone-else')
    cache.set('t1', session('u1'), T0, again)
    expect(cache.get('t1', T0)).toBeUndefined()
    cache.set('t1', session('u1'), T0, cache.generation)
    expect(cache.get('t1', T0)).toBeDefined()
  })
})
