import { href, Link } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'

import { AppleIcon, ArrowRightIcon, PlayStoreIcon } from './ui/chrome-icons.tsx'

const badge =
  'inline-flex items-center gap-2.5 rounded-xl border border-white/15 bg-black px-3 py-2 text-white shadow-lg shadow-black/20 transition hover:border-white/40 mobileWide:px-4'

/** The web studio's way in: sign-up, then the create form, with nothing to install. */
export function BrowserStartLink({ className = '' }: { className?: string }) {
  return (
    <Link
      to={href('/auth/register')}
      className={`btn-primary min-h-[3.25rem] max-w-full px-5 text-center text-[0.95rem] mobileWide:px-[1.4rem] mobileWide:text-base ${className}`}
    >
      Make a video free in your browser
      <ArrowRightIcon className="h-4 w-4 shrink-0" />
    </Link>
  )
}

/**
 * Full "Download on" badges for hero and calls to action; with `browser`, the web studio's sign-up link
 * comes first, on its own line, since it is the one way in that needs no install.
 */
export function StoreBadges({ className = '', browser = false }: { className?: string; browser?: boolean }) {
  // Centred calls to action pass justify-center: the column centres its rows, and the badges' row its badges.
  const centred = className.includes('justify-center')
  const badges = (
    <div className={`flex flex-wrap items-center gap-3 ${browser ? (centred ? 'justify-center' : '') : className}`}>
      <a href={BRAND.appStore.url} className={badge} rel="noopener">
        <AppleIcon className="h-7 w-7" />
        <span className="flex flex-col leading-none">
          <span className="text-[10px] font-medium tracking-wide">Download on the</span>
          <span className="text-base font-semibold mobileWide:text-lg">App Store</span>
        </span>
      </a>
      <a href={BRAND.googlePlay.url} className={badge} rel="noopener">
        <PlayStoreIcon className="h-6 w-6" />
        <span className="flex flex-col leading-none">
          <span className="text-[10px] font-medium uppercase tracking-wide">Get it on</span>
          <span className="text-base font-semibold mobileWide:text-lg">Google Play</span>
        </span>
      </a>
    </div>
  )
  if (!browser) return badges
  return (
    <div className={`flex flex-col gap-3 ${centred ? 'items-center' : 'items-start'} ${className}`}>
      {/* One line where the column is wide enough; two, centred, where it is not (a card on a phone). */}
      <BrowserStartLink />
      {badges}
    </div>
  )
}

/** Compact store icons for the desktop header. */
export function StoreIcons() {
  const icon =
    'grid h-10 w-10 place-items-center rounded-full border border-line bg-surface/70 text-ink transition hover:border-accent'
  return (
    <div className="flex items-center gap-2">
      <a href={BRAND.appStore.url} className={icon} rel="noopener" aria-label={`${BRAND.name} on the App Store (iOS)`}>
        <AppleIcon className="h-5 w-5" />
      </a>
      <a
        href={BRAND.googlePlay.url}
        className={icon}
        rel="noopener"
        aria-label={`${BRAND.name} on Google Play (Android)`}
      >
        <PlayStoreIcon className="h-[18px] w-[18px]" />
      </a>
    </div>
  )
}
