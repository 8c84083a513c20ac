import path from 'node:path'

import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { SingleLineTextSchema } from '@storyreel/contracts/request-text'

import { MEDIA_ROUTE_PREFIX, type MediaLinks } from '#src/adapters/media/media-links.ts'
import { isMediaKey } from '#src/adapters/media/media-store.ts'
import { AppError } from '#src/errors.ts'
import { sendFile } from '#src/plugins/send-file.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.srt': 'application/x-subrip; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
}

const MediaQuerySchema = z.object({
  u: SingleLineTextSchema.max(64).optional(),
  e: SingleLineTextSchema.max(16).optional(),
  s: SingleLineTextSchema.max(128).optional(),
  download: SingleLineTextSchema.max(200).optional(),
})

/**
 * GET /api/v1/media/*: a project's files through signed, expiring links. Only the owner is
 * given links, so a link is the permission; an altered or foreign one is a 403, an old one a 410.
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  { links, pathOf, perMinute }: { links: MediaLinks; pathOf: (key: string) => string; perMinute: number },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${MEDIA_ROUTE_PREFIX}*`,
    {
      // A video player asks for many byte ranges while seeking.
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['Studio'],
        summary: 'A file of a project: video, poster, captions or licence receipt',
        description:
          'Only through the signed links the project calls answer (they expire). Supports HTTP Range requests. ' +
          '403 MEDIA_LINK_INVALID for a link that was not issued, 410 MEDIA_LINK_EXPIRED for an expired one.',
        querystring: MediaQuerySchema,
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*']
      // No file can live under a key that climbs out of the store, however the link was made.
      if (!isMediaKey(key)) throw new AppError('NOT_FOUND', 404, 'There is no such file.')
      const verdict = links.verify(key, request.query)
      if (!verdict.ok) {
        throw verdict.reason === 'expired'
          ? new AppError('MEDIA_LINK_EXPIRED', 410, 'This link has expired. Open the project again for a new one.')
          : new AppError('MEDIA_LINK_INVALID', 403, 'This link is not valid.')
      }
      const extension = path.extname(key).toLowerCase()
      const contentType = CONTENT_TYPES[extension]
      if (!contentType) throw new AppError('NOT_FOUND', 404, 'There is no such file.')
      // Render files never change under a key; a signed link may be cached privately until it expires.
      const maxAge = Math.max(0, verdict.claims.expiresAt - Math.floor(Date.now() / 1000))
      return sendFile(request, reply, {
        path: pathOf(key),
        contentType,
        cacheControl: `private, max-age=${maxAge}, immutable`,
        downloadName: verdict.claims.downloadName,
      })
    },
  )
}
