import { createWriteStream } from 'node:fs'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import { z } from 'zod'

import type { ScriptLanguage } from '@storyreel/contracts/languages'
import type { StockItem, StockProvider, StockSearchQuery } from '@storyreel/contracts/stock'
import { createOutgoingFetch, OutgoingRequestError, type OutgoingFetch } from '@storyreel/engine/engine'

import type { StockConfig, StockProviderConfig } from '#src/config.ts'
import { AppError } from '#src/errors.ts'

/**
 * Pexels and Pixabay, searched through the outgoing guard: each reaches only its API host, and an item is kept
 * only when every file of it (still, preview, renditions) is on that provider's media hosts.
 */

/** A file of a stock item the server may download: never sent to a client, which chooses by id. */
export type StockRendition = { url: string; width: number; height: number; kind: 'video' | 'photo' }
export type FoundItem = StockItem & { renditions: StockRendition[] }

/** A provider that could not answer: rate-limited (with the wait it asked for) or unavailable. */
export class StockProviderError extends Error {
  readonly provider: StockProvider
  readonly kind: 'rate-limited' | 'unavailable'
  readonly retryAfterSeconds: number | undefined
  constructor(
    provider: StockProvider,
    kind: 'rate-limited' | 'unavailable',
    message: string,
    retryAfterSeconds?: number,
  ) {
    super(message)
    this.provider = provider
    this.kind = kind
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export type StockProviderClient = {
  name: StockProvider
  search(query: StockSearchQuery, perPage: number): Promise<FoundItem[]>
  /** Streams a rendition from the provider's media hosts (only) into `file`, refusing past `maxBytes`. */
  download(rendition: StockRendition, file: string, maxBytes: number): Promise<number>
}

/** Downloads through the media guard, counting bytes as they arrive. */
function createDownloader(
  provider: StockProvider,
  config: StockProviderConfig,
  common: Omit<StockConfig, 'pexels' | 'pixabay'>,
) {
  const fetch = createOutgoingFetch({
    hosts: config.mediaHosts,
    timeoutMs: common.timeoutMs * 12,
    allowLoopback: common.allowLoopback,
  })
  return async (rendition: StockRendition, file: string, maxBytes: number): Promise<number> => {
    let response: Awaited<ReturnType<OutgoingFetch>>
    try {
      response = await fetch(rendition.url)
    } catch (error) {
      const reason = error instanceof OutgoingRequestError ? error.message : 'it could not be reached'
      throw new StockProviderError(
        provider,
        'unavailable',
        `${NAMES[provider]}'s file could not be fetched: ${reason}.`,
      )
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel()
      throw new StockProviderError(provider, 'unavailable', `${NAMES[provider]}'s file answered ${response.status}.`)
    }
    const declared = Number(response.headers.get('content-length'))
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body.cancel()
      throw new AppError(
        'FILE_TOO_LARGE',
        413,
        `This ${rendition.kind === 'video' ? 'clip' : 'photo'} is larger than one file may be on your plan.`,
      )
    }
    let received = 0
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length
        if (received > maxBytes)
          callback(new AppError('FILE_TOO_LARGE', 413, 'This file is larger than one file may be on your plan.'))
        else callback(null, chunk)
      },
    })
    await pipeline(Readable.fromWeb(response.body as never), counter, createWriteStream(file))
    return received
  }
}

const PER_PAGE_MAX = 40

/** Pexels' locales for our languages; Hindi is not among them, so Hindi words are searched as they are. */
const PEXELS_LOCALES: Partial<Record<ScriptLanguage, string>> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  it: 'it-IT',
  pt: 'pt-PT',
  nl: 'nl-NL',
}
/** Pixabay's `lang` values for our languages (it has no Hindi). */
const PIXABAY_LANGUAGES: Partial<Record<ScriptLanguage, string>> = {
  en: 'en',
  es: 'es',
  fr: 'fr',
  de: 'de',
  it: 'it',
  pt: 'pt',
  nl: 'nl',
}

