import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'

/**
 * The site calls the API on its own origin and needs no CORS. Other browser origins (a CDN-hosted site
 * talking to the node host) are allowed only when listed in CORS_ORIGINS; anyone else gets no CORS headers,
 * so the browser refuses to hand them the answer.
 * @see https://github.com/fastify/fastify-cors
 */
export async function registerCors(app: FastifyInstance, { origins }: { origins: readonly string[] }) {
  const allowed = new Set(origins)
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
    strictPreflight: true,
  })
}
