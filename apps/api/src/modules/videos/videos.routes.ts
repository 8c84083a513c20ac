import type { FastifyInstance } from 'fastify'

import { CreateVideoBodySchema, CreatedVideoSchema, IdempotencyKeyHeadersSchema } from '@storyreel/contracts/videos'

import { requireSession } from '#src/modules/auth/auth.guard.ts'
import type { AuthService } from '#src/modules/auth/auth.service.ts'
import { createConfirmedGuards } from '#src/modules/projects/projects.routes.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import type { VideosService } from './videos.service.ts'

/** POST /api/v1/videos: a video from one call, for automations (decision 061). */
export function registerVideoRoutes(
  app: FastifyInstance,
  { videos, auth, perMinute }: { videos: VideosService; auth: AuthService; perMinute: number },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/videos',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      bodyLimit: 64 * 1024,
      preHandler: createConfirmedGuards(auth),
      schema: {
        tags: ['Studio'],
        auth: 'user' as const,
        apiKeyScope: ['projects:write', 'renders:write'] as const,
        summary: 'Make a video in one call: draft the storyboard and queue its render',
        description:
          'Send a `prompt` or a `script` (exactly one), and optionally a `title`, `settings` (any of a ' +
          "project's), a `template_id` (then a `script`, one paragraph per scene), `brand` and `resolution`. " +
          "202 with the project's and the render's ids and `status_url`, the render's GET link. Plan limits come " +
          'first, before anything is made: 429 RENDER_LIMIT_REACHED past the day’s renders, 403 ' +
          'RESOLUTION_NOT_IN_PLAN. 422 STORYBOARD_INVALID when the draft still holds a prompt for your own words ' +
          '(or its scenes do not add up): nothing renders, and the message names the project kept as a draft to ' +
          'fill in. The errors of POST /api/v1/projects and POST /api/v1/templates/{id}/projects apply too, and 422 ' +
          'SCRIPT_DOES_NOT_FIT_TEMPLATE for more paragraphs than the template has scenes. With an ' +
          '`Idempotency-Key`, a retry within 24 hours gets the first answer (202, or a 404 or 422) again, never a ' +
          'second video; 422 IDEMPOTENCY_KEY_REUSED for the key with another body; a duplicate sent while the first ' +
          'runs waits for its answer, up to 15 s, then 409 IDEMPOTENCY_IN_PROGRESS with Retry-After. A 429, 403 or ' +
          '5xx frees the key for a retry.',
        headers: IdempotencyKeyHeadersSchema,
        body: CreateVideoBodySchema,
        response: { 202: CreatedVideoSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await videos.create(requireSession(request).user, request.body, request.headers['idempotency-key'])),
  )
}