const PexelsVideoSchema = z.object({
  id: z.number(),
  width: z.number(),
  height: z.number(),
  duration: z.number(),
  url: z.string(),
  image: z.string(),
  user: z.object({ name: z.string(), url: z.string().optional() }),
  video_files: z.array(
    z.object({
      quality: z.string().nullable().optional(),
      file_type: z.string(),
      width: z.number().nullable(),
      height: z.number().nullable(),
      fps: z.number().nullable().optional(),
      link: z.string(),
    }),
  ),
})
const PexelsPhotoSchema = z.object({
  id: z.number(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  photographer: z.string(),
  photographer_url: z.string().optional(),
  src: z.object({ original: z.string(), large2x: z.string().optional(), large: z.string(), medium: z.string() }),
})

const PixabayRenditionSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  thumbnail: z.string().optional(),
})
const PixabayVideoSchema = z.object({
  id: z.number(),
  pageURL: z.string(),
  duration: z.number(),
  user: z.string(),
  videos: z.object({
    large: PixabayRenditionSchema.optional(),
    medium: PixabayRenditionSchema.optional(),
    small: PixabayRenditionSchema.optional(),
    tiny: PixabayRenditionSchema.optional(),
  }),
})
const PixabayImageSchema = z.object({
  id: z.number(),
  pageURL: z.string(),
  user: z.string(),
  webformatURL: z.string(),
  largeImageURL: z.string(),
  imageWidth: z.number(),
  imageHeight: z.number(),
})

function onHosts(urls: (string | undefined)[], hosts: ReadonlySet<string>): boolean {
  return urls.every((url) => {
    if (url === undefined) return true
    try {
      return hosts.has(new URL(url).hostname.toLowerCase())
    } catch {
      return false
    }
  })
}

/** Seconds to wait from a rate-limit answer: Retry-After, else the reset header (Pexels: a time; Pixabay: seconds). */
function retryAfter(headers: { get(name: string): string | null }, resetIsTimestamp: boolean): number | undefined {
  const after = Number(headers.get('retry-after'))
  if (Number.isFinite(after) && after > 0) return Math.ceil(after)
  const reset = Number(headers.get('x-ratelimit-reset'))
  if (!Number.isFinite(reset) || reset <= 0) return undefined
  return Math.max(1, Math.ceil(resetIsTimestamp ? reset - Date.now() / 1000 : reset))
}

async function getJson(
  provider: StockProvider,
  fetch: OutgoingFetch,
  url: URL,
  headers: Record<string, string>,
  resetIsTimestamp: boolean,
): Promise<unknown> {
  let response: Awaited<ReturnType<OutgoingFetch>>
  try {
    response = await fetch(url, { headers })
  } catch (error) {
    const reason = error instanceof OutgoingRequestError ? error.message : 'it could not be reached'
    throw new StockProviderError(provider, 'unavailable', `${NAMES[provider]} did not answer: ${reason}.`)
  }
  if (response.status === 429) {
    await response.body?.cancel()
    const wait = retryAfter(response.headers, resetIsTimestamp)
    throw new StockProviderError(
      provider,
      'rate-limited',
      `${NAMES[provider]} asks us to wait${wait ? ` ${wait} s` : ''} before searching again.`,
      wait,
    )
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new StockProviderError(provider, 'unavailable', `${NAMES[provider]} answered ${response.status}.`)
  }
  try {
    return await response.json()
  } catch {
    throw new StockProviderError(provider, 'unavailable', `${NAMES[provider]} sent an answer we could not read.`)
  }
}

const NAMES: Record<StockProvider, string> = { pexels: 'Pexels', pixabay: 'Pixabay' }

/** Renditions from the smallest to the largest, by their short side. */
export function sortRenditions(renditions: StockRendition[]): StockRendition[] {
  return [...renditions].sort((a, b) => Math.min(a.width, a.height) - Math.min(b.width, b.height))
}

