import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'

import type { FastifyBaseLogger, FastifyRequest } from 'fastify'

import {
  AUDIO_MAX_SECONDS,
  IMAGE_MAX_PIXELS,
  type Asset,
  type AssetKind,
  type AssetList,
  type AssetUsage,
} from '@storyreel/contracts/assets'
import { PLAN_LIMITS, type Plan } from '@storyreel/contracts/plans'

export type PlanLimits = Record<Plan, { storageBytes: number; uploadBytes: number; clipSeconds: number }>
import { inspectUpload, normalizeImage, UploadRejectedError, type UploadRejection } from '@storyreel/engine/engine'

import type { MediaLinks } from '#src/adapters/media/media-links.ts'
import type { MediaStore } from '#src/adapters/media/media-store.ts'
import { AppError, type ErrorCode } from '#src/errors.ts'

import { formatBytes, receiveUpload } from './asset-upload.ts'
import type { AssetCredit } from '@storyreel/db/schema'

import type { AssetRow, AssetsRepository } from './assets.repository.ts'

/** A multipart body is its file plus a few hundred bytes of boundaries and part headers. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024
/** An upload still `uploading` after this long lost its server mid-way: its reservation is released. */
export const ABANDONED_UPLOAD_MS = 6 * 3600_000

/** Where an asset's files live in the media store: one folder per asset, under one per account. */
export const assetsPrefix = (userId: string) => `assets/${userId}`
export const assetPrefix = (userId: string, assetId: string) => `${assetsPrefix(userId)}/${assetId}`

/**
 * Where a clip's 720p proxy for renders is kept: beside its copy, in the asset's folder (so it goes with the
 * asset), named after it. A clip converted before proxies, or too small for one, has none there.
 */
export const clipProxyKey = (fileKey: string) => fileKey.replace(/(\.[a-z0-9]+)?$/i, '-proxy$1')

const REJECTIONS: Record<UploadRejection, [ErrorCode, number]> = {
  unsupported: ['UNSUPPORTED_FILE_TYPE', 415],
  heic: ['HEIC_NOT_SUPPORTED', 415],
  unreadable: ['FILE_UNREADABLE', 422],
  'too-many-pixels': ['TOO_MANY_PIXELS', 413],
  'too-long': ['MEDIA_TOO_LONG', 413],
}

/** An asset's signed links: its thumbnail once there is one, its normalised copy once it is ready. */
export function toAssetLinks(
  row: Pick<AssetRow, 'userId' | 'status' | 'fileKey' | 'thumbnailKey'>,
  links: MediaLinks,
): { thumbnail_url: string | null; url: string | null } {
  return {
    thumbnail_url: row.thumbnailKey ? links.create(row.thumbnailKey, row.userId) : null,
    url: row.status === 'ready' && row.fileKey ? links.create(row.fileKey, row.userId) : null,
  }
}

export const NOT_FOUND = () => new AppError('ASSET_NOT_FOUND', 404, 'There is no such file in your library.')

/**
 * The media library: uploads decided by their content and kept as clean copies, within each plan's space,
 * file size and clip length; listing, renaming and deleting. Clips and tracks are converted by the render
 * workers (asset-conversions.ts); photos are ready as soon as their upload ends.
 */
