import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify'
import type { Redis } from 'ioredis'

import { AppError } from '#src/errors.ts'

/** A route's limit: at most `max` calls per client address in each `timeWindow` (ms, or '1 minute'). */
export type RateLimit = {
  max: number
  /** Milliseconds, or an amount and a unit: '1 minute', '10 seconds', '1 hour'. */
  timeWindow: number | string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimit
  }
  interface FastifyInstance {
    /**
     * A limit for a handler that is not a route of its own (the 404 handler), as a hook. With `key`, calls are
     * counted per what it returns (under `name`) rather than per client address; undefined leaves a call uncounted.
     */
    rateLimit(
      limit: RateLimit,
      options?: { name: string; key: (request: FastifyRequest) => string | undefined },
    ): LimitHook
  }
}

export type RateLimitOptions = {
  /** Shared counters for several instances; without it each process counts in memory. */
  redis?: Redis
  /** Keeps the counters of separate deployments (and test runs) apart in one Redis. */
  keyPrefix?: string
}

const UNIT_MS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000 }
/** Each route's in-memory counters stop growing here; the oldest window is dropped to make room. */
const MAX_COUNTERS = 100_000

function toWindowMs(timeWindow: RateLimit['timeWindow']): number {
  if (typeof timeWindow === 'number') return timeWindow
  const [amount = '', unit = ''] = timeWindow.split(' ')
  const ms = Number(amount) * (UNIT_MS[unit.replace(/s$/, '')] ?? Number.NaN)
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`Unknown rate-limit window: ${timeWindow}`)
  return ms
}

/**
 * The counter key for a client: its address, or for IPv6 its /64 network (one subscriber usually holds a
 * whole /64), and an IPv4 address written the IPv6 way (`::ffff:203.0.113.7`) as the IPv4 address.
 */
export function getClientKey(ip: string): string {
  if (!ip.includes(':')) return ip
  const lower = ip.toLowerCase()
  if (lower.startsWith('::ffff:') && lower.includes('.')) return lower.slice(7)
  const [head = '', tail] = lower.split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
          ...tailGroups,
        ]
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

type Count = { current: number; ttlMs: number }
/** Counts one call of a client (its key) in one route's window. */
type Counter = (clientKey: string, windowMs: number) => Count | Promise<Count>

/**
 * Fixed windows per key in this process's memory. A renewed window is re-inserted, so the map stays in
 * the order windows started: expired ones are dropped from its front as new windows open, and at the cap
 * the oldest goes first, each in constant time per call.
 */
function createMemoryCounter(): Counter {
  const windows = new Map<string, { current: number; endsAt: number }>()
  return (key, windowMs) => {
    const now = Date.now()
    let window = windows.get(key)
    if (window === undefined || window.endsAt <= now) {
      windows.delete(key)
      for (const [oldKey, old] of windows) {
        if (old.endsAt > now && windows.size < MAX_COUNTERS) break
        windows.delete(oldKey)
      }
      window = { current: 0, endsAt: now + windowMs }
      windows.set(key, window)
    }
    window.current += 1
    return { current: window.current, ttlMs: window.endsAt - now }
  }
}

/** The first call of a window starts its expiry; every call returns the count and the time left. */
const REDIS_SCRIPT = `local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`

function createRedisCounter(redis: Redis, prefix: string): Counter {
  return async (clientKey, windowMs) => {
    const result = await redis.eval(REDIS_SCRIPT, 1, `${prefix}${clientKey}`, windowMs)
    const [current, ttlMs] = Array.isArray(result) ? result.map(Number) : []
    if (current === undefined || ttlMs === undefined) throw new Error('Unexpected answer from the rate-limit script')
    return { current, ttlMs: Math.max(0, ttlMs) }
  }
}

/** The headers of every limited answer, and the 429 once the count passes the limit. */
function applyCount(reply: FastifyReply, max: number, { current, ttlMs }: Count): AppError | undefined {
  const seconds = Math.ceil(ttlMs / 1000)
  reply.header('x-ratelimit-limit', max)
  reply.header('x-ratelimit-remaining', current > max ? 0 : max - current)
  reply.header('x-ratelimit-reset', seconds)
  if (current <= max) return undefined
  reply.header('retry-after', seconds)
  return new AppError('RATE_LIMITED', 429, `Too many requests. Try again in ${Math.max(1, seconds)} seconds.`)
}

type LimitHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void

const byClientAddress = (request: FastifyRequest) => getClientKey(request.ip)

function createLimitHook(
  count: Counter,
  limit: RateLimit,
  keyOf: (request: FastifyRequest) => string | undefined = byClientAddress,
): LimitHook {
  const windowMs = toWindowMs(limit.timeWindow)
  const { max } = limit
  // A callback hook, not an async one: with counters in memory a limited call costs no promise at all.
  return (request, reply, done) => {
    const key = keyOf(request)
    if (key === undefined) return done()
    const counted = count(key, windowMs)
    if (!(counted instanceof Promise)) {
      done(applyCount(reply, max, counted))
      return
    }
    counted.then(
      (result) => done(applyCount(reply, max, result)),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    )
  }
}

/**
 * Per-IP limits, off by default: routes opt in with `config.rateLimit` (auth routes, the referral code, the
 * studio), and the 404 handler through `app.rateLimit()`. Each route counts apart. Over the limit the
 * answer is a 429 in the one error shape, with Retry-After; every limited answer carries
 * x-ratelimit-limit, -remaining and -reset. Written here rather than taken from @fastify/rate-limit: its
 * two async hooks, a promise per count and a fresh route-options object per call were a tenth of a cached
 * auth/me call's cost; this hook calls back synchronously when the counters are in memory (decision 023).
 */
export function registerRateLimit(
  app: FastifyInstance,
  { redis, keyPrefix = 'storyreel-rl:' }: RateLimitOptions,
): Promise<void> {
  // Each route counts apart: in memory a map of its own, in Redis keys under its method and path.
  const createCounter = (scope: string) =>
    redis ? createRedisCounter(redis, `${keyPrefix}${scope}-`) : createMemoryCounter()
  app.decorate(
    'rateLimit',
    (limit: RateLimit, options?: { name: string; key: (request: FastifyRequest) => string | undefined }) =>
      createLimitHook(createCounter(options?.name ?? 'handler'), limit, options?.key),
  )
  app.addHook('onRoute', (route: RouteOptions) => {
    const limit = route.config?.rateLimit
    if (!limit) return
    const hook = createLimitHook(createCounter(`${String(route.method)}${route.url}`), limit)
    route.onRequest = [...[route.onRequest ?? []].flat(), hook]
  })
  // Awaited like the other plugin registrations, should registering ever need to wait for something.
  return Promise.resolve()
}
