import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'

import { toErrorBody } from '#src/errors.ts'

export type RateLimitOptions = {
  /** Shared counters for several instances; without it each process counts in memory. */
  redis?: Redis
  /** Keeps the counters of separate deployments (and test runs) apart in one Redis. */
  keyPrefix?: string
}

/**
 * Per-IP limits, off by default: routes opt in with `config.rateLimit` (auth routes, the referral code,
 * the 404 handler). Over the limit the answer is a 429 in the one error shape, with Retry-After.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  { redis, keyPrefix = 'storyreel-rl:' }: RateLimitOptions,
) {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: keyPrefix } : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000))
      return {
        ...toErrorBody(429, 'RATE_LIMITED', `Too many requests. Try again in ${seconds} seconds.`),
      }
    },
  })
}
