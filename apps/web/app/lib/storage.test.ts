import { describe, expect, it, vi } from 'vitest'

import { createStorage, type StorageBackend } from './storage.ts'

function createBackend(initial: Record<string, string> = {}): StorageBackend & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

describe('the storage object', () => {
  it('keeps every key as one JSON map under one storage key', () => {
    const backend = createBackend()
    const storage = createStorage('storyreel', backend)
    storage.set('user', { id: 'u1', email: 'a@example.com' })
    storage.set('access_token', 'tok')
    expect([...backend.data.keys()]).toEqual(['storyreel'])
    expect(JSON.parse(backend.data.get('storyreel') ?? '')).toEqual({
      user: { id: 'u1', email: 'a@example.com' },
      access_token: 'tok',
    })
    expect(storage.get('access_token')).toBe('tok')
  })

  it('removes keys and drops the entry when the map is empty', () => {
    const backend = createBackend()
    const storage = createStorage('storyreel', backend)
    storage.set('a', 1)
    storage.set('b', 2)
    storage.remove('a')
    expect(storage.get('a')).toBeUndefined()
    expect(storage.get('b')).toBe(2)
    storage.clear()
    expect(backend.data.has('storyreel')).toBe(false)
  })

  it('reads a corrupt or non-object entry as empty instead of throwing', () => {
    expect(createStorage('s', createBackend({ s: '{not json' })).get('user')).toBeUndefined()
    expect(createStorage('s', createBackend({ s: '[1,2]' })).get('0')).toBeUndefined()
  })

  it('keeps working in memory when the backend refuses to write', () => {
    const backend = createBackend()
    backend.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError')
    }
    const storage = createStorage('s', backend)
    storage.set('user', 'x')
    expect(storage.get('user')).toBe('x')
  })

  it('tells subscribers about every change', () => {
    const storage = createStorage('s', createBackend())
    const listener = vi.fn()
    const unsubscribe = storage.subscribe(listener)
    storage.set('a', 1)
    storage.remove('a')
    unsubscribe()
    storage.set('b', 1)
    expect(listener).toHaveBeenCalledTimes(2)
  })
})
