import { applyConsentMode, hasAnalyticsConsent } from './analytics.ts'
import { parseGtmId } from './gtm-id.ts'
import { loadScript } from './load-script.ts'

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com'

export function getTagManagerScriptUrl(gtmId: string): string {
  return `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(parseGtmId(gtmId))}`
}

/**
 * Starts Google Tag Manager, once per page and only with analytics consent; without it this does nothing.
 * Consent Mode's defaults and the visitor's update are queued before gtm.js, so Tag Manager never runs a
 * tag under an unknown consent state. The script is added by this bundled code, not an inline snippet,
 * because the CSP allows only the hashed inline scripts of the build.
 *
 * Throws a GtmIdError (with the corrected id) for a malformed id: the build rejects one already, so this
 * guards only against a hand-edited bundle.
 */
export function loadTagManager(gtmId: string): Promise<void> {
  const src = getTagManagerScriptUrl(gtmId)
  if (!hasAnalyticsConsent()) return Promise.resolve()
  applyConsentMode('granted')
  const started = window.dataLayer?.some(
    (entry) => typeof entry === 'object' && entry !== null && (entry as { event?: unknown }).event === 'gtm.js',
  )
  if (!started) window.dataLayer?.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  return loadScript(src)
}
