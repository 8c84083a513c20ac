import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

import type { Asset, AssetKind } from '@storyreel/contracts/assets'

import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { SearchField } from '#app/components/ui/search-field.tsx'
import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { AssetCard } from '#app/features/library/asset-card.tsx'
import { AssetPreview } from '#app/features/library/asset-preview.tsx'
import { libraryApi, LIBRARY_PAGE_SIZE, type LibraryQuery } from '#app/features/library/library-api.ts'
import { UploadPanel } from '#app/features/library/upload-panel.tsx'
import { formatSize } from '#app/lib/format-size.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { useUploads } from '#app/lib/use-uploads.ts'

export const clientMiddleware = routeMiddleware('full-auth')

export function meta() {
  return [{ title: pageTitle('Media library') }, { name: 'robots', content: 'noindex' }]
}

const KINDS: Array<{ value: AssetKind | undefined; label: string }> = [
  { value: undefined, label: 'All' },
  { value: 'image', label: 'Photos' },
  { value: 'video', label: 'Clips' },
  { value: 'audio', label: 'Music' },
]
/** While a clip or track is being prepared, the library looks again this often. */
const PROCESSING_POLL_MS = 2000

const chipClass = (active: boolean) =>
  `rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors ${
    active ? 'border-accent bg-accent text-accent-ink' : 'border-line text-muted hover:border-accent/60 hover:text-ink'
  }`

