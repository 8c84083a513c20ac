import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { AssetSchema } from '@storyreel/contracts/assets'
import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { StockSearchResultSchema } from '@storyreel/contracts/stock'
import {
  DEFAULT_PROJECT_SETTINGS,
  LicenceReceiptSchema,
  ProjectSchema,
  RenderJobSchema,
} from '@storyreel/contracts/studio'

import { startStockStandIn, stockStandInEnv, type StockStandIn } from '#src/testing/stock-stand-in.ts'
import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

import { getStockSources } from './stock-providers.ts'

describe('GET /api/v1/stock/search', () => {
  let standIn: StockStandIn
  let t: TestApp
  let headers: { authorization: string }
  const search = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/stock/search?${query}`, headers })

  beforeAll(async () => {
    standIn = await startStockStandIn()
    t = await createTestApp({ env: { ...stockStandInEnv(standIn), STUDIO_RATE_LIMIT_PER_MINUTE: '1000' } })
    headers = t.auth((await t.createUser()).access_token)
  })
  afterAll(async () => {
    await t.close()
    await standIn.close()
  })
  beforeEach(() => {
    standIn.setMode('pexels', 'ok')
    standIn.setMode('pixabay', 'ok')
    standIn.requests.length = 0
  })

  it('tells clients which stock libraries are on, in the public config', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config' })
    expect(config.json<{ studio: { stock: string[] } }>().studio.stock).toEqual(['pexels', 'pixabay'])
  })

  it("lets the studio's pages show the providers' stills and previews from their media hosts only", () => {
    expect(
      getStockSources({
        pexels: {
          apiKey: 'k',
          apiUrl: 'https://api.pexels.com',
          mediaHosts: ['videos.pexels.com', 'images.pexels.com'],
        },
        pixabay: undefined,
        timeoutMs: 1000,
        allowLoopback: false,
      }),
    ).toEqual({
      img: ['https://videos.pexels.com', 'https://images.pexels.com'],
      media: ['https://videos.pexels.com', 'https://images.pexels.com'],
    })
  })

  it('searches both providers with their own keys, in the words’ language, and alternates their clips', async () => {
    const response = await search('q=flower%20shop&kind=video&orientation=portrait&language=es')
    expect(response.statusCode, response.body).toBe(200)
    const result = StockSearchResultSchema.parse(response.json())
    expect(result.unavailable).toEqual([])
    expect(result.items.map((item) => item.id)).toEqual([
      'pexels:video:1001',
      'pixabay:video:3001',
      'pexels:video:1002',
    ])
    expect(result.items[0]).toMatchObject({
      provider: 'pexels',
      kind: 'video',
      duration: 13,
      author: { name: 'Pexels Author 1' },
      page_url: 'https://www.pexels.com/video/flower%20shop-1001/',
    })
    // Chosen by id: no file a client could point the server at is in the answer.
    expect(response.body).not.toContain('renditions')
    const pexels = standIn.requests.find((request) => request.provider === 'pexels')
    expect(pexels).toMatchObject({ path: '/videos/search', authorization: 'pexels-test-key' })
    expect(Object.fromEntries(pexels?.query ?? [])).toMatchObject({
      query: 'flower shop',
      orientation: 'portrait',
      locale: 'es-ES',
    })
    const pixabay = standIn.requests.find((request) => request.provider === 'pixabay')
    expect(pixabay?.authorization).toBeUndefined()
    expect(Object.fromEntries(pixabay?.query ?? [])).toMatchObject({
      key: 'pixabay-test-key',
      q: 'flower shop',
      lang: 'es',
    })
  })

  it('finds photos too, and drops any item whose files are on a host not in the provider’s list', async () => {
    const photos = StockSearchResultSchema.parse((await search('q=roses&kind=photo')).json())
    expect(photos.items.map((item) => item.id)).toEqual(['pexels:photo:2001', 'pixabay:photo:4001'])
    standIn.setMode('pixabay', 'foreign-media')
    const guarded = StockSearchResultSchema.parse((await search('q=roses&kind=video')).json())
    expect(guarded.items.map((item) => item.provider)).toEqual(['pexels', 'pexels'])
  })

  it('keeps the other provider’s items when one is rate-limited, and says so', async () => {
    standIn.setMode('pexels', 'rate-limited')
    const result = StockSearchResultSchema.parse((await search('q=bakery')).json())
    expect(result.items.map((item) => item.provider)).toEqual(['pixabay'])
    expect(result.unavailable).toHaveLength(1)
    expect(result.unavailable[0]?.provider).toBe('pexels')
    expect(result.unavailable[0]?.message).toMatch(/wait 4\d s/u)
  })

  it('answers 429 with the wait when every provider is rate-limited, 502 when they are down', async () => {
    standIn.setMode('pexels', 'rate-limited')
    standIn.setMode('pixabay', 'rate-limited')
    const limited = await search('q=bakery')
    expect(limited.statusCode).toBe(429)
    expect(ApiErrorSchema.parse(limited.json()).code).toBe('STOCK_RATE_LIMITED')
    expect(limited.headers['retry-after']).toBe('17')
    standIn.setMode('pexels', 'down')
    standIn.setMode('pixabay', 'down')
    const down = await search('q=bakery')
    expect(down.statusCode).toBe(502)
    expect(ApiErrorSchema.parse(down.json())).toMatchObject({ code: 'STOCK_UNAVAILABLE' })
  })

  it('brings a chosen clip and photo into the library, credited, counted in the quota', async () => {
    const clips = StockSearchResultSchema.parse((await search('q=flowers&kind=video&orientation=portrait')).json())
    const importItem = (id: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/stock/import', headers, payload: { id } })
    const clip = await importItem(clips.items[0]?.id ?? '')
    expect(clip.statusCode, clip.body).toBe(201)
    expect(AssetSchema.parse(clip.json())).toMatchObject({
      kind: 'video',
      status: 'processing',
      name: 'Clip by Pexels Author 1 (Pexels)',
      credit: {
        provider: 'pexels',
        author: 'Pexels Author 1',
        author_url: 'https://www.pexels.com/@author',
        page_url: 'https://www.pexels.com/video/flowers-1001/',
      },
    })
    const photos = StockSearchResultSchema.parse((await search('q=roses&kind=photo')).json())
    const photo = await importItem(photos.items.find((item) => item.provider === 'pixabay')?.id ?? '')
    expect(photo.statusCode, photo.body).toBe(201)
    const asset = AssetSchema.parse(photo.json())
    expect(asset).toMatchObject({ kind: 'image', status: 'ready', width: 480, height: 640 })
    expect(asset.credit?.provider).toBe('pixabay')
    const library = await t.app.inject({ method: 'GET', url: '/api/v1/assets', headers })
    const usage = library.json<{ usage: { used_bytes: number } }>().usage
    expect(usage.used_bytes).toBeGreaterThan(0)
    // Chosen again, it is fetched once: the same asset, nothing more counted.
    const again = await importItem(clips.items[0]?.id ?? '')
    expect(again.statusCode).toBe(201)
    expect(AssetSchema.parse(again.json()).id).toBe(AssetSchema.parse(clip.json()).id)
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/assets', headers })
    expect(after.json<{ usage: { used_bytes: number } }>().usage.used_bytes).toBe(usage.used_bytes)
    // An id no recent search returned, or a made-up one, is no file to fetch.
    expect((await importItem('pexels:video:99999')).statusCode).toBe(404)
    expect((await importItem('https://evil.example/x.mp4')).statusCode).toBe(400)
  })

  it('never follows a media host that sends the download off its list', async () => {
    const clips = StockSearchResultSchema.parse((await search('q=flowers&kind=video')).json())
    standIn.setMode('pexels', 'redirecting-media')
    // An item not brought in before, so the download is really attempted.
    const fresh = clips.items.find((item) => item.id !== 'pexels:video:1001')
    expect(fresh).toBeDefined()
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stock/import',
      headers,
      payload: { id: fresh?.id },
    })
    expect(response.statusCode).toBe(502)
    expect(ApiErrorSchema.parse(response.json()).code).toBe('STOCK_UNAVAILABLE')
  })

  it("starts a scene's search from what the engine read in it, in the script's language and the frame's shape", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: {
        source: {
          kind: 'script',
          text: 'Cada mañana, Lucía abre su pequeña floristería en Sevilla. Entre rosas y girasoles, prepara ramos para sus vecinos.',
        },
        settings: { ...DEFAULT_PROJECT_SETTINGS, voice_id: undefined },
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const project = ProjectSchema.parse(created.json())
    const scene = project.scenes.find((item) => item.narration.includes('rosas'))
    const query = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${project.id}/scenes/${scene?.id ?? ''}/stock-query`,
      headers,
    })
    expect(query.statusCode, query.body).toBe(200)
    expect(query.json()).toMatchObject({ language: 'es', orientation: 'portrait', kind: 'video' })
    const words = query.json<{ q: string }>().q.split(' ')
    expect(words).toEqual(expect.arrayContaining(['rosas', 'girasoles']))
    expect(words).not.toContain('lucía')
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${project.id}/scenes/00000000-0000-4000-8000-000000000000/stock-query`,
      headers,
    })
    expect(other.statusCode).toBe(404)
  })

  it('fills every scene with a different stock item, then keeps the drawing where none is left', async () => {
    const script = [
      'A florist arranges roses in her shop.',
      'A dog runs along the beach at dawn.',
      'A baker pulls fresh bread from the oven.',
      'The market is full of ripe oranges.',
      'A fisherman mends his nets on the pier.',
      'Snow falls over the quiet mountain village.',
      'A cyclist rides through the old town.',
    ].join(' ')
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: {
        source: { kind: 'script', text: script },
        settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 60 },
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const draft = ProjectSchema.parse(created.json())
    // A scene a sentence, as a user would lay them out.
    const laidOut = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${draft.id}`,
      headers,
      payload: {
        scenes: script
          .split(/(?<=\.) /u)
          .map((sentence) => ({ narration: sentence, visual: sentence, duration: 5, media: null })),
      },
    })
    expect(laidOut.statusCode, laidOut.body).toBe(200)
    const project = ProjectSchema.parse(laidOut.json())
    expect(project.scenes).toHaveLength(7)
    const filled = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${project.id}/stock-fill`, headers })
    expect(filled.statusCode, filled.body).toBe(200)
    const { project: saved, scenes } = filled.json<{
      project: { scenes: { id: string; media: { type: string; asset_id?: string } | null }[] }
      scenes: { scene_id: string; result: string; asset_id: string | null; message: string }[]
    }>()
    // The stand-in has three clips and two photos: clips first, then photos, then the drawing, never one twice.
    expect(scenes.map((scene) => scene.result)).toEqual([
      'clip',
      'clip',
      'clip',
      'photo',
      'photo',
      ...scenes.slice(5).map(() => 'drawn'),
    ])
    const picked = scenes.flatMap((scene) => (scene.asset_id ? [scene.asset_id] : []))
    expect(new Set(picked).size).toBe(picked.length)
    for (const scene of scenes.slice(5)) expect(scene.message).toMatch(/keeps its drawing/u)
    expect(saved.scenes.filter((scene) => scene.media).map((scene) => scene.media?.asset_id)).toEqual(picked)
    // Filled again, nothing is left unused, so nothing changes, and it says so.
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${project.id}/stock-fill`, headers })
    const second = again.json<{ scenes: { result: string }[] }>().scenes
    expect(second.every((scene) => scene.result === 'drawn')).toBe(true)
  })

  it('stops filling when the providers ask to wait, keeping the drawings, and says why', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: {
        source: { kind: 'script', text: 'A dog runs along the beach. A cat sleeps on the sofa.' },
        settings: DEFAULT_PROJECT_SETTINGS,
      },
    })
    const project = ProjectSchema.parse(created.json())
    standIn.setMode('pexels', 'rate-limited')
    standIn.setMode('pixabay', 'rate-limited')
    const filled = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${project.id}/stock-fill`, headers })
    expect(filled.statusCode, filled.body).toBe(200)
    const { scenes } = filled.json<{ scenes: { result: string; message: string }[] }>()
    expect(scenes.length).toBeGreaterThan(0)
    for (const scene of scenes) {
      expect(scene.result).toBe('drawn')
      expect(scene.message).toMatch(/wait/u)
    }
  })

  it('refuses a query it cannot search, and answers only signed-in, confirmed accounts', async () => {
    expect((await search('q=a')).statusCode).toBe(400)
    expect((await search('q=roses&kind=gif')).statusCode).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/stock/search?q=roses' })).statusCode).toBe(401)
  })
})

describe('stock without keys', () => {
  it('answers 503 STOCK_NOT_CONFIGURED, saying an administrator can turn it on', async () => {
    const t = await createTestApp()
    try {
      const headers = t.auth((await t.createUser()).access_token)
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/stock/search?q=roses', headers })
      expect(response.statusCode).toBe(503)
      const error = ApiErrorSchema.parse(response.json())
      expect(error.code).toBe('STOCK_NOT_CONFIGURED')
      expect(error.message).toMatch(/administrator/u)
      const config = await t.app.inject({ method: 'GET', url: '/api/v1/config' })
      expect(config.json<{ studio: { stock: string[] } }>().studio.stock).toEqual([])
    } finally {
      await t.close()
    }
  })

  it('never reaches a loopback stand-in outside tests: the exception needs NODE_ENV=test', async () => {
    const standIn = await startStockStandIn()
    const t = await createTestApp({ env: { ...stockStandInEnv(standIn), NODE_ENV: 'production' } })
    try {
      const headers = t.auth((await t.createUser()).access_token)
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/stock/search?q=roses', headers })
      expect(response.statusCode).toBe(502)
      expect(standIn.requests).toEqual([])
    } finally {
      await t.close()
      await standIn.close()
    }
  })
})

describe('rendering with stock media', () => {
  // A real render through the queue and the in-process worker, with the providers down by then: the video is
  // made from what was downloaded, and its receipt credits each item's author and provider with its terms.
  let standIn: StockStandIn
  let t: TestApp
  let headers: { authorization: string }

  beforeAll(async () => {
    standIn = await startStockStandIn()
    t = await createTestApp({
      env: { ...stockStandInEnv(standIn), RENDER_WORKERS: '1', STUDIO_RATE_LIMIT_PER_MINUTE: '100000' },
    })
    headers = t.auth((await t.createUser()).access_token)
  })
  afterAll(async () => {
    await t.close()
    await standIn.close()
  })

  it('renders from the downloaded copies while the providers are down, and credits them in the receipt', async () => {
    const importFirst = async (query: string) => {
      const found = StockSearchResultSchema.parse(
        (await t.app.inject({ url: `/api/v1/stock/search?${query}`, headers })).json(),
      )
      const id = found.items.find((item) => item.provider === 'pexels')?.id ?? ''
      const imported = await t.app.inject({ method: 'POST', url: '/api/v1/stock/import', headers, payload: { id } })
      expect(imported.statusCode, imported.body).toBe(201)
      return AssetSchema.parse(imported.json())
    }
    let clip = await importFirst('q=flowers&kind=video&orientation=portrait')
    const photo = await importFirst('q=roses&kind=photo')
    const deadline = Date.now() + 60_000
    while (clip.status === 'processing') {
      if (Date.now() > deadline) throw new Error('the clip was not converted within a minute')
      await new Promise((resolve) => setTimeout(resolve, 200))
      clip = AssetSchema.parse((await t.app.inject({ url: `/api/v1/assets/${clip.id}`, headers })).json())
    }
    expect(clip.status).toBe('ready')

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers,
      payload: {
        source: {
          kind: 'script',
          text: 'Fresh flowers every morning. Roses for every occasion. Come and see us on Saturday.',
        },
        settings: { ...DEFAULT_PROJECT_SETTINGS, target_seconds: 15, music_id: null },
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const draft = ProjectSchema.parse(created.json())
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${draft.id}`,
      headers,
      payload: {
        scenes: [
          {
            narration: 'Fresh flowers every morning.',
            visual: 'Flowers in a shop',
            duration: 5,
            media: { type: 'clip', asset_id: clip.id },
          },
          {
            narration: 'Roses for every occasion.',
            visual: 'A bunch of roses',
            duration: 5,
            media: { type: 'photo', asset_id: photo.id },
          },
          { narration: 'Come and see us on Saturday.', visual: 'A flower shop front', duration: 5, media: null },
        ],
      },
    })
    expect(patched.statusCode, patched.body).toBe(200)

    standIn.setMode('pexels', 'down')
    standIn.setMode('pixabay', 'down')
    standIn.requests.length = 0
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${draft.id}/renders`,
      headers,
      payload: {},
    })
    expect(started.statusCode, started.body).toBe(202)
    let job = RenderJobSchema.parse(started.json())
    const renderDeadline = Date.now() + 150_000
    while (job.status === 'queued' || job.status === 'running') {
      if (Date.now() > renderDeadline) throw new Error('the render took longer than 150 s')
      await new Promise((resolve) => setTimeout(resolve, 200))
      job = RenderJobSchema.parse(
        (await t.app.inject({ url: `/api/v1/projects/${draft.id}/renders/${job.id}`, headers })).json(),
      )
    }
    expect(job.error).toBeNull()
    expect(job.status).toBe('succeeded')
    // Nothing was asked of the providers: the render used the library's copies.
    expect(standIn.requests).toEqual([])

    const receipt = LicenceReceiptSchema.parse(
      JSON.parse((await t.app.inject({ url: job.outputs?.receipt_url ?? '' })).body),
    )
    expect(receipt.stock_media.map(({ licence: _licence, ...credit }) => credit)).toEqual([
      {
        kind: 'clip',
        provider: 'Pexels',
        author: 'Pexels Author 1',
        author_url: 'https://www.pexels.com/@author',
        page_url: 'https://www.pexels.com/video/flowers-1001/',
        licence_url: 'https://www.pexels.com/license/',
      },
      {
        kind: 'photo',
        provider: 'Pexels',
        author: 'Pexels Photographer',
        author_url: 'https://www.pexels.com/@photographer',
        page_url: 'https://www.pexels.com/photo/2001/',
        licence_url: 'https://www.pexels.com/license/',
      },
    ])
    for (const item of receipt.stock_media) expect(item.licence).toMatch(/^Free to use in videos/u)
    // Stock is the providers' to license, not the owner's: it is not listed as their own media.
    expect(receipt.own_media).toEqual([])
  }, 240_000)
})
