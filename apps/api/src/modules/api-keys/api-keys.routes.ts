import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'

import {
  ApiKeyListSchema,
  ApiKeyParamsSchema,
  CreateApiKeyBodySchema,
  CreatedApiKeySchema,
} from '@storyreel/contracts/api-keys'

import { createApiKeyHook, createSessionGuard, getBearerToken, requireSession } from '#src/modules/auth/auth.guard.ts'
import type { AuthService } from '#src/modules/auth/auth.service.ts'
import { hashAccessToken, isApiKey } from '#src/modules/auth/token.ts'
import { forbidCaching } from '#src/plugins/security-headers.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import type { ApiKeysService } from './api-keys.service.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a call here is not counted toward the key's limit, since the REST calls it makes are (/mcp). */
    apiKeyLimit?: false
  }
}

/**
 * Register before the routes. Each key's own limit, over every route and (through Redis) every instance, is
 * counted first, on the key's hash, so even an unknown key's calls are counted; then the key is admitted or
 * refused for the route's declared scope (auth.guard.ts).
 */
export function registerApiKeyHooks(
  app: FastifyInstance,
  { auth, perMinute }: { auth: AuthService; perMinute: number },
) {
  const keyOf = (request: FastifyRequest) => {
    if (request.routeOptions.config.apiKeyLimit === false) return undefined
    const token = getBearerToken(request)
    return token && isApiKey(token) ? hashAccessToken(token) : undefined
  }
  app.addHook('onRequest', app.rateLimit({ max: perMinute, timeWindow: '1 minute' }, { name: 'api-key', key: keyOf }))
  app.addHook('onRequest', createApiKeyHook(auth))
}

/** /api/v1/api-keys: the signed-in account's keys. A session only: a key can never make, list or revoke keys. */
export function registerApiKeyRoutes(
  app: FastifyInstance,
  { apiKeys, auth, perMinute }: { apiKeys: ApiKeysService; auth: AuthService; perMinute: number },
) {
  void app.register((scope, _options, done) => {
    forbidCaching(scope)
    scope.addHook('preHandler', createSessionGuard(auth, 'user'))
    const api = scope.withTypeProvider<ZodTypeProvider>()
    const config = { rateLimit: { max: perMinute, timeWindow: '1 minute' } }
    // Session only, on every route here: a key can never make, list or revoke keys.
    const access = { tags: ['API keys'], auth: 'user' as const, apiKeyScope: 'none' as const }

    api.get(
      '/api/v1/api-keys',
      {
        config,
        schema: {
          ...access,
          summary: "The account's API keys",
          description:
            'Oldest first, with their visible prefix and scopes; never the key itself. `limit` is the plan’s.',
          response: { 200: ApiKeyListSchema },
        },
      },
      (request) => apiKeys.list(requireSession(request).user),
    )

    api.post(
      '/api/v1/api-keys',
      {
        config,
        schema: {
          ...access,
          summary: 'Make an API key',
          description:
            'The answer holds the whole key in `secret`, this once: the API keeps only its hash. Call with ' +
            '`Authorization: Bearer <key>`. 403 API_KEY_LIMIT when the plan’s keys are all in use (free 1, Premium 10).',
          body: CreateApiKeyBodySchema,
          response: { 201: CreatedApiKeySchema },
        },
      },
      async (request, reply) => reply.code(201).send(await apiKeys.create(requireSession(request).user, request.body)),
    )

    api.delete(
      '/api/v1/api-keys/:id',
      {
        config,
        schema: {
          ...access,
          summary: 'Revoke an API key',
          description: 'At once, on every instance: its next call answers 401 API_KEY_INVALID. 404 API_KEY_NOT_FOUND.',
          params: ApiKeyParamsSchema,
          response: { 204: z.null().meta({ description: 'Revoked' }) },
        },
      },
      async (request, reply) => {
        await apiKeys.revoke(requireSession(request).user, request.params.id)
        return reply.code(204).send(null)
      },
    )
    done()
  })
}
