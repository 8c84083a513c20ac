import { useSyncExternalStore } from 'react'

import { BRAND } from '@storyreel/contracts/brand'

import { LogoMark } from '#app/components/logo.tsx'
import { CloseIcon } from '#app/components/ui/chrome-icons.tsx'
import { recordEvent } from '#app/lib/analytics.ts'
import { storage, STORAGE_KEYS } from '#app/lib/storage.ts'
import { getAnalyticsConsent } from '#app/lib/analytics.ts'

import { shouldShowAndroidBanner } from './android-banner-rule.ts'

// One sheet at a time at the bottom of the screen: the consent question comes first (decision 016).
const isVisible = () =>
  getAnalyticsConsent() !== undefined &&
  shouldShowAndroidBanner({
    userAgent: navigator.userAgent,
    lastHiddenAt: storage.get(STORAGE_KEYS.lastTimeHideAndroidBanner),
    now: Date.now(),
  })

// Prerendered pages never carry the banner: the server snapshot is "hidden", so hydration matches.
const isVisibleOnServer = () => false

const hide = () => storage.set(STORAGE_KEYS.lastTimeHideAndroidBanner, Date.now())

/**
 * The "get the app" banner for Android browsers. It floats at the bottom, within thumb reach
 * and without pushing the page down; a spacer keeps the footer reachable while it shows.
 */
export function AndroidBanner() {
  const visible = useSyncExternalStore(storage.subscribe, isVisible, isVisibleOnServer)
  if (!visible) return null
  return (
    <>
      <div aria-hidden="true" className="h-24" />
      <aside
        aria-label={`${BRAND.name} for Android`}
        className="fixed inset-x-0 bottom-0 z-30 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
      >
        <div className="mx-auto flex max-w-md items-center gap-2.5 rounded-2xl border border-line bg-raised p-2.5 pr-3 shadow-2xl shadow-black/50 transition duration-300 ease-out-cubic starting:translate-y-6 starting:opacity-0">
          <button
            type="button"
            aria-label="Close the app banner"
            className="-mr-1 grid h-8 w-7 shrink-0 place-items-center rounded-full text-muted transition-colors hover:text-ink"
            onClick={hide}
          >
            <CloseIcon className="h-4 w-4" />
          </button>
          <span className="shrink-0 overflow-hidden rounded-[0.8rem] shadow-md shadow-brand-700/30">
            <LogoMark size={44} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-[13px] font-bold leading-snug text-ink">
              {BRAND.name} - {BRAND.tagline}
            </p>
            <p className="mt-0.5 text-xs leading-snug text-muted">{BRAND.storeSubtitle}</p>
          </div>
          <a
            href={BRAND.googlePlay.url}
            target="_blank"
            rel="noopener"
            className="shrink-0 rounded-full bg-accent px-3.5 py-2 text-sm font-bold text-accent-ink transition-opacity hover:opacity-90"
            onClick={() => {
              recordEvent('download_app', { store: 'google_play', source: 'android_banner' })
              // After the click: a link removed from the page during its own click does not navigate.
              setTimeout(hide, 0)
            }}
          >
            Download
          </a>
        </div>
      </aside>
    </>
  )
}
