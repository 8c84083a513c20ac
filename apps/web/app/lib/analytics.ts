import { storage } from './storage.ts'

/** The consent choice, kept in the storage object; the consent banner (issue #5) is what sets it. */
export const ANALYTICS_CONSENT_KEY = 'analyticsConsent'

export type AnalyticsEvent = 'download_app' | 'sign_up' | 'referral_redeem'

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>
  }
}

export function hasAnalyticsConsent(): boolean {
  return storage.get(ANALYTICS_CONSENT_KEY) === 'granted'
}

/** Records a product event for Tag Manager, and only with consent: without it the event goes nowhere. */
export function recordEvent(event: AnalyticsEvent, params: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined' || !hasAnalyticsConsent()) return
  window.dataLayer ??= []
  window.dataLayer.push({ event, ...params })
}
