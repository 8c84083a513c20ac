// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ANALYTICS_CONSENT_KEY, recordEvent } from '#app/lib/analytics.ts'
import { storage, STORAGE_KEY } from '#app/lib/storage.ts'

import { createConsentStore } from './consent-store.ts'

// A script loads once per page, and every test here shares one page: each test gets its own container.
let containers = 0
const gtmScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[src*="googletagmanager.com"]')]
const events = () =>
  (window.dataLayer ?? []).filter(
    (entry): entry is { event: string } => typeof entry === 'object' && entry !== null && 'event' in entry,
  )

const stops: Array<() => void> = []
function startStore(gtmId: string | null = `GTM-TEST${++containers}`) {
  const store = createConsentStore({ gtmId })
  stops.push(store.start())
  return store
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  storage.clear()
  delete window.dataLayer
  for (const script of gtmScripts()) script.remove()
})

describe('the consent store', () => {
  it('starts with no choice, so the banner shows, and loads nothing', () => {
    const store = startStore()
    expect(store.getSnapshot()).toEqual({ ready: true, choice: undefined, settingsOpen: false })
    expect(gtmScripts()).toHaveLength(0)
    expect(window.dataLayer).toBeUndefined()
  })

  it('keeps a decline in the storage object and still loads nothing', () => {
    const store = startStore()
    store.choose('denied')
    expect(storage.get(ANALYTICS_CONSENT_KEY)).toBe('denied')
    expect(store.getSnapshot().choice).toBe('denied')
    recordEvent('download_app')
    expect(gtmScripts()).toHaveLength(0)
    expect(window.dataLayer).toBeUndefined()
  })

  it('loads Tag Manager at once when consent is granted after a decline, without a reload', () => {
    const store = startStore()
    store.choose('denied')
    store.openSettings()
    expect(store.getSnapshot().settingsOpen).toBe(true)
    store.choose('granted')
    expect(store.getSnapshot()).toEqual({ ready: true, choice: 'granted', settingsOpen: false })
    expect(gtmScripts()).toHaveLength(1)
    expect(events().map((entry) => entry.event)).toEqual(['gtm.js'])
  })

  it('applies a stored grant on the next page without asking again', () => {
    storage.set(ANALYTICS_CONSENT_KEY, 'granted')
    const store = startStore()
    expect(store.getSnapshot().choice).toBe('granted')
    expect(gtmScripts()).toHaveLength(1)
  })

  it('tells Tag Manager at once when consent is withdrawn, and records no more events', () => {
    const store = startStore()
    store.choose('granted')
    recordEvent('sign_up')
    store.choose('denied')
    recordEvent('sign_up')
    expect(events().map((entry) => entry.event)).toEqual(['gtm.js', 'sign_up'])
    const last = window.dataLayer?.at(-1) as IArguments
    expect([...last]).toEqual(['consent', 'update', { analytics_storage: 'denied' }])
  })

  it('with Tag Manager off, keeps the choice and gates events but loads no script', () => {
    const store = startStore(null)
    store.choose('granted')
    recordEvent('sign_up')
    expect(gtmScripts()).toHaveLength(0)
    expect(events().map((entry) => entry.event)).toEqual(['sign_up'])
  })

  it('follows a choice made in another tab', () => {
    const store = startStore()
    const listener = vi.fn()
    store.subscribe(listener)
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ [ANALYTICS_CONSENT_KEY]: 'granted' }))
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY }))
    expect(listener).toHaveBeenCalled()
    expect(store.getSnapshot().choice).toBe('granted')
    expect(gtmScripts()).toHaveLength(1)
  })

  it('closing the settings without saving keeps the earlier state', () => {
    const store = startStore()
    store.openSettings()
    store.closeSettings()
    expect(store.getSnapshot()).toEqual({ ready: true, choice: undefined, settingsOpen: false })
    expect(storage.get(ANALYTICS_CONSENT_KEY)).toBeUndefined()
  })

  it('returns the same snapshot until something changes, as useSyncExternalStore requires', () => {
    const store = startStore()
    const first = store.getSnapshot()
    store.closeSettings()
    expect(store.getSnapshot()).toBe(first)
    store.openSettings()
    expect(store.getSnapshot()).not.toBe(first)
  })
})
