import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MUSIC_GENRES, MUSIC_MOODS, MusicListSchema, type MusicTrack } from '@storyreel/contracts/studio'
import { createMusicLibrary, runFfprobe } from '@storyreel/engine/engine'

import { registerErrorHandler } from '#src/plugins/error-handler.ts'
import { registerRateLimit } from '#src/plugins/rate-limit.ts'
import { registerZodSchemas } from '#src/plugins/zod-schemas.ts'

import { musicAudioUrl, registerMusicRoutes } from './music.routes.ts'

const MUSIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content/music')
const library = createMusicLibrary({ dir: MUSIC_DIR, audioUrl: musicAudioUrl })

/** The routes on a bare app assembled the way buildApp assembles it. */
async function buildMusicApp(perMinute = 1000): Promise<FastifyInstance> {
  const app = Fastify()
  registerZodSchemas(app)
  await registerRateLimit(app, {})
  registerErrorHandler(app)
  registerMusicRoutes(app, { library, perMinute })
  await app.ready()
  return app
}

let app: FastifyInstance
beforeAll(async () => {
  app = await buildMusicApp()
})
afterAll(() => app.close())

async function listTracks(query = ''): Promise<MusicTrack[]> {
  const response = await app.inject({ url: `/api/v1/music${query}` })
  expect(response.statusCode).toBe(200)
  return MusicListSchema.parse(response.json()).tracks
}

describe('GET /api/v1/music', () => {
  it('lists at least twenty tracks covering every mood and genre, each with its audio URL and licence', async () => {
    const tracks = await listTracks()
    expect(tracks.length).toBeGreaterThanOrEqual(20)
    for (const mood of MUSIC_MOODS)
      expect(tracks.filter((track) => track.mood === mood).length).toBeGreaterThanOrEqual(2)
    for (const genre of MUSIC_GENRES)
      expect(tracks.filter((track) => track.genre === genre).length).toBeGreaterThanOrEqual(2)
    for (const track of tracks) {
      expect(track.audio_url).toBe(`/api/v1/music/${track.id}/audio`)
      expect(track.licence).toMatch(/StoryReel/)
      expect(track.duration_seconds).toBeGreaterThanOrEqual(45)
      expect(track.duration_seconds).toBeLessThanOrEqual(75)
    }
    expect(new Set(tracks.map((track) => track.bpm)).size).toBeGreaterThan(10)
  })

  it('filters by mood, by genre and by both', async () => {
    const calm = await listTracks('?mood=calm')
    expect(calm.length).toBeGreaterThanOrEqual(2)
    expect(calm.every((track) => track.mood === 'calm')).toBe(true)
    const lofi = await listTracks('?genre=lo-fi')
    expect(lofi.length).toBeGreaterThanOrEqual(2)
    expect(lofi.every((track) => track.genre === 'lo-fi')).toBe(true)
    const both = await listTracks('?mood=calm&genre=lo-fi')
    expect(both.length).toBeGreaterThanOrEqual(1)
    expect(both.every((track) => track.mood === 'calm' && track.genre === 'lo-fi')).toBe(true)
    expect(both.length).toBeLessThan(lofi.length)
  })

  it('searches every word of q in titles and descriptions, ignoring case', async () => {
    const all = await listTracks()
    const sample = all[0]
    if (!sample) throw new Error('empty library')
    const byTitle = await listTracks(`?q=${encodeURIComponent(sample.title.toUpperCase())}`)
    expect(byTitle.map((track) => track.id)).toContain(sample.id)
    const piano = await listTracks('?q=piano')
    expect(piano.length).toBeGreaterThan(0)
    expect(piano.length).toBeLessThan(all.length)
    expect(piano.every((track) => `${track.title} ${track.description}`.toLowerCase().includes('piano'))).toBe(true)
    expect(await listTracks('?q=piano%20zzzqqq')).toEqual([])
  })

  it('rejects a mood that is not in the list', async () => {
    const response = await app.inject({ url: '/api/v1/music?mood=angry' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
  })
})

describe('the catalog files', () => {
  it('are AAC in MP4 whose length matches the catalog within half a second', async () => {
    const tracks = library.list()
    const probes = await Promise.all(
      tracks.map(async (track) => {
        const file = library.getTrackPath(track.id) ?? ''
        expect(existsSync(file)).toBe(true)
        const { stdout } = await runFfprobe([
          ...['-show_entries', 'stream=codec_name,sample_rate,channels:format=duration,format_name'],
          ...['-of', 'json', file],
        ])
        return { track, probe: JSON.parse(stdout.toString()) as Probe }
      }),
    )
    for (const { track, probe } of probes) {
      expect(probe.streams[0]).toMatchObject({ codec_name: 'aac', sample_rate: '44100', channels: 2 })
      expect(probe.format.format_name).toContain('mp4')
      expect(Math.abs(Number(probe.format.duration) - track.duration_seconds)).toBeLessThan(0.5)
    }
  })
})

type Probe = {
  streams: { codec_name: string; sample_rate: string; channels: number }[]
  format: { duration: string; format_name: string }
}

describe('GET /api/v1/music/:id/audio', () => {
  const track = library.list()[0]
  if (!track) throw new Error('empty library')
  const url = track.audio_url
  let bytes: Buffer
  beforeAll(async () => {
    bytes = await readFile(library.getTrackPath(track.id) ?? '')
  })

  it('sends the whole file as audio/mp4 with a long cache, an ETag and Accept-Ranges', async () => {
    const response = await app.inject({ url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('audio/mp4')
    expect(response.headers['accept-ranges']).toBe('bytes')
    expect(response.headers['cache-control']).toMatch(/immutable/)
    expect(response.headers['content-length']).toBe(String(bytes.length))
    expect(response.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect(response.rawPayload.equals(bytes)).toBe(true)
  })

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const response = await app.inject({ url, headers: { range: 'bytes=100-1123' } })
    expect(response.statusCode).toBe(206)
    expect(response.headers['content-range']).toBe(`bytes 100-1123/${bytes.length}`)
    expect(response.headers['content-length']).toBe('1024')
    expect(response.rawPayload.equals(bytes.subarray(100, 1124))).toBe(true)

    const tail = await app.inject({ url, headers: { range: 'bytes=-500' } })
    expect(tail.statusCode).toBe(206)
    expect(tail.headers['content-range']).toBe(`bytes ${bytes.length - 500}-${bytes.length - 1}/${bytes.length}`)
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 500))).toBe(true)

    const open = await app.inject({ url, headers: { range: `bytes=${bytes.length - 10}-` } })
    expect(open.statusCode).toBe(206)
    expect(open.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true)
  })

  it('answers a range past the end or backwards with 416 in the error shape', async () => {
    for (const range of [`bytes=${bytes.length}-`, 'bytes=500-100', 'bytes=abc']) {
      const response = await app.inject({ url, headers: { range } })
      expect(response.statusCode).toBe(416)
      expect(response.headers['content-range']).toBe(`bytes */${bytes.length}`)
      expect(response.json()).toMatchObject({
        statusCode: 416,
        error: 'Range Not Satisfiable',
        code: 'RANGE_NOT_SATISFIABLE',
      })
    }
  })

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url, headers: { range: 'bytes=0-9' } })
    expect(response.statusCode).toBe(206)
    expect(response.headers['content-length']).toBe('10')
    expect(response.body).toBe('')
  })

  it('answers 304 to a matching If-None-Match and the whole file to a stale If-Range', async () => {
    const { headers } = await app.inject({ method: 'HEAD', url })
    const etag = String(headers.etag)
    expect((await app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304)
    const stale = await app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': '"0-0"' } })
    expect(stale.statusCode).toBe(200)
    expect(stale.rawPayload.length).toBe(bytes.length)
    const fresh = await app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': etag } })
    expect(fresh.statusCode).toBe(206)
  })

  it('answers 404 MUSIC_NOT_FOUND for an unknown track and 400 for a malformed id', async () => {
    const unknown = await app.inject({ url: '/api/v1/music/no-such-track/audio' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'MUSIC_NOT_FOUND' })
    const malformed = await app.inject({ url: '/api/v1/music/..%2Fcatalog.json/audio' })
    expect(malformed.statusCode).toBe(400)
  })
})

