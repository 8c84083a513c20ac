import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { FastifyBaseLogger } from 'fastify'

import { AUDIO_MAX_SECONDS, IMAGE_MAX_PIXELS } from '@storyreel/contracts/assets'
import { PLAN_LIMITS } from '@storyreel/contracts/plans'
import { convertAudio, convertClip, inspectUpload, UploadRejectedError } from '@storyreel/engine/engine'

import type { MediaStore } from '#src/adapters/media/media-store.ts'

import { CONVERSION_MAX_ATTEMPTS, type AssetRow, type AssetsRepository } from './assets.repository.ts'
import { assetPrefix, clipProxyKey, type PlanLimits } from './assets.service.ts'

/** Progress is written at most this often; each write also renews the lease. */
const PROGRESS_EVERY_MS = 1000

/**
 * The media library's share of the render workers' queue: converting uploaded clips and tracks into the
 * copies scenes use. A worker with no render waiting takes the oldest `processing` asset with a lease, as it
 * does a render; a conversion whose worker stopped is handed out again, and fails for good after three.
 */
export function createAssetConversions({
  assets,
  media,
  log,
  leaseMs,
  planLimits = PLAN_LIMITS,
}: {
  assets: AssetsRepository
  media: MediaStore
  log: FastifyBaseLogger
  leaseMs: number
  /** The plans' limits, which a conversion keeps as the upload did; tests pass small ones. */
  planLimits?: PlanLimits
}) {
  async function convert(row: AssetRow, workerId: string, signal: AbortSignal, work: string): Promise<void> {
    const original = path.join(work, 'original')
    if (!row.originalKey || !(await media.download(row.originalKey, original))) {
      await assets.finishConversion(row.id, workerId, {
        status: 'failed',
        error: 'The uploaded file went missing before it could be converted. Upload it again.',
      })
      return
    }
    // The asset may be deleted meanwhile, or the lease lost: the conversion stops at the next report.
    const stop = new AbortController()
    const abort = () => stop.abort()
    signal.addEventListener('abort', abort)
    let lastReport = 0
    let lastShare = row.progress
    const onProgress = (share: number) => {
      lastShare = Math.max(lastShare, share)
      const time = Date.now()
      if (time - lastReport < PROGRESS_EVERY_MS) return
      lastReport = time
      assets.reportConversion(row.id, workerId, Math.min(0.99, lastShare), leaseMs).then(
        (fresh) => {
          if (!fresh) stop.abort()
        },
        (error: unknown) => log.warn({ err: error, assetId: row.id }, 'conversion progress not written'),
      )
    }
    // The lease is renewed while one long step reports nothing (the copy's upload to the store).
    const heartbeat = setInterval(() => onProgress(lastShare), Math.max(1000, leaseMs / 3))
    try {
      // The owner's plan as it is now; a clip whose header understated its length is refused here.
      const limits = planLimits[(await assets.getOwnerPlan(row.userId)) ?? 'free']
      const inspection = await inspectUpload(original, {
        maxImagePixels: IMAGE_MAX_PIXELS,
        maxVideoSeconds: limits.clipSeconds,
        maxAudioSeconds: AUDIO_MAX_SECONDS,
      })
      const prefix = assetPrefix(row.userId, row.id)
      if (inspection.kind === 'video') {
        const clip = path.join(work, 'clip.mp4')
        const proxy = path.join(work, 'clip-proxy.mp4')
        const poster = path.join(work, 'poster.jpg')
        const thumbnail = path.join(work, 'thumb.webp')
        const converted = await convertClip({
          input: original,
          output: clip,
          proxy,
          poster,
          thumbnail,
          source: inspection,
          maxSeconds: limits.clipSeconds,
          onProgress,
          signal: stop.signal,
        })
        await media.putFile(`${prefix}/clip.mp4`, clip)
        // Beside the copy, where a 720p render looks for it (clipProxyKey); a small clip has none.
        if (converted.proxy) await media.putFile(clipProxyKey(`${prefix}/clip.mp4`), proxy)
        await media.putFile(`${prefix}/poster.jpg`, poster)
        await media.putFile(`${prefix}/thumb.webp`, thumbnail)
        await finish(row, workerId, {
          status: 'ready',
          fileKey: `${prefix}/clip.mp4`,
          thumbnailKey: `${prefix}/thumb.webp`,
          width: converted.width,
          height: converted.height,
          durationSeconds: converted.durationSeconds,
        })
      } else if (inspection.kind === 'audio') {
        const track = path.join(work, 'track.m4a')
        const converted = await convertAudio({
          input: original,
          output: track,
          durationSeconds: inspection.durationSeconds,
          onProgress,
          signal: stop.signal,
        })
        await media.putFile(`${prefix}/track.m4a`, track)
        await finish(row, workerId, {
          status: 'ready',
          fileKey: `${prefix}/track.m4a`,
          thumbnailKey: null,
          width: null,
          height: null,
          durationSeconds: converted.durationSeconds,
        })
      } else {
        throw new UploadRejectedError('unsupported', 'This file is a photo, not a clip or a track. Upload it again.')
      }
    } catch (error) {
      if (error instanceof UploadRejectedError) {
        await media.deletePrefix(assetPrefix(row.userId, row.id))
        await assets.finishConversion(row.id, workerId, { status: 'failed', error: error.message })
        log.info({ assetId: row.id, reason: error.reason }, 'conversion refused the file')
        return
      }
      if (stop.signal.aborted) {
        // Stopping (a restart) hands the asset back to the queue; a deleted one has nothing to hand back.
        const released = await assets.finishConversion(row.id, workerId, { status: 'processing' })
        if (!released) await media.deletePrefix(assetPrefix(row.userId, row.id))
        return
      }
      throw error
    } finally {
      clearInterval(heartbeat)
      signal.removeEventListener('abort', abort)
    }
  }

  /**
   * The copy is in place: the row says so, then the original goes (its space stays counted as uploaded). An
   * asset deleted meanwhile (or its whole account) has no row to say so: the files just written go too.
   */
  async function finish(row: AssetRow, workerId: string, result: Parameters<AssetsRepository['finishConversion']>[2]) {
    const finished = await assets.finishConversion(row.id, workerId, result)
    if (!finished) await media.deletePrefix(assetPrefix(row.userId, row.id))
    else if (row.originalKey) await media.deletePrefix(path.posix.dirname(row.originalKey))
  }

  return {
    /** Converts the next waiting clip or track; false when there was none. */
    async runNext(workerId: string, signal: AbortSignal): Promise<boolean> {
      for (const abandoned of await assets.failAbandonedConversions()) {
        await media.deletePrefix(assetPrefix(abandoned.userId, abandoned.id))
      }
      const row = await assets.claimConversion(workerId, leaseMs)
      if (!row) return false
      log.info({ assetId: row.id, kind: row.kind, attempt: row.attempts }, 'conversion claimed')
      const work = await mkdtemp(path.join(os.tmpdir(), 'storyreel-convert-'))
      try {
        await convert(row, workerId, signal, work)
      } catch (error) {
        // Not the file's fault (killed for memory, the store unreachable): tried again, up to the attempts.
        const retry = row.attempts < CONVERSION_MAX_ATTEMPTS
        log.error({ err: error, assetId: row.id, retry }, 'conversion failed')
        if (retry) {
          await assets.finishConversion(row.id, workerId, { status: 'processing' })
        } else {
          await assets.finishConversion(row.id, workerId, {
            status: 'failed',
            error: 'This file could not be converted. Upload it again, or export it in another format first.',
          })
          await media.deletePrefix(assetPrefix(row.userId, row.id)).catch(() => undefined)
        }
      } finally {
        await rm(work, { recursive: true, force: true })
      }
      return true
    },
  }
}

export type AssetConversions = ReturnType<typeof createAssetConversions>
