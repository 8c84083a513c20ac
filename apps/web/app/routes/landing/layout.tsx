import { useEffect } from 'react'
import { Outlet } from 'react-router'

import { Footer, FOOTER_LINK_CLASS } from '#app/components/footer.tsx'
import { Header } from '#app/components/header.tsx'
import { AndroidBanner } from '#app/features/android-banner/android-banner.tsx'
import { BlogIndex } from '#app/features/blog/blog-index.tsx'
import { FreeWeekGiftButton } from '#app/features/referral/free-week-gift-button.tsx'
import { FreeWeekReferral } from '#app/features/referral/free-week-referral.tsx'
import { CookieSettingsButton } from '#app/features/consent/cookie-settings-button.tsx'
import { installLazyPosters } from '#app/features/samples/lazy-posters.ts'
import { installVoiceSamplePlayers } from '#app/features/samples/voice-sample-player.ts'

export default function LandingLayout() {
  // Samples sit in static islands on several pages: one listener plays the voices, one observer sets posters
  // (the videos' play buttons work from an inline script in root.tsx, before hydration).
  useEffect(() => {
    const stopVoices = installVoiceSamplePlayers(document)
    const stopPosters = installLazyPosters(document.body)
    return () => {
      stopVoices()
      stopPosters()
    }
  }, [])
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-accent px-4 py-2 font-semibold text-accent-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        Skip to content
      </a>
      <Header actions={<FreeWeekGiftButton />} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <BlogIndex />
      <Footer settingsLink={<CookieSettingsButton className={FOOTER_LINK_CLASS} />} />
      <AndroidBanner />
      <FreeWeekReferral />
    </div>
  )
}
