import type { FastifyInstance } from 'fastify'

import { StockSearchQuerySchema, StockSearchResultSchema } from '@storyreel/contracts/stock'

import { AppError } from '#src/errors.ts'
import { createSessionGuard, requireSession } from '#src/modules/auth/auth.guard.ts'
import type { AuthService } from '#src/modules/auth/auth.service.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import type { StockService } from './stock.service.ts'

/** /api/v1/stock: searching the stock libraries the server has keys for, for a signed-in, confirmed account. */
export function registerStockRoutes(
  app: FastifyInstance,
  { stock, auth, perMinute }: { stock: StockService; auth: AuthService; perMinute: number },
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
    done()
  })
}
