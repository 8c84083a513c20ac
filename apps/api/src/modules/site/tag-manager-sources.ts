import type { SiteConfig } from '@storyreel/contracts/site-config'

import type { ExternalSources } from '#src/plugins/security-headers.ts'

const TAG_MANAGER = 'https://www.googletagmanager.com'
const ANALYTICS = ['https://*.google-analytics.com', 'https://*.analytics.google.com']

/**
 * What Google Tag Manager and the Google Analytics 4 tags it fires need in the site's CSP, and only when
 * the web build has a container: without one nothing is added. gtm.js is added by bundled code, so no
 * inline snippet needs a hash. Custom HTML tags and custom JavaScript variables stay blocked (they would
 * need 'unsafe-inline' or 'unsafe-eval'), and so does Tag Manager's preview mode.
 * @see https://developers.google.com/tag-platform/security/guides/csp
 */
export function getTagManagerSources(siteConfig: SiteConfig): ExternalSources {
  if (!siteConfig.gtmId) return {}
  return {
    script: [TAG_MANAGER],
    img: [TAG_MANAGER, ...ANALYTICS],
    connect: [TAG_MANAGER, ...ANALYTICS],
  }
}
