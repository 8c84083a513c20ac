import type { FastifyInstance } from 'fastify'

import { z } from 'zod'

import { NewProjectSettingsSchema, PROJECT_TITLE_MAX_CHARS, ProjectSchema } from '@storyreel/contracts/studio'
import { SingleLineTextSchema } from '@storyreel/contracts/request-text'
import {
  CreateTemplateBodySchema,
  TemplateIdSchema,
  TemplateListSchema,
  TemplateSchema,
  UpdateTemplateBodySchema,
} from '@storyreel/contracts/templates'

import { AppError } from '#src/errors.ts'
import { createSessionGuard, requireSession } from '#src/modules/auth/auth.guard.ts'
import type { AuthService } from '#src/modules/auth/auth.service.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import type { TemplatesService } from './templates.service.ts'

const ParamsSchema = z.strictObject({ id: TemplateIdSchema })

const StartFromTemplateBodySchema = z
  .strictObject({
    title: SingleLineTextSchema.trim().min(1).max(PROJECT_TITLE_MAX_CHARS).optional(),
    settings: NewProjectSettingsSchema.optional().meta({
      description: 'The create form’s settings, which the template filled in; left out: the template’s own.',
    }),
  })
  .meta({ id: 'StartFromTemplateBody' })

/** /api/v1/templates: the eight built-in templates and the account's own, and projects started from them. */
export function registerTemplateRoutes(
  app: FastifyInstance,
  { templates, auth, perMinute }: { templates: TemplatesService; auth: AuthService; perMinute: number },
) {
  const tags = ['Templates']
  const config = { rateLimit: { max: perMinute, timeWindow: '1 minute' } }

  // The built-in templates' stills show nobody's data: public, cached by browsers and proxies for a day.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/templates/:id/still',
    {
      config,
      schema: {
        tags,
        summary: 'A built-in template’s sample still (WebP)',
        description: 'Drawn by the engine from the template’s scene on first request, then kept. 404 for any other id.',
        params: ParamsSchema,
      },
    },
    async (request, reply) => {
      const still = await templates.still(request.params.id)
      return reply.header('cache-control', 'public, max-age=86400').type('image/webp').send(still)
    },
  )

  void app.register((scope, _options, done) => {
    scope.addHook('preHandler', createSessionGuard(auth, 'user'))
    scope.addHook('preHandler', (request, _reply, next) => {
      if (!requireSession(request).user.confirmed) {
        next(new AppError('ACCOUNT_NOT_CONFIRMED', 403, 'Confirm your e-mail before using templates.'))
      } else next()
    })
    const api = scope.withTypeProvider<ZodTypeProvider>()

    api.get(
      '/api/v1/templates',
      {
        config,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'templates:read',
          summary: 'The built-in templates, then the account’s own',
          description: '`own` says how many of its own the account keeps and may keep on its plan.',
          response: { 200: TemplateListSchema },
        },
      },
      async (request) => templates.list(requireSession(request).user),
    )

    api.post(
      '/api/v1/templates',
      {
        config,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'none',
          summary: 'Save a project as a template',
          description:
            'Its settings and brand choices, its scenes’ lengths and pictures’ descriptions, and its words, or (with ' +
            '`with_words: false`) in each scene a placeholder saying what belongs there, which a project made from it ' +
            'must replace before it renders. The owner’s own music track is not kept. 201; 404 PROJECT_NOT_FOUND; 403 ' +
            'TEMPLATE_LIMIT_REACHED past the plan’s number.',
          body: CreateTemplateBodySchema,
          response: { 201: TemplateSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await templates.create(requireSession(request).user, request.body)),
    )

    api.get(
      '/api/v1/templates/:id',
      {
        config,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'templates:read',
          summary: 'One template',
          params: ParamsSchema,
          response: { 200: TemplateSchema },
        },
      },
      async (request) => templates.get(requireSession(request).user, request.params.id),
    )

    api.patch(
      '/api/v1/templates/:id',
      {
        config,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'none',
          summary: 'Rename a template of the account’s own',
          description: '403 TEMPLATE_BUILT_IN for a built-in one; 404 TEMPLATE_NOT_FOUND.',
          params: ParamsSchema,
          body: UpdateTemplateBodySchema,
          response: { 200: TemplateSchema },
        },
      },
      async (request) => templates.update(requireSession(request).user, request.params.id, request.body),
    )

    api.delete(
      '/api/v1/templates/:id',
      {
        config,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'none',
          summary: 'Delete a template of the account’s own',
          description: 'Projects made from it stay as they are. 403 TEMPLATE_BUILT_IN; 404 TEMPLATE_NOT_FOUND.',
          params: ParamsSchema,
        },
      },
      async (request, reply) => {
        await templates.delete(requireSession(request).user, request.params.id)
        return reply.code(204).send()
      },
    )

    api.post(
      '/api/v1/templates/:id/projects',
      {
        config,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'projects:write',
          summary: 'Start a project from a template',
          description:
            'A project with the template’s scenes and lengths, its words or placeholders, and the settings sent (or ' +
            'the template’s). Its placeholders are marked in the studio; the project renders once each is replaced. ' +
            '201 with the project; 404 TEMPLATE_NOT_FOUND, VOICE_NOT_FOUND or MUSIC_NOT_FOUND.',
          params: ParamsSchema,
          body: StartFromTemplateBodySchema,
          response: { 201: ProjectSchema },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await templates.createProject(requireSession(request).user, request.params.id, request.body)),
    )
    done()
  })
}
