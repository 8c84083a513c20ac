import { useState, type FormEvent, type ReactNode } from 'react'

import { ASSET_NAME_MAX_CHARS, type Asset } from '@storyreel/contracts/assets'

import { AlertIcon, FilmIcon, ImageIcon, MusicNoteIcon, PencilIcon, TrashIcon } from '#app/components/ui/icons.tsx'
import { formatSize } from '#app/lib/format-size.ts'

const KIND_LABELS = { image: 'Photo', video: 'Clip', audio: 'Track' } as const
const KIND_ICONS = { image: ImageIcon, video: FilmIcon, audio: MusicNoteIcon } as const

/** "0:42", "12:05": a clip's or track's length. */
export function formatLength(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** The facts under a card's name: size, pixels and length, as far as they apply. */
export function describeAsset(asset: Asset): string {
  return [
    formatSize(asset.size_bytes),
    asset.width && asset.height ? `${asset.width} × ${asset.height}` : undefined,
    asset.duration_seconds ? formatLength(asset.duration_seconds) : undefined,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** One asset of the library: its picture, name (renamable), facts and state, and its delete button. */
export function AssetCard({
  asset,
  onPreview,
  onRename,
  onDelete,
}: {
  asset: Asset
  onPreview: () => void
  onRename: (name: string) => Promise<unknown>
  onDelete: () => void
}) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(asset.name)
  const [saving, setSaving] = useState(false)
  const Icon = KIND_ICONS[asset.kind]

  async function save(event: FormEvent) {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed || trimmed === asset.name) {
      setEditing(false)
      setName(asset.name)
      return
    }
    setSaving(true)
    try {
      await onRename(trimmed)
      setEditing(false)
    } catch {
      // The toast says why; the new name stays in the field to correct.
    } finally {
      setSaving(false)
    }
  }

  return (
    <li className="group flex flex-col overflow-hidden rounded-2xl border border-line bg-surface">
      {/* overflow-hidden: an aspect ratio yields to a taller picture's own height unless it may clip it. */}
      <PictureBox asset={asset} onPreview={onPreview}>
        {asset.thumbnail_url ? (
          <img src={asset.thumbnail_url} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <span className="grid h-full w-full place-items-center text-subtle" aria-hidden="true">
            <Icon className="h-10 w-10" />
          </span>
        )}
        <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
          <Icon className="h-3.5 w-3.5" />
          {KIND_LABELS[asset.kind]}
        </span>
        {asset.duration_seconds && asset.status !== 'processing' ? (
          <span className="absolute right-2 bottom-2 rounded-md bg-black/60 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
            {formatLength(asset.duration_seconds)}
          </span>
        ) : null}
        {asset.status === 'processing' ? (
          <div className="absolute inset-x-0 bottom-0 bg-black/60 px-3 py-2 text-xs text-white">
            <p>Preparing… {Math.round(asset.progress * 100)} %</p>
            <div
              role="progressbar"
              aria-label={`Preparing ${asset.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(asset.progress * 100)}
              className="mt-1 h-1 overflow-hidden rounded-full bg-white/25"
            >
              <div
                className="h-full rounded-full bg-white"
                style={{ width: `${Math.max(3, asset.progress * 100)}%` }}
              />
            </div>
          </div>
        ) : null}
      </PictureBox>
      <div className="flex flex-1 flex-col gap-1 p-3">
        {editing ? (
          <form onSubmit={(event) => void save(event)} className="flex gap-2" aria-busy={saving}>
            <label className="sr-only" htmlFor={`name-${asset.id}`}>
              Name of {asset.name}
            </label>
            <input
              id={`name-${asset.id}`}
              value={name}
              maxLength={ASSET_NAME_MAX_CHARS}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  setEditing(false)
                  setName(asset.name)
                }
              }}
              // The person asked to rename: the field they came for takes focus.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-2 py-1 text-sm text-ink focus:border-accent focus:outline-none"
            />
            <button type="submit" className="text-sm font-semibold text-accent" disabled={saving}>
              Save
            </button>
          </form>
        ) : (
          <p className="truncate text-sm font-semibold text-ink" title={asset.name}>
            {asset.name}
          </p>
        )}
        <p className="text-xs text-muted">{describeAsset(asset)}</p>
        {asset.status === 'failed' ? (
          <p className="mt-1 flex gap-1.5 text-xs text-rose-700 dark:text-rose-400">
            <AlertIcon className="mt-px h-3.5 w-3.5 shrink-0" />
            {asset.error}
          </p>
        ) : null}
        {asset.projects.length > 0 ? (
          <p className="text-xs text-subtle">
            In {asset.projects.length === 1 ? '1 project' : `${asset.projects.length} projects`}
          </p>
        ) : null}
        <div className="mt-auto flex justify-end gap-1 pt-2">
          <button
            type="button"
            className="grid h-8 w-8 place-items-center rounded-full text-muted hover:bg-raised hover:text-ink"
            aria-label={`Rename ${asset.name}`}
            onClick={() => setEditing(true)}
          >
            <PencilIcon className="h-4 w-4" />
          </button>
          <button
            type="button"
            className="grid h-8 w-8 place-items-center rounded-full text-muted hover:bg-rose-400/10 hover:text-rose-700 dark:hover:text-rose-400"
            aria-label={`Delete ${asset.name}`}
            onClick={onDelete}
          >
            <TrashIcon className="h-4 w-4" />
          </button>
        </div>
      </div>
    </li>
  )
}

/** The card's picture: a button that opens the preview once the asset is ready, a plain box before. */
function PictureBox({ asset, onPreview, children }: { asset: Asset; onPreview: () => void; children: ReactNode }) {
  const className = 'relative block aspect-[4/3] w-full overflow-hidden bg-raised'
  if (asset.status !== 'ready') return <div className={className}>{children}</div>
  return (
    <button
      type="button"
      className={`${className} cursor-zoom-in text-left focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent`}
      aria-label={`Preview ${asset.name}`}
      onClick={onPreview}
    >
      {children}
    </button>
  )
}
