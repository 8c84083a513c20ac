import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'

import { AppError } from '#src/errors.ts'
import { forbidCaching } from '#src/plugins/security-headers.ts'

import { createInProcessApi } from './api-call.ts'
import { createMcpServer } from './mcp-server.ts'

/** create_video's arguments are POST /api/v1/videos's body, at most 64 KiB; the rest is the JSON-RPC envelope. */
const MCP_BODY_LIMIT = 80 * 1024

/** The headers the transport reads; the key stays with the calls the tools make. */
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version'] as const

/** Keys only: a session token is a person's whole account for 30 days, a key is scoped and revoked on its own. */
function requireApiKey(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  if (request.session?.apiKey) return done()
  done(
    new AppError(
      'API_KEY_REQUIRED',
      401,
      'The MCP server takes an API key, not a session: send Authorization: Bearer srk_…, a key made on your profile page.',
    ),
  )
}

/**
 * /mcp: StoryReel's MCP server over Streamable HTTP, stateless and answering JSON (decision 062). Each POST gets
 * a server of its own whose tools call the REST routes in process with the caller's key and address. The
 * app-wide key hook admits the key (401 API_KEY_INVALID for a revoked one) before anything is parsed; the key's
 * own limit counts the REST calls the tools make rather than the messages, and the route has a per-address limit.
 */
export function registerMcpRoutes(app: FastifyInstance, { origin, perMinute }: { origin: string; perMinute: number }) {
  void app.register((scope, _options, done) => {
    forbidCaching(scope)
    // The key's own limit counts the REST calls the tools make, so the messages here are not counted twice.
    const config = { rateLimit: { max: perMinute, timeWindow: '1 minute' }, apiKeyLimit: false as const }

    scope.post(
      '/mcp',
      {
        config,
        bodyLimit: MCP_BODY_LIMIT,
        preHandler: requireApiKey,
        // JSON-RPC over one URL: the tools are listed by the protocol itself, and described in the README.
        schema: { hide: true, auth: 'user', apiKeyScope: 'any' },
      },
      async (request, reply) => {
        const api = createInProcessApi(app, {
          authorization: request.headers.authorization ?? '',
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
          origin,
        })
        const server = createMcpServer(api, (error, tool) => request.log.error({ err: error, tool }, 'MCP tool failed'))
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        })
        await server.connect(transport)
        try {
          const headers = new Headers()
          for (const name of TRANSPORT_HEADERS) {
            const value = request.headers[name]
            if (typeof value === 'string') headers.set(name, value)
          }
          const answer = await transport.handleRequest(new Request(`${origin}/mcp`, { method: 'POST', headers }), {
            parsedBody: request.body,
          })
          const contentType = answer.headers.get('content-type')
          if (contentType) void reply.type(contentType)
          return reply.code(answer.status).send(answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined)
        } finally {
          await server.close()
        }
      },
    )

    // Stateless: no stream for the server to speak first on, and no session to end. Clients take 405 for that.
    scope.route({
      method: ['GET', 'DELETE'],
      url: '/mcp',
      config,
      schema: { hide: true },
      handler: (_request, reply) => {
        void reply.header('allow', 'POST')
        throw new AppError('METHOD_NOT_ALLOWED', 405, 'This MCP server is stateless: send each message as a POST.')
      },
    })
    done()
  })
}
