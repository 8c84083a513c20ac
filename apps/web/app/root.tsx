import { useEffect, useState } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigate,
} from 'react-router'

import type { Route } from './+types/root'
import './app.css'
import { ErrorPage } from './components/error-page.tsx'
import { ConsentManager } from './features/consent/consent-manager.tsx'
import { Toaster } from './components/ui/toaster.tsx'
import { LogoMark } from './components/logo.tsx'
import { DISPLAY_MODE_SCRIPT } from './lib/display-mode.ts'
import { ZOD_JITLESS_SCRIPT } from './lib/zod-jitless.ts'
import { SAMPLE_VIDEO_SCRIPT } from './features/samples/sample-video-player.ts'
import { canClaimChunkReload, getSessionStorage, isChunkLoadError } from './lib/chunk-reload.ts'
import { setNavigate } from './lib/navigation.ts'
import { reloadAfterChunkError, siteNavigationMiddleware, startSiteRuntime } from './lib/site-runtime.ts'
import { ViewportCookie } from './components/viewport-cookie.tsx'

/** Route rules from the build manifest, new-build reloads and the chunk-load guard (lib/site-runtime.ts). */
export const clientMiddleware = [siteNavigationMiddleware]

/**
 * The scripts that must run before the page paints or any module loads, as one: each inline script is a hash
 * in every page's Content-Security-Policy header. Each statement stands alone (the display mode catches its
 * own errors).
 */
const HEAD_SCRIPT = [DISPLAY_MODE_SCRIPT, ZOD_JITLESS_SCRIPT, SAMPLE_VIDEO_SCRIPT].join(';\n')

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/icons/favicon-32.png', type: 'image/png', sizes: '32x32' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
  { rel: 'manifest', href: '/site.webmanifest' },
]

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className="dark" data-mode="dark" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#07060d" />
        <script dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-canvas text-ink">
        {children}
        <Toaster />
        <ViewportCookie />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  const navigate = useNavigate()
  // Lets code outside components (the query helper's signed-out rule) use client-side navigation.
  useEffect(() => {
    setNavigate(navigate)
    return () => setNavigate(undefined)
  }, [navigate])
  useEffect(() => {
    startSiteRuntime()
  }, [])
  return (
    <>
      <Outlet />
      {/* After the page, so the banner rests below the footer at the end and comes last in tab order. */}
      <ConsentManager />
    </>
  )
}

/** Shown by the SPA fallback (/app, /auth) while the client bundle starts. */
export function HydrateFallback() {
  return (
    <div className="grid min-h-dvh place-items-center" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-4">
        <div className="animate-pulse">
          <LogoMark size={56} />
        </div>
        <p className="text-sm text-muted">Loading…</p>
      </div>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname, search } = useLocation()
  // A script of this page is gone (usually a deploy): load the page again, once per 10 s (decision 018).
  const path = `${pathname}${search}`
  const [reloading] = useState(
    () => typeof window !== 'undefined' && isChunkLoadError(error) && canClaimChunkReload(path, getSessionStorage()),
  )
  useEffect(() => {
    if (reloading) reloadAfterChunkError(path)
  }, [reloading, path])
  if (reloading) return <HydrateFallback />
  if (isRouteErrorResponse(error)) {
    const message =
      error.status === 404
        ? `Page not found: ${pathname}`
        : typeof error.data === 'string' && error.data
          ? error.data
          : error.statusText || 'Something went wrong'
    return <ErrorPage status={error.status} message={message} />
  }
  if (import.meta.env.DEV) console.error(error)
  return <ErrorPage status={500} message="Something went wrong" />
}
