import type { FastifyInstance } from 'fastify'

import { StyleListSchema, VIDEO_STYLE_BLURBS, VIDEO_STYLE_LABELS, VIDEO_STYLES } from '@storyreel/contracts/studio'

import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

/** The list is the contracts' and changes only with a release. */
const STYLES = {
  styles: VIDEO_STYLES.map((id) => ({ id, name: VIDEO_STYLE_LABELS[id], description: VIDEO_STYLE_BLURBS[id] })),
}

/** GET /api/v1/styles: the looks a video can have. Public and the same for everyone, like voices and music. */
export function registerStyleRoutes(app: FastifyInstance, { perMinute }: { perMinute: number }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/styles',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['Studio'],
        summary: 'The video styles',
        description: "Each style's id (a project's `settings.style`), its name and a line on its look.",
        response: { 200: StyleListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return STYLES
    },
  )
}
