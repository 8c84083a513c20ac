import { Link, Outlet } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'

import { Logo } from '#app/components/logo.tsx'

/** The app area's frame (SPEC §2: routes named app* or auth* use the app layout): focused, no marketing. */
export default function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-5 tablet:px-8">
          <Logo />
          <a
            className="inline-block py-1 text-sm text-muted transition-colors hover:text-ink"
            href={`mailto:${BRAND.supportEmail}?subject=${encodeURIComponent(`${BRAND.name} support`)}`}
          >
            Help
          </a>
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
          </Link>
        </p>
      </footer>
    </div>
  )
}
