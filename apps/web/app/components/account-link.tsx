import { Link } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'

import { recordEvent } from '#app/lib/analytics.ts'
import { useSession } from '#app/lib/session.ts'

/** The store page for this device: Google Play on Android, the App Store everywhere else. */
export function getStoreUrl(userAgent: string): string {
  return /android/i.test(userAgent) ? BRAND.googlePlay.url : BRAND.appStore.url
}

/**
 * The header's sign-in button. For a visitor who is already signed in it opens the app-store page instead
 * and records a download_app event (decision 013).
 */
export function AccountLink({ className = '', onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { user } = useSession()
  if (!user) {
    return (
      <Link to="/auth/login" className={className} onClick={onNavigate}>
        Sign in
      </Link>
    )
  }
  return (
    <a
      href={BRAND.appStore.url}
      className={className}
      rel="noopener"
      target="_blank"
      onClick={(event) => {
        const url = getStoreUrl(navigator.userAgent)
        event.currentTarget.href = url
        recordEvent('download_app', {
          store: url === BRAND.googlePlay.url ? 'google_play' : 'app_store',
          source: 'header',
        })
        onNavigate?.()
      }}
    >
      Get the app
    </a>
  )
}

/** The way back to the studio for a visitor who is signed in; nothing for anyone else. */
export function StudioLink({ className = '', onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { user } = useSession()
  if (!user) return null
  return (
    <Link to="/app" className={className} onClick={onNavigate}>
      Open studio
    </Link>
  )
}
