import { createReadStream, createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'

import type { S3StoreConfig } from '#src/config.ts'

import { assertMediaKey, contentDisposition, MediaStoreUnavailableError, type MediaStore } from './media-store.ts'

/** Files above one part are uploaded in parts of this size, two at a time: memory stays at about two parts. */
export const DEFAULT_PART_SIZE = 8 * 1024 * 1024
/** A store that does not accept a connection this soon is down: callers get a 503 rather than a long wait. */
const CONNECT_TIMEOUT_MS = 3000
/** A socket idle this long (no byte either way) is given up; uploads of large parts keep it busy. */
const SOCKET_TIMEOUT_MS = 30_000

type SdkError = Error & { $metadata?: { httpStatusCode?: number }; Code?: string }

const statusOf = (error: unknown) => (error as SdkError).$metadata?.httpStatusCode

function isNotFound(error: unknown): boolean {
  const name = (error as SdkError).name
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404
}

/**
 * The SDK's failure as ours: a store that is down, unreachable, misconfigured (no such bucket) or refuses our
 * keys cannot serve anyone, which callers answer with 503; anything else is a bug and is thrown as it is.
 */
function toStoreError(error: unknown, what: string): Error {
  if (error instanceof MediaStoreUnavailableError) return error
  const status = statusOf(error)
  const name = (error as SdkError).name
  if (status === undefined || status >= 500 || status === 401 || status === 403 || name === 'NoSuchBucket') {
    return new MediaStoreUnavailableError(`The media store did not answer ${what}: ${name}`, { cause: error })
  }
  return error instanceof Error ? error : new Error(String(error))
}

/** The origin presigned URLs point at, for the pages' Content-Security-Policy when browsers are sent there. */
export function getS3Origin(config: S3StoreConfig): string {
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`)
  return config.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${config.bucket}.${endpoint.host}`
}

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) through the AWS SDK v3. Large files are
 * uploaded as streamed multipart uploads, reads honour byte ranges, and a folder is deleted by listing it.
 */
export function createS3MediaStore(
  config: S3StoreConfig,
  { partSize = DEFAULT_PART_SIZE }: { partSize?: number } = {},
): MediaStore & { close(): void } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: SOCKET_TIMEOUT_MS },
    // The SDK's default CRC checksums on every upload, sent as aws-chunked bodies, are refused or mishandled by
    // many S3-compatible stores and emulators; outside AWS they are sent only where the API requires them.
    ...(config.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  })
  const Bucket = config.bucket

  async function send<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      throw toStoreError(error, what)
    }
  }

  /** The object's body, or undefined when there is none; other failures are thrown as store errors. */
  async function getBody(key: string, range?: { start: number; end: number }): Promise<Readable | undefined> {
    try {
      const response = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: assertMediaKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      )
      return response.Body as Readable
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw toStoreError(error, `a read of ${key}`)
    }
  }

  return {
    kind: 's3',
    async putFile(key, sourcePath) {
      // The source stays: the caller removes its own working files.
      const upload = new Upload({
        client,
        params: { Bucket, Key: assertMediaKey(key), Body: createReadStream(sourcePath) },
        partSize,
        queueSize: 2,
        leavePartsOnError: false,
      })
      await send(`an upload of ${key}`, () => upload.done())
    },
    async put(key, data) {
      await send(`a write of ${key}`, () =>
        client.send(new PutObjectCommand({ Bucket, Key: assertMediaKey(key), Body: data })),
      )
    },
    async get(key) {
      const body = await getBody(key)
      if (!body) return undefined
      const chunks: Buffer[] = []
      await send(`a read of ${key}`, async () => {
        for await (const chunk of body) chunks.push(chunk as Buffer)
      })
      return Buffer.concat(chunks)
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: assertMediaKey(key) }))
        return {
          size: head.ContentLength ?? 0,
          modifiedAt: head.LastModified ?? new Date(0),
          etag: head.ETag ?? `"${(head.ContentLength ?? 0).toString(16)}"`,
        }
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw toStoreError(error, `a look-up of ${key}`)
      }
    },
    openReadStream: getBody,
    async download(key, targetPath) {
      const body = await getBody(key)
      if (!body) return false
      try {
        await pipeline(body, createWriteStream(targetPath))
      } catch (error) {
        await rm(targetPath, { force: true })
        throw toStoreError(error, `a read of ${key}`)
      }
      return true
    },
    async deletePrefix(prefix) {
      const Prefix = `${assertMediaKey(prefix.replace(/\/+$/, ''))}/`
      let ContinuationToken: string | undefined
      do {
        const page = await send(`a listing of ${Prefix}`, () =>
          client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken })),
        )
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []))
        if (keys.length > 0) {
          await send(`a delete under ${Prefix}`, () =>
            client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } })),
          )
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    presign(key, { expiresInSeconds, contentType, downloadName }) {
      const command = new GetObjectCommand({
        Bucket,
        Key: assertMediaKey(key),
        ResponseContentType: contentType,
        ResponseContentDisposition: downloadName ? contentDisposition(downloadName) : undefined,
      })
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds })
    },
    close: () => client.destroy(),
  }
}
