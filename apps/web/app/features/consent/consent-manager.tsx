import { lazy, Suspense, useEffect } from 'react'

import { ConsentBanner } from './consent-banner.tsx'
import { consentStore, useConsent } from './consent-store.ts'

// Only opened on request, so its code loads then rather than with every page.
const ConsentSettings = lazy(() =>
  import('./consent-settings.tsx').then((module) => ({ default: module.ConsentSettings })),
)

/**
 * Asks for analytics consent on the first visit and applies the stored choice on every page: Tag Manager
 * starts only once it is granted. Renders nothing in the prerendered HTML, where the choice is unknown.
 */
export function ConsentManager() {
  const { ready, choice, settingsOpen } = useConsent()
  useEffect(() => consentStore.start(), [])
  return (
    <>
      {ready && choice === undefined ? (
        <ConsentBanner onChoose={consentStore.choose} onOpenSettings={consentStore.openSettings} />
      ) : null}
      {settingsOpen ? (
        <Suspense fallback={null}>
          <ConsentSettings choice={choice} onChoose={consentStore.choose} onClose={consentStore.closeSettings} />
        </Suspense>
      ) : null}
    </>
  )
}
