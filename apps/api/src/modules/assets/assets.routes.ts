import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { AssetListQuerySchema, AssetListSchema, AssetPatchBodySchema, AssetSchema } from '@storyreel/contracts/assets'

import { createSessionGuard, requireSession } from '#src/modules/auth/auth.guard.ts'
import type { AuthService } from '#src/modules/auth/auth.service.ts'
import { AppError } from '#src/errors.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import type { AssetsService } from './assets.service.ts'

const AssetParamsSchema = z.strictObject({ id: z.uuid() })

/** Uploads a minute from one address: several files at once are welcome, a flood is not. */
export const UPLOADS_PER_MINUTE = 60

/** /api/v1/assets: the media library of the signed-in, confirmed account. */
export function registerAssetRoutes(
  app: FastifyInstance,
  { assets, auth, perMinute }: { assets: AssetsService; auth: AuthService; perMinute: number },
) {
  void app.register(async (scope) => {
    // Only this scope reads multipart bodies; every other route still refuses them. Limits are set per
    // upload from the account's plan.
    await scope.register(multipart, { throwFileSizeLimit: true })
    scope.addHook('preHandler', createSessionGuard(auth, 'user'))
    scope.addHook('preHandler', (request, _reply, done) => {
      if (!requireSession(request).user.confirmed) {
        done(new AppError('ACCOUNT_NOT_CONFIRMED', 403, 'Confirm your e-mail before using the media library.'))
      } else done()
    })
    const api = scope.withTypeProvider<ZodTypeProvider>()
    const config = { rateLimit: { max: perMinute, timeWindow: '1 minute' } }
    const tags = ['Media library']

    api.post(
      '/api/v1/assets',
      {
        config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'assets:write',
          summary: 'Upload a photo, clip or track',
          description:
            'One file as multipart/form-data in the field `file`. Its content decides its type, never its name or ' +
            'Content-Type: photos JPEG, PNG, WebP or AVIF; clips MP4, MOV or WebM (H.264, HEVC, VP9, AV1); tracks MP3, ' +
            'M4A, WAV or OGG. 201 with the asset: a photo is `ready` (upright, metadata removed); a clip or track is ' +
            '`processing` until a worker has made its copy. 415 UNSUPPORTED_FILE_TYPE or HEIC_NOT_SUPPORTED, 413 ' +
            'FILE_TOO_LARGE, QUOTA_EXCEEDED, TOO_MANY_PIXELS (a photo over 100 megapixels, a clip over 8K or 240 fps) or MEDIA_TOO_LONG (over the plan), ' +
            '422 FILE_UNREADABLE; nothing is stored then.',
          uploadField: { name: 'file', description: 'The photo, clip or track.' },
          response: { 201: AssetSchema },
        },
      },
      async (request, reply) => {
        const { user } = requireSession(request)
        return reply.code(201).send(await assets.upload(user, request))
      },
    )

    api.get(
      '/api/v1/assets',
      {
        config,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'assets:read',
          summary: 'The media library, newest first',
          description: 'Paged; `kind` filters, `q` searches names. `usage` gives the space used and the plan limits.',
          querystring: AssetListQuerySchema,
          response: { 200: AssetListSchema },
        },
      },
      async (request) => {
        const { user } = requireSession(request)
        return assets.list(user, request.query)
      },
    )

    api.get(
      '/api/v1/assets/:id',
      {
        config,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'assets:read',
          summary: 'One asset, with its conversion progress and the projects using it',
          params: AssetParamsSchema,
          response: { 200: AssetSchema },
        },
      },
      async (request) => assets.get(requireSession(request).user.id, request.params.id),
    )

    api.patch(
      '/api/v1/assets/:id',
      {
        config,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'assets:write',
          summary: 'Rename an asset',
          params: AssetParamsSchema,
          body: AssetPatchBodySchema,
          response: { 200: AssetSchema },
        },
      },
      async (request) => assets.rename(requireSession(request).user.id, request.params.id, request.body.name),
    )

    api.delete(
      '/api/v1/assets/:id',
      {
        config,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'assets:write',
          summary: 'Delete an asset',
          description:
            'It leaves the library at once. Its files go now, or once a queued or running render of a project ' +
            'using it is done.',
          params: AssetParamsSchema,
        },
      },
      async (request, reply) => {
        await assets.delete(requireSession(request).user.id, request.params.id)
        return reply.code(204).send()
      },
    )
  })
}
