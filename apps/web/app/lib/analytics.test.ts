// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'

import {
  ANALYTICS_CONSENT_KEY,
  applyConsentMode,
  CONSENT_MODE_DEFAULTS,
  getAnalyticsConsent,
  recordEvent,
  saveAnalyticsConsent,
} from './analytics.ts'
import { storage } from './storage.ts'

/** The dataLayer as plain values: gtag() commands (Arguments objects) become arrays. */
function readDataLayer(): unknown[] | undefined {
  return window.dataLayer?.map((entry) =>
    Object.prototype.toString.call(entry) === '[object Arguments]' ? [...(entry as IArguments)] : entry,
  )
}

afterEach(() => {
  storage.clear()
  delete window.dataLayer
})

describe('the analytics consent record', () => {
  it('is unset until the visitor chooses, and ignores anything but granted or denied', () => {
    expect(getAnalyticsConsent()).toBeUndefined()
    storage.set(ANALYTICS_CONSENT_KEY, 'yes')
    expect(getAnalyticsConsent()).toBeUndefined()
    saveAnalyticsConsent('denied')
    expect(getAnalyticsConsent()).toBe('denied')
    expect(JSON.parse(localStorage.getItem('storyreel') ?? '{}')).toEqual({ analyticsConsent: 'denied' })
  })
})

describe('recordEvent', () => {
  it('sends nothing anywhere without a choice or after a decline', () => {
    recordEvent('download_app', { store: 'app_store' })
    saveAnalyticsConsent('denied')
    recordEvent('sign_up')
    expect(window.dataLayer).toBeUndefined()
  })

  it('with consent, queues the event after the denied defaults and the analytics update', () => {
    saveAnalyticsConsent('granted')
    recordEvent('sign_up', { method: 'email' })
    recordEvent('referral_redeem', { store: 'google_play' })
    expect(readDataLayer()).toEqual([
      ['consent', 'default', CONSENT_MODE_DEFAULTS],
      ['consent', 'update', { analytics_storage: 'granted' }],
      { event: 'sign_up', method: 'email' },
      { event: 'referral_redeem', store: 'google_play' },
    ])
  })

  it('stops the moment consent is withdrawn', () => {
    saveAnalyticsConsent('granted')
    recordEvent('download_app')
    saveAnalyticsConsent('denied')
    recordEvent('download_app')
    expect(readDataLayer()?.filter((entry) => !Array.isArray(entry))).toEqual([{ event: 'download_app' }])
  })

  it('never lets a parameter rename the event', () => {
    saveAnalyticsConsent('granted')
    recordEvent('download_app', { event: 'something_else' })
    expect(readDataLayer()?.at(-1)).toEqual({ event: 'download_app' })
  })
})

describe('applyConsentMode', () => {
  it('sets every Consent Mode v2 signal to denied by default, with wait_for_update', () => {
    expect(CONSENT_MODE_DEFAULTS).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      wait_for_update: 500,
    })
  })

  it('leaves the page alone while nothing is granted', () => {
    applyConsentMode(undefined)
    applyConsentMode('denied')
    expect(window.dataLayer).toBeUndefined()
  })

  it('pushes the defaults once and an update only when the choice changes', () => {
    applyConsentMode('granted')
    applyConsentMode('granted')
    applyConsentMode('denied')
    applyConsentMode('denied')
    applyConsentMode('granted')
    expect(readDataLayer()).toEqual([
      ['consent', 'default', CONSENT_MODE_DEFAULTS],
      ['consent', 'update', { analytics_storage: 'granted' }],
      ['consent', 'update', { analytics_storage: 'denied' }],
      ['consent', 'update', { analytics_storage: 'granted' }],
    ])
  })

  it('pushes gtag() commands as Arguments objects, the only form gtm.js reads', () => {
    applyConsentMode('granted')
    expect(Object.prototype.toString.call(window.dataLayer?.[0])).toBe('[object Arguments]')
  })
})
