import Fastify, { type FastifyInstance } from 'fastify'

import type { Config } from './config.ts'
import type { Site } from './modules/site/site-files.ts'
import { registerSiteRoutes } from './modules/site/site.routes.ts'
import { registerErrorHandler } from './plugins/error-handler.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'

export type AppDeps = { site: Site }

/** Builds the whole server without listening, so tests can inject() requests (STYLE §1, §9). */
export function buildApp({ config, deps }: { config: Config; deps: AppDeps }): FastifyInstance {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 16 * 1024,
    requestTimeout: 30_000,
    routerOptions: { ignoreDuplicateSlashes: false },
  })
  registerSecurityHeaders(app)
  registerErrorHandler(app)
  app.get('/healthz', (_request, reply) => reply.send({ status: 'ok' }))
  registerSiteRoutes(app, deps.site)
  return app
}
