import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import type { Bindings, ChildLoggerOptions, Level, LoggerOptions } from 'pino'

export type AccessLogMode = 'off' | 'sampled' | 'full'
export type AccessLogOptions = { mode: AccessLogMode; sampleRate: number }

/** Fields that hold a credential or personal data under the names our code uses for them. */
const SECRET_FIELDS = [
  'password',
  'passwordHash',
  'token',
  'tokenHash',
  'accessToken',
  'access_token',
  'idToken',
  'id_token',
  'codeHash',
  'clientSecret',
  'apiKey',
  'secret',
  'email',
  'to',
]

/**
 * Replaced with `[Redacted]` in every line, whatever the level (decision 023). `code` is redacted only at
 * the top of a line: one level down it is an error's code (`err.code`: 23505, ECONNREFUSED), which we need.
 * The outbox mailer's line (decision 012) names its fields `outbox*`, so it alone still shows the code.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'body',
  'code',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
]

/**
 * Error fields never written: the values of a failed query (Drizzle's `params`, PGlite's `params` and
 * `queryOptions`, node-postgres's `parameters` and `args`) and PostgreSQL's `detail`, which quotes the row
 * ("Failing row contains (…)", "Key (email)=(…) already exists").
 */
const DROPPED_ERROR_FIELDS = ['params', 'parameters', 'args', 'queryOptions', 'detail']
/** Written by serializeError itself, if at all. */
const SKIPPED_ERROR_FIELDS = new Set([...DROPPED_ERROR_FIELDS, 'query', 'cause', 'errors'])
/** Drizzle appends the values to its message: `Failed query: <sql>\nparams: <values>`. */
const PARAMS_IN_MESSAGE = '\nparams: '
const MAX_QUERY_LENGTH = 2000
const MAX_CAUSE_DEPTH = 8

type ErrorLike = Error & Record<string, unknown>

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string'
}

function withoutParams(message: string): string {
  const index = message.indexOf(PARAMS_IN_MESSAGE)
  return index === -1 ? message : message.slice(0, index)
}

function scrubStack(stack: string, message: string, safeMessage: string): string {
  if (message === safeMessage) return stack
  const index = stack.indexOf(message)
  if (index !== -1) return stack.slice(0, index) + safeMessage + stack.slice(index + message.length)
  // The header no longer quotes the message verbatim: keep only the frames.
  return [safeMessage, ...stack.split('\n').filter((line) => line.startsWith('    at '))].join('\n')
}

/**
 * pino's `err` serializer, without the values of a failed query at any depth of `cause`: the fields above
 * are dropped and Drizzle's message loses its `params:` part. Causes stay nested objects rather than being
 * folded into the message, so each level goes through the same rules. The SQL (placeholders, no values) is
 * written once, as `query`, and not again in the message or by a cause that failed on the same query.
 */
export function serializeError(error: unknown, depth = 0, parentQuery?: string): unknown {
  if (!isErrorLike(error)) return error
  const query = typeof error.query === 'string' ? error.query : undefined
  const message = error.message
  let safeMessage = withoutParams(message)
  if (query) safeMessage = safeMessage.replace(query, '<query>')
  const serialized: Record<string, unknown> = {
    type: typeof error.constructor === 'function' ? error.constructor.name : error.name,
    message: safeMessage,
  }
  if (typeof error.stack === 'string') serialized.stack = scrubStack(error.stack, message, safeMessage)
  if (query && query !== parentQuery) serialized.query = query.slice(0, MAX_QUERY_LENGTH)
  for (const key of Object.keys(error)) {
    if (Object.hasOwn(serialized, key) || SKIPPED_ERROR_FIELDS.has(key)) continue
    const value = error[key]
    serialized[key] = isErrorLike(value) && depth < MAX_CAUSE_DEPTH ? serializeError(value, depth + 1) : value
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    serialized.cause = serializeError(error.cause, depth + 1, query ?? parentQuery)
  }
  if (Array.isArray(error.errors) && depth < MAX_CAUSE_DEPTH) {
    serialized.errors = error.errors.map((inner: unknown) => serializeError(inner, depth + 1))
  }
  return serialized
}

/** A request in a log line: no headers, and the path without its query, which may hold a signed link or a search. */
function serializeRequest(request: { method?: string; url?: string; ip?: string }) {
  return { method: request.method, url: request.url?.split('?', 1)[0], remoteAddress: request.ip }
}

/** pino options for every logger of the API process and the render workers. */
export function createLoggerOptions(level: string): LoggerOptions & { level: string } {
  return {
    level,
    redact: REDACTED_PATHS,
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  }
}

/**
 * One line per answered request, written when it completes: every 5xx (at `error`), and otherwise all of
 * them (`full`), a random share (`sampled`) or none (`off`), so a busy server does not write a line per
 * request. Fastify's own "incoming request" line is left out. A LogController rather than an onResponse
 * hook: Fastify calls it on every response anyway, so the modes cost no extra hook.
 * @see https://fastify.dev/docs/latest/Reference/Logging/
 */
export class AccessLogController extends LogController {
  readonly #mode: AccessLogMode
  readonly #sampleRate: number
  #lines: FastifyBaseLogger | undefined

  constructor({ mode, sampleRate }: AccessLogOptions) {
    super()
    this.#mode = mode
    this.#sampleRate = sampleRate
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || reply.statusCode >= 500) {
      reply.log.error({ req: request, res: reply, responseTime: reply.elapsedTime, err: error }, 'request completed')
    } else if (this.#mode === 'full' || (this.#mode === 'sampled' && Math.random() < this.#sampleRate)) {
      // Fixed fields that the serializers reduce to method, path without query, address and status, none of
      // which a redaction rule names: written by a child without the redaction pass, which cost most of the
      // line (decision 023). A 5xx, which may carry an error, keeps every rule (above).
      this.#lines ??= request.server.log.child({}, { redact: [] })
      this.#lines.info(
        { [this.requestIdLogLabel]: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      )
    }
  }
}

type LevelAwareLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean }

/**
 * A request's logger that becomes a pino child (bound to the request id) only when it writes a line at an
 * enabled level. Fastify builds a child for every request, and with the redaction rules that costs more than
 * anything else the logger does on a request that writes no line, which is nearly every request.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: LevelAwareLogger
  readonly #bindings: Bindings
  #child: FastifyBaseLogger | undefined

  constructor(parent: LevelAwareLogger, bindings: Bindings) {
    this.#parent = parent
    this.#bindings = bindings
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level
  }

  set level(level: string) {
    this.#getChild().level = level
  }

  #getChild(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings))
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.#parent.isLevelEnabled(level) && this.#child === undefined) return
    const child = this.#getChild()
    // pino's log methods are overloaded; the arguments are passed on exactly as they came.
    Reflect.apply(child[level], child, args)
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args)
  }
  error(...args: unknown[]): void {
    this.#write('error', args)
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args)
  }
  info(...args: unknown[]): void {
    this.#write('info', args)
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args)
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args)
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#getChild().child(bindings, options)
  }
}

function isLevelAware(logger: FastifyBaseLogger): logger is LevelAwareLogger {
  return typeof (logger as Partial<LevelAwareLogger>).isLevelEnabled === 'function'
}

/** Fastify's `childLoggerFactory`: per-request loggers are built lazily (see RequestLogger). */
export const createRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  // A route with its own level or serializers gets a real child at once, as Fastify would build it.
  if (!isLevelAware(logger) || options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options)
  }
  return new RequestLogger(logger, bindings)
}
