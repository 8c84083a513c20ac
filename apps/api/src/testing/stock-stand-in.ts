import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { makeBlocksPhoto, makeSecondsClip } from '@storyreel/engine/testing/media-fixtures'

/**
 * Pexels and Pixabay on 127.0.0.1, as the API sees them: their search paths, Pexels's key in `Authorization`
 * and Pixabay's in the `key` query parameter, their answers' fields, and real small MP4 and JPEG files made
 * here with ffmpeg, on the stand-in's own host (the test configures it as the providers' media host).
 */

export type StockStandInMode = 'ok' | 'rate-limited' | 'down' | 'foreign-media' | 'redirecting-media'
export type StockStandIn = {
  url: string
  /** Each request: the provider it was for, its path, query and headers. */
  requests: { provider: 'pexels' | 'pixabay'; path: string; query: URLSearchParams; authorization?: string }[]
  setMode(provider: 'pexels' | 'pixabay', mode: StockStandInMode): void
  close(): Promise<void>
}

export const PEXELS_TEST_KEY = 'pexels-test-key'
export const PIXABAY_TEST_KEY = 'pixabay-test-key'

/** Listens on `port` on 127.0.0.1, or on a free one when none is given. */
export async function startStockStandIn({ port = 0 }: { port?: number } = {}): Promise<StockStandIn> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'stock-stand-in-'))
  await makeSecondsClip(path.join(work, 'clip.mp4'), { width: 320, height: 568, seconds: 2 })
  await makeBlocksPhoto(path.join(work, 'photo.jpg'), { width: 480, height: 640 })
  const files = {
    '/media/clip.mp4': { body: await readFile(path.join(work, 'clip.mp4')), type: 'video/mp4' },
    '/media/photo.jpg': { body: await readFile(path.join(work, 'photo.jpg')), type: 'image/jpeg' },
  }
  const modes = { pexels: 'ok' as StockStandInMode, pixabay: 'ok' as StockStandInMode }
  const requests: StockStandIn['requests'] = []
  let base = ''

  const media = (provider: 'pexels' | 'pixabay', name: string) =>
    modes[provider] === 'foreign-media' ? `http://media.example.net/${name}` : `${base}/media/${name}`

  const pexelsVideos = (query: string) => ({
    page: 1,
    per_page: 2,
    total_results: 2,
    videos: [1, 2].map((n) => ({
      id: 1000 + n,
      width: 1080,
      height: 1920,
      duration: 12 + n,
      url: `https://www.pexels.com/video/${encodeURIComponent(query)}-${1000 + n}/`,
      image: media('pexels', 'photo.jpg'),
      user: { id: 7, name: `Pexels Author ${n}`, url: 'https://www.pexels.com/@author' },
      video_files: [
        {
          id: 1,
          quality: 'hd',
          file_type: 'video/mp4',
          width: 1080,
          height: 1920,
          fps: 30,
          link: media('pexels', 'clip.mp4'),
        },
        {
          id: 2,
          quality: 'sd',
          file_type: 'video/mp4',
          width: 540,
          height: 960,
          fps: 30,
          link: media('pexels', 'clip.mp4'),
        },
      ],
      video_pictures: [],
    })),
  })
  const pexelsPhotos = () => ({
    page: 1,
    per_page: 1,
    photos: [
      {
        id: 2001,
        width: 3000,
        height: 4000,
        url: 'https://www.pexels.com/photo/2001/',
        photographer: 'Pexels Photographer',
        photographer_url: 'https://www.pexels.com/@photographer',
        src: {
          original: media('pexels', 'photo.jpg'),
          large2x: media('pexels', 'photo.jpg'),
          large: media('pexels', 'photo.jpg'),
          medium: media('pexels', 'photo.jpg'),
        },
      },
    ],
  })
  const pixabayVideos = () => ({
    total: 1,
    totalHits: 1,
    hits: [
      {
        id: 3001,
        pageURL: 'https://pixabay.com/videos/id-3001/',
        type: 'film',
        tags: 'flowers, shop',
        duration: 9,
        user: 'Pixabay Author',
        videos: {
          large: {
            url: media('pixabay', 'clip.mp4'),
            width: 1920,
            height: 1080,
            size: 1,
            thumbnail: media('pixabay', 'photo.jpg'),
          },
          medium: {
            url: media('pixabay', 'clip.mp4'),
            width: 1280,
            height: 720,
            size: 1,
            thumbnail: media('pixabay', 'photo.jpg'),
          },
          small: {
            url: media('pixabay', 'clip.mp4'),
            width: 960,
            height: 540,
            size: 1,
            thumbnail: media('pixabay', 'photo.jpg'),
          },
          tiny: {
            url: media('pixabay', 'clip.mp4'),
            width: 640,
            height: 360,
            size: 1,
            thumbnail: media('pixabay', 'photo.jpg'),
          },
        },
      },
    ],
  })
  const pixabayImages = () => ({
    total: 1,
    totalHits: 1,
    hits: [
      {
        id: 4001,
        pageURL: 'https://pixabay.com/photos/id-4001/',
        type: 'photo',
        webformatURL: media('pixabay', 'photo.jpg'),
        largeImageURL: media('pixabay', 'photo.jpg'),
        imageWidth: 480,
        imageHeight: 640,
        user: 'Pixabay Photographer',
      },
    ],
  })

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base)
    const file = files[url.pathname as keyof typeof files]
    if (file && (modes.pexels === 'redirecting-media' || modes.pixabay === 'redirecting-media')) {
      // A media host that sends the download elsewhere: the guard must not follow it off the list.
      response.writeHead(302, { location: `http://media.example.net${url.pathname}` }).end()
      return
    }
    if (file) {
      response.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body)
      return
    }
    const provider = url.pathname.startsWith('/api/') ? 'pixabay' : 'pexels'
    requests.push({
      provider,
      path: url.pathname,
      query: url.searchParams,
      ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
    })
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
    if (modes[provider] === 'down') return json(500, { error: 'down' })
    if (modes[provider] === 'rate-limited')
      return provider === 'pexels'
        ? json(
            429,
            { error: 'Rate limit exceeded' },
            { 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 42) },
          )
        : json(429, 'API rate limit exceeded', { 'x-ratelimit-reset': '17' })
    if (provider === 'pexels') {
      if (request.headers.authorization !== PEXELS_TEST_KEY) return json(401, { error: 'Unauthorized' })
      if (url.pathname === '/videos/search') return json(200, pexelsVideos(url.searchParams.get('query') ?? ''))
      if (url.pathname === '/v1/search') return json(200, pexelsPhotos())
    } else {
      if (url.searchParams.get('key') !== PIXABAY_TEST_KEY) return json(400, '[ERROR 400] Invalid or missing API key')
      if (url.pathname === '/api/videos/') return json(200, pixabayVideos())
      if (url.pathname === '/api/') return json(200, pixabayImages())
    }
    return json(404, { error: 'not found' })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    requests,
    setMode: (provider, mode) => {
      modes[provider] = mode
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(work, { recursive: true, force: true })
    },
  }
}

/** The API's environment for both providers behind the stand-in. */
export function stockStandInEnv(standIn: Pick<StockStandIn, 'url'>): Record<string, string> {
  return {
    PEXELS_API_KEY: PEXELS_TEST_KEY,
    PEXELS_API_URL: standIn.url,
    PEXELS_MEDIA_HOSTS: '127.0.0.1',
    PIXABAY_API_KEY: PIXABAY_TEST_KEY,
    PIXABAY_API_URL: `${standIn.url}/api`,
    PIXABAY_MEDIA_HOSTS: '127.0.0.1',
    OUTGOING_ALLOW_LOOPBACK: '1',
    NODE_ENV: 'test',
    STOCK_TIMEOUT_SECONDS: '5',
  }
}
