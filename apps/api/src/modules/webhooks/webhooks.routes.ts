import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import {
  CreateWebhookBodySchema,
  CreatedWebhookSchema,
  UpdateWebhookBodySchema,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_LOG_DAYS,
  WebhookDeliveryListSchema,
  WebhookDeliveryParamsSchema,
  WebhookEndpointSchema,
  WebhookListSchema,
  WebhookParamsSchema,
} from '@storyreel/contracts/webhooks'

import { createSessionGuard, requireSession } from '#src/modules/auth/auth.guard.ts'
import type { AuthService } from '#src/modules/auth/auth.service.ts'
import { forbidCaching } from '#src/plugins/security-headers.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import type { WebhooksService } from './webhooks.service.ts'

/**
 * /api/v1/webhooks: the signed-in account's endpoints and their delivery log. A session only, like API keys:
 * where an account's videos are announced (and the secret that signs them) is the account's own business.
 */
export function registerWebhookRoutes(
  app: FastifyInstance,
  { webhooks, auth, perMinute }: { webhooks: WebhooksService; auth: AuthService; perMinute: number },
) {
  void app.register((scope, _options, done) => {
    forbidCaching(scope)
    scope.addHook('preHandler', createSessionGuard(auth, 'user'))
    const api = scope.withTypeProvider<ZodTypeProvider>()
    const config = { rateLimit: { max: perMinute, timeWindow: '1 minute' } }
    const access = { tags: ['Webhooks'], auth: 'user' as const, apiKeyScope: 'none' as const }
    const user = (request: Parameters<typeof requireSession>[0]) => requireSession(request).user

    api.get(
      '/api/v1/webhooks',
      {
        config,
        schema: {
          ...access,
          summary: "The account's webhook endpoints",
          description: `Oldest first; never their secrets. An account may have ${WEBHOOK_ENDPOINTS_MAX}.`,
          response: { 200: WebhookListSchema },
        },
      },
      (request) => webhooks.list(user(request)),
    )

    api.post(
      '/api/v1/webhooks',
      {
        config,
        schema: {
          ...access,
          summary: 'Add a webhook endpoint',
          description:
            'Each event is POSTed as `{type, timestamp, data}` with the headers `webhook-id`, `webhook-timestamp` ' +
            'and `webhook-signature` of the Standard Webhooks scheme: verify them with its library and the ' +
            '`secret`, shown in this answer only. Answer with a 2xx within 10 s; redirects are not followed. A ' +
            'failed try is repeated after 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h and 12 h; an endpoint ' +
            'failing for 3 days is turned off and you are told by e-mail. 422 WEBHOOK_URL_NOT_ALLOWED for plain ' +
            'http or a host that is or resolves to a private address; 403 WEBHOOK_LIMIT past ' +
            `${WEBHOOK_ENDPOINTS_MAX} endpoints.`,
          body: CreateWebhookBodySchema,
          response: { 201: CreatedWebhookSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await webhooks.create(user(request), request.body)),
    )

    api.patch(
      '/api/v1/webhooks/:id',
      {
        config,
        schema: {
          ...access,
          summary: 'Change, turn off or turn on an endpoint',
          description:
            'Turning an endpoint on again sends what waited meanwhile, and clears the reason StoryReel turned it off.',
          params: WebhookParamsSchema,
          body: UpdateWebhookBodySchema,
          response: { 200: WebhookEndpointSchema },
        },
      },
      (request) => webhooks.update(user(request), request.params.id, request.body),
    )

    api.delete(
      '/api/v1/webhooks/:id',
      {
        config,
        schema: {
          ...access,
          summary: 'Delete an endpoint and its delivery log',
          params: WebhookParamsSchema,
          response: { 204: z.null().meta({ description: 'Deleted' }) },
        },
      },
      async (request, reply) => {
        await webhooks.delete(user(request), request.params.id)
        return reply.code(204).send(null)
      },
    )

    api.get(
      '/api/v1/webhooks/:id/deliveries',
      {
        config,
        schema: {
          ...access,
          summary: "An endpoint's delivery log",
          description: `The latest 100 deliveries of the last ${WEBHOOK_LOG_DAYS} days, newest first, each with its tries (time, status, latency, the answer's first 500 characters).`,
          params: WebhookParamsSchema,
          response: { 200: WebhookDeliveryListSchema },
        },
      },
      (request) => webhooks.deliveries(user(request), request.params.id),
    )

    api.post(
      '/api/v1/webhooks/:id/deliveries/:deliveryId/resend',
      {
        config,
        schema: {
          ...access,
          summary: 'Send a delivery again',
          description:
            'Now, with the same `webhook-id` (a receiver that already took it can tell), whatever its state.',
          params: WebhookDeliveryParamsSchema,
          response: { 202: z.null().meta({ description: 'Queued to send now' }) },
        },
      },
      async (request, reply) => {
        await webhooks.resend(user(request), request.params.id, request.params.deliveryId)
        return reply.code(202).send(null)
      },
    )
    done()
  })
}
