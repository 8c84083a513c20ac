import type { ReactNode } from 'react'
import { href, Link } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'

import { DisplayModeSwitch } from './display-mode-switch.tsx'
import { Logo } from './logo.tsx'
import { StoreBadges } from './store-badges.tsx'

/** A short URL from route-rules.json; the router's middleware forwards it to the guide article. */
export const STEP_BY_STEP_GUIDE_PATH = '/step-by-step-guide'

export const FOOTER_LINK_CLASS = 'inline-block cursor-pointer py-1 text-sm text-muted transition-colors hover:text-ink'

/** `settingsLink` is the layout's way in for a feature's control, such as the cookie settings button. */
export function Footer({ settingsLink }: { settingsLink?: ReactNode }) {
  return (
    <footer className="border-t border-line bg-surface/60">
      <div className="mx-auto grid max-w-7xl gap-10 px-5 py-12 tablet:px-8 desktop:grid-cols-[1.3fr_1fr_auto]">
        <div className="flex flex-col gap-4">
          <Logo withText />
          <p className="max-w-sm text-sm leading-relaxed text-muted">
            {`${BRAND.name} turns your ideas into finished videos: text-to-video, anime video, AI voiceovers in several languages and a library of original music, on iOS, Android and the web.`}
          </p>
          <StoreBadges />
        </div>
        <nav aria-label="Footer">
          <ul className="grid gap-1">
            <li>
              <a
                className={FOOTER_LINK_CLASS}
                href={`mailto:${BRAND.supportEmail}?subject=${encodeURIComponent(`${BRAND.name} support`)}`}
              >
                Support
              </a>
            </li>
            <li>
              <Link className={FOOTER_LINK_CLASS} to="/privacy#terms">
                Terms &amp; Conditions
              </Link>
            </li>
            <li>
              <Link className={FOOTER_LINK_CLASS} to="/privacy#privacy-policy">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className={FOOTER_LINK_CLASS} to={href('/blog')}>
                Blog
              </Link>
            </li>
            <li>
              <Link className={FOOTER_LINK_CLASS} to={href('/developers')}>
                Developers
              </Link>
            </li>
            <li>
              <Link className={FOOTER_LINK_CLASS} to={STEP_BY_STEP_GUIDE_PATH}>
                Step By Step Guide
              </Link>
            </li>
            {settingsLink ? <li>{settingsLink}</li> : null}
          </ul>
        </nav>
        <div className="flex flex-col items-start gap-3">
          <span className="text-xs font-semibold uppercase tracking-wider text-subtle">Display mode</span>
          <DisplayModeSwitch />
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-5 py-6 text-xs text-subtle tablet:px-8">
          {`© ${BRAND.copyrightYears} ${BRAND.name}. All rights reserved.`}
        </p>
      </div>
    </footer>
  )
}
