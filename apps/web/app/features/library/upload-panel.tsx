import { useId, useRef } from 'react'

import { ACCEPTED_UPLOAD_TYPES } from '@storyreel/contracts/assets'

import { DropZone } from '#app/components/ui/drop-zone.tsx'
import { AlertIcon, CheckIcon, CloseIcon, UploadIcon } from '#app/components/ui/icons.tsx'
import { formatSize } from '#app/lib/format-size.ts'

import type { UploadItem } from '#app/lib/use-uploads.ts'

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  waiting: 'Waiting…',
  uploading: 'Uploading',
  reading: 'Checking the file…',
  done: 'Added to your library',
  failed: 'Not added',
  canceled: 'Canceled',
}

/**
 * Where files come in: dropped anywhere on the panel or chosen with the button (several at once), then
 * listed with their progress until they are in the library; each can be canceled while it travels.
 */
export function UploadPanel({
  items,
  maxBytes,
  onFiles,
  onCancel,
  onClear,
}: {
  items: UploadItem[]
  maxBytes: number | undefined
  onFiles: (files: File[]) => void
  onCancel: (key: string) => void
  onClear: () => void
}) {
  const inputRef = useRef<HTMLInputElement>(null)
  const hintId = useId()
  const finished = items.some(
    (item) => item.status === 'done' || item.status === 'failed' || item.status === 'canceled',
  )
  // Announced when a file's state changes, not at every tick of its progress.
  const latest = items.filter((item) => item.status === 'done' || item.status === 'failed').at(-1)

  return (
    <section aria-label="Upload" className="space-y-3">
      <DropZone onFiles={onFiles}>
        <p className="font-semibold text-ink">Drop photos, clips or music here</p>
        <p id={hintId} className="max-w-md text-sm text-muted">
          JPEG, PNG, WebP or AVIF photos; MP4, MOV or WebM clips; MP3, M4A, WAV or OGG tracks
          {maxBytes ? `, up to ${formatSize(maxBytes)} each` : ''}.
        </p>
        <button type="button" className="btn-primary px-5 py-2.5 text-sm" onClick={() => inputRef.current?.click()}>
          Choose files
        </button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPTED_UPLOAD_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose files to upload"
          aria-describedby={hintId}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            if (files.length > 0) onFiles(files)
          }}
        />
      </DropZone>

      <p className="sr-only" aria-live="polite">
        {latest
          ? `${latest.name}: ${latest.status === 'done' ? STATUS_TEXT.done : (latest.error ?? STATUS_TEXT.failed)}`
          : ''}
      </p>
      {items.length > 0 ? (
        <div className="glass rounded-3xl p-4 tablet:p-5">
          <div className="flex items-center justify-between gap-3">
            <h2 className="text-sm font-semibold text-ink">Uploads</h2>
            {finished ? (
              <button type="button" className="text-sm font-medium text-muted hover:text-ink" onClick={onClear}>
                Clear finished
              </button>
            ) : null}
          </div>
          <ul className="mt-3 space-y-2">
            {items.map((item) => {
              const share = item.size > 0 ? Math.min(1, item.sent / item.size) : 0
              // Once every byte is sent the file is in; canceling then would only pretend.
              const cancelable = item.status === 'uploading' || item.status === 'waiting'
              return (
                <li key={item.key} className="rounded-xl border border-line bg-surface px-3 py-2">
                  <div className="flex items-center gap-3">
                    {item.status === 'done' ? (
                      <CheckIcon className="h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
                    ) : item.status === 'failed' ? (
                      <AlertIcon className="h-4 w-4 shrink-0 text-rose-700 dark:text-rose-400" />
                    ) : (
                      <UploadIcon className="h-4 w-4 shrink-0 text-muted" />
                    )}
                    <div className="min-w-0 flex-1 tablet:flex tablet:items-baseline tablet:gap-3">
                      <p className="truncate text-sm font-medium text-ink" title={item.name}>
                        {item.name}
                      </p>
                      <p
                        className={`text-xs tablet:ml-auto tablet:shrink-0 ${item.status === 'failed' ? 'text-rose-700 dark:text-rose-400' : 'text-muted'}`}
                      >
                        {item.status === 'uploading'
                          ? `${formatSize(item.sent)} of ${formatSize(item.size)}`
                          : item.status === 'failed'
                            ? null
                            : STATUS_TEXT[item.status]}
                      </p>
                    </div>
                    {cancelable ? (
                      <button
                        type="button"
                        className="grid h-8 w-8 shrink-0 place-items-center rounded-full text-muted hover:bg-raised hover:text-ink"
                        aria-label={`Cancel the upload of ${item.name}`}
                        onClick={() => onCancel(item.key)}
                      >
                        <CloseIcon className="h-4 w-4" />
                      </button>
                    ) : null}
                  </div>
                  {item.status === 'failed' && item.error ? (
                    <p className="mt-1 pl-7 text-xs text-rose-700 dark:text-rose-400">{item.error}</p>
                  ) : null}
                  {item.status === 'uploading' || item.status === 'reading' ? (
                    <div
                      role="progressbar"
                      aria-label={`Upload of ${item.name}`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round(share * 100)}
                      className="mt-2 ml-7 h-1.5 overflow-hidden rounded-full bg-raised"
                    >
                      <div
                        className={`h-full rounded-full bg-accent transition-[width] ${item.status === 'reading' ? 'animate-pulse' : ''}`}
                        style={{ width: `${Math.max(2, share * 100)}%` }}
                      />
                    </div>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
