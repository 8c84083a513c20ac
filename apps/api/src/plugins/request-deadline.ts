import type { FastifyInstance } from 'fastify'

import { handleClientError } from './error-handler.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Ends the deadline for this request: an upload route calls it when it starts reading the file and
     * watching for a client gone quiet instead.
     */
    releaseDeadline: () => void
  }
}

const NO_DEADLINE = () => undefined

/**
 * Every request must have arrived whole within `deadlineMs`, or it is answered 408 and its connection closed:
 * what Node's server-wide requestTimeout does, but per request, so an upload of a large file may take as long
 * as it keeps arriving once its handler releases the deadline (and watches for silence itself). Until then,
 * an upload is held to the deadline too, signed in or not. An answer sent before its request's body has
 * arrived closes the connection, so the rest of the body cannot keep it open.
 */
export function registerRequestDeadline(app: FastifyInstance, { deadlineMs }: { deadlineMs: number }): void {
  app.decorateRequest('releaseDeadline', NO_DEADLINE)
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.complete) return done()
    const timer = setTimeout(() => {
      if (request.raw.complete) return
      if (reply.sent) request.raw.socket.destroy()
      else
        handleClientError(
          Object.assign(new Error('request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
          request.raw.socket,
        )
    }, deadlineMs)
    timer.unref()
    const clear = () => clearTimeout(timer)
    request.releaseDeadline = clear
    request.raw.once('end', clear)
    reply.raw.once('close', clear)
    done()
  })
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete && hasBody(request.raw.headers)) reply.header('connection', 'close')
    done(null, payload)
  })
}

/**
 * Whether a request carries a body (RFC 9112 §6.3): a length above zero, or a transfer coding. Node marks even a
 * bodyless GET `complete` only a moment after its handler starts, and a page answered from memory is sent before
 * that: closing those connections would cost every following request on the page a new connection.
 */
function hasBody(headers: { 'content-length'?: string; 'transfer-encoding'?: string }): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0
}
