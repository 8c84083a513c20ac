import { z } from 'zod'

import { ScriptLanguageSchema } from './languages.ts'

/** The stock libraries the studio can search, when the server has their keys. */
export const STOCK_PROVIDERS = ['pexels', 'pixabay'] as const
export type StockProvider = (typeof STOCK_PROVIDERS)[number]

export const STOCK_KINDS = ['video', 'photo'] as const
export const STOCK_ORIENTATIONS = ['portrait', 'landscape', 'square'] as const

/** What each provider's licence lets a user do, in short, for the search panel and the licence receipt. */
export const STOCK_TERMS: Record<StockProvider, { name: string; licence: string; url: string }> = {
  pexels: {
    name: 'Pexels',
    licence: 'Free to use in videos, no attribution required; do not sell it unaltered or imply endorsement.',
    url: 'https://www.pexels.com/license/',
  },
  pixabay: {
    name: 'Pixabay',
    licence:
      'Free to use in videos under the Pixabay Content License; do not sell it unaltered or use it to imply endorsement.',
    url: 'https://pixabay.com/service/license-summary/',
  },
}

export const StockSearchQuerySchema = z
  .strictObject({
    q: z.string().trim().min(2, 'search for at least two letters').max(100),
    kind: z.enum(STOCK_KINDS).default('video'),
    orientation: z.enum(STOCK_ORIENTATIONS).optional(),
    /** The words' language, where the provider searches in it; English otherwise. */
    language: ScriptLanguageSchema.optional(),
    page: z.coerce.number().int().min(1).max(20).default(1),
  })
  .meta({ id: 'StockSearchQuery' })
export type StockSearchQuery = z.infer<typeof StockSearchQuerySchema>

export const StockItemSchema = z
  .object({
    /** `provider:kind:id`: what a client sends back to choose it, never a URL. */
    id: z.string(),
    provider: z.enum(STOCK_PROVIDERS),
    kind: z.enum(STOCK_KINDS),
    width: z.number().int(),
    height: z.number().int(),
    /** Seconds, for a clip. */
    duration: z.number().optional(),
    /** A still of it from the provider's media host. */
    thumbnail_url: z.string(),
    /** A small rendition to play on hover, for a clip. */
    preview_url: z.string().optional(),
    author: z.object({ name: z.string(), url: z.string().optional() }),
    /** The item's page at the provider, for the credit. */
    page_url: z.string(),
  })
  .meta({ id: 'StockItem' })
export type StockItem = z.infer<typeof StockItemSchema>

export const StockSearchResultSchema = z
  .object({
    items: z.array(StockItemSchema),
    /** Providers that could not answer this time, with why; the others' items are still here. */
    unavailable: z.array(z.object({ provider: z.enum(STOCK_PROVIDERS), message: z.string() })),
  })
  .meta({ id: 'StockSearchResult' })
export type StockSearchResult = z.infer<typeof StockSearchResultSchema>

/** What "Stock footage for every scene" did with each scene it looked at. */
export const StockFillOutcomeSchema = z
  .object({
    scene_id: z.uuid(),
    /** `clip` or `photo`: now shows that stock item; `drawn`: keeps its drawing, for the reason given. */
    result: z.enum(['clip', 'photo', 'drawn']),
    asset_id: z.uuid().nullable(),
    /** For the card: what was searched, and why nothing was picked where nothing was. */
    message: z.string(),
  })
  .meta({ id: 'StockFillOutcome' })
export type StockFillOutcome = z.infer<typeof StockFillOutcomeSchema>

/** A scene's first stock search: the words the engine read in it, their language and the frame's shape. */
export const StockSceneQuerySchema = z
  .object({
    q: z.string(),
    language: ScriptLanguageSchema,
    orientation: z.enum(STOCK_ORIENTATIONS),
    kind: z.enum(STOCK_KINDS),
  })
  .meta({ id: 'StockSceneQuery' })
export type StockSceneQuery = z.infer<typeof StockSceneQuerySchema>
