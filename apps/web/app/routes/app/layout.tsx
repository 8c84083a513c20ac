import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, NavLink, Outlet } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'

import { Logo } from '#app/components/logo.tsx'
import { authApi } from '#app/features/auth/auth-api.ts'
import { CookieSettingsButton } from '#app/features/consent/cookie-settings-button.tsx'
import { useSession } from '#app/lib/session.ts'

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3.5 py-2 text-sm font-medium transition-colors ${isActive ? 'bg-raised text-ink' : 'text-muted hover:text-ink'}`

function AccountNav() {
  const { user } = useSession()
  const [signingOut, setSigningOut] = useState(false)
  if (!user?.confirmed) return null
  return (
    <div className="flex min-w-0 items-center gap-1 overflow-x-auto">
      <nav aria-label="App" className="flex items-center gap-1">
        <NavLink to="/app" end className={navLink}>
          Home
        </NavLink>
        <NavLink to="/app/create" className={navLink}>
          Create
        </NavLink>
        <NavLink to="/app/projects" className={navLink}>
          Projects
        </NavLink>
        <NavLink to="/app/music" className={navLink}>
          Music
        </NavLink>
        <NavLink to="/app/profile" className={navLink}>
          Profile
        </NavLink>
        {user.role === 'admin' ? (
          <NavLink to="/app/admin" className={navLink}>
            Admin
          </NavLink>
        ) : null}
      </nav>
      <button
        type="button"
        className="ml-1 rounded-full border border-line px-3.5 py-2 text-sm font-medium text-muted transition-colors hover:border-accent hover:text-ink disabled:opacity-60"
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true)
          void authApi.logout().finally(() => setSigningOut(false))
        }}
      >
        {signingOut ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  )
}

/** The app area's frame (every route under /app and /auth uses it): focused, no marketing. */
export default function AppLayout() {
  // One cache per visit; the app area's data is per user, so nothing is shared across sessions.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  )
  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex min-h-dvh flex-col">
        <header className="border-b border-line/70">
          <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-3 px-5 py-2 tablet:px-8">
            <Logo />
            <div className="flex min-w-0 max-w-full items-center gap-3">
              <AccountNav />
              <a
                className="inline-block py-1 text-sm text-muted transition-colors hover:text-ink"
                href={`mailto:${BRAND.supportEmail}?subject=${encodeURIComponent(`${BRAND.name} support`)}`}
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
