import { describe, expect, it } from 'vitest'

import { ANDROID_BANNER_HIDE_MS, isAndroidBrowser, shouldShowAndroidBanner } from './android-banner-rule.ts'

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const SAMSUNG =
  'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const NOW = new Date('2025-05-01T10:00:00Z').getTime()

describe('the Android banner rule', () => {
  it('recognises Android browsers only', () => {
    expect(isAndroidBrowser(ANDROID)).toBe(true)
    expect(isAndroidBrowser(SAMSUNG)).toBe(true)
    expect(isAndroidBrowser(IPHONE)).toBe(false)
    expect(isAndroidBrowser(DESKTOP)).toBe(false)
  })

  it('shows on Android when the banner was never hidden', () => {
    expect(shouldShowAndroidBanner({ userAgent: ANDROID, lastHiddenAt: undefined, now: NOW })).toBe(true)
    expect(shouldShowAndroidBanner({ userAgent: ANDROID, lastHiddenAt: 'garbage', now: NOW })).toBe(true)
  })

  it('never shows outside Android', () => {
    expect(shouldShowAndroidBanner({ userAgent: IPHONE, lastHiddenAt: undefined, now: NOW })).toBe(false)
    expect(shouldShowAndroidBanner({ userAgent: DESKTOP, lastHiddenAt: undefined, now: NOW })).toBe(false)
  })

  it('stays hidden for 24 hours after it was hidden, and shows again after that', () => {
    const show = (hiddenAgo: number) =>
      shouldShowAndroidBanner({ userAgent: ANDROID, lastHiddenAt: NOW - hiddenAgo, now: NOW })
    expect(show(0)).toBe(false)
    expect(show(23 * 60 * 60 * 1000)).toBe(false)
    expect(show(ANDROID_BANNER_HIDE_MS)).toBe(false)
    expect(show(ANDROID_BANNER_HIDE_MS + 1)).toBe(true)
  })
})
