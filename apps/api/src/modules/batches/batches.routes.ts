import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import {
  BATCH_COLUMNS,
  BATCH_CSV_MAX_BYTES,
  BATCH_MAX_ROWS,
  BatchListSchema,
  BatchSchema,
  CreateBatchBodySchema,
  parseBatchCsv,
} from '@storyreel/contracts/batches'
import { ResolutionSchema } from '@storyreel/contracts/studio'
import { IdempotencyKeyHeadersSchema } from '@storyreel/contracts/videos'

import { contentDisposition } from '#src/adapters/media/media-store.ts'
import type { MediaLinks } from '#src/adapters/media/media-links.ts'
import { AppError, linkRefusal } from '#src/errors.ts'
import { requireSession } from '#src/modules/auth/auth.guard.ts'
import type { AuthService } from '#src/modules/auth/auth.service.ts'
import { createConfirmedGuards } from '#src/modules/projects/projects.routes.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import { zipLinkKey, type BatchesService } from './batches.service.ts'

const BatchParamsSchema = z.strictObject({ id: z.uuid() })
const CsvQuerySchema = z.strictObject({
  title: z.string().max(120).optional(),
  resolution: ResolutionSchema.optional(),
})
const ZipQuerySchema = z.looseObject({
  u: z.string().max(100).optional(),
  e: z.string().max(20).optional(),
  s: z.string().max(100).optional(),
})

/** Batches (decision 063): POST /api/v1/videos/batch, their states, and the ZIP of their finished videos. */
export function registerBatchRoutes(
  app: FastifyInstance,
  {
    batches,
    auth,
    links,
    perMinute,
  }: { batches: BatchesService; auth: AuthService; links: Pick<MediaLinks, 'verify'>; perMinute: number },
) {
  void app.register((scope, _options, done) => {
    // A CSV file is the batch's rows as a spreadsheet saves them; it becomes the JSON body before validation.
    scope.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: BATCH_CSV_MAX_BYTES },
      (_request, body, next) => next(null, body),
    )
    scope.addHook('preValidation', (request, _reply, next) => {
      if (typeof request.body !== 'string') return next()
      const query = CsvQuerySchema.safeParse(request.query)
      if (!query.success)
        return next(
          new AppError(
            'VALIDATION_FAILED',
            400,
            query.error.issues.map((issue) => issue.message),
          ),
        )
      const parsed = parseBatchCsv(request.body)
      if (parsed.problems.length > 0) return next(new AppError('BATCH_INVALID', 422, parsed.problems))
      request.body = { rows: parsed.rows, ...query.data }
      return next()
    })
    const api = scope.withTypeProvider<ZodTypeProvider>()
    const config = { rateLimit: { max: perMinute, timeWindow: '1 minute' } }
    const preHandler = createConfirmedGuards(auth)
    const user = (request: Parameters<typeof requireSession>[0]) => requireSession(request).user

    api.post(
      '/api/v1/videos/batch',
      {
        config,
        bodyLimit: BATCH_CSV_MAX_BYTES,
        preHandler,
        schema: {
          tags: ['Batches'],
          auth: 'user' as const,
          apiKeyScope: ['projects:write', 'renders:write'] as const,
          summary: `Make up to ${BATCH_MAX_ROWS} videos in one call`,
          description:
            'JSON `{rows: [{prompt | script, title?, style?, ratio?, voice?, template?}], title?, resolution?}`, or ' +
            `a CSV file (\`Content-Type: text/csv\`, at most 1 MB) whose first line names its columns (${BATCH_COLUMNS.join(', ')}), ` +
            'with `title` and `resolution` in the query. Every row is checked before anything is made: 422 ' +
            'BATCH_INVALID names each bad row and column. 429 BATCH_OVER_DAILY_LIMIT when the rows outnumber the ' +
            'renders left today, with both counts. Each row is then drafted and queued as POST /api/v1/videos does; ' +
            'a draft that cannot render is kept and its row says why. 202 with the batch. The queue takes accounts in ' +
            'turn, so a batch never holds up other accounts. `batch.completed` is sent to webhooks once every row has ' +
            'ended. With an `Idempotency-Key`, a retry within 24 hours gets the first answer.',
          headers: IdempotencyKeyHeadersSchema,
          body: CreateBatchBodySchema,
          response: { 202: BatchSchema },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await batches.create(user(request), request.body, request.headers['idempotency-key'])),
    )

    api.get(
      '/api/v1/batches',
      {
        config,
        preHandler,
        schema: {
          tags: ['Batches'],
          auth: 'user' as const,
          apiKeyScope: 'projects:read' as const,
          summary: "The account's latest 50 batches",
          description: 'Newest first, with how many rows are in each state.',
          response: { 200: BatchListSchema },
        },
      },
      (request) => batches.list(user(request)),
    )

    api.get(
      '/api/v1/batches/:id',
      {
        config,
        preHandler,
        schema: {
          tags: ['Batches'],
          auth: 'user' as const,
          apiKeyScope: 'projects:read' as const,
          summary: 'A batch and the state of each row',
          description: 'Each row with its render (progress, error, download links once finished). 404 BATCH_NOT_FOUND.',
          params: BatchParamsSchema,
          response: { 200: BatchSchema },
        },
      },
      (request) => batches.get(user(request), request.params.id),
    )
    done()
  })

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/batches/:id/zip',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['Batches'],
        summary: "A batch's finished videos as one ZIP",
        description:
          'Only through the signed `zip_url` a batch answers (it expires). Streamed as it is read, one MP4 per ' +
          'finished row, named by row number and title. 404 BATCH_NOT_FOUND while none has finished.',
        params: BatchParamsSchema,
        querystring: ZipQuerySchema,
      },
    },
    async (request, reply) => {
      const verdict = links.verify(zipLinkKey(request.params.id), request.query)
      if (!verdict.ok) throw linkRefusal(verdict.reason, 'the batch')
      const zip = await batches.zip(verdict.claims.userId, request.params.id)
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(zip.name))
        .header('cache-control', 'private, no-store')
      if (zip.size !== undefined) reply.header('content-length', zip.size)
      return reply.send(zip.stream)
    },
  )
}
