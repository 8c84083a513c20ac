import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'

import type { FastifyError, FastifyInstance } from 'fastify'

import { isDatabaseUnavailableError } from '@storyreel/db/errors'
import { EngineError } from '@storyreel/engine/engine'

import { MediaStoreUnavailableError } from '#src/adapters/media/media-store.ts'
import { AppError, fromEngineError, toErrorBody } from '#src/errors.ts'

export const NOT_FOUND_LIMIT_PER_MINUTE = 300

/** What a request that Node's HTTP parser refused gets: status, code and message, by the parser's error. */
function describeClientError(code: string | undefined): [number, string, string] {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return [
      431,
      'HEADERS_TOO_LARGE',
      'The request line and headers are larger than 16 KiB. Shorten the URL or headers.',
    ]
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'REQUEST_TIMEOUT', 'The request did not arrive in time.']
  return [400, 'MALFORMED_REQUEST', 'The request is not well-formed HTTP, so it could not be read.']
}

/**
 * Answers requests that never reach Fastify's router (bad request line, method or chunk, conflicting
 * lengths, control characters in a header, headers too large) in the one error shape, and closes the
 * connection, since the rest of its bytes cannot be trusted. Passed as Fastify's `clientErrorHandler`.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, code, message] = describeClientError(error.code)
  const body = JSON.stringify(toErrorBody(status, code, message))
  if (!socket.writable) {
    socket.destroy()
    return
  }
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      'x-content-type-options: nosniff',
      `content-security-policy: default-src 'none'; frame-ancestors 'none'`,
      '',
      body,
    ].join('\r\n'),
  )
}

/** Names sit at the even places of Node's raw header list, values at the odd ones. */
function countHostLines(rawHeaders: string[]): number {
  let count = 0
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]
    if (name?.length === 4 && name.toLowerCase() === 'host') count += 1
  }
  return count
}

/** One error shape for every non-2xx answer: `{statusCode, error, code, message}`. */
export function registerErrorHandler(app: FastifyInstance): void {
  // Node answers a HTTP/1.1 request without Host with an empty 400 of its own unless told not to (the
  // server's `requireHostHeader: false`); the check is made here instead, so the answer has our shape.
  // Node keeps the first of several Host lines, which RFC 9112 §3.2 says a server must refuse instead:
  // two parts of a chain reading different hosts is how cache poisoning and request smuggling start.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers.host === undefined) {
      if (request.raw.httpVersion !== '1.1') return done()
      return done(
        new AppError('MISSING_HOST', 400, 'An HTTP/1.1 request must name the host it is for in a Host header.'),
      )
    }
    if (countHostLines(request.raw.rawHeaders) > 1) {
      return done(new AppError('DUPLICATE_HOST', 400, 'A request must have one Host header, not several.'))
    }
    done()
  })

  app.setErrorHandler((thrown: FastifyError | AppError | EngineError, request, reply) => {
    const error = thrown instanceof EngineError ? (fromEngineError(thrown) ?? thrown) : thrown
    if (error instanceof EngineError) {
      request.log.error({ err: error, method: request.method, url: request.url }, 'engine failed')
      return reply
        .code(500)
        .send(toErrorBody(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'))
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds))
      return reply
        .code(error.statusCode)
        .send(toErrorBody(error.statusCode, error.code, error.problems ?? error.message))
    }
    if (error.validation) {
      const messages = error.validation.map(
        (issue) => `${issue.instancePath || (error.validationContext ?? 'body')}: ${issue.message ?? 'is invalid'}`,
      )
      return reply.code(400).send(toErrorBody(400, 'VALIDATION_FAILED', messages))
    }
    // Before the database check, which would take the store's refused connection for the database's.
    if (error instanceof MediaStoreUnavailableError) {
      request.log.warn({ err: error, method: request.method, url: request.url }, 'media store unavailable')
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(
          toErrorBody(
            503,
            'MEDIA_STORE_UNAVAILABLE',
            'Video files cannot be reached right now. Please try again shortly.',
          ),
        )
    }
    if (isDatabaseUnavailableError(error)) {
      request.log.warn({ err: error, method: request.method, url: request.url }, 'database unavailable')
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(
          toErrorBody(
            503,
            'DATABASE_UNAVAILABLE',
            'The database is not reachable right now. Please try again shortly.',
          ),
        )
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status >= 500) {
      request.log.error(
        { err: error, method: request.method, url: request.url, params: request.params },
        'request failed',
      )
      return reply
        .code(500)
        .send(toErrorBody(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'))
    }
    const code =
      error.code && /^[A-Z][A-Z0-9_]*$/.test(error.code) ? error.code.replace(/^FST_ERR_/, '') : 'BAD_REQUEST'
    return reply.code(status).send(toErrorBody(status, code, error.message))
  })

  // Rate-limited, so probing for URLs costs a scanner more than it costs us.
  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: NOT_FOUND_LIMIT_PER_MINUTE, timeWindow: '1 minute' }) },
    (request, reply) => {
      return reply
        .code(404)
        .send(toErrorBody(404, 'NOT_FOUND', `Nothing at ${request.method} ${request.url.split('?')[0] ?? ''}`))
    },
  )
}
