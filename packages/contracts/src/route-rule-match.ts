import type { RouteRule, RouteRules } from './route-rules.ts'

// Kept apart from the schema so the browser can match rules without bundling the validator.

/** Removes a trailing slash (but keeps "/") and decodes percent-escapes so both sides compare alike. */
export function normalizeRulePath(pathname: string): string {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    decoded = pathname
  }
  return decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded
}

export function getRouteRule(rules: RouteRules, pathname: string): RouteRule | undefined {
  return rules[normalizeRulePath(pathname)]
}
