import { consentStore } from './consent-store.ts'

/** Reopens the consent settings from anywhere, such as the footer: a button, since it opens a dialog. */
export function CookieSettingsButton({ className = '' }: { className?: string }) {
  return (
    <button type="button" className={className} aria-haspopup="dialog" onClick={consentStore.openSettings}>
      Cookie settings
    </button>
  )
}
