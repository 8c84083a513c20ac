import { storage } from './storage.ts'

/** The visitor's analytics choice in the storage object: 'granted' or 'denied'; absent until they choose. */
export const ANALYTICS_CONSENT_KEY = 'analyticsConsent'

export type ConsentChoice = 'granted' | 'denied'

export type AnalyticsEvent = 'download_app' | 'sign_up' | 'referral_redeem'

/**
 * Google Consent Mode v2 defaults: everything denied until the visitor says otherwise. `wait_for_update`
 * gives the page's own update half a second to arrive before tags fire.
 * @see https://developers.google.com/tag-platform/security/guides/consent
 */
export const CONSENT_MODE_DEFAULTS = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  wait_for_update: 500,
} as const

declare global {
  interface Window {
    /** Tag Manager's queue: event objects, and gtag() commands as Arguments objects. */
    dataLayer?: unknown[]
  }
}

export function getAnalyticsConsent(): ConsentChoice | undefined {
  const value = storage.get(ANALYTICS_CONSENT_KEY)
  return value === 'granted' || value === 'denied' ? value : undefined
}

export function hasAnalyticsConsent(): boolean {
  return getAnalyticsConsent() === 'granted'
}

export function saveAnalyticsConsent(choice: ConsentChoice): void {
  storage.set(ANALYTICS_CONSENT_KEY, choice)
}

function toArguments(..._values: unknown[]): IArguments {
  // gtm.js reads gtag() commands only as Arguments objects, exactly as Google's snippet pushes them.
  // eslint-disable-next-line prefer-rest-params -- the Arguments object itself is what must be queued
  return arguments
}

function isConsentCommand(entry: unknown): entry is IArguments & { 0: 'consent'; 2: Record<string, unknown> } {
  return Object.prototype.toString.call(entry) === '[object Arguments]' && (entry as IArguments)[0] === 'consent'
}

/** What the dataLayer last told Tag Manager about analytics storage; undefined before the defaults. */
function getQueuedAnalyticsStorage(layer: readonly unknown[]): ConsentChoice | undefined {
  for (let index = layer.length - 1; index >= 0; index--) {
    const entry = layer[index]
    if (!isConsentCommand(entry)) continue
    const value = entry[2].analytics_storage
    if (value === 'granted' || value === 'denied') return value
  }
  return undefined
}

/**
 * Brings Consent Mode in the dataLayer in line with the visitor's choice. The all-denied defaults always
 * come first, before any event or Tag Manager itself; after them, an update only when the choice changed.
 * Without consent and with nothing queued yet it leaves the page alone: no dataLayer at all.
 */
export function applyConsentMode(choice: ConsentChoice | undefined): void {
  if (typeof window === 'undefined') return
  const wanted: ConsentChoice = choice === 'granted' ? 'granted' : 'denied'
  const current = window.dataLayer ? getQueuedAnalyticsStorage(window.dataLayer) : undefined
  if (current === undefined && wanted === 'denied') return
  window.dataLayer ??= []
  if (current === undefined) window.dataLayer.push(toArguments('consent', 'default', { ...CONSENT_MODE_DEFAULTS }))
  // Only analytics is asked for; the ad signals stay denied whatever the visitor picks.
  if ((current ?? 'denied') !== wanted) {
    window.dataLayer.push(toArguments('consent', 'update', { analytics_storage: wanted }))
  }
}

/** Records a product event for Tag Manager, and only with consent: without it the event goes nowhere. */
export function recordEvent(event: AnalyticsEvent, params: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined' || !hasAnalyticsConsent()) return
  applyConsentMode('granted')
  window.dataLayer?.push({ ...params, event })
}
