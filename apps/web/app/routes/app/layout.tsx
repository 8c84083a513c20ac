import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Link, NavLink, Outlet } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'

import { Logo } from '#app/components/logo.tsx'
import { MenuTitleBar } from '#app/components/menu-title-bar.tsx'
import { MenuIcon } from '#app/components/ui/icons.tsx'
import { authApi } from '#app/features/auth/auth-api.ts'
import { CookieSettingsButton } from '#app/features/consent/cookie-settings-button.tsx'
import { useSession } from '#app/lib/session.ts'

const HELP_HREF = `mailto:${BRAND.supportEmail}?subject=${encodeURIComponent(`${BRAND.name} support`)}`

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3.5 py-2 text-sm font-medium transition-colors ${isActive ? 'bg-raised text-ink' : 'text-muted hover:text-ink'}`

const menuLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-xl px-4 py-3 text-base font-medium ${isActive ? 'bg-raised text-ink' : 'text-muted hover:text-ink'}`

function getDestinations(isAdmin: boolean) {
  return [
    { to: '/app', label: 'Home', end: true },
    { to: '/app/create', label: 'Create', end: false },
    { to: '/app/projects', label: 'Projects', end: false },
    { to: '/app/batches', label: 'Batches', end: false },
    { to: '/app/library', label: 'Library', end: false },
    { to: '/app/music', label: 'Music', end: false },
    { to: '/app/brand', label: 'Brand', end: false },
    { to: '/app/profile', label: 'Profile', end: false },
    ...(isAdmin ? [{ to: '/app/admin', label: 'Admin', end: false }] : []),
  ]
}

function SignOutButton({ className }: { className: string }) {
  const [signingOut, setSigningOut] = useState(false)
  return (
    <button
      type="button"
      className={className}
      disabled={signingOut}
      onClick={() => {
        setSigningOut(true)
        void authApi.logout().finally(() => setSigningOut(false))
      }}
    >
      {signingOut ? 'Signing out…' : 'Sign out'}
    </button>
  )
}

/**
 * Below the desktop width every destination sits in a menu on the native modal <dialog>: the browser traps
 * focus in it, closes it on Escape and returns focus to the button, and its top layer keeps the consent
 * banner and toasts from covering it.
 */
function PhoneMenu({ email, isAdmin }: { email: string; isAdmin: boolean }) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState(false)
  const close = () => dialogRef.current?.close()
  return (
    <>
      <button
        type="button"
        className="inline-flex h-11 items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold text-ink transition-colors hover:border-accent desktop:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="app-menu"
        onClick={() => {
          dialogRef.current?.showModal()
          setOpen(true)
        }}
      >
        <MenuIcon className="h-5 w-5" />
        Menu
      </button>
      {/* Closing on a backdrop click is for pointers; the keyboard has Escape and the Close button. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        id="app-menu"
        ref={dialogRef}
        aria-label="Menu"
        onClose={() => setOpen(false)}
        // A click on the backdrop lands on the <dialog> itself, outside its panel.
        onClick={(event) => {
          if (event.target === event.currentTarget) close()
        }}
        className="app-menu m-0 ml-auto h-dvh max-h-none w-[min(20rem,86vw)] border-l border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/60 desktop:hidden"
      >
        <div className="flex min-h-full flex-col gap-6 p-5">
          <MenuTitleBar onClose={close} />
          <nav aria-label="App menu">
            <ul className="flex flex-col gap-1">
              {getDestinations(isAdmin).map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className={menuLink} onClick={close}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <a className={menuLink({ isActive: false })} href={HELP_HREF}>
                  Help
                </a>
              </li>
            </ul>
          </nav>
          <div className="mt-auto border-t border-line pt-5">
            <p className="break-all text-sm text-muted">
              Signed in as <span className="text-ink">{email}</span>
            </p>
            <SignOutButton className="btn-secondary mt-3 w-full" />
          </div>
        </div>
      </dialog>
    </>
  )
}

function AccountNav() {
  const { user } = useSession()
  if (!user?.confirmed) return null
  const isAdmin = user.role === 'admin'
  return (
    <>
      <div className="hidden items-center gap-1 desktop:flex">
        <nav aria-label="App">
          <ul className="flex items-center gap-1">
            {getDestinations(isAdmin).map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={navLink}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SignOutButton className="ml-1 rounded-full border border-line px-3.5 py-2 text-sm font-medium text-muted transition-colors hover:border-accent hover:text-ink disabled:opacity-60" />
      </div>
      <PhoneMenu email={user.email} isAdmin={isAdmin} />
    </>
  )
}

/** The app area's frame (every route under /app and /auth uses it): focused, no marketing. */
export default function AppLayout() {
  // One cache per visit; the app area's data is per user, so nothing is shared across sessions.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  )
  const { user } = useSession()
  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-accent px-4 py-2 font-semibold text-accent-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
        >
          Skip to content
        </a>
        <header className="border-b border-line/70">
          <div className="mx-auto flex min-h-16 max-w-6xl items-center justify-between gap-3 px-5 py-2 tablet:px-8">
            <Logo />
            <div className="flex items-center gap-3">
              <AccountNav />
              <a
                className={`py-1 text-sm text-muted transition-colors hover:text-ink ${user?.confirmed ? 'hidden desktop:inline-block' : 'inline-block'}`}
                href={HELP_HREF}
              >
                Help
              </a>
            </div>
          </div>
        </header>
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <footer className="border-t border-line/70">
          <p className="mx-auto max-w-6xl px-5 py-5 text-xs text-subtle tablet:px-8">
            © {BRAND.copyrightYears} {BRAND.name} ·{' '}
            <Link to="/privacy#terms" className="underline-offset-2 hover:underline">
              Terms
            </Link>{' '}
            ·{' '}
            <Link to="/privacy#privacy-policy" className="underline-offset-2 hover:underline">
              Privacy
            </Link>{' '}
            · <CookieSettingsButton className="cursor-pointer underline-offset-2 hover:underline" />
          </p>
        </footer>
      </div>
    </QueryClientProvider>
  )
}
