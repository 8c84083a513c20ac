// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createStorage, STORAGE_KEYS, type AppStorage, type StorageBackend } from '#app/lib/storage.ts'

import { createReferralStore, FREE_WEEK_DURATION_MS, getReferralRecord, type ReferralStore } from './referral-store.ts'

const START = new Date('2025-05-01T10:00:00Z').getTime()

function createMemoryBackend(): StorageBackend {
  const data = new Map<string, string>()
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

describe('the Free Week referral', () => {
  let appStorage: AppStorage
  let store: ReferralStore

  beforeEach(() => {
    vi.useFakeTimers({ now: START })
    appStorage = createStorage('storyreel-test', createMemoryBackend())
    store = createReferralStore({ storage: appStorage })
  })

  afterEach(() => {
    store.dispose()
    vi.useRealTimers()
  })

  it('starts not initialised, and opening it then does nothing', () => {
    store.open()
    expect(store.getState()).toMatchObject({ status: 'not-initialised', name: undefined, popupOpen: false })
    expect(store.isActive()).toBe(false)
    expect(appStorage.get(STORAGE_KEYS.referralExpire)).toBeUndefined()
  })

  it('is initialised as FREEWEEK without the parameter, closed and not counting down yet', () => {
    store.initialise({ referralParam: null })
    expect(store.getState()).toMatchObject({ status: 'initialised', name: 'FREEWEEK', popupOpen: false })
    expect(store.isActive()).toBe(false)
    expect(appStorage.get(STORAGE_KEYS.referralExpire)).toBeUndefined()
    vi.advanceTimersByTime(60_000)
    expect(store.getState().secondsLeft).toBe(0)
  })

  it('opens the popup at once with ?referral=FREEWEEK and stores start and end 10 minutes apart', () => {
    store.initialise({ referralParam: 'FREEWEEK' })
    expect(store.getState()).toMatchObject({ popupOpen: true, active: true, secondsLeft: 600 })
    expect(getReferralRecord('FREEWEEK', appStorage)).toEqual({ from: START, to: START + FREE_WEEK_DURATION_MS })
  })

  it('accepts the parameter in any case and ignores other referral names', () => {
    store.initialise({ referralParam: 'somethingelse' })
    expect(store.getState().popupOpen).toBe(false)
    store.initialise({ referralParam: 'freeweek' })
    expect(store.getState()).toMatchObject({ name: 'FREEWEEK', popupOpen: true })
  })

  it('starts the countdown when the popup first opens without the parameter', () => {
    store.initialise()
    vi.advanceTimersByTime(5000)
    store.open()
    expect(store.getState()).toMatchObject({ popupOpen: true, active: true, secondsLeft: 600 })
    expect(getReferralRecord('FREEWEEK', appStorage)).toEqual({ from: START + 5000, to: START + 5000 + 600_000 })
  })

  it('ticks every second', () => {
    store.initialise({ referralParam: 'FREEWEEK' })
    const listener = vi.fn()
    store.subscribe(listener)
    vi.advanceTimersByTime(1000)
    expect(store.getState().secondsLeft).toBe(599)
    expect(listener).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(59_000)
    expect(store.getState().secondsLeft).toBe(540)
    expect(listener).toHaveBeenCalledTimes(60)
  })

  it('counts down from a stored expiry instead of starting over', () => {
    const record = { from: START - 7 * 60_000, to: START + 3 * 60_000, code: 'GPLAY123' }
    appStorage.set(STORAGE_KEYS.referralExpire, { FREEWEEK: record })
    store.initialise()
    expect(store.getState()).toMatchObject({ active: true, popupOpen: false, secondsLeft: 180 })
    store.open()
    expect(store.getState()).toMatchObject({ popupOpen: true, secondsLeft: 180 })
    expect(getReferralRecord('FREEWEEK', appStorage)).toEqual(record)
  })

  it('stops at zero: inactive, the popup closed and no more ticks', () => {
    store.initialise({ referralParam: 'FREEWEEK' })
    vi.advanceTimersByTime(FREE_WEEK_DURATION_MS - 1000)
    expect(store.getState()).toMatchObject({ secondsLeft: 1, active: true, popupOpen: true })
    vi.advanceTimersByTime(1000)
    expect(store.getState()).toMatchObject({ secondsLeft: 0, stopped: true, active: false, popupOpen: false })
    expect(store.isActive()).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('keeps an expired offer closed, whatever opens it', () => {
    appStorage.set(STORAGE_KEYS.referralExpire, { FREEWEEK: { from: START - 20 * 60_000, to: START - 1 } })
    store.initialise({ referralParam: 'FREEWEEK' })
    expect(store.getState()).toMatchObject({ stopped: true, active: false, popupOpen: false })
    store.open()
    expect(store.getState().popupOpen).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('keeps counting down while closed, and reopens with the time left', () => {
    store.initialise({ referralParam: 'FREEWEEK' })
    store.close()
    vi.advanceTimersByTime(90_000)
    expect(store.getState()).toMatchObject({ popupOpen: false, active: true, secondsLeft: 510 })
    store.open()
    expect(store.getState()).toMatchObject({ popupOpen: true, secondsLeft: 510 })
  })

  it('caches the Google Play code in the record, beside other referral names', () => {
    appStorage.set(STORAGE_KEYS.referralExpire, { OTHER: { from: 1, to: 2 } })
    store.initialise({ referralParam: 'FREEWEEK' })
    expect(store.getCode()).toBeUndefined()
    store.saveCode('GPLAY123')
    expect(store.getCode()).toBe('GPLAY123')
    expect(appStorage.get(STORAGE_KEYS.referralExpire)).toEqual({
      OTHER: { from: 1, to: 2 },
      FREEWEEK: { from: START, to: START + FREE_WEEK_DURATION_MS, code: 'GPLAY123' },
    })
  })

  it('treats a malformed stored record as none', () => {
    appStorage.set(STORAGE_KEYS.referralExpire, { FREEWEEK: { from: 'yesterday', to: null } })
    store.initialise()
    expect(store.getState().endsAt).toBeUndefined()
    store.open()
    expect(getReferralRecord('FREEWEEK', appStorage)).toEqual({ from: START, to: START + FREE_WEEK_DURATION_MS })
  })
})
