import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { SingleLineTextSchema } from '@storyreel/contracts/request-text'
import { VoiceListSchema } from '@storyreel/contracts/studio'
import type { VoiceEngine } from '@storyreel/engine/engine'

import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import { createVoicesService } from './voices.service.ts'

const VoiceParamsSchema = z.strictObject({ id: SingleLineTextSchema.max(64) })

/**
 * The voice library: the list and a spoken sample of each voice. Both are public and the same for
 * everyone: an <audio> element fetches the sample, and it cannot send a bearer token.
 */
export function registerVoiceRoutes(
  app: FastifyInstance,
  { voices, cacheDir, perMinute }: { voices: VoiceEngine; cacheDir: string; perMinute: number },
) {
  const service = createVoicesService({ voices, cacheDir })
  const api = app.withTypeProvider<ZodTypeProvider>()
  const config = { rateLimit: { max: perMinute, timeWindow: '1 minute' } }
  const tags = ['Studio']

  api.get(
    '/api/v1/voices',
    {
      config,
      schema: {
        tags,
        summary: 'The voice library',
        description: 'Local voices always; hosted ones when the server has a TTS API configured.',
        response: { 200: VoiceListSchema },
      },
    },
    () => ({ voices: service.listVoices() }),
  )

  api.get(
    '/api/v1/voices/:id/preview',
    {
      config,
      schema: {
        tags,
        summary: 'A short sample of a voice, in its language (AAC in MP4)',
        description: '404 VOICE_NOT_FOUND for an unknown voice.',
        params: VoiceParamsSchema,
      },
    },
    async (request, reply) => {
      const audio = await service.getPreview(request.params.id)
      // A preview changes only when the voice is retuned, which ships as a new release.
      return reply.header('content-type', 'audio/mp4').header('cache-control', 'public, max-age=604800').send(audio)
    },
  )
}
