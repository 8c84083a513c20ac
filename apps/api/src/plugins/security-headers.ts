import type { FastifyInstance } from 'fastify'

export type CspOptions = { scriptHashes: readonly string[]; https: boolean }

/** The policy for HTML documents: scripts only from us or the exact inline scripts the build emitted. */
export function buildDocumentCsp({ scriptHashes, https }: CspOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // React style props become style attributes; scripts stay locked down, styles may be inline.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "media-src 'self'",
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

/** Security headers on every response (issue #2); HSTS only when the request arrived over HTTPS. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    reply.header('permissions-policy', PERMISSIONS_POLICY)
    reply.header('x-frame-options', 'DENY')
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups')
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', NON_DOCUMENT_CSP)
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    return payload
  })
}
