import path from 'node:path'

import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { SingleLineTextSchema } from '@storyreel/contracts/request-text'

import { MEDIA_ROUTE_PREFIX, type MediaLinks } from '#src/adapters/media/media-links.ts'
import { isMediaKey, type MediaStore } from '#src/adapters/media/media-store.ts'
import { AppError, linkRefusal } from '#src/errors.ts'
import { sendObject } from '#src/plugins/send-file.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.m4a': 'audio/mp4',
  '.srt': 'application/x-subrip; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
}

/** A redirect's store URL lives this long: enough to start playing, too short to be worth passing around. */
export const PRESIGNED_URL_SECONDS = 300
/**
 * Only videos, pictures and tracks are redirected: they are the bytes worth sparing the API, and a browser loads
 * them from another origin without CORS. Captions stay on our origin, where a <track> may load them.
 */
const REDIRECTED_TYPES = new Set(['video/mp4', 'image/jpeg', 'image/png', 'image/webp', 'audio/mp4'])

const MediaQuerySchema = z.object({
  u: SingleLineTextSchema.max(64).optional(),
  e: SingleLineTextSchema.max(16).optional(),
  s: SingleLineTextSchema.max(128).optional(),
  download: SingleLineTextSchema.max(200).optional(),
})

/**
 * GET /api/v1/media/*: a project's files through signed, expiring links. Only the owner is
 * given links, so a link is the permission; an altered or foreign one is a 403, an old one a 410.
 * With `delivery: 'redirect'` a valid link answers 302 to a short-lived URL of the store itself (decision 033).
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  {
    links,
    media,
    delivery = 'proxy',
    perMinute,
  }: { links: MediaLinks; media: MediaStore; delivery?: 'proxy' | 'redirect'; perMinute: number },
) {
  const presign = delivery === 'redirect' ? media.presign?.bind(media) : undefined
  app.withTypeProvider<ZodTypeProvider>().get(
    `${MEDIA_ROUTE_PREFIX}*`,
    {
      // A video player asks for many byte ranges while seeking.
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['Studio'],
        summary: 'A file of a project or of the media library: video, picture, track, captions or licence receipt',
        description:
          'Only through the signed links the project calls answer (they expire). Supports HTTP Range requests. ' +
          '403 MEDIA_LINK_INVALID for a link that was not issued, 410 MEDIA_LINK_EXPIRED for an expired one, ' +
          '503 MEDIA_STORE_UNAVAILABLE while the media store cannot be reached. Where the server is set to, ' +
          'a valid link answers 302 to a short-lived URL of the media store.',
        querystring: MediaQuerySchema,
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*']
      // No file can live under a key that climbs out of the store, however the link was made.
      if (!isMediaKey(key)) throw new AppError('NOT_FOUND', 404, 'There is no such file.')
      const verdict = links.verify(key, request.query)
      if (!verdict.ok) throw linkRefusal(verdict.reason, 'the project')
      const extension = path.extname(key).toLowerCase()
      const contentType = CONTENT_TYPES[extension]
      if (!contentType) throw new AppError('NOT_FOUND', 404, 'There is no such file.')
      if (presign && REDIRECTED_TYPES.has(contentType)) {
        // A look first, so a missing file or a store that is down is answered in our shape, not the store's.
        if (!(await media.stat(key))) throw new AppError('NOT_FOUND', 404, 'This file is not available.')
        const url = await presign(key, {
          expiresInSeconds: PRESIGNED_URL_SECONDS,
          contentType,
          downloadName: verdict.claims.downloadName,
        })
        return reply.header('cache-control', 'no-store').redirect(url, 302)
      }
      // Render files never change under a key; a signed link may be cached privately until it expires.
      const maxAge = Math.max(0, verdict.claims.expiresAt - Math.floor(Date.now() / 1000))
      return sendObject(request, reply, {
        object: await media.stat(key),
        open: (range) => media.openReadStream(key, range),
        contentType,
        cacheControl: `private, max-age=${maxAge}, immutable`,
        downloadName: verdict.claims.downloadName,
      })
    },
  )
}
