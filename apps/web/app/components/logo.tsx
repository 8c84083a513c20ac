import { useId } from 'react'
import { Link, useLocation } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'

import { LOGO_SCROLL_DURATION_MS, scrollToTop } from '#app/lib/scroll-to-top.ts'

export const LOGO_SIZE_PX = 35

export function LogoMark({ size = LOGO_SIZE_PX }: { size?: number }) {
  // Header and footer both draw the mark, so each instance needs its own gradient id.
  const gradientId = `logo-bg-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="0.55" stopColor="#c026d3" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
      <circle cx="32" cy="32" r="19" fill="none" stroke="#fff" strokeOpacity="0.35" strokeWidth="3" />
      <circle cx="32" cy="15.5" r="3.2" fill="#fff" fillOpacity="0.55" />
      <circle cx="32" cy="48.5" r="3.2" fill="#fff" fillOpacity="0.55" />
      <circle cx="15.5" cy="32" r="3.2" fill="#fff" fillOpacity="0.55" />
      <path d="M27 23.5v17l14-8.5z" fill="#fff" />
    </svg>
  )
}

/**
 * The brand logo: a 35x35 mark plus the title. `withText={false}` shows the mark alone and
 * `clickable={false}` renders it inert. On "/" a click scrolls smoothly to the top.
 */
export function Logo({ withText = true, clickable = true }: { withText?: boolean; clickable?: boolean }) {
  const { pathname } = useLocation()
  const content = (
    <>
      <LogoMark />
      {withText ? <span className="text-lg font-bold tracking-tight text-ink">{BRAND.name}</span> : null}
    </>
  )
  if (!clickable) {
    return (
      <span className="inline-flex items-center gap-2.5" data-testid="logo">
        {content}
        {withText ? null : <span className="sr-only">{BRAND.name}</span>}
      </span>
    )
  }
  return (
    <Link
      to="/"
      data-testid="logo"
      aria-label={withText ? undefined : `${BRAND.name} home`}
      className="inline-flex items-center gap-2.5 rounded-lg"
      onClick={(event) => {
        if (pathname !== '/') return
        event.preventDefault()
        scrollToTop(LOGO_SCROLL_DURATION_MS)
      }}
    >
      {content}
    </Link>
  )
}