/** A provider's two ways out: searches to its API host only, files from its media hosts only. */
function connect(
  provider: StockProvider,
  config: StockProviderConfig,
  common: Omit<StockConfig, 'pexels' | 'pixabay'>,
) {
  return {
    fetch: createOutgoingFetch({
      hosts: [new URL(config.apiUrl).hostname],
      timeoutMs: common.timeoutMs,
      allowLoopback: common.allowLoopback,
    }),
    media: new Set(config.mediaHosts.map((host) => host.toLowerCase())),
    download: createDownloader(provider, config, common),
  }
}

export function createPexels(config: StockProviderConfig, common: Omit<StockConfig, 'pexels' | 'pixabay'>) {
  const { fetch, media, download } = connect('pexels', config, common)
  const client: StockProviderClient = {
    name: 'pexels',
    download,
    async search(query, perPage) {
      const path = query.kind === 'video' ? '/videos/search' : '/v1/search'
      const url = new URL(`${config.apiUrl}${path}`)
      url.searchParams.set('query', query.q)
      url.searchParams.set('page', String(query.page))
      url.searchParams.set('per_page', String(Math.min(perPage, PER_PAGE_MAX)))
      if (query.orientation) url.searchParams.set('orientation', query.orientation)
      const locale = query.language ? PEXELS_LOCALES[query.language] : undefined
      if (locale) url.searchParams.set('locale', locale)
      const body = await getJson('pexels', fetch, url, { authorization: config.apiKey }, true)
      const items: FoundItem[] = []
      if (query.kind === 'video') {
        const parsed = z.object({ videos: z.array(z.unknown()) }).safeParse(body)
        for (const raw of parsed.success ? parsed.data.videos : []) {
          const video = PexelsVideoSchema.safeParse(raw)
          if (!video.success) continue
          const { data } = video
          const renditions = data.video_files
            .filter((file) => file.file_type === 'video/mp4' && file.width && file.height)
            .map((file) => ({
              url: file.link,
              width: file.width ?? 0,
              height: file.height ?? 0,
              kind: 'video' as const,
            }))
          const preview = sortRenditions(renditions)[0]
          if (!preview || !onHosts([data.image, ...renditions.map((item) => item.url)], media)) continue
          items.push({
            id: `pexels:video:${data.id}`,
            provider: 'pexels',
            kind: 'video',
            width: data.width,
            height: data.height,
            duration: data.duration,
            thumbnail_url: data.image,
            preview_url: preview.url,
            author: { name: data.user.name, ...(data.user.url ? { url: data.user.url } : {}) },
            page_url: data.url,
            renditions,
          })
        }
      } else {
        const parsed = z.object({ photos: z.array(z.unknown()) }).safeParse(body)
        for (const raw of parsed.success ? parsed.data.photos : []) {
          const photo = PexelsPhotoSchema.safeParse(raw)
          if (!photo.success) continue
          const { data } = photo
          const urls = [data.src.medium, data.src.large, data.src.large2x, data.src.original]
          if (!onHosts(urls, media)) continue
          items.push({
            id: `pexels:photo:${data.id}`,
            provider: 'pexels',
            kind: 'photo',
            width: data.width,
            height: data.height,
            thumbnail_url: data.src.medium,
            author: { name: data.photographer, ...(data.photographer_url ? { url: data.photographer_url } : {}) },
            page_url: data.url,
            renditions: [{ url: data.src.original, width: data.width, height: data.height, kind: 'photo' }],
          })
        }
      }
      return items
    },
  }
  return client
}

