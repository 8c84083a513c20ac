import { randomBytes } from 'node:crypto'

import Fastify, { type FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'

import { registerErrorHandler } from './error-handler.ts'
import { registerRateLimit, type RateLimitOptions } from './rate-limit.ts'

const LIMIT = 3

async function buildLimitedApp(options: RateLimitOptions): Promise<FastifyInstance> {
  const app = Fastify()
  await registerRateLimit(app, options)
  registerErrorHandler(app)
  app.get('/limited', { config: { rateLimit: { max: LIMIT, timeWindow: '1 minute' } } }, (_request, reply) =>
    reply.send({ ok: true }),
  )
  return app
}

async function hit(app: FastifyInstance, ip = '203.0.113.7') {
  return app.inject({ url: '/limited', remoteAddress: ip })
}

describe('rate limits in memory', () => {
  it('answers 429 in the error shape with Retry-After once an IP is over the limit', async () => {
    const app = await buildLimitedApp({})
    for (let i = 0; i < LIMIT; i++) expect((await hit(app)).statusCode).toBe(200)
    const limited = await hit(app)
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED' })
    expect(limited.json<{ message: string }>().message).toMatch(/Try again in \d+ seconds/)
    expect((await hit(app, '198.51.100.1')).statusCode).toBe(200)
    await app.close()
  })
})

// `npm test` passes the machine's Redis here when one answers on 127.0.0.1:6379 (CI's does).
const REDIS_URL = process.env.TEST_REDIS_URL

describe.skipIf(!REDIS_URL)('rate limits in Redis', () => {
  const redisA = new Redis(REDIS_URL ?? '', { lazyConnect: true, maxRetriesPerRequest: 1 })
  const redisB = new Redis(REDIS_URL ?? '', { lazyConnect: true, maxRetriesPerRequest: 1 })

  afterAll(() => {
    redisA.disconnect()
    redisB.disconnect()
  })

  it('are shared by two instances, so a client cannot spread its tries across them', async () => {
    const keyPrefix = `storyreel-rl-test-${randomBytes(4).toString('hex')}:`
    const instanceA = await buildLimitedApp({ redis: redisA, keyPrefix })
    const instanceB = await buildLimitedApp({ redis: redisB, keyPrefix })
    expect((await hit(instanceA)).statusCode).toBe(200)
    expect((await hit(instanceB)).statusCode).toBe(200)
    expect((await hit(instanceA)).statusCode).toBe(200)
    expect((await hit(instanceB)).statusCode).toBe(429)
    expect((await hit(instanceA)).statusCode).toBe(429)
    await instanceA.close()
    await instanceB.close()
  })
})
