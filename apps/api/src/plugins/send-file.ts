import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'

import type { FastifyReply, FastifyRequest } from 'fastify'

import { statFile } from '#src/adapters/media/local-media-store.ts'
import { contentDisposition, type MediaObject } from '#src/adapters/media/media-store.ts'
import { AppError, toErrorBody } from '#src/errors.ts'

type ByteRange = { start: number; end: number }

export type SendObjectOptions = {
  contentType: string
  cacheControl: string
  /** Sets Content-Disposition: attachment, so a browser saves the file under this name. */
  downloadName?: string
}

export type SendFileOptions = SendObjectOptions & { path: string }

/**
 * The one byte range a Range header asks for (RFC 9110 §14.1.2): `undefined` to send the whole file (no
 * header, another unit, or several ranges, which we answer whole rather than as multipart), 'unsatisfiable'
 * for a bytes range that is malformed or lies past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header)
  if (!match) return undefined
  const specs = (match[1] ?? '').split(',')
  if (specs.length > 1) return undefined
  const spec = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(specs[0] ?? '')
  if (!spec) return 'unsatisfiable'
  const [, first = '', last = ''] = spec
  if (first === '' && last === '') return 'unsatisfiable'
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last)
    if (length === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (start >= size || (last !== '' && Number(last) < start)) return 'unsatisfiable'
  return { start, end }
}

/** If-None-Match against our (strong) ETag: `*`, or any of the listed tags, weak or not. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}

/** Streams a file from disk: sendObject over the file's size and time. */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { path, ...options }: SendFileOptions,
): Promise<FastifyReply> {
  return sendObject(request, reply, {
    ...options,
    object: await statFile(path),
    open: (range) => Promise.resolve(createReadStream(path, range)),
  })
}

/**
 * Sends a stored object with what media players and download managers rely on: Accept-Ranges, single byte
 * ranges (206 with Content-Range; 416 in the API error shape when unsatisfiable), If-Range, a strong ETag
 * with If-None-Match (304), and HEAD without a body. A missing object (`object` or `open` answering
 * undefined) is a 404 NOT_FOUND; callers check their own ids first and answer their own not-found code.
 */
export async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    object,
    open,
    contentType,
    cacheControl,
    downloadName,
  }: SendObjectOptions & {
    object: MediaObject | undefined
    open: (range: ByteRange) => Promise<Readable | undefined>
  },
): Promise<FastifyReply> {
  const notFound = () => new AppError('NOT_FOUND', 404, 'This file is not available.')
  if (!object) throw notFound()
  const { size, etag } = object
  const setHeaders = () => {
    reply
      .header('accept-ranges', 'bytes')
      .header('content-type', contentType)
      .header('cache-control', cacheControl)
      .header('etag', etag)
      .header('last-modified', object.modifiedAt.toUTCString())
    if (downloadName) reply.header('content-disposition', contentDisposition(downloadName))
  }
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    setHeaders()
    return reply.code(304).send()
  }

  // If-Range names the version the client already holds part of; for any other version send it all.
  const ifRange = request.headers['if-range']
  const range =
    typeof ifRange !== 'string' || ifRange.trim() === etag ? parseRange(request.headers.range, size) : undefined
  if (range === 'unsatisfiable') {
    setHeaders()
    return reply
      .code(416)
      .header('content-range', `bytes */${size}`)
      .header('cache-control', 'no-store')
      .header('content-type', 'application/json; charset=utf-8')
      .send(
        toErrorBody(
          416,
          'RANGE_NOT_SATISFIABLE',
          `The range ${request.headers.range ?? ''} is outside this ${size}-byte file.`,
        ),
      )
  }
  const { start, end } = range ?? { start: 0, end: size - 1 }
  const length = size === 0 ? 0 : end - start + 1
  // Fastify's HEAD route drains a stream but sets Content-Length to 0 for an empty reply, so HEAD gets an
  // empty stream and keeps the length of what GET would send.
  const body = request.method === 'HEAD' || length === 0 ? Readable.from([]) : await open({ start, end })
  // Gone between the look-up and the read (deleted meanwhile): still a plain 404, headers not yet sent.
  if (!body) throw notFound()
  setHeaders()
  reply.code(range ? 206 : 200).header('content-length', length)
  if (range) reply.header('content-range', `bytes ${start}-${end}/${size}`)
  return reply.send(body)
}