export function createPixabay(config: StockProviderConfig, common: Omit<StockConfig, 'pexels' | 'pixabay'>) {
  const { fetch, media, download } = connect('pixabay', config, common)
  const client: StockProviderClient = {
    name: 'pixabay',
    download,
    async search(query, perPage) {
      const url = new URL(query.kind === 'video' ? `${config.apiUrl}/videos/` : `${config.apiUrl}/`)
      url.searchParams.set('key', config.apiKey)
      url.searchParams.set('q', query.q)
      url.searchParams.set('safesearch', 'true')
      url.searchParams.set('page', String(query.page))
      url.searchParams.set('per_page', String(Math.max(3, Math.min(perPage, PER_PAGE_MAX))))
      const lang = query.language ? PIXABAY_LANGUAGES[query.language] : undefined
      if (lang) url.searchParams.set('lang', lang)
      if (query.kind === 'photo') {
        url.searchParams.set('image_type', 'photo')
        if (query.orientation && query.orientation !== 'square')
          url.searchParams.set('orientation', query.orientation === 'landscape' ? 'horizontal' : 'vertical')
      }
      const body = await getJson('pixabay', fetch, url, {}, false)
      const parsed = z.object({ hits: z.array(z.unknown()) }).safeParse(body)
      const items: FoundItem[] = []
      for (const raw of parsed.success ? parsed.data.hits : []) {
        if (query.kind === 'video') {
          const video = PixabayVideoSchema.safeParse(raw)
          if (!video.success) continue
          const { data } = video
          const sizes = [data.videos.tiny, data.videos.small, data.videos.medium, data.videos.large].filter(
            (item): item is z.infer<typeof PixabayRenditionSchema> =>
              item !== undefined && item.url !== '' && item.width > 0,
          )
          const renditions = sizes.map((item) => ({
            url: item.url,
            width: item.width,
            height: item.height,
            kind: 'video' as const,
          }))
          const thumbnail = sizes.find((item) => item.thumbnail)?.thumbnail
          const preview = sortRenditions(renditions)[0]
          const largest = sortRenditions(renditions).at(-1)
          if (!preview || !largest || !thumbnail) continue
          if (!onHosts([thumbnail, ...renditions.map((item) => item.url)], media)) continue
          items.push({
            id: `pixabay:video:${data.id}`,
            provider: 'pixabay',
            kind: 'video',
            width: largest.width,
            height: largest.height,
            duration: data.duration,
            thumbnail_url: thumbnail,
            preview_url: preview.url,
            author: { name: data.user },
            page_url: data.pageURL,
            renditions,
          })
        } else {
          const image = PixabayImageSchema.safeParse(raw)
          if (!image.success) continue
          const { data } = image
          if (!onHosts([data.webformatURL, data.largeImageURL], media)) continue
          items.push({
            id: `pixabay:photo:${data.id}`,
            provider: 'pixabay',
            kind: 'photo',
            width: data.imageWidth,
            height: data.imageHeight,
            thumbnail_url: data.webformatURL,
            author: { name: data.user },
            page_url: data.pageURL,
            renditions: [
              {
                url: data.largeImageURL,
                width: Math.min(data.imageWidth, 1280),
                height: Math.round((data.imageHeight * Math.min(data.imageWidth, 1280)) / data.imageWidth),
                kind: 'photo',
              },
            ],
          })
        }
      }
      return items
    },
  }
  return client
}

/** The providers the server has keys for, in the order their items are shown. */
export function createStockProviders(config: StockConfig): StockProviderClient[] {
  return [
    ...(config.pexels ? [createPexels(config.pexels, config)] : []),
    ...(config.pixabay ? [createPixabay(config.pixabay, config)] : []),
  ]
}

/**
 * What the studio's pages may load from the stock providers: their stills (img-src) and clip previews
 * (media-src), from their media hosts only, when a provider is on.
 */
export function getStockSources(config: StockConfig): { img: string[]; media: string[] } {
  const hosts = [...(config.pexels?.mediaHosts ?? []), ...(config.pixabay?.mediaHosts ?? [])]
  // Tests' stand-ins serve plain HTTP on a port of their own.
  const origins = [
    ...new Set(hosts.flatMap((host) => [`https://${host}`, ...(config.allowLoopback ? [`http://${host}:*`] : [])])),
  ]
  return { img: origins, media: origins }
}
