import type { FastifyError, FastifyInstance } from 'fastify'

import { isDatabaseUnavailableError } from '@storyreel/db/errors'

import { AppError, toErrorBody } from '#src/errors.ts'

export const NOT_FOUND_LIMIT_PER_MINUTE = 300

/** One error shape for every non-2xx answer (STYLE §5): `{statusCode, error, code, message}`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
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

  // Rate-limited, so probing for URLs costs a scanner more than it costs us (STYLE §5).
  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: NOT_FOUND_LIMIT_PER_MINUTE, timeWindow: '1 minute' }) },
    (request, reply) => {
      return reply
        .code(404)
        .send(toErrorBody(404, 'NOT_FOUND', `Nothing at ${request.method} ${request.url.split('?')[0] ?? ''}`))
    },
  )
}
