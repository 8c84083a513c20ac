import type { FastifyInstance } from 'fastify'

import { z } from 'zod'

import { AssetSchema } from '@storyreel/contracts/assets'
import { PLAN_LIMITS } from '@storyreel/contracts/plans'
import { StockSearchQuerySchema, StockSearchResultSchema } from '@storyreel/contracts/stock'

import { AppError } from '#src/errors.ts'
import { createSessionGuard, requireSession } from '#src/modules/auth/auth.guard.ts'
import type { AuthService } from '#src/modules/auth/auth.service.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import type { AssetsService } from '#src/modules/assets/assets.service.ts'

import type { StockService } from './stock.service.ts'

/** A fetch of a file is heavier than a search: a few a minute, as uploads. */
const IMPORTS_PER_MINUTE = 20

const StockImportSchema = z
  .strictObject({
    id: z.string().regex(/^(?:pexels|pixabay):(?:video|photo):\d{1,20}$/u, 'a stock item id from a search'),
  })
  .meta({ id: 'StockImport' })

/** /api/v1/stock: searching the stock libraries the server has keys for, for a signed-in, confirmed account. */
export function registerStockRoutes(
  app: FastifyInstance,
  {
    stock,
    assets,
    auth,
    perMinute,
  }: { stock: StockService; assets: AssetsService; auth: AuthService; perMinute: number },
) {
  void app.register((scope, _options, done) => {
    scope.addHook('preHandler', createSessionGuard(auth, 'user'))
    scope.addHook('preHandler', (request, _reply, next) => {
      if (!requireSession(request).user.confirmed) {
        next(new AppError('ACCOUNT_NOT_CONFIRMED', 403, 'Confirm your e-mail before searching stock media.'))
      } else next()
    })
    const api = scope.withTypeProvider<ZodTypeProvider>()
    api.get(
      '/api/v1/stock/search',
      {
        config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
        schema: {
          tags: ['Stock media'],
          auth: 'user',
          summary: 'Search stock photos or footage',
          description:
            'Searches Pexels and Pixabay, those the server has keys for, at once; their items alternate. `language` ' +
            'searches in the words’ language where the provider can. Items are chosen by `id`, never by URL. A ' +
            'provider that cannot answer is named in `unavailable` while the others’ items still come; when none can, ' +
            '429 STOCK_RATE_LIMITED (with Retry-After) or 502 STOCK_UNAVAILABLE. 503 STOCK_NOT_CONFIGURED without keys.',
          querystring: StockSearchQuerySchema,
          response: { 200: StockSearchResultSchema },
        },
      },
      (request) => stock.search(request.query),
    )

    api.post(
      '/api/v1/stock/import',
      {
        config: { rateLimit: { max: IMPORTS_PER_MINUTE, timeWindow: '1 minute' } },
        schema: {
          tags: ['Stock media'],
          auth: 'user',
          summary: 'Bring a stock photo or clip into the media library',
          description:
            'The `id` of an item a search returned in the last 24 hours. The server fetches the rendition between the ' +
            'render’s size and 1080p from the provider’s media hosts only, and stores it as an upload is (counted in ' +
            'the quota, a clip converted by a worker), credited to its author. 201 with the asset; 404 ' +
            'STOCK_ITEM_NOT_FOUND for an id no recent search returned; 413 FILE_TOO_LARGE or QUOTA_EXCEEDED; 502 ' +
            'STOCK_UNAVAILABLE when the provider’s file cannot be fetched.',
          body: StockImportSchema,
          response: { 201: AssetSchema },
        },
      },
      async (request, reply) => {
        const { user } = requireSession(request)
        const shortSide = PLAN_LIMITS[user.plan].maxResolution === '1080p' ? 1080 : 720
        return reply.code(201).send(await stock.importItem(user, request.body.id, shortSide, assets))
      },
    )
    done()
  })
}
