import { randomBytes } from 'node:crypto'

import Fastify, { type FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'

import { registerErrorHandler } from './error-handler.ts'
import { getClientKey, registerRateLimit, type RateLimitOptions } from './rate-limit.ts'

const LIMIT = 3

async function buildLimitedApp(
  options: RateLimitOptions,
  timeWindow: number | string = '1 minute',
): Promise<FastifyInstance> {
  const app = Fastify()
  await registerRateLimit(app, options)
  registerErrorHandler(app)
  app.get('/limited', { config: { rateLimit: { max: LIMIT, timeWindow } } }, (_request, reply) =>
    reply.send({ ok: true }),
  )
  app.get('/other', { config: { rateLimit: { max: LIMIT, timeWindow } } }, (_request, reply) =>
    reply.send({ ok: true }),
  )
  return app
}

async function hit(app: FastifyInstance, ip = '203.0.113.7', url = '/limited') {
  return app.inject({ url, remoteAddress: ip })
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

  it('tells every answer the limit, what is left and when the window ends', async () => {
    const app = await buildLimitedApp({})
    const first = await hit(app)
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': String(LIMIT),
      'x-ratelimit-remaining': String(LIMIT - 1),
      'x-ratelimit-reset': '60',
    })
    expect(first.headers['retry-after']).toBeUndefined()
    await app.close()
  })

  it('counts each route apart', async () => {
    const app = await buildLimitedApp({})
    for (let i = 0; i < LIMIT; i++) await hit(app)
    expect((await hit(app)).statusCode).toBe(429)
    expect((await hit(app, '203.0.113.7', '/other')).statusCode).toBe(200)
    await app.close()
  })

  it('starts counting again once the window has passed', async () => {
    const app = await buildLimitedApp({}, 200)
    for (let i = 0; i < LIMIT; i++) await hit(app)
    expect((await hit(app)).statusCode).toBe(429)
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect((await hit(app)).statusCode).toBe(200)
    await app.close()
  })

  it('limits a handler that is not a route through app.rateLimit()', async () => {
    const app = Fastify()
    await registerRateLimit(app, {})
    registerErrorHandler(app)
    app.get('/handled', { preHandler: app.rateLimit({ max: 1, timeWindow: '1 minute' }) }, () => ({ ok: true }))
    expect((await app.inject({ url: '/handled' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/handled' })).json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' })
    await app.close()
  })
})

describe('getClientKey', () => {
  it('counts an IPv4 client by its address, also when written the IPv6 way', () => {
    expect(getClientKey('203.0.113.7')).toBe('203.0.113.7')
    expect(getClientKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts an IPv6 client by its /64 network, however the address is written', () => {
    const key = getClientKey('2001:db8:85a3:42::8a2e:370:7334')
    expect(key).toBe('2001:db8:85a3:42::/64')
    expect(getClientKey('2001:0DB8:85A3:0042:1111:2222:3333:4444')).toBe(key)
    expect(getClientKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(getClientKey('::1')).toBe('0:0:0:0::/64')
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
