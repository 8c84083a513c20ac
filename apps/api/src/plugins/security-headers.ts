import type { FastifyInstance } from 'fastify'

/** Third-party origins a document may use, per directive: only what a configured feature needs. */
export type ExternalSources = Partial<
  Record<'script' | 'style' | 'img' | 'connect' | 'frame' | 'media', readonly string[]>
>

export type CspOptions = { scriptHashes: readonly string[]; https: boolean; external?: ExternalSources }

const sources = (list: readonly string[] | undefined) => (list && list.length > 0 ? ` ${list.join(' ')}` : '')

/** Several features' sources in one, each origin once per directive. */
export function mergeExternalSources(...all: ExternalSources[]): ExternalSources {
  const merged: Record<string, string[]> = {}
  for (const external of all) {
    for (const [directive, list] of Object.entries(external)) {
      const target = (merged[directive] ??= [])
      for (const source of list ?? []) if (!target.includes(source)) target.push(source)
    }
  }
  return merged
}

/**
 * A fetch directive that only repeats `default-src 'self'` is left out: the browser falls back to default-src for
 * it, and the policy is header bytes on every page view.
 */
const selfPlus = (name: string, list: readonly string[] | undefined) =>
  list && list.length > 0 ? [`${name} 'self'${sources(list)}`] : []

/** The policy for HTML documents: scripts only from us, the exact inline scripts the build emitted, and the SDKs of configured features. */
export function buildDocumentCsp({ scriptHashes, https, external = {} }: CspOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self'${sources(external.script)} ${scriptHashes.join(' ')}`.trim(),
    // React style props become style attributes; scripts stay locked down, styles may be inline.
    `style-src 'self' 'unsafe-inline'${sources(external.style)}`,
    `img-src 'self' data:${sources(external.img)}`,
    ...selfPlus('connect-src', external.connect),
    ...(external.frame && external.frame.length > 0 ? [`frame-src${sources(external.frame)}`] : []),
    ...selfPlus('media-src', external.media),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'"
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=()'
const HSTS = 'max-age=63072000; includeSubDomains; preload'

/**
 * Security headers on every response; HSTS only when the request arrived over HTTPS. A callback hook rather
 * than an async one: it runs on every response, and a promise per response is measurable.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    reply.header('permissions-policy', PERMISSIONS_POLICY)
    reply.header('x-frame-options', 'DENY')
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups')
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', NON_DOCUMENT_CSP)
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    done(null, payload)
  })
}

/**
 * For a scope of routes whose answers carry a session or an account (tokens, profiles, sessions): no browser
 * or proxy may keep a copy, error answers included.
 */
export function forbidCaching(scope: FastifyInstance): void {
  scope.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store')
    done(null, payload)
  })
}
