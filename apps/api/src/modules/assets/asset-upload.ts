import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import type { FastifyRequest } from 'fastify'

import { ASSET_NAME_MAX_CHARS } from '@storyreel/contracts/assets'

import { AppError } from '#src/errors.ts'

/** An upload that sends nothing for this long is dropped: a stalled phone, or a slow trickle on purpose. */
export const UPLOAD_IDLE_MS = 60_000

export type ReceivedUpload = { path: string; sizeBytes: number; name: string }

/** A file's name as people gave it, without folders or control characters, within bounds. */
export function toAssetName(filename: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const CONTROL = /[\u0000-\u001f\u007f]/g
  const base = (filename ?? '').split(/[\\/]/).pop()?.replace(CONTROL, '').trim() ?? ''
  const name = [...base].slice(0, ASSET_NAME_MAX_CHARS).join('').trim()
  return name || 'Untitled upload'
}

/** What busboy says of a body that is not multipart/form-data as its Content-Type claims. */
const MALFORMED_MULTIPART = /multipart|boundary|part header|unexpected end of form/i

const TOO_LARGE = (maxBytes: number) =>
  new AppError(
    'FILE_TOO_LARGE',
    413,
    `This file is larger than the ${formatBytes(maxBytes)} one upload may be on your plan. Compress or trim it and upload it again.`,
  )

/** "200 MB", "1.5 GB": sizes in decimal units, as phones and computers show them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${Number((bytes / 1e9).toFixed(bytes % 1e9 === 0 ? 0 : 1))} GB`
  if (bytes >= 1e6) return `${Number((bytes / 1e6).toFixed(bytes % 1e6 === 0 ? 0 : 1))} MB`
  return `${Math.max(1, Math.round(bytes / 1e3))} KB`
}

/**
 * Reads the one file of a multipart upload (field `file`) into `dir` as it arrives, counting its bytes:
 * never whole in memory, stopped at `maxBytes`, and dropped when the client goes quiet. The caller removes
 * the file when done with it; on any failure here it is already gone.
 */
export async function receiveUpload(
  request: FastifyRequest,
  { dir, maxBytes, idleMs = UPLOAD_IDLE_MS }: { dir: string; maxBytes: number; idleMs?: number | undefined },
): Promise<ReceivedUpload> {
  // From here the upload may take as long as it keeps arriving: silence, not the request deadline, ends it.
  request.releaseDeadline()
  let stalled = false
  const idle = setTimeout(() => {
    stalled = true
    request.raw.destroy()
  }, idleMs)
  const touch = () => idle.refresh()
  await mkdir(dir, { recursive: true })
  const target = path.join(
    dir,
    `upload-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
  )
  let sizeBytes = 0
  try {
    // request.file() pipes the request into the parser at once; a listener added after it sees the same bytes
    // without taking them (one added before would).
    const parsing = request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 20 } })
    request.raw.on('data', touch)
    const part = await parsing
    if (!part) throw new AppError('BAD_REQUEST', 400, 'Send the file as multipart/form-data in a field named "file".')
    if (part.fieldname !== 'file') {
      part.file.resume()
      throw new AppError('BAD_REQUEST', 400, 'Send the file in a field named "file".')
    }
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        sizeBytes += chunk.length
        done(null, chunk)
      },
    })
    await pipeline(part.file, counter, createWriteStream(target))
    if (part.file.truncated) throw TOO_LARGE(maxBytes)
    if (sizeBytes === 0) throw new AppError('FILE_EMPTY', 422, 'This file is empty. Choose another one.')
    return { path: target, sizeBytes, name: toAssetName(part.filename) }
  } catch (error) {
    await rm(target, { force: true })
    if (stalled) {
      throw new AppError('UPLOAD_STALLED', 408, 'The upload stopped arriving. Check the connection and try again.')
    }
    throw toUploadError(error, maxBytes)
  } finally {
    clearTimeout(idle)
    request.raw.off('data', touch)
  }
}

function toUploadError(error: unknown, maxBytes: number): Error {
  if (error instanceof AppError) return error
  const code = (error as { code?: string }).code
  if (code === 'FST_REQ_FILE_TOO_LARGE') return TOO_LARGE(maxBytes)
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('BAD_REQUEST', 400, 'Send one file at a time, in a field named "file", with no other fields.')
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the file as multipart/form-data.')
  }
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET') {
    return new AppError('UPLOAD_INCOMPLETE', 400, 'The upload ended before the whole file arrived. Try again.')
  }
  // The multipart parser's own complaints carry no code, only these words.
  if (!code && error instanceof Error && MALFORMED_MULTIPART.test(error.message)) {
    return new AppError('BAD_REQUEST', 400, 'The upload is not well-formed multipart/form-data.')
  }
  return error instanceof Error ? error : new Error(String(error))
}
