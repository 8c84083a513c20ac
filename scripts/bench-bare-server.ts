import Fastify from 'fastify'

// The yardstick of `npm run bench:api`: the API's own Fastify version with no plugins, no hooks and no logger,
// answering a small JSON object. Whatever auth/me costs beyond this is the product's own work.
const app = Fastify()
app.get('/', () => ({ status: 'ok' }))

await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' })
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))
