import { useCallback, useEffect, useRef, useState } from 'react'

import type { Asset } from '@storyreel/contracts/assets'

import { uploadToApi } from './api.ts'
import { formatSize } from './format-size.ts'
import { UploadCanceledError } from './upload.ts'

/** Files sent at the same time; the rest wait their turn in the list. */
export const PARALLEL_UPLOADS = 2

export type UploadStatus = 'waiting' | 'uploading' | 'reading' | 'done' | 'failed' | 'canceled'

export type UploadItem = {
  key: string
  name: string
  size: number
  /** Bytes sent so far. */
  sent: number
  status: UploadStatus
  error?: string | undefined
}

const IN_FLIGHT = new Set<UploadStatus>(['waiting', 'uploading', 'reading'])

let counter = 0

/**
 * Files being uploaded to the media library (from the library page or a studio picker): a few at a time, each with its progress, each one cancelable. A file larger
 * than the plan allows is refused here, before a byte is sent; the server decides everything else.
 */
export function useUploads({
  maxBytes,
  onUploaded,
}: {
  maxBytes: number | undefined
  onUploaded: (asset: Asset) => void
}) {
  const [items, setItems] = useState<UploadItem[]>([])
  const files = useRef(new Map<string, File>())
  const controllers = useRef(new Map<string, AbortController>())
  const uploaded = useRef(onUploaded)
  useEffect(() => {
    uploaded.current = onUploaded
  }, [onUploaded])

  const update = useCallback((key: string, changes: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item)))
  }, [])

  const start = useCallback(
    (key: string) => {
      const file = files.current.get(key)
      if (!file) return
      const controller = new AbortController()
      controllers.current.set(key, controller)
      update(key, { status: 'uploading' })
      uploadToApi<Asset>('assets', file, {
        signal: controller.signal,
        // Once every byte is sent, the server still reads the file: say so rather than sit at 100 %.
        onProgress: (loaded, total) => update(key, { sent: loaded, status: loaded >= total ? 'reading' : 'uploading' }),
      })
        .then(
          (asset) => {
            update(key, { status: 'done', sent: file.size })
            uploaded.current(asset)
          },
          (error: unknown) => {
            if (error instanceof UploadCanceledError) update(key, { status: 'canceled' })
            else update(key, { status: 'failed', error: error instanceof Error ? error.message : String(error) })
          },
        )
        .finally(() => {
          controllers.current.delete(key)
          files.current.delete(key)
        })
    },
    [update],
  )

  // Starts waiting files as places free up.
  useEffect(() => {
    const active = items.filter((item) => item.status === 'uploading' || item.status === 'reading').length
    if (active >= PARALLEL_UPLOADS) return
    const next = items.filter((item) => item.status === 'waiting').slice(0, Math.max(0, PARALLEL_UPLOADS - active))
    for (const item of next) start(item.key)
  }, [items, start])

  useEffect(() => {
    const pending = controllers.current
    return () => {
      for (const controller of pending.values()) controller.abort()
    }
  }, [])

  const add = useCallback(
    (chosen: File[]) => {
      const added = chosen.map((file): UploadItem => {
        const key = `upload-${(counter += 1)}`
        const tooLarge = maxBytes !== undefined && file.size > maxBytes
        if (!tooLarge) files.current.set(key, file)
        return {
          key,
          name: file.name,
          size: file.size,
          sent: 0,
          status: tooLarge ? 'failed' : 'waiting',
          error: tooLarge
            ? `This file is ${formatSize(file.size)}, more than the ${formatSize(maxBytes)} one upload may be on your plan.`
            : undefined,
        }
      })
      setItems((current) => [...current, ...added])
    },
    [maxBytes],
  )

  return {
    items,
    add,
    cancel: (key: string) => {
      controllers.current.get(key)?.abort()
      if (!controllers.current.has(key)) {
        files.current.delete(key)
        update(key, { status: 'canceled' })
      }
    },
    /** Clears the list of finished, failed and canceled files. */
    clearFinished: () => setItems((current) => current.filter((item) => IN_FLIGHT.has(item.status))),
  }
}
