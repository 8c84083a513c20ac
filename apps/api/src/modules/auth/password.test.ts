import { describe, expect, it } from 'vitest'

import { createConcurrencyLimit } from './concurrency-limit.ts'
import { createPasswordHasher, getPasswordProblem } from './password.ts'

describe('getPasswordProblem', () => {
  it('accepts 8 to 128 characters that are not a common password', () => {
    expect(getPasswordProblem('violet-reel-42-sunset')).toBeUndefined()
    expect(getPasswordProblem('a'.repeat(7) + 'Z')).toBeUndefined()
  })

  it('refuses passwords shorter than 8 or longer than 128 characters', () => {
    expect(getPasswordProblem('Sh0rt!')).toBe('TOO_SHORT')
    expect(getPasswordProblem('x'.repeat(129))).toBe('TOO_LONG')
  })

  it('counts characters, not bytes', () => {
    expect(getPasswordProblem('ééééééé')).toBe('TOO_SHORT')
  })

  it('refuses common passwords whatever their case', () => {
    expect(getPasswordProblem('password123')).toBe('TOO_COMMON')
    expect(getPasswordProblem('QWERTYUIOP')).toBe('TOO_COMMON')
  })
})

describe('createPasswordHasher', () => {
  const hasher = createPasswordHasher({ maxConcurrent: 2 })

  it('hashes with argon2id and the OWASP parameters, salted per hash', async () => {
    const first = await hasher.hash('violet-reel-42-sunset')
    const second = await hasher.hash('violet-reel-42-sunset')
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(first).not.toBe(second)
  })

  it('verifies the right password and rejects a wrong one or a broken hash', async () => {
    const stored = await hasher.hash('violet-reel-42-sunset')
    expect(await hasher.verify(stored, 'violet-reel-42-sunset')).toBe(true)
    expect(await hasher.verify(stored, 'violet-reel-42-sunsex')).toBe(false)
    expect(await hasher.verify('not-a-hash', 'violet-reel-42-sunset')).toBe(false)
  })

  it('answers an unknown account after a real verification', async () => {
    const startedAt = performance.now()
    expect(await hasher.verifyAgainstNothing('anything')).toBe(false)
    expect(performance.now() - startedAt).toBeGreaterThan(1)
  })
})

describe('createConcurrencyLimit', () => {
  it('never runs more than the limit at once and keeps order', async () => {
    const limit = createConcurrencyLimit(2)
    let running = 0
    let peak = 0
    const order: number[] = []
    await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        limit(async () => {
          running++
          peak = Math.max(peak, running)
          await new Promise((resolve) => setTimeout(resolve, 5))
          order.push(n)
          running--
        }),
      ),
    )
    expect(peak).toBe(2)
    expect(order).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('frees its slot when a task fails', async () => {
    const limit = createConcurrencyLimit(1)
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(limit(() => Promise.resolve('next'))).resolves.toBe('next')
  })

  it('refuses a limit below one', () => {
    expect(() => createConcurrencyLimit(0)).toThrow(RangeError)
  })
})
