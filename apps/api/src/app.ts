import Fastify, { type FastifyInstance } from 'fastify'

import type { Redis } from 'ioredis'

import type { DbHandle } from '@storyreel/db/client'

import type { Config } from './config.ts'
import type { Site } from './modules/site/site-files.ts'
import { registerSiteRoutes } from './modules/site/site.routes.ts'
import { registerErrorHandler } from './plugins/error-handler.ts'
import { registerRateLimit } from './plugins/rate-limit.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'
import { AppError } from './errors.ts'

export type AppDeps = { site: Site; db: DbHandle; redis?: Redis }

/** A readiness probe that hangs would hold a load balancer's check open; answer within this bound. */
const READY_TIMEOUT_MS = 2000

/** Builds the whole server without listening, so tests can inject() requests (STYLE §1, §9). */
export async function buildApp({ config, deps }: { config: Config; deps: AppDeps }): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 16 * 1024,
    requestTimeout: 30_000,
    routerOptions: { ignoreDuplicateSlashes: false },
  })
  registerSecurityHeaders(app)
  await registerRateLimit(app, { redis: deps.redis, keyPrefix: config.rateLimitPrefix })
  registerErrorHandler(app)
  app.get('/healthz', (_request, reply) => reply.send({ status: 'ok' }))
  app.get('/readyz', async (_request, reply) => {
    const ready = await Promise.race([
      deps.db.ping().then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), READY_TIMEOUT_MS).unref()),
    ])
    if (!ready) throw new AppError('DATABASE_UNAVAILABLE', 503, 'The database is not reachable right now.')
    return reply.send({ status: 'ready', database: deps.db.kind })
  })
  registerSiteRoutes(app, deps.site)
  return app
}
