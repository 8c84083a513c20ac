import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { MusicListSchema, MusicQuerySchema } from '@storyreel/contracts/studio'
import type { MusicLibrary } from '@storyreel/engine/engine'

import { AppError } from '#src/errors.ts'
import { sendFile } from '#src/plugins/send-file.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

/** Where a track's audio is served: the library's tracks carry this as their `audio_url`. */
export const musicAudioUrl = (id: string) => `/api/v1/music/${id}/audio`

const MusicParamsSchema = z.strictObject({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/, 'must be a track id') })

/** A track's audio never changes under its id: a new take gets a new id, so browsers may keep it for a year. */
const AUDIO_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * An audio element fetches a track in several range requests and seeks with more, so the audio route
 * allows this many times the list's rate.
 */
const AUDIO_REQUESTS_PER_LIST_REQUEST = 5

/** GET /api/v1/music and /api/v1/music/:id/audio: the studio's music library. Public. */
export function registerMusicRoutes(
  app: FastifyInstance,
  { library, perMinute }: { library: MusicLibrary; perMinute: number },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Studio']

  api.get(
    '/api/v1/music',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'The music library',
        description:
          'Every track StoryReel composed for videos, with mood, genre, tempo and length. Filter by mood or ' +
          'genre; q matches words of the title, description, mood and genre. Tracks are free to use in videos ' +
          'made with StoryReel (see each licence).',
        querystring: MusicQuerySchema,
        response: { 200: MusicListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return { tracks: library.list(request.query) }
    },
  )

  api.get(
    '/api/v1/music/:id/audio',
    {
      config: { rateLimit: { max: perMinute * AUDIO_REQUESTS_PER_LIST_REQUEST, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "A track's audio",
        description:
          'The track as AAC in an MP4 container (audio/mp4). Supports Range requests (206, or 416 ' +
          'RANGE_NOT_SATISFIABLE), HEAD, ETag and If-None-Match. 404 MUSIC_NOT_FOUND for an unknown id.',
        params: MusicParamsSchema,
      },
    },
    async (request, reply) => {
      const file = library.getTrackPath(request.params.id)
      if (!file) throw new AppError('MUSIC_NOT_FOUND', 404, 'There is no track with this id in the music library.')
      return sendFile(request, reply, { path: file, contentType: 'audio/mp4', cacheControl: AUDIO_CACHE_CONTROL })
    },
  )
}
