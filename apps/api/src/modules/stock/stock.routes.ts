import type { FastifyInstance } from 'fastify'

import { z } from 'zod'

import { AssetSchema } from '@storyreel/contracts/assets'
import { PLAN_LIMITS } from '@storyreel/contracts/plans'
import { SavedProjectSchema } from '@storyreel/contracts/studio'
import { castOf, stockQueryOf } from '@storyreel/engine/engine'
import {
  StockFillOutcomeSchema,
  StockSceneQuerySchema,
  StockSearchQuerySchema,
  StockSearchResultSchema,
} from '@storyreel/contracts/stock'

import { AppError } from '#src/errors.ts'
import { createSessionGuard, requireSession } from '#src/modules/auth/auth.guard.ts'
import type { AuthService } from '#src/modules/auth/auth.service.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import type { AssetsService } from '#src/modules/assets/assets.service.ts'
import type { ProjectsService } from '#src/modules/projects/projects.service.ts'

import { fillWithStock, ORIENTATIONS } from './stock-fill.ts'
import type { StockService } from './stock.service.ts'

/** Filling a storyboard fetches a file per scene: a few a minute. */
const FILLS_PER_MINUTE = 5
/** A fetch of a file is heavier than a search: a few a minute, as uploads. */
const IMPORTS_PER_MINUTE = 20

const SceneParamsSchema = z.strictObject({ id: z.uuid(), sceneId: z.uuid() })

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
    projects,
    auth,
    perMinute,
  }: {
    stock: StockService
    assets: AssetsService
    projects: Pick<ProjectsService, 'get' | 'update'>
    auth: AuthService
    perMinute: number
  },
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
          apiKeyScope: 'assets:read',
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

    api.get(
      '/api/v1/projects/:id/scenes/:sceneId/stock-query',
      {
        config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
        schema: {
          tags: ['Stock media'],
          auth: 'user',
          apiKeyScope: 'projects:read',
          summary: 'What to search stock media with for a scene',
          description:
            'The words the engine read from the scene (what it draws and, beside one thing, where), in the script’s ' +
            'language, and the orientation of the project’s frame: the search panel’s starting query. 404 ' +
            'PROJECT_NOT_FOUND or SCENE_NOT_FOUND.',
          params: SceneParamsSchema,
          response: { 200: StockSceneQuerySchema },
        },
      },
      async (request) => {
        const { user } = requireSession(request)
        const project = await projects.get(user, request.params.id)
        const scene = project.scenes.find((item) => item.id === request.params.sceneId)
        if (!scene) throw new AppError('SCENE_NOT_FOUND', 404, 'There is no such scene in this project.')
        const language = project.settings.language ?? 'en'
        const cast = castOf(
          project.scenes.flatMap((item) => [item.visual, item.narration]),
          language,
        )
        return {
          q: stockQueryOf({ visual: scene.visual, narration: scene.narration, seed: scene.seed, cast, language }),
          language,
          orientation: ORIENTATIONS[project.settings.aspect_ratio],
          kind: 'video' as const,
        }
      },
    )

    api.post(
      '/api/v1/projects/:id/stock-fill',
      {
        config: { rateLimit: { max: FILLS_PER_MINUTE, timeWindow: '1 minute' } },
        schema: {
          tags: ['Stock media'],
          auth: 'user',
          apiKeyScope: 'projects:write',
          summary: 'Stock footage for every scene',
          description:
            'Each scene that shows no chosen picture gets the first stock clip its words find (a photo where no clip ' +
            'does), never an item the video already shows, brought into the library and credited; a scene where ' +
            'nothing fits keeps its drawing, and `scenes` says why. Scenes that chose a picture are left alone. A ' +
            'provider that asks to wait stops the filling; what was picked is saved. 503 STOCK_NOT_CONFIGURED without keys.',
          params: z.strictObject({ id: z.uuid() }),
          response: { 200: z.object({ project: SavedProjectSchema, scenes: z.array(StockFillOutcomeSchema) }) },
        },
      },
      async (request) => {
        const { user } = requireSession(request)
        if (stock.providers.length === 0)
          throw new AppError(
            'STOCK_NOT_CONFIGURED',
            503,
            'Stock photos and footage are not turned on for this studio; an administrator can turn them on.',
          )
        const shortSide = PLAN_LIMITS[user.plan].maxResolution === '1080p' ? 1080 : 720
        return fillWithStock({ stock, assets, projects }, user, request.params.id, shortSide)
      },
    )

    api.post(
      '/api/v1/stock/import',
      {
        config: { rateLimit: { max: IMPORTS_PER_MINUTE, timeWindow: '1 minute' } },
        schema: {
          tags: ['Stock media'],
          auth: 'user',
          apiKeyScope: 'assets:write',
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
