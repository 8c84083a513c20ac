import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'

import type { Asset } from '@storyreel/contracts/assets'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { AlertIcon, CheckIcon, CloseIcon, FilmIcon, ImageIcon, UploadIcon } from '#app/components/ui/icons.tsx'
import { SearchField } from '#app/components/ui/search-field.tsx'
import { PickerDialog, PickerHeader } from '#app/components/ui/picker-dialog.tsx'
import { useModalDialog } from '#app/components/ui/use-modal-dialog.ts'
import { useUploads } from '#app/lib/use-uploads.ts'

import { formatClock } from './format.ts'
import { studioApi } from './studio-api.ts'

export type PickerKind = 'image' | 'video'

const KIND_WORDS: Record<PickerKind, { tab: string; plural: string; one: string }> = {
  image: { tab: 'Photos', plural: 'photos', one: 'photo' },
  video: { tab: 'Clips', plural: 'clips', one: 'clip' },
}

const ACCEPT: Record<PickerKind, string> = {
  image: 'image/jpeg,image/png,image/webp,image/avif',
  video: 'video/mp4,video/quicktime,video/webm',
}

/** While a clip is being prepared, the picker looks again this often. */
const PROCESSING_POLL_MS = 2500

export const assetsQueryKey = (kind: PickerKind, q: string) => ['studio', 'assets', kind, q] as const

const tabClass = (active: boolean) =>
  `rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors ${
    active ? 'border-accent bg-accent text-accent-ink' : 'border-line text-muted hover:border-accent/60 hover:text-ink'
  }`

/**
 * The owner's library photos and clips on a native modal <dialog> (focus trapped, Escape closes, focus goes
 * back to the opener): search, more on request, and uploads from the device right there. `single` picks one
 * item and closes; `multi` picks several in order, numbered, for "Use my media".
 */
export function MediaPicker({
  open,
  mode,
  initialKind,
  title,
  sceneCount,
  onPick,
  onClose,
}: {
  open: boolean
  mode: 'single' | 'multi'
  initialKind: PickerKind
  title: string
  /** In multi mode: how many scenes there are to fill. */
  sceneCount?: number
  onPick: (assets: Asset[]) => void
  onClose: () => void
}) {
  const ref = useModalDialog(open)
  const titleId = useId()
  return (
    <PickerDialog dialogRef={ref} titleId={titleId} open={open} onClose={onClose}>
      <PickerBody
        key={`${mode}:${initialKind}`}
        titleId={titleId}
        title={title}
        mode={mode}
        initialKind={initialKind}
        sceneCount={sceneCount}
        onPick={(assets) => {
          onPick(assets)
          ref.current?.close()
        }}
        onCancel={() => ref.current?.close()}
      />
    </PickerDialog>
  )
}

