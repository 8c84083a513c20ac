import type { StockItem, StockProvider, StockSearchQuery, StockSearchResult } from '@storyreel/contracts/stock'

import { AppError } from '#src/errors.ts'

import { StockProviderError, type FoundItem, type StockProviderClient } from './stock-providers.ts'

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

    /** An item found by a search in the last 24 hours, with the files the server may fetch. */
    found(id: string): FoundItem | undefined {
      const entry = found.get(id)
      return entry && Date.now() - entry.at < KEEP_MS ? entry.item : undefined
    },

    isOn(provider: StockProvider): boolean {
      return providers.some((item) => item.name === provider)
    },
  }
}
