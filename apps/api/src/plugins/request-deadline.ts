import type { FastifyInstance } from 'fastify'

import { handleClientError } from './error-handler.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload whose body may take long to arrive: only its own idle limit applies, not the deadline. */
    longUpload?: boolean
  }
}

/**
 * Every request must have arrived whole within `deadlineMs`, or it is answered 408 and its connection
 * closed: what Node's server-wide requestTimeout does, but per route, so an upload of a large file may take
 * as long as it keeps sending (routes marked `longUpload` watch for a client gone quiet instead). The
 * server's own requestTimeout is then the upper bound for those uploads.
 */
export function registerRequestDeadline(app: FastifyInstance, { deadlineMs }: { deadlineMs: number }): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.longUpload || request.raw.complete) return done()
    const timer = setTimeout(() => {
      if (request.raw.complete || reply.sent) return
      handleClientError(
        Object.assign(new Error('request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
        request.raw.socket,
      )
    }, deadlineMs)
    timer.unref()
    const clear = () => clearTimeout(timer)
    request.raw.once('end', clear)
    reply.raw.once('close', clear)
    done()
  })
}