export default function LibraryRoute() {
  const queryClient = useQueryClient()
  const [kind, setKind] = useState<AssetKind>()
  const [search, setSearch] = useState('')
  const [q, setQ] = useState('')
  const [deleting, setDeleting] = useState<Asset>()
  const [previewing, setPreviewing] = useState<Asset>()
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250)
    return () => clearTimeout(timer)
  }, [search])
  const query: LibraryQuery = { kind, q: q || undefined }
  const library = useInfiniteQuery({
    queryKey: ['library', query],
    queryFn: ({ pageParam }) => libraryApi.list(query, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    refetchInterval: (current) =>
      current.state.data?.pages.some((page) => page.assets.some((asset) => asset.status === 'processing'))
        ? PROCESSING_POLL_MS
        : false,
  })
  const usage = library.data?.pages[0]?.usage
  const assets = library.data?.pages.flatMap((page) => page.assets) ?? []
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['library'] })
  const uploads = useUploads({ maxBytes: usage?.upload_max_bytes, onUploaded: () => void refresh() })
  const filtered = kind !== undefined || q !== ''
  const share = usage ? Math.min(1, usage.used_bytes / usage.quota_bytes) : 0

  return (
    <div className="mx-auto max-w-6xl px-5 py-10 tablet:px-8 desktop:py-14">
      <div className="flex flex-wrap items-end justify-between gap-6">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">Media library</h1>
          <p className="mt-1 max-w-xl text-sm text-muted">
            Your own photos, clips and music, ready for your videos. We keep a clean copy of each: photos upright and
            without their location, clips in a format every scene can play.
          </p>
        </div>
        {usage ? (
          <div className="w-full max-w-xs" aria-label="Space used">
            <div className="flex justify-between text-sm">
              <span className="text-ink">{formatSize(usage.used_bytes)} used</span>
              <span className="text-muted">of {formatSize(usage.quota_bytes)}</span>
            </div>
            <div
              role="meter"
              aria-label="Library space used"
              aria-valuemin={0}
              aria-valuemax={usage.quota_bytes}
              aria-valuenow={usage.used_bytes}
              aria-valuetext={`${formatSize(usage.used_bytes)} of ${formatSize(usage.quota_bytes)}`}
              className="mt-1.5 h-2 overflow-hidden rounded-full bg-raised"
            >
              <div
                className={`h-full rounded-full ${share > 0.9 ? 'bg-rose-500' : 'bg-accent'}`}
                style={{ width: `${Math.max(share > 0 ? 2 : 0, share * 100)}%` }}
              />
            </div>
            <p className="mt-1 text-xs text-subtle">
              Up to {formatSize(usage.upload_max_bytes)} a file, clips up to {Math.round(usage.clip_max_seconds / 60)}{' '}
              minutes.
            </p>
          </div>
        ) : null}
      </div>

      <div className="mt-8">
        <UploadPanel
          items={uploads.items}
          maxBytes={usage?.upload_max_bytes}
          onFiles={uploads.add}
          onCancel={uploads.cancel}
          onClear={uploads.clearFinished}
        />
      </div>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
          {KINDS.map((option) => (
            <button
              key={option.label}
              type="button"
              aria-pressed={kind === option.value}
              className={chipClass(kind === option.value)}
              onClick={() => setKind(option.value)}
            >
              {option.label}
            </button>
          ))}
        </div>
        <SearchField
          label="Search your library"
          value={search}
          onChange={setSearch}
          placeholder="Search by name"
          maxLength={100}
          className="w-full tablet:w-72"
        />
      </div>

      <div className="mt-6">
        {library.isPending ? (
          <ul
            className="grid grid-cols-2 gap-4 tablet:grid-cols-3 desktop:grid-cols-4"
            aria-busy="true"
            aria-label="Loading your library"
          >
            {[0, 1, 2, 3].map((index) => (
              <li key={index} className="aspect-[4/5] animate-pulse rounded-2xl bg-raised" />
            ))}
          </ul>
        ) : library.isError && assets.length === 0 ? (
          <div role="alert" className="glass rounded-3xl p-8 text-center">
            <p className="font-semibold text-ink">Your library could not be loaded.</p>
            <button type="button" className="btn-secondary mt-4" onClick={() => void library.refetch()}>
              Try again
            </button>
          </div>
        ) : assets.length === 0 ? (
          <div className="glass rounded-3xl p-8 text-center">
            {filtered ? (
              <>
                <p className="font-semibold text-ink">Nothing here matches.</p>
                <button
                  type="button"
                  className="btn-secondary mt-4"
                  onClick={() => {
                    setKind(undefined)
                    setSearch('')
                  }}
                >
                  Show everything
                </button>
              </>
            ) : (
              <>
                <p className="font-semibold text-ink">Your library is empty.</p>
                <p className="mx-auto mt-2 max-w-md text-sm text-muted">
                  Add photos of your shop, products and team, a few short clips, or your own music: drop them above or
                  choose them from your device.
                </p>
              </>
            )}
          </div>
        ) : (
          <>
            <ul className="grid grid-cols-2 gap-4 tablet:grid-cols-3 desktop:grid-cols-4" aria-label="Your files">
              {assets.map((asset) => (
                <AssetCard
                  key={`${asset.id}:${asset.name}`}
                  asset={asset}
                  onPreview={() => setPreviewing(asset)}
                  onRename={(name) => libraryApi.rename(asset.id, name).then(refresh)}
                  onDelete={() => setDeleting(asset)}
                />
              ))}
            </ul>
            {library.hasNextPage ? (
              <div className="mt-6 text-center">
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={library.isFetchingNextPage}
                  onClick={() => void library.fetchNextPage()}
                >
                  {library.isFetchingNextPage ? 'Loading…' : `Show ${LIBRARY_PAGE_SIZE} more`}
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>

      <AssetPreview asset={previewing} onClose={() => setPreviewing(undefined)} />

      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => {
          if (!deleting) return
          setBusy(true)
          libraryApi
            .delete(deleting.id)
            .then(refresh)
            .then(
              () => setDeleting(undefined),
              () => undefined,
            )
            .finally(() => setBusy(false))
        }}
      >
        {deleting && deleting.projects.length > 0 ? (
          <>
            <p>
              It is used in {deleting.projects.length === 1 ? 'this project' : 'these projects'}; their scenes will show
              a drawn picture instead:
            </p>
            <ul className="mt-2 list-disc pl-5">
              {deleting.projects.map((project) => (
                <li key={project.id} className="text-ink">
                  {project.title}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>It leaves your library and its space is freed. This cannot be undone.</p>
        )}
      </ConfirmDialog>
    </div>
  )
}