function PickerBody({
  titleId,
  title,
  mode,
  initialKind,
  sceneCount,
  onPick,
  onCancel,
}: {
  titleId: string
  title: string
  mode: 'single' | 'multi'
  initialKind: PickerKind
  sceneCount: number | undefined
  onPick: (assets: Asset[]) => void
  onCancel: () => void
}) {
  const queryClient = useQueryClient()
  const [kind, setKind] = useState<PickerKind>(initialKind)
  const [search, setSearch] = useState('')
  const [q, setQ] = useState('')
  const [chosen, setChosen] = useState<Asset[]>([])
  const inputRef = useRef<HTMLInputElement>(null)
  const statusId = useId()
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250)
    return () => clearTimeout(timer)
  }, [search])
  const library = useInfiniteQuery({
    queryKey: assetsQueryKey(kind, q),
    queryFn: ({ pageParam }) => studioApi.listAssets({ kind, q: q || undefined }, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.pages.some((page) => page.assets.some((asset) => asset.status === 'processing'))
        ? PROCESSING_POLL_MS
        : false,
  })
  const usage = library.data?.pages[0]?.usage
  const uploads = useUploads({
    maxBytes: usage?.upload_max_bytes,
    onUploaded: () => void queryClient.invalidateQueries({ queryKey: ['studio', 'assets'] }),
  })
  const assets = library.data?.pages.flatMap((page) => page.assets) ?? []
  const words = KIND_WORDS[kind]
  const active = uploads.items.filter((item) => item.status !== 'done' && item.status !== 'canceled')

  const toggle = (asset: Asset) => {
    if (mode === 'single') return onPick([asset])
    setChosen((current) =>
      current.some((item) => item.id === asset.id)
        ? current.filter((item) => item.id !== asset.id)
        : [...current, asset],
    )
  }

  const filled = sceneCount === undefined ? chosen.length : Math.min(chosen.length, sceneCount)
  const leftOut = sceneCount === undefined ? 0 : Math.max(0, chosen.length - sceneCount)

  return (
    <>
      <PickerHeader titleId={titleId} title={title} onClose={onCancel}>
        {mode === 'multi'
          ? 'Choose photos and clips in the order the scenes should show them.'
          : `From your media library, or upload a ${words.one} from this device.`}
      </PickerHeader>

      <div className="flex flex-wrap items-center gap-2 px-4 pt-3 tablet:px-6">
        <div role="group" aria-label="Show" className="flex gap-2">
          {(['image', 'video'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={kind === option}
              className={tabClass(kind === option)}
              onClick={() => setKind(option)}
            >
              {KIND_WORDS[option].tab}
            </button>
          ))}
        </div>
        <SearchField
          label={`Search your ${words.plural}`}
          value={search}
          onChange={setSearch}
          placeholder="Search by name"
          maxLength={100}
          compact
          className="order-last w-full tablet:order-none tablet:ml-auto tablet:w-60"
        />
        <button
          type="button"
          className="btn-secondary ml-auto px-3.5 py-2 text-sm tablet:ml-0"
          onClick={() => inputRef.current?.click()}
        >
          <UploadIcon className="h-4 w-4" /> Upload
        </button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPT[kind]}
          className="sr-only"
          tabIndex={-1}
          aria-label={`Choose ${words.plural} to upload`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            if (files.length > 0) uploads.add(files)
          }}
        />
      </div>

      {active.length > 0 ? (
        <ul className="mx-4 mt-3 space-y-1.5 tablet:mx-6" aria-label="Uploads">
          {active.map((item) => (
            <li
              key={item.key}
              className="flex items-center gap-2 rounded-xl border border-line bg-surface px-3 py-1.5 text-xs"
            >
              {item.status === 'failed' ? (
                <AlertIcon className="h-3.5 w-3.5 shrink-0 text-rose-700 dark:text-rose-400" />
              ) : (
                <Spinner className="h-3.5 w-3.5 shrink-0" />
              )}
              <span className="min-w-0 flex-1 truncate font-medium text-ink">{item.name}</span>
              <span className={item.status === 'failed' ? 'text-rose-700 dark:text-rose-400' : 'text-muted'}>
                {item.status === 'failed'
                  ? (item.error ?? 'Not added')
                  : item.status === 'reading'
                    ? 'Checking the file…'
                    : item.status === 'waiting'
                      ? 'Waiting…'
                      : `${Math.round((item.sent / Math.max(1, item.size)) * 100)} %`}
              </span>
              {item.status === 'failed' ? null : (
                <button
                  type="button"
                  className="grid h-6 w-6 place-items-center rounded-full text-muted hover:bg-raised hover:text-ink"
                  aria-label={`Cancel the upload of ${item.name}`}
                  onClick={() => uploads.cancel(item.key)}
                >
                  <CloseIcon className="h-3.5 w-3.5" />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="min-h-48 flex-1 overflow-y-auto px-4 py-4 tablet:px-6" aria-busy={library.isFetching}>
        {library.isPending ? (
          <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4" aria-label={`Loading your ${words.plural}`}>
            {[0, 1, 2, 3].map((index) => (
              <li key={index} className="aspect-[4/3] animate-pulse rounded-2xl bg-surface" />
            ))}
          </ul>
        ) : library.isError && assets.length === 0 ? (
          <div role="alert" className="rounded-2xl border border-line p-6 text-center text-sm">
            <p className="font-semibold text-ink">Your {words.plural} could not be loaded.</p>
            <button type="button" className="btn-secondary mt-3 text-sm" onClick={() => void library.refetch()}>
              Try again
            </button>
          </div>
        ) : assets.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-line p-6 text-center text-sm">
            {q ? (
              <p className="font-semibold text-ink">
                No {words.one} is named like “{q}”.
              </p>
            ) : (
              <>
                <p className="font-semibold text-ink">You have no {words.plural} in your library yet.</p>
                <p className="mx-auto mt-1 max-w-md text-muted">
                  Upload one here, or add several on the{' '}
                  <Link to="/app/library" className="font-semibold text-accent underline-offset-2 hover:underline">
                    Media library
                  </Link>{' '}
                  page.
                </p>
              </>
            )}
          </div>
        ) : (
          <>
            <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4" aria-label={`Your ${words.plural}`}>
              {assets.map((asset) => {
                const order = chosen.findIndex((item) => item.id === asset.id)
                return (
                  <li key={asset.id}>
                    <AssetTile
                      asset={asset}
                      mode={mode}
                      order={order === -1 ? undefined : order + 1}
                      onToggle={() => toggle(asset)}
                    />
                  </li>
                )
              })}
            </ul>
            {library.hasNextPage ? (
              <div className="mt-4 text-center">
                <button
                  type="button"
                  className="btn-secondary text-sm"
                  disabled={library.isFetchingNextPage}
                  onClick={() => void library.fetchNextPage()}
                >
                  {library.isFetchingNextPage ? 'Loading…' : `Show more ${words.plural}`}
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>

      {mode === 'multi' ? (
        <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 border-t border-line px-4 py-3 tablet:px-6">
          <p id={statusId} className="mr-auto text-sm text-muted" aria-live="polite">
            {chosen.length === 0
              ? 'Nothing chosen yet.'
              : leftOut > 0
                ? `${chosen.length} chosen; the storyboard has ${sceneCount} ${sceneCount === 1 ? 'scene' : 'scenes'}, so the last ${leftOut === 1 ? 'one is' : `${leftOut} are`} left out.`
                : `${chosen.length} chosen.`}
          </p>
          {chosen.length > 0 ? (
            <button
              type="button"
              className="text-sm font-semibold text-muted hover:text-ink"
              onClick={() => setChosen([])}
            >
              Clear
            </button>
          ) : null}
          <button
            type="button"
            className="btn-primary px-5 py-2.5 text-sm"
            aria-describedby={statusId}
            disabled={chosen.length === 0}
            onClick={() => onPick(chosen)}
          >
            {filled <= 1 ? 'Put it into scene 1' : `Put them into scenes 1–${filled}`}
          </button>
        </div>
      ) : null}
    </>
  )
}

function AssetTile({
  asset,
  mode,
  order,
  onToggle,
}: {
  asset: Asset
  mode: 'single' | 'multi'
  order: number | undefined
  onToggle: () => void
}) {
  const Icon = asset.kind === 'video' ? FilmIcon : ImageIcon
  const failed = asset.status === 'failed'
  const facts = [
    asset.duration_seconds ? formatClock(asset.duration_seconds) : undefined,
    asset.status === 'processing' ? 'Preparing…' : undefined,
    failed ? 'Could not be prepared' : undefined,
  ]
    .filter(Boolean)
    .join(' · ')
  return (
    <button
      type="button"
      disabled={failed}
      aria-pressed={mode === 'multi' ? order !== undefined : undefined}
      aria-label={`${asset.name}${facts ? `, ${facts}` : ''}${order ? `, number ${order}` : ''}`}
      onClick={onToggle}
      className={`group relative block w-full overflow-hidden rounded-2xl border bg-surface text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-50 ${
        order ? 'border-accent ring-2 ring-accent' : 'border-line hover:border-accent/60'
      }`}
    >
      <span className="relative block aspect-[4/3] bg-black/5">
        {asset.thumbnail_url ? (
          <img src={asset.thumbnail_url} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <span className="grid h-full w-full place-items-center text-subtle" aria-hidden="true">
            <Icon className="h-8 w-8" />
          </span>
        )}
        {asset.duration_seconds ? (
          <span className="absolute right-1.5 bottom-1.5 rounded-md bg-black/65 px-1.5 py-0.5 text-[11px] font-medium text-white tabular-nums">
            {formatClock(asset.duration_seconds)}
          </span>
        ) : null}
        {asset.status === 'processing' ? (
          <span className="absolute inset-x-0 top-0 bg-black/60 px-2 py-1 text-[11px] text-white">Preparing…</span>
        ) : null}
        {order ? (
          <span
            aria-hidden="true"
            className="absolute top-1.5 left-1.5 grid h-7 w-7 place-items-center rounded-full bg-accent text-sm font-bold text-accent-ink shadow"
          >
            {order}
          </span>
        ) : mode === 'multi' ? (
          <span
            aria-hidden="true"
            className="absolute top-1.5 left-1.5 grid h-7 w-7 place-items-center rounded-full border-2 border-white/90 bg-black/30 text-white opacity-0 transition-opacity group-hover:opacity-100"
          >
            <CheckIcon className="h-4 w-4" />
          </span>
        ) : null}
      </span>
      <span className="block truncate px-2.5 py-2 text-xs font-semibold text-ink" title={asset.name}>
        {asset.name}
      </span>
    </button>
  )
}
