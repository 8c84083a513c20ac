import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import S3rver from '@20minutes/s3rver'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'

import type { S3StoreConfig } from '#src/config.ts'

/** The keys s3rver accepts. */
const ACCESS_KEY = 'S3RVER'

export type S3Server = {
  /** http://127.0.0.1:<port> */
  endpoint: string
  port: number
  bucket: string
  /** What MEDIA_STORE=s3 turns into for this server. */
  config: S3StoreConfig
  /** The MEDIA_* variables that point a server or worker at this store. */
  env: Record<string, string>
  /** Every request the server received, as `METHOD /path?query`. */
  requests: string[]
  /** The keys of every object under `prefix`, read back through the S3 protocol. */
  listKeys(prefix: string): Promise<string[]>
  stop(): Promise<void>
}

/**
 * A real S3-protocol server (s3rver, objects in a temporary folder) on 127.0.0.1, standing in for AWS S3,
 * MinIO or R2: SigV4 signatures, multipart uploads, ranged reads, listings and batch deletes.
 */
export async function startS3Server({
  port = 0,
  bucket = 'storyreel-media',
  directory,
}: { port?: number; bucket?: string; directory?: string } = {}): Promise<S3Server> {
  const dir = directory ?? (await mkdtemp(path.join(os.tmpdir(), 'storyreel-s3-')))
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: dir,
    // s3rver signs bucket-level paths (listings, batch deletes) without the trailing slash that AWS SDK v3
    // sends, so it would refuse every correct signature there; unknown access keys are still refused.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  })
  const address = await server.run()
  const requests: string[] = []
  server.httpServer?.on('request', (request: { method?: string; url?: string }) =>
    requests.push(`${request.method} ${request.url}`),
  )
  const endpoint = `http://127.0.0.1:${address.port}`
  return {
    endpoint,
    port: address.port,
    bucket,
    config: {
      endpoint,
      region: 'us-east-1',
      bucket,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      forcePathStyle: true,
    },
    env: {
      MEDIA_STORE: 's3',
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY,
      MEDIA_S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
    },
    requests,
    async listKeys(prefix) {
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      })
      try {
        const keys: string[] = []
        let ContinuationToken: string | undefined
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }),
          )
          keys.push(...(page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : [])))
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
        } while (ContinuationToken)
        return keys
      } finally {
        client.destroy()
      }
    },
    async stop() {
      server.httpServer?.closeAllConnections()
      await server.close()
      if (!directory) await rm(dir, { recursive: true, force: true })
    },
  }
}
