import { matchRoutes, type RouteObject } from 'react-router'

import { addBuildIdToDataUrl } from './data-build-id.ts'
import type { PrefetchQueue } from './prefetch-queue.ts'

/** At most five route preloads at once (decision 018). */
export const PREFETCH_CONCURRENCY = 5
/** A pointer that rests this long on a link shows intent; one sweeping across the footer does not. */
export const HOVER_INTENT_MS = 100

/** The part of `window.__reactRouterManifest` a preload needs. */
export type RouteAssetsManifest = {
  routes: Record<string, { module: string; imports?: string[]; hasLoader?: boolean } | undefined>
}

export type RoutePreloads = { data?: string; modules: string[] }

type PreloadContext = {
  routes: RouteObject[]
  manifest: RouteAssetsManifest
  /** Route modules already loaded (`window.__reactRouterRouteModules`). */
  loaded: Record<string, unknown>
  /** Prerendered page paths from the build manifest; only these have a `.data` file. */
  prerendered: ReadonlySet<string>
  origin: string
  buildId: string
}

/** What a navigation to `pathname` would fetch: its `.data` file (with the build id) and new route modules. */
export function getRoutePreloads(pathname: string, context: PreloadContext): RoutePreloads {
  const modules = new Set<string>()
  let hasLoader = false
  for (const match of matchRoutes(context.routes, pathname) ?? []) {
    const id = match.route.id
    const entry = id ? context.manifest.routes[id] : undefined
    if (!id || !entry) continue
    hasLoader ||= entry.hasLoader === true
    if (id in context.loaded) continue
    modules.add(entry.module)
    for (const href of entry.imports ?? []) modules.add(href)
  }
  // Only prerendered pages with a loader have a `.data` file (React Router fetches no other).
  if (!hasLoader || !context.prerendered.has(pathname)) return { modules: [...modules] }
  // The same URL React Router's single fetch builds, so the navigation finds the prefetched response.
  const url = addBuildIdToDataUrl(
    new URL(`${pathname.endsWith('/') ? `${pathname}_` : pathname}.data`, context.origin),
    context.origin,
    context.buildId,
  )
  return { data: `${url.pathname}${url.search}`, modules: [...modules] }
}

/** Adds the hints to <head> and settles when every one has loaded or failed. */
export function preloadWithLinks(doc: Document, preloads: RoutePreloads): Promise<void> {
  const links = [
    ...(preloads.data ? [{ rel: 'prefetch', href: preloads.data, as: 'fetch' }] : []),
    ...preloads.modules.map((href) => ({ rel: 'modulepreload', href, as: undefined })),
  ]
  return Promise.all(
    links.map(
      ({ rel, href, as }) =>
        new Promise<void>((resolve) => {
          const link = doc.createElement('link')
          link.rel = rel
          link.href = href
          if (as) link.setAttribute('as', as)
          link.addEventListener('load', () => resolve(), { once: true })
          link.addEventListener('error', () => resolve(), { once: true })
          doc.head.append(link)
        }),
    ),
  ).then(() => undefined)
}

type IntentPrefetchOptions = {
  queue: PrefetchQueue
  /** Checked at each intent: the connection can change while the page is open. */
  allowed: () => boolean
  preload: (pathname: string) => Promise<void>
}

/** An internal page link: same origin, same tab, not a download, not the page already shown. */
function getInternalPath(target: EventTarget | null, doc: Document): string | undefined {
  if (!(target instanceof Element)) return undefined
  const anchor = target.closest('a[href]')
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return undefined
  if (anchor.target && anchor.target !== '_self') return undefined
  const url = new URL(anchor.href, doc.baseURI)
  if (url.origin !== doc.location.origin || url.pathname === doc.location.pathname) return undefined
  return url.pathname
}

/**
 * One delegated listener for every link on the page replaces `<Link prefetch="intent">`, which has no
 * limit on concurrent preloads. Returns a function that removes the listeners.
 */
export function installIntentPrefetch(doc: Document, options: IntentPrefetchOptions): () => void {
  let hoverTimer: ReturnType<typeof setTimeout> | undefined
  let hoverPath: string | undefined

  function enqueue(pathname: string): void {
    if (!options.allowed()) return
    options.queue.add(pathname, () => options.preload(pathname))
  }
  function onPointerOver(event: Event): void {
    const pathname = getInternalPath(event.target, doc)
    if (pathname === hoverPath) return
    clearTimeout(hoverTimer)
    hoverPath = pathname
    if (pathname) hoverTimer = setTimeout(() => enqueue(pathname), HOVER_INTENT_MS)
  }
  function onImmediateIntent(event: Event): void {
    const pathname = getInternalPath(event.target, doc)
    if (pathname) enqueue(pathname)
  }

  doc.addEventListener('pointerover', onPointerOver, { passive: true })
  doc.addEventListener('focusin', onImmediateIntent)
  doc.addEventListener('touchstart', onImmediateIntent, { passive: true })
  return () => {
    clearTimeout(hoverTimer)
    doc.removeEventListener('pointerover', onPointerOver)
    doc.removeEventListener('focusin', onImmediateIntent)
    doc.removeEventListener('touchstart', onImmediateIntent)
  }
}
