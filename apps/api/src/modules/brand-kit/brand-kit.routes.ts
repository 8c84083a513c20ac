import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'

import { BrandKitInputSchema, BrandKitSchema } from '@storyreel/contracts/brand-kit'

import { AppError } from '#src/errors.ts'
import { createSessionGuard, requireSession } from '#src/modules/auth/auth.guard.ts'
import type { AuthService } from '#src/modules/auth/auth.service.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import type { BrandKitService } from './brand-kit.service.ts'

/** A font upload is rare: a few a minute is plenty. */
const FONT_UPLOADS_PER_MINUTE = 10

/** /api/v1/brand-kit: the account's logo, colours, font and cards, on every video it makes. */
export function registerBrandKitRoutes(
  app: FastifyInstance,
  { kits, auth, perMinute }: { kits: BrandKitService; auth: AuthService; perMinute: number },
) {
  void app.register(async (scope) => {
    scope.addHook('preHandler', createSessionGuard(auth, 'user'))
    scope.addHook('preHandler', (request, _reply, done) => {
      if (!requireSession(request).user.confirmed) {
        done(new AppError('ACCOUNT_NOT_CONFIRMED', 403, 'Confirm your e-mail before setting up your brand kit.'))
      } else done()
    })
    const api = scope.withTypeProvider<ZodTypeProvider>()
    const config = { rateLimit: { max: perMinute, timeWindow: '1 minute' } }
    const tags = ['Brand kit']

    api.get(
      '/api/v1/brand-kit',
      {
        config,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'assets:read',
          summary: 'The account’s brand kit',
          description:
            'The logo and where it sits, the two colours with their contrast against the white text drawn on them (each ' +
            'failing use with the nearest legible shade), the font, and the opening and closing cards. An account that ' +
            'never saved one gets the defaults: no logo, no font, no cards.',
          response: { 200: BrandKitSchema },
        },
      },
      async (request) => kits.get(requireSession(request).user.id),
    )

    api.put(
      '/api/v1/brand-kit',
      {
        config,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'assets:write',
          summary: 'Save the brand kit',
          description:
            'The whole kit but its font (which has its own upload); parts left out take their defaults. The logo is a ' +
            'PNG or WebP photo of the library: 404 ASSET_NOT_FOUND when it is not the account’s, 422 LOGO_FORMAT for ' +
            'another kind of file. A colour that fails a contrast check is saved and flagged in `contrast`, so the ' +
            'owner decides. 400 for a card switched on without its words.',
          body: BrandKitInputSchema,
          response: { 200: BrandKitSchema },
        },
      },
      async (request) => kits.save(requireSession(request).user.id, request.body),
    )

    api.delete(
      '/api/v1/brand-kit/font',
      {
        config,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'assets:write',
          summary: 'Remove the brand font',
          description: 'Videos go back to the style’s own fonts. Answers the kit.',
          response: { 200: BrandKitSchema },
        },
      },
      async (request) => kits.deleteFont(requireSession(request).user.id),
    )

    // Only the font upload reads a multipart body; the kit's other routes still refuse one.
    await scope.register(async (upload) => {
      await upload.register(multipart, { throwFileSizeLimit: true })
      upload.withTypeProvider<ZodTypeProvider>().put(
        '/api/v1/brand-kit/font',
        {
          config: { rateLimit: { max: FONT_UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
          schema: {
            tags,
            auth: 'user',
            apiKeyScope: 'assets:write',
            summary: 'Upload the brand font',
            description:
              'One TTF, OTF, WOFF or WOFF2 file as multipart/form-data in the field `file`, at most 10 MB, decided by ' +
              'parsing it as a font, never by its name. It replaces the kit’s font. Videos use it under an alias of its ' +
              'own (it can never stand in for one of ours), with our fonts for the letters it lacks. 415 FONT_UNREADABLE ' +
              'or FONT_COLLECTION, 413 FILE_TOO_LARGE, 403 BRAND_FONT_NOT_IN_PLAN on the free plan.',
            uploadField: { name: 'file', description: 'The font file.' },
            response: { 200: BrandKitSchema },
          },
        },
        async (request) => kits.uploadFont(requireSession(request).user, request),
      )
    })
  })
}
