import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { NavLink, useLocation } from 'react-router'

import { useSession } from '#app/lib/session.ts'
import { NAV_LINKS } from '#app/lib/site-paths.ts'

import { AccountLink, StudioLink } from './account-link.tsx'
import { Logo } from './logo.tsx'
import { StoreIcons } from './store-badges.tsx'
import { MenuTitleBar } from './menu-title-bar.tsx'
import { MenuIcon } from './ui/chrome-icons.tsx'

/** The mobile menu's slide, in and out (`duration-300`). */
const SLIDE_MS = 300

// Narrower below 1280 px, where a signed-in visitor's two buttons and the Free Week timer share the row.
const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-2.5 py-2 text-sm desktopMedium:px-3.5 font-medium transition-colors ${
    isActive ? 'bg-raised text-ink' : 'text-muted hover:text-ink'
  }`

/**
 * `actions` sits beside the menu on every screen size; the landing layout puts the referral's gift there,
 * since shared components never import features.
 */
export function Header({ actions }: { actions?: ReactNode }) {
  // 'closing' while the menu slides out; it is drawn until then.
  const [menu, setMenu] = useState<'closed' | 'open' | 'closing'>('closed')
  const menuOpen = menu === 'open'
  // One function each for the menu's lifetime: its focus trap is set up again whenever onClose changes.
  const closeMenu = useCallback(() => setMenu((state) => (state === 'open' ? 'closing' : state)), [])
  const removeMenu = useCallback(() => setMenu((state) => (state === 'closing' ? 'closed' : state)), [])
  const { user } = useSession()
  return (
    // The open menu lives inside the header's stacking context, so the header rises above the consent
    // banner (z-40, later in the page) while it is open; otherwise the banner would cover the drawer.
    <header className={`sticky top-0 border-b border-line/70 bg-canvas/95 ${menu === 'closed' ? 'z-40' : 'z-50'}`}>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-5 tablet:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden desktop:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={desktopLink}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3 desktop:gap-2 desktopMedium:gap-3">
          {actions}
          <div className="hidden items-center gap-2 desktop:flex desktopMedium:gap-3">
            {/* Signed in, "Get the app" opens the store as well; on narrower desktops the studio link needs the room. */}
            <div className={user ? 'hidden desktopMedium:block' : undefined}>
              <StoreIcons />
            </div>
            <AccountLink className="whitespace-nowrap rounded-full border border-line px-4 py-2 text-sm font-semibold text-ink transition-colors hover:border-accent" />
            <StudioLink className="btn-primary whitespace-nowrap px-4 py-2 text-sm" />
          </div>
          <button
            type="button"
            className="grid h-11 w-11 place-items-center rounded-full border border-line text-ink desktop:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'mobile-menu' : undefined}
            aria-label="Open menu"
            onClick={() => setMenu('open')}
          >
            <MenuIcon className="h-5 w-5" />
          </button>
        </div>
      </div>
      {/* Drawn only while open: every page's HTML would otherwise carry a second copy of the navigation. */}
      {menu === 'closed' ? null : <MobileMenu closing={menu === 'closing'} onClose={closeMenu} onClosed={removeMenu} />}
    </header>
  )
}

/**
 * Slide-out menu for small screens: a modal dialog that traps focus, closes on Escape, backdrop or navigation.
 * It slides and fades in from its @starting-style (the `starting:` variant) as it is drawn, and out again when it
 * closes, inert meanwhile and with focus already back on the opener; without motion when the visitor asks for less.
 */
function MobileMenu({
  closing,
  onClose,
  onClosed,
}: {
  closing: boolean
  onClose: () => void
  /** Once it has slid out: the header stops drawing it. */
  onClosed: () => void
}) {
  const panelRef = useRef<HTMLDivElement>(null)
  const { pathname } = useLocation()
  const lastPath = useRef(pathname)

  useEffect(() => {
    if (lastPath.current !== pathname) {
      lastPath.current = pathname
      onClose()
    }
  }, [pathname, onClose])

  useEffect(() => {
    if (!closing) return
    const panel = panelRef.current
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    // The slide's end, or its length where a transition never starts (a hidden tab, say).
    const timer = setTimeout(onClosed, reduced ? 0 : SLIDE_MS + 50)
    const onEnd = (event: TransitionEvent) => {
      // Tailwind's translate utilities set the `translate` property.
      if (event.target === panel && event.propertyName === 'translate') onClosed()
    }
    panel?.addEventListener('transitionend', onEnd)
    return () => {
      clearTimeout(timer)
      panel?.removeEventListener('transitionend', onEnd)
    }
  }, [closing, onClosed])

  useEffect(() => {
    if (closing) return
    const opener = document.activeElement as HTMLElement | null
    const panel = panelRef.current
    panel?.querySelector<HTMLElement>('a, button')?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
      if (event.key !== 'Tab' || !panel) return
      const focusable = [...panel.querySelectorAll<HTMLElement>('a, button')]
      const first = focusable[0]
      const last = focusable.at(-1)
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last?.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first?.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.body.style.overflow = ''
      opener?.focus()
    }
  }, [closing, onClose])

  return (
    <div className={`fixed inset-0 z-50 desktop:hidden ${closing ? 'pointer-events-none' : ''}`}>
      <div
        className={`absolute inset-0 bg-black/60 transition-opacity duration-300 starting:opacity-0 motion-reduce:transition-none ${closing ? 'opacity-0' : ''}`}
        onClick={onClose}
        aria-hidden="true"
      />
      <div
        id="mobile-menu"
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        inert={closing}
        className={`absolute inset-y-0 right-0 flex w-[min(20rem,86vw)] flex-col gap-6 border-l border-line bg-surface p-6 shadow-2xl transition-transform duration-300 ease-out-cubic starting:translate-x-full motion-reduce:transition-none ${closing ? 'translate-x-full' : ''}`}
      >
        <MenuTitleBar onClose={onClose} />
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  onClick={onClose}
                  className={({ isActive }) =>
                    `block rounded-xl px-4 py-3 text-base font-medium ${isActive ? 'bg-raised text-ink' : 'text-muted hover:text-ink'}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-auto flex flex-col gap-4">
          <StudioLink className="btn-primary w-full" onNavigate={onClose} />
          <AccountLink className="btn-secondary w-full" onNavigate={onClose} />
          <StoreIcons />
        </div>
      </div>
    </div>
  )
}
