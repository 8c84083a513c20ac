import path from 'node:path'

import type { Asset } from '@storyreel/contracts/assets'
import type { Plan } from '@storyreel/contracts/plans'
import {
  STOCK_TERMS,
  type StockItem,
  type StockProvider,
  type StockSearchQuery,
  type StockSearchResult,
} from '@storyreel/contracts/stock'

import { AppError } from '#src/errors.ts'

import type { AssetsService } from '#src/modules/assets/assets.service.ts'

import { sortRenditions, StockProviderError, type FoundItem, type StockProviderClient } from './stock-providers.ts'

/** Items found are kept this long, by id, so choosing one needs no second search (Pixabay asks for 24 h caching). */
const KEEP_MS = 24 * 60 * 60 * 1000
/** At most this many found items are kept; the oldest go first. */
const KEEP_MAX = 5000
/** Items asked of each provider per page. */
const PER_PAGE = 24

export type StockService = ReturnType<typeof createStockService>

/**
 * Searches every provider the server has a key for at once and interleaves their items; a provider that fails
 * is named in the answer while the others' items still come. Only when all fail is the search refused: 429
 * STOCK_RATE_LIMITED with the shortest wait asked for, or 502 STOCK_UNAVAILABLE.
 */
export function createStockService(providers: StockProviderClient[]) {
  const found = new Map<string, { item: FoundItem; at: number }>()
  const remember = (items: FoundItem[]) => {
    const now = Date.now()
    for (const item of items) {
      found.delete(item.id)
      found.set(item.id, { item, at: now })
    }
    for (const [id, entry] of found) {
      if (found.size <= KEEP_MAX && now - entry.at < KEEP_MS) break
      found.delete(id)
    }
  }

  /** An item found by a search in the last 24 hours, with the files the server may fetch. */
  const foundItem = (id: string): FoundItem | undefined => {
    const entry = found.get(id)
    return entry && Date.now() - entry.at < KEEP_MS ? entry.item : undefined
  }

  return {
    providers: providers.map((provider) => provider.name),

    async search(query: StockSearchQuery): Promise<StockSearchResult> {
      if (providers.length === 0)
        throw new AppError(
          'STOCK_NOT_CONFIGURED',
          503,
          'Stock photos and footage are not turned on for this studio; an administrator can turn them on.',
        )
      const answers = await Promise.allSettled(providers.map((provider) => provider.search(query, PER_PAGE)))
      const lists: FoundItem[][] = []
      const failures: StockProviderError[] = []
      for (const [index, answer] of answers.entries()) {
        if (answer.status === 'fulfilled') lists.push(answer.value)
        else if (answer.reason instanceof StockProviderError) failures.push(answer.reason)
        else
          failures.push(
            new StockProviderError(
              providers[index]?.name ?? 'pexels',
              'unavailable',
              'The search failed unexpectedly.',
            ),
          )
      }
      if (lists.length === 0) {
        const limited = failures.filter((failure) => failure.kind === 'rate-limited')
        if (limited.length === failures.length) {
          const waits = limited.flatMap((failure) => failure.retryAfterSeconds ?? [])
          const wait = waits.length > 0 ? Math.min(...waits) : 60
          throw new AppError('STOCK_RATE_LIMITED', 429, `${limited[0]?.message ?? 'Too many searches.'}`, {
            retryAfterSeconds: wait,
          })
        }
        throw new AppError('STOCK_UNAVAILABLE', 502, failures.map((failure) => failure.message).join(' '))
      }
      // One from each provider in turn, so neither fills the first screen.
      const items: FoundItem[] = []
      for (let index = 0; lists.some((list) => index < list.length); index++)
        for (const list of lists) if (list[index]) items.push(list[index] as FoundItem)
      remember(items)
      return {
        items: items.map(({ renditions: _renditions, ...item }): StockItem => item),
        unavailable: failures.map((failure) => ({ provider: failure.provider, message: failure.message })),
      }
    },

    /**
     * Brings a found item into the account's library, once: the rendition between the render's size and
     * 1080p (the smallest at least `shortSide` on its short side, else the largest within 1080p), fetched only
     * from the provider's media hosts, then stored as an upload is and credited.
     */
    async importItem(
      user: { id: string; plan: Plan },
      id: string,
      shortSide: number,
      library: Pick<AssetsService, 'importFile' | 'findStockItem'>,
    ): Promise<Asset> {
      // Fetched once: an item already in the library is that asset again.
      const held = await library.findStockItem(user.id, id)
      if (held) return held
      const item = foundItem(id)
      const provider = item ? providers.find((client) => client.name === item.provider) : undefined
      if (!item || !provider)
        throw new AppError(
          'STOCK_ITEM_NOT_FOUND',
          404,
          'This stock item is no longer among the results we keep; search for it again.',
        )
      const sorted = sortRenditions(item.renditions).filter(
        (rendition) => Math.min(rendition.width, rendition.height) <= 1080,
      )
      const rendition =
        sorted.find((candidate) => Math.min(candidate.width, candidate.height) >= shortSide) ??
        sorted.at(-1) ??
        sortRenditions(item.renditions)[0]
      if (!rendition) throw new AppError('STOCK_ITEM_NOT_FOUND', 404, 'This stock item has no file we can use.')
      const name = `${item.kind === 'video' ? 'Clip' : 'Photo'} by ${item.author.name} (${STOCK_TERMS[item.provider].name})`
      try {
        return await library.importFile(user, {
          expectedBytes: 0,
          receive: async (dir, maxBytes) => {
            const file = path.join(dir, item.kind === 'video' ? 'stock.mp4' : 'stock.jpg')
            const sizeBytes = await provider.download(rendition, file, maxBytes)
            return { path: file, name, sizeBytes }
          },
          credit: {
            provider: item.provider,
            id: item.id,
            author: item.author.name,
            ...(item.author.url ? { authorUrl: item.author.url } : {}),
            pageUrl: item.page_url,
          },
        })
      } catch (error) {
        if (error instanceof StockProviderError) throw new AppError('STOCK_UNAVAILABLE', 502, error.message)
        throw error
      }
    },

    found: foundItem,

    isOn(provider: StockProvider): boolean {
      return providers.some((item) => item.name === provider)
    },
  }
}
