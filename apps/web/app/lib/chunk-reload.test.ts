// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { canClaimChunkReload, CHUNK_RELOAD_WINDOW_MS, claimChunkReload, isChunkLoadError } from './chunk-reload.ts'

describe('isChunkLoadError', () => {
  it('recognises failed module loads in Chromium, Safari, Firefox and Vite wording', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(true)
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true)
  })

  it('leaves other errors to the error page', () => {
    expect(isChunkLoadError(new Error('Something else'))).toBe(false)
    expect(isChunkLoadError({ status: 404 })).toBe(false)
  })
})

describe('claimChunkReload', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'))
    sessionStorage.clear()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('allows one reload per path per 10 seconds, remembered across page loads', () => {
    expect(claimChunkReload('/pricing', sessionStorage)).toBe(true)
    vi.advanceTimersByTime(CHUNK_RELOAD_WINDOW_MS - 1)
    expect(canClaimChunkReload('/pricing', sessionStorage)).toBe(false)
    expect(claimChunkReload('/pricing', sessionStorage)).toBe(false)
    vi.advanceTimersByTime(1)
    expect(claimChunkReload('/pricing', sessionStorage)).toBe(true)
  })

  it('counts each path on its own', () => {
    expect(claimChunkReload('/pricing', sessionStorage)).toBe(true)
    expect(claimChunkReload('/features', sessionStorage)).toBe(true)
    expect(claimChunkReload('/pricing', sessionStorage)).toBe(false)
  })

  it('forgets reloads older than the window', () => {
    claimChunkReload('/a', sessionStorage)
    vi.advanceTimersByTime(CHUNK_RELOAD_WINDOW_MS)
    claimChunkReload('/b', sessionStorage)
    const record = JSON.parse(sessionStorage.getItem('chunkReloads') ?? '{}') as Record<string, number>
    expect(Object.keys(record)).toEqual(['/b'])
  })

  it('never reloads without storage, since nothing would stop a loop', () => {
    expect(claimChunkReload('/pricing', undefined)).toBe(false)
  })

  it('survives a corrupt record', () => {
    sessionStorage.setItem('chunkReloads', '{not json')
    expect(claimChunkReload('/pricing', sessionStorage)).toBe(true)
  })
})