export function createAssetsService(deps: {
  assets: AssetsRepository
  media: MediaStore
  links: MediaLinks
  /** Scratch space for uploads being read (local disk, whatever the media store). */
  scratchDir: string
  log: FastifyBaseLogger
  /** A clip or track waits for a worker: tell them. */
  onConversionQueued: () => void
  /** The plans' limits; tests pass small ones. */
  planLimits?: PlanLimits
  /** How long an upload may send nothing before it is dropped; tests shorten it. */
  uploadIdleMs?: number
  /** An asset left the library (or the account went): copies of its files kept elsewhere go too. */
  onDeleted?: (prefix: string) => void
  now?: () => Date
}) {
  const { assets, media, links, scratchDir, log } = deps
  const planLimits = deps.planLimits ?? PLAN_LIMITS
  const now = deps.now ?? (() => new Date())

  function toAsset(row: AssetRow, projects: Array<{ id: string; title: string }>): Asset {
    return {
      id: row.id,
      kind: row.kind,
      status: row.status === 'uploading' ? 'processing' : row.status,
      progress: row.status === 'ready' ? 1 : row.progress,
      error: row.status === 'failed' ? (row.error ?? 'This file could not be used.') : null,
      name: row.name,
      size_bytes: row.sizeBytes,
      width: row.width,
      height: row.height,
      duration_seconds: row.durationSeconds,
      ...toAssetLinks(row, links),
      created_at: row.createdAt.toISOString(),
      projects,
      credit: row.credit
        ? {
            provider: row.credit.provider,
            item_id: row.credit.id,
            author: row.credit.author,
            author_url: row.credit.authorUrl ?? null,
            page_url: row.credit.pageUrl,
          }
        : null,
    }
  }

  async function toAssets(rows: AssetRow[]): Promise<Asset[]> {
    const used = await assets.listProjectsUsing(rows.map((row) => row.id))
    return rows.map((row) => toAsset(row, used.get(row.id) ?? []))
  }

  async function getUsage(userId: string, plan: Plan): Promise<AssetUsage> {
    const limits = planLimits[plan]
    return {
      used_bytes: await assets.getUsedBytes(userId),
      quota_bytes: limits.storageBytes,
      upload_max_bytes: limits.uploadBytes,
      clip_max_seconds: limits.clipSeconds,
    }
  }

  /** Removes an asset's files and its row (a deleted asset no render needs, or an abandoned upload). */
  async function purge({ userId, id }: { userId: string; id: string }): Promise<void> {
    await media.deletePrefix(assetPrefix(userId, id))
    await assets.deleteRow(id)
  }

  /** Holds the space, receives the file, decides its type by decoding it and stores it: uploads and imports. */
  async function ingest(
    user: { id: string; plan: Plan },
    source: {
      reserveBytes: number
      receive: (dir: string, maxBytes: number) => Promise<{ path: string; name: string; sizeBytes: number }>
      credit?: AssetCredit
    },
  ): Promise<Asset> {
    const limits = planLimits[user.plan]
    const reserveBytes = source.reserveBytes
    const reserved = await assets.reserveUpload({
      userId: user.id,
      kind: 'image',
      name: 'Upload in progress',
      reserveBytes,
      quotaBytes: limits.storageBytes,
    })
    if (reserved.id === undefined) {
      const left = Math.max(0, limits.storageBytes - reserved.usedBytes)
      throw new AppError(
        'QUOTA_EXCEEDED',
        413,
        `Your library has ${formatBytes(left)} left of ${formatBytes(limits.storageBytes)}, not enough for this file. Delete files you no longer need, or upgrade for more space.`,
      )
    }
    const id = reserved.id
    const prefix = assetPrefix(user.id, id)
    await mkdir(scratchDir, { recursive: true })
    const work = await mkdtemp(path.join(scratchDir, 'upload-'))
    try {
      const received = await source.receive(work, limits.uploadBytes)
      const inspection = await inspectUpload(received.path, {
        maxImagePixels: IMAGE_MAX_PIXELS,
        maxVideoSeconds: limits.clipSeconds,
        maxAudioSeconds: AUDIO_MAX_SECONDS,
      })
      let row: AssetRow | undefined
      if (inspection.kind === 'image') {
        const output = path.join(work, 'photo')
        const thumbnail = path.join(work, 'thumb.webp')
        const image = await normalizeImage({ input: received.path, output, thumbnail, maxPixels: IMAGE_MAX_PIXELS })
        const fileKey = `${prefix}/photo.${image.format === 'jpeg' ? 'jpg' : 'png'}`
        const thumbnailKey = `${prefix}/thumb.webp`
        await media.putFile(fileKey, output)
        await media.putFile(thumbnailKey, thumbnail)
        row = await assets.completeUpload(id, {
          name: received.name,
          kind: 'image',
          status: 'ready',
          sizeBytes: received.sizeBytes,
          format: inspection.format,
          width: image.width,
          height: image.height,
          durationSeconds: null,
          originalKey: null,
          fileKey,
          thumbnailKey,
          ...(source.credit ? { credit: source.credit } : {}),
        })
      } else {
        // Converted by a render worker, which may run on another machine: the original goes to the store.
        // In a folder of its own, so removing it is a prefix delete like every other in the stores.
        const originalKey = `${prefix}/original/upload`
        await media.putFile(originalKey, received.path)
        row = await assets.completeUpload(id, {
          name: received.name,
          kind: inspection.kind,
          status: 'processing',
          sizeBytes: received.sizeBytes,
          format: inspection.format,
          width: inspection.kind === 'video' ? inspection.width : null,
          height: inspection.kind === 'video' ? inspection.height : null,
          durationSeconds: inspection.durationSeconds,
          originalKey,
          fileKey: null,
          thumbnailKey: null,
          ...(source.credit ? { credit: source.credit } : {}),
        })
      }
      if (!row) throw new Error('the upload row went away while the file arrived')
      if (row.status === 'processing') deps.onConversionQueued()
      return toAsset(row, [])
    } catch (error) {
      await purge({ id, userId: user.id }).catch((cleanup: unknown) =>
        log.error({ err: cleanup, assetId: id }, 'a refused upload could not be cleaned up'),
      )
      if (error instanceof UploadRejectedError) {
        const [code, status] = REJECTIONS[error.reason]
        throw new AppError(code, status, error.message)
      }
      throw error
    } finally {
      await rm(work, { recursive: true, force: true })
    }
  }

  return {
    /**
     * Reads one uploaded file into the library. The space it may take is held before a byte is read, so
     * parallel uploads cannot pass the quota; the file is then decided by its content, and a refused one
     * leaves nothing behind.
     */
    async upload(user: { id: string; plan: Plan }, request: FastifyRequest): Promise<Asset> {
      const limits = planLimits[user.plan]
      const declared = Number(request.headers['content-length'])
      const hasLength = Number.isFinite(declared) && declared > 0
      if (hasLength && declared > limits.uploadBytes + MULTIPART_OVERHEAD_BYTES) {
        throw new AppError(
          'FILE_TOO_LARGE',
          413,
          `This file is larger than the ${formatBytes(limits.uploadBytes)} one upload may be on your plan. Compress or trim it and upload it again.`,
        )
      }
      return ingest(user, {
        reserveBytes: hasLength ? Math.min(declared, limits.uploadBytes) : limits.uploadBytes,
        receive: (dir, maxBytes) => receiveUpload(request, { dir, maxBytes, idleMs: deps.uploadIdleMs }),
      })
    },

    /**
     * A file the server fetched itself (a stock photo or clip), stored as an upload is: held against the quota
     * first, its type decided by decoding it, a photo normalised, a clip queued for conversion, and credited.
     */
    importFile(
      user: { id: string; plan: Plan },
      file: {
        expectedBytes: number
        receive: (dir: string, maxBytes: number) => Promise<{ path: string; name: string; sizeBytes: number }>
        credit: AssetCredit
      },
    ): Promise<Asset> {
      const limits = planLimits[user.plan]
      return ingest(user, {
        reserveBytes: Math.min(Math.max(1, file.expectedBytes), limits.uploadBytes),
        receive: file.receive,
        credit: file.credit,
      })
    },
    async list(
      user: { id: string; plan: Plan },
      query: { kind?: AssetKind | undefined; q?: string | undefined; page: number; page_size: number },
    ): Promise<AssetList> {
      const [{ rows, total }, usage] = await Promise.all([
        assets.list({
          userId: user.id,
          kind: query.kind,
          search: query.q || undefined,
          limit: query.page_size,
          offset: (query.page - 1) * query.page_size,
        }),
        getUsage(user.id, user.plan),
      ])
      return { assets: await toAssets(rows), page: query.page, page_size: query.page_size, total, usage }
    },

    /**
     * A photo of the owner's library as a brand logo: its signed link, and whether it can be one (a PNG or
     * WebP upload, which keep transparency; its copy is a PNG). Undefined when it is not in the library.
     */
    async findLogo(
      userId: string,
      id: string,
    ): Promise<{ url: string | null; fileKey: string | null; usable: boolean } | undefined> {
      const row = await assets.findForUser(userId, id)
      if (!row) return undefined
      const usable = row.kind === 'image' && row.status === 'ready' && (row.format === 'png' || row.format === 'webp')
      return { url: toAssetLinks(row, links).url, fileKey: usable ? row.fileKey : null, usable }
    },

    /** The library's copy of a stock item it already holds, so choosing it again fetches nothing. */
    async findStockItem(userId: string, itemId: string): Promise<Asset | undefined> {
      const row = await assets.findByStockItem(userId, itemId)
      return row ? (await toAssets([row]))[0] : undefined
    },

    async get(userId: string, id: string): Promise<Asset> {
      const row = await assets.findForUser(userId, id)
      if (!row) throw NOT_FOUND()
      const [asset] = await toAssets([row])
      if (!asset) throw NOT_FOUND()
      return asset
    },

    async rename(userId: string, id: string, name: string): Promise<Asset> {
      const row = await assets.rename(userId, id, name)
      if (!row) throw NOT_FOUND()
      const [asset] = await toAssets([row])
      if (!asset) throw NOT_FOUND()
      return asset
    },

    /**
     * Out of the library at once. Its files go now, or, while a queued or running render of a project using
     * it needs them, once that render is done (`purgeDeleted`).
     */
    async delete(userId: string, id: string): Promise<void> {
      const row = await assets.markDeleted(userId, id)
      if (!row) throw NOT_FOUND()
      deps.onDeleted?.(assetPrefix(userId, id))
      if (!(await assets.isUsedByActiveRender(id))) await purge(row)
    },

    /**
     * Housekeeping: deleted assets no render needs any more, uploads abandoned mid-way, and the scratch
     * folders a stopped server left behind.
     */
    async purgeDeleted(): Promise<number> {
      const abandonedBefore = new Date(now().getTime() - ABANDONED_UPLOAD_MS)
      const rows = [...(await assets.listPurgeable(100)), ...(await assets.listAbandonedUploads(abandonedBefore, 100))]
      for (const row of rows) await purge(row)
      for (const entry of await readdir(scratchDir).catch(() => [])) {
        const folder = path.join(scratchDir, entry)
        const info = await stat(folder).catch(() => undefined)
        if (info && info.mtime < abandonedBefore) await rm(folder, { recursive: true, force: true })
      }
      return rows.length
    },

    /** Before the account goes: every asset's files, on disk or in the bucket (rows go with the account). */
    async deleteAllForUser(userId: string): Promise<void> {
      deps.onDeleted?.(assetsPrefix(userId))
      await media.deletePrefix(assetsPrefix(userId))
    },

    getUsage,
  }
}

export type AssetsService = ReturnType<typeof createAssetsService>