describe('createMusicLibrary', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-music-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  const entry = {
    id: 'test-track',
    title: 'Test Track',
    mood: 'calm',
    genre: 'ambient',
    bpm: 70,
    duration_seconds: 50,
    description: 'A track for this test.',
    file: 'test-track.m4a',
    licence: 'Composed by StoryReel.',
  }

  it('refuses a catalog entry whose file points outside the folder', async () => {
    await writeFile(path.join(dir, 'catalog.json'), JSON.stringify([{ ...entry, file: '../secret.m4a' }]))
    expect(() => createMusicLibrary({ dir, audioUrl: musicAudioUrl })).toThrow(/file/)
  })

  it('refuses a mood the contract does not know and two tracks with one id', async () => {
    await writeFile(path.join(dir, 'catalog.json'), JSON.stringify([{ ...entry, mood: 'angry' }]))
    expect(() => createMusicLibrary({ dir, audioUrl: musicAudioUrl })).toThrow(/mood/)
    await writeFile(path.join(dir, 'catalog.json'), JSON.stringify([entry, entry]))
    expect(() => createMusicLibrary({ dir, audioUrl: musicAudioUrl })).toThrow(/unique/)
  })

  it('reads a valid catalog and resolves files inside its folder', async () => {
    await writeFile(path.join(dir, 'catalog.json'), JSON.stringify([entry]))
    const small = createMusicLibrary({ dir, audioUrl: musicAudioUrl })
    expect(small.getTrack('test-track')).toMatchObject({
      title: 'Test Track',
      audio_url: '/api/v1/music/test-track/audio',
    })
    expect(small.getTrackPath('test-track')).toBe(path.join(dir, 'test-track.m4a'))
    expect(small.getTrack('other')).toBeUndefined()
    expect(small.getTrackPath('other')).toBeUndefined()
  })
})
