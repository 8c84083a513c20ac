/** Once hidden (closed or download tapped), the banner stays away for 24 hours. */
export const ANDROID_BANNER_HIDE_MS = 24 * 60 * 60 * 1000

/** Android browsers say so in the user agent (Chrome, Samsung Internet, Firefox and WebViews alike). */
export function isAndroidBrowser(userAgent: string): boolean {
  return /\bAndroid\b/i.test(userAgent)
}

/** Shown on Android when never hidden or hidden more than 24 hours ago. */
export function shouldShowAndroidBanner({
  userAgent,
  lastHiddenAt,
  now,
}: {
  userAgent: string
  lastHiddenAt: unknown
  now: number
}): boolean {
  if (!isAndroidBrowser(userAgent)) return false
  if (typeof lastHiddenAt !== 'number' || !Number.isFinite(lastHiddenAt)) return true
  return now - lastHiddenAt > ANDROID_BANNER_HIDE_MS
}
