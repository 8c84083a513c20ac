// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { ANALYTICS_CONSENT_KEY } from '#app/lib/analytics.ts'
import { storage, STORAGE_KEYS } from '#app/lib/storage.ts'

import { AndroidBanner } from './android-banner.tsx'

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const NOW = new Date('2025-05-01T10:00:00Z').getTime()
const DAY = 24 * 60 * 60 * 1000

const preventNavigation = (event: Event) => event.preventDefault()

describe('<AndroidBanner>', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW })
    storage.clear()
    // The banner waits for the consent question; each test starts with it answered.
    storage.set(ANALYTICS_CONSENT_KEY, 'denied')
    window.dataLayer = undefined
    // jsdom cannot navigate; the link's own handler still runs.
    document.addEventListener('click', preventNavigation)
  })

  afterEach(() => {
    document.removeEventListener('click', preventNavigation)
    vi.useRealTimers()
  })

  const useUserAgent = (userAgent: string) => vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent)

  it('is never part of the prerendered page', () => {
    useUserAgent(ANDROID)
    expect(renderToString(<AndroidBanner />)).toBe('')
  })

  it('shows on Android with the title, subtitle and a download link to the Play Store', () => {
    useUserAgent(ANDROID)
    render(<AndroidBanner />)
    const banner = screen.getByRole('complementary', { name: 'StoryReel for Android' })
    expect(banner).toHaveProperty('textContent', expect.stringContaining('StoryReel - AI Video Generator'))
    expect(banner.textContent).toContain('AI Story Creator & Movie Maker')
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      'https://play.google.com/store/apps/details?id=app.storyreel.android',
    )
  })

  it('does not show outside Android', () => {
    useUserAgent(IPHONE)
    render(<AndroidBanner />)
    expect(screen.queryByRole('complementary')).toBeNull()
  })

  it('closes for 24 hours and records when', () => {
    useUserAgent(ANDROID)
    const { rerender } = render(<AndroidBanner />)
    fireEvent.click(screen.getByRole('button', { name: 'Close the app banner' }))
    expect(storage.get(STORAGE_KEYS.lastTimeHideAndroidBanner)).toBe(NOW)
    expect(screen.queryByRole('complementary')).toBeNull()

    vi.setSystemTime(NOW + DAY)
    rerender(<AndroidBanner key="a-day-later" />)
    expect(screen.queryByRole('complementary')).toBeNull()
    vi.setSystemTime(NOW + DAY + 1000)
    rerender(<AndroidBanner key="a-day-and-a-second-later" />)
    expect(screen.getByRole('complementary')).toBeTruthy()
  })

  it('waits until the consent question is answered', () => {
    useUserAgent(ANDROID)
    storage.remove(ANALYTICS_CONSENT_KEY)
    render(<AndroidBanner />)
    expect(screen.queryByRole('complementary')).toBeNull()
    act(() => storage.set(ANALYTICS_CONSENT_KEY, 'denied'))
    expect(screen.getByRole('complementary')).toBeTruthy()
  })

  it('records the hide time and download_app when the download link is used', () => {
    useUserAgent(ANDROID)
    storage.set(ANALYTICS_CONSENT_KEY, 'granted')
    render(<AndroidBanner />)
    fireEvent.click(screen.getByRole('link', { name: 'Download' }))
    expect(
      window.dataLayer?.filter((entry) => typeof entry === 'object' && entry !== null && 'event' in entry),
    ).toEqual([{ event: 'download_app', store: 'google_play', source: 'android_banner' }])
    act(() => void vi.runAllTimers())
    expect(storage.get(STORAGE_KEYS.lastTimeHideAndroidBanner)).toBe(NOW)
    expect(screen.queryByRole('complementary')).toBeNull()
  })

  it('shows again when it was hidden more than 24 hours ago', () => {
    useUserAgent(ANDROID)
    storage.set(STORAGE_KEYS.lastTimeHideAndroidBanner, NOW - DAY - 1)
    render(<AndroidBanner />)
    expect(screen.getByRole('complementary')).toBeTruthy()
  })
})
