import { getRouteRule } from '@storyreel/contracts/route-rule-match'

import type { Site, SiteFile } from './site-files.ts'
import { ASSETS_PREFIX } from './site-paths.ts'

export type SiteOutcome =
  | { kind: 'file'; file: SiteFile; status: 200 | 404 }
  | { kind: 'redirect'; location: string; status: number }
  | { kind: 'not-found' }
  | { kind: 'not-found-page'; path: string }
  | { kind: 'pass' }

/** Paths the browser app owns: the server answers them with the SPA fallback (decision 001). */
const SPA_PREFIXES = ['/app', '/auth']
/** Paths left to the API's own routes and JSON 404. */
const API_PREFIXES = ['/api/', '/admin/']

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`)
}

function decodePath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return undefined
  }
}

/** Appends the request's query to an internal target, keeping any #fragment of the target last. */
export function withQuery(target: string, search: string): string {
  if (!search) return target
  const hashAt = target.indexOf('#')
  const base = hashAt === -1 ? target : target.slice(0, hashAt)
  const hash = hashAt === -1 ? '' : target.slice(hashAt)
  const joined = base.includes('?') ? `${base}&${search.slice(1)}` : `${base}${search}`
  return `${joined}${hash}`
}

/**
 * Decides what one GET answers, in order: refused paths, route rules, exact files, prerendered pages,
 * trailing-slash canonicalisation, missing build assets (to /), the SPA fallback, and a real 404.
 */
export function resolveSiteRequest(site: Site, rawUrl: string): SiteOutcome {
  const queryStart = rawUrl.indexOf('?')
  const pathname = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart)
  const search = queryStart === -1 ? '' : rawUrl.slice(queryStart)
  const notFoundPage: SiteOutcome = { kind: 'not-found-page', path: pathname }
  const decoded = decodePath(pathname)
  // An encoded slash would make a second URL for the same file; a NUL byte is never a real path.
  if (decoded === undefined || decoded.includes('\0') || /%2f/i.test(pathname)) return notFoundPage
  if (API_PREFIXES.some((prefix) => decoded.startsWith(prefix)) || decoded === '/api' || decoded === '/admin') {
    return { kind: 'pass' }
  }
  // Dot-files and dot-directories are never served, nor are path tricks like "/../".
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return notFoundPage

  // Rules match the path as the browser sends it; normalizeRulePath decodes it exactly once.
  const rule = getRouteRule(site.routeRules, pathname)
  if (rule) {
    const internal = rule.redirect.to.startsWith('/')
    return {
      kind: 'redirect',
      location: internal ? withQuery(rule.redirect.to, search) : rule.redirect.to,
      status: rule.redirect.statusCode,
    }
  }

  const exact = site.files.get(decoded)
  if (exact && decoded.endsWith('/index.html')) {
    const canonical = decoded.slice(0, -'/index.html'.length) || '/'
    return { kind: 'redirect', location: `${encodeURI(canonical)}${search}`, status: 301 }
  }
  if (exact) return { kind: 'file', file: exact, status: 200 }

  const page = site.files.get(decoded === '/' ? '/index.html' : `${decoded}/index.html`)
  if (page && (decoded === '/' || !decoded.endsWith('/'))) return { kind: 'file', file: page, status: 200 }

  if (decoded.length > 1 && decoded.endsWith('/')) {
    const withoutSlash = decoded.replace(/\/+$/, '')
    if (site.files.has(`${withoutSlash}/index.html`)) {
      return { kind: 'redirect', location: `${encodeURI(withoutSlash)}${search}`, status: 301 }
    }
  }

  // A 404 inside the build-assets folder sends the visitor home (a stale tab after a deploy).
  if (decoded.startsWith(ASSETS_PREFIX)) return { kind: 'redirect', location: '/', status: 302 }

  // A data request for a page that was never prerendered: a bare 404 the router shows as its error page.
  if (decoded.endsWith('.data')) return { kind: 'not-found' }

  if (SPA_PREFIXES.some((prefix) => isUnder(decoded, prefix))) {
    return { kind: 'file', file: site.spaFallback, status: 200 }
  }
  // An unknown article fails its validity check in the browser (its route's own 404 page), so it gets
  // the app shell; every other unknown path gets the prerendered error page naming the path.
  if (decoded.startsWith('/blog/')) return { kind: 'file', file: site.spaFallback, status: 404 }
  return notFoundPage
}
