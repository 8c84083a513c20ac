// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'

import { DISPLAY_MODE_SCRIPT, readDisplayMode, resolveIsDark, storeDisplayMode } from './display-mode.ts'

function mockSystemDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query.includes('dark'), media: query }))
}

afterEach(() => {
  localStorage.clear()
  document.documentElement.className = ''
  vi.unstubAllGlobals()
})

describe('display mode', () => {
  it('defaults to dark when nothing (or garbage) is stored', () => {
    expect(readDisplayMode()).toBe('dark')
    localStorage.setItem('displayMode', 'sepia')
    expect(readDisplayMode()).toBe('dark')
  })

  it('resolves auto from the system preference', () => {
    expect(resolveIsDark('auto', true)).toBe(true)
    expect(resolveIsDark('auto', false)).toBe(false)
    expect(resolveIsDark('light', true)).toBe(false)
    expect(resolveIsDark('dark', false)).toBe(true)
  })

  it('stores the choice and applies it to the document', () => {
    mockSystemDark(false)
    storeDisplayMode('light')
    expect(localStorage.getItem('displayMode')).toBe('light')
    expect(document.documentElement.classList.contains('dark')).toBe(false)
    storeDisplayMode('dark')
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    expect(document.documentElement.dataset.mode).toBe('dark')
  })

  it('has a head script that applies the stored mode by itself', () => {
    // Runs the exact inline script the page ships, as the browser does before first paint.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const runHeadScript = new Function(DISPLAY_MODE_SCRIPT) as () => void
    mockSystemDark(true)
    localStorage.setItem('displayMode', 'auto')
    runHeadScript()
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    localStorage.setItem('displayMode', 'light')
    runHeadScript()
    expect(document.documentElement.classList.contains('dark')).toBe(false)
    localStorage.removeItem('displayMode')
    runHeadScript()
    expect(document.documentElement.classList.contains('dark')).toBe(true)
  })
})
