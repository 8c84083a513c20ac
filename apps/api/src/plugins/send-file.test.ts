import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { registerErrorHandler } from './error-handler.ts'
import { registerRateLimit } from './rate-limit.ts'
import { parseRange, sendFile } from './send-file.ts'

describe('parseRange', () => {
  it('reads one bytes range, open-ended and suffix ranges, and clamps the end to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 })
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 })
  })

  it('sends the whole file for no header, another unit, or several ranges', () => {
    expect(parseRange(undefined, 1000)).toBeUndefined()
    expect(parseRange('items=0-5', 1000)).toBeUndefined()
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined()
  })

  it('calls ranges past the end, backwards or malformed unsatisfiable', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=5-2', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=-', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=x-1', 1000)).toBe('unsatisfiable')
  })
})

describe('sendFile', () => {
  let dir: string
  let app: FastifyInstance
  const content = Buffer.from('0123456789abcdefghij')

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-send-file-'))
    await writeFile(path.join(dir, 'clip.txt'), content)
    app = Fastify()
    await registerRateLimit(app, {})
    registerErrorHandler(app)
    app.get<{ Params: { name: string } }>('/files/:name', (request, reply) =>
      sendFile(request, reply, {
        path: path.join(dir, request.params.name),
        contentType: 'text/plain',
        cacheControl: 'private, max-age=60',
        downloadName: 'Mon été.txt',
      }),
    )
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('offers a download under the given name, in ASCII and UTF-8', async () => {
    const response = await app.inject({ url: '/files/clip.txt' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(content.toString())
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Mon _t_.txt"; filename*=UTF-8''${encodeURIComponent('Mon été.txt')}`,
    )
    expect(response.headers['cache-control']).toBe('private, max-age=60')
  })

  it('sends a middle range', async () => {
    const response = await app.inject({ url: '/files/clip.txt', headers: { range: 'bytes=5-9' } })
    expect(response.statusCode).toBe(206)
    expect(response.body).toBe('56789')
    expect(response.headers['content-range']).toBe('bytes 5-9/20')
  })

  it('answers 404 in the error shape for a missing file', async () => {
    const response = await app.inject({ url: '/files/missing.txt' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' })
  })
})
