import { redirect, redirectDocument, type MiddlewareFunction, type RouteObject } from 'react-router'

import { getRouteRule } from '@storyreel/contracts/route-rule-match'

import { BUILD } from './build-info.ts'
import { createBuildManifest, MANIFEST_UPDATE_EVENT, type BuildManifest } from './build-manifest.ts'
import { claimChunkReload, getSessionStorage, isChunkLoadError } from './chunk-reload.ts'
import { allowsPrefetch, readConnection } from './connection.ts'
import { installDataBuildId } from './data-build-id.ts'
import { env } from './env.ts'
import {
  getRoutePreloads,
  installIntentPrefetch,
  PREFETCH_CONCURRENCY,
  preloadWithLinks,
  type RouteAssetsManifest,
} from './intent-prefetch.ts'
import { createPrefetchQueue } from './prefetch-queue.ts'

/** What React Router's hydration script leaves on `window` in framework mode. */
type RouterGlobals = {
  __reactRouterDataRouter?: {
    routes: RouteObject[]
    state: { navigation: { location?: { pathname: string; search: string } } }
  }
  __reactRouterManifest?: RouteAssetsManifest
  __reactRouterRouteModules?: Record<string, unknown>
}

let manifest: BuildManifest | undefined
/** The path a client navigation is heading to, so a chunk error during it reloads there, not here. */
let navigationTarget: string | undefined
/** Set once this page has started loading another document after a chunk error. */
let reloadingTo: string | undefined

function getGlobals(): RouterGlobals {
  return window as unknown as RouterGlobals
}

function getCurrentPath(): string {
  return `${window.location.pathname}${window.location.search}`
}

/**
 * Full load of `target` after a chunk-load error, unless that path was reloaded in the last 10 seconds
 * (decision 018). Returns false when the guard holds, so the caller shows the error instead of looping.
 */
export function reloadAfterChunkError(target = navigationTarget ?? getCurrentPath()): boolean {
  if (reloadingTo === target) return true
  if (!claimChunkReload(target, getSessionStorage())) return false
  console.warn(`A script of this site failed to load (a new version may be live): loading ${target} again.`)
  reloadingTo = target
  window.location.assign(target)
  return true
}

/** Starts the build checks, intent prefetch and chunk guard once per page; a no-op outside the browser. */
export function startSiteRuntime(): BuildManifest | undefined {
  if (typeof window === 'undefined') return undefined
  if (manifest) return manifest
  installDataBuildId(window, BUILD.id)
  manifest = createBuildManifest({
    build: BUILD,
    fetch: (input, init) => window.fetch(input, init),
    connection: () => readConnection(),
    checkIntervalMs: env.buildCheckIntervalMs,
    onUpdate: (latest) => window.dispatchEvent(new CustomEvent(MANIFEST_UPDATE_EVENT, { detail: latest })),
    warn: (message) => console.warn(message),
  })
  manifest.start()

  const queue = createPrefetchQueue(PREFETCH_CONCURRENCY)
  const started = manifest
  installIntentPrefetch(document, {
    queue,
    allowed: () => allowsPrefetch(readConnection()),
    preload: async (pathname) => {
      const { __reactRouterDataRouter: router, __reactRouterManifest: routeManifest } = getGlobals()
      if (!router || !routeManifest) return
      const preloads = getRoutePreloads(pathname, {
        routes: router.routes,
        manifest: routeManifest,
        loaded: getGlobals().__reactRouterRouteModules ?? {},
        prerendered: new Set(started.meta?.prerendered ?? []),
        origin: window.location.origin,
        buildId: BUILD.id,
      })
      await preloadWithLinks(document, preloads)
    },
  })

  // React Router reloads the current page when a route module fails to load (its loadRouteModule). During a
  // client navigation that is the wrong page: turn that reload into a load of the target, once per 10 s.
  const navigation = (window as { navigation?: EventTarget }).navigation
  navigation?.addEventListener('navigate', (event) => {
    const { navigationType } = event as Event & { navigationType?: string }
    // The router's pending location: route modules load before any middleware runs, so this is set first.
    const pending = getGlobals().__reactRouterDataRouter?.state.navigation.location
    const target = pending ? `${pending.pathname}${pending.search}` : navigationTarget
    if (navigationType !== 'reload' || !target || !event.cancelable) return
    // Either our own load of the target is already under way, or the guard allows one now.
    if (reloadingTo !== target && !claimChunkReload(target, getSessionStorage())) return
    event.preventDefault()
    if (reloadingTo === target) return
    reloadingTo = target
    console.warn(`A script of this site failed to load (a new version may be live): loading ${target} again.`)
    queueMicrotask(() => window.location.assign(target))
  })

  // Vite's preload helper reports failed dynamic imports here; without preventDefault it rethrows them.
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkError()) event.preventDefault()
  })
  return manifest
}

/** Imports the target's route modules that are not loaded yet; false when one of them fails to load. */
async function loadTargetModules(pathname: string): Promise<boolean> {
  const { __reactRouterDataRouter: router, __reactRouterManifest: routeManifest } = getGlobals()
  if (!router || !routeManifest) return true
  const { modules } = getRoutePreloads(pathname, {
    routes: router.routes,
    manifest: routeManifest,
    loaded: getGlobals().__reactRouterRouteModules ?? {},
    prerendered: new Set(),
    origin: window.location.origin,
    buildId: BUILD.id,
  })
  try {
    await Promise.all(modules.map((href) => import(/* @vite-ignore */ href)))
    return true
  } catch (error) {
    if (isChunkLoadError(error)) return false
    throw error
  }
}

/**
 * Client navigation (decision 018): after a new build went live, a full page load; otherwise the route
 * rules from the build manifest, external targets included; and a full load of the target when one of its
 * scripts no longer exists. Without a manifest the server decides, so the target is loaded as a document.
 */
export const siteNavigationMiddleware: MiddlewareFunction = async ({ request }, next) => {
  const started = startSiteRuntime()
  if (!started) return next()
  const url = new URL(request.url)
  const target = `${url.pathname}${url.search}`
  if (started.update) throw redirectDocument(target)
  navigationTarget = target
  try {
    const [meta, modulesLoaded] = await Promise.all([started.getForNavigation(), loadTargetModules(url.pathname)])
    if (!meta) throw redirectDocument(target)
    const rule = getRouteRule(meta.routeRules, url.pathname)
    if (rule) {
      const { to, statusCode } = rule.redirect
      throw to.startsWith('/') ? redirect(to, statusCode) : redirectDocument(to, statusCode)
    }
    if (!modulesLoaded) {
      // A document load is already under way: React Router's reload, redirected to the target by the
      // navigate listener above. Browsers without the Navigation API get this load of the target instead.
      reloadAfterChunkError(target)
      return new Promise<never>(() => undefined)
    }
    return await next()
  } finally {
    navigationTarget = undefined
  }
}
