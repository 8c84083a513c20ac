import type { FastifyInstance } from 'fastify'

import { AppError } from '#src/errors.ts'

const ALLOWED_METHODS = 'GET, POST, PATCH, DELETE'
const ALLOWED_HEADERS = 'Authorization, Content-Type'
const PREFLIGHT_MAX_AGE_SECONDS = '600'

/**
 * The site calls the API on its own origin and needs no CORS. Other browser origins (a CDN-hosted site
 * talking to the node host) are allowed only when listed in CORS_ORIGINS; anyone else gets no CORS headers,
 * so the browser refuses to hand them the answer, and their preflights get the 404 of an unknown path.
 *
 * One callback hook of our own rather than @fastify/cors, which copied its options into a new object and
 * built a closure on every request: a request without Origin (every same-origin call, every non-browser
 * client) costs one header here (decision 023).
 * @see https://fetch.spec.whatwg.org/#http-cors-protocol
 */
export function registerCors(app: FastifyInstance, { origins }: { origins: readonly string[] }): void {
  const allowed = new Set(origins)
  app.addHook('onRequest', (request, reply, done) => {
    // The answer depends on Origin, so a shared cache must not give one origin's answer to another.
    reply.header('vary', 'Origin')
    const origin = request.headers.origin
    if (origin === undefined || !allowed.has(origin)) return done()
    reply.header('access-control-allow-origin', origin)
    if (request.method !== 'OPTIONS') return done()
    if (!request.headers['access-control-request-method']) {
      return done(new AppError('INVALID_PREFLIGHT', 400, 'A preflight request must name its method.'))
    }
    void reply
      .code(204)
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS)
      // Some browsers wait for a body on a 204 without it.
      .header('content-length', '0')
      .send()
  })
  // A preflight needs a route to reach the hook above, which answers those it allows.
  app.options('*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound())
}
