import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'

import type { Asset } from '@storyreel/contracts/assets'

import { ImageIcon } from '#app/components/ui/icons.tsx'
import { PickerDialog, PickerHeader } from '#app/components/ui/picker-dialog.tsx'
import { SearchField } from '#app/components/ui/search-field.tsx'
import { useModalDialog } from '#app/components/ui/use-modal-dialog.ts'

import { brandKitApi } from './brand-kit-api.ts'
import { CHECKERBOARD_CLASS } from './checkerboard.ts'

/**
 * The library's photos on the studio pickers' modal frame, to choose one as the logo. Any photo can be chosen;
 * saving tells a PNG or WebP from the rest (only they keep a see-through background).
 */
export function LogoPicker({
  open,
  onPick,
  onClose,
}: {
  open: boolean
  onPick: (asset: Asset) => void
  onClose: () => void
}) {
  const ref = useModalDialog(open)
  const titleId = useId()
  return (
    <PickerDialog dialogRef={ref} titleId={titleId} open={open} onClose={onClose}>
      <PickerBody
        titleId={titleId}
        onPick={(asset) => {
          onPick(asset)
          ref.current?.close()
        }}
        onCancel={() => ref.current?.close()}
      />
    </PickerDialog>
  )
}

function PickerBody({
  titleId,
  onPick,
  onCancel,
}: {
  titleId: string
  onPick: (asset: Asset) => void
  onCancel: () => void
}) {
  const [search, setSearch] = useState('')
  const [q, setQ] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250)
    return () => clearTimeout(timer)
  }, [search])
  const photos = useInfiniteQuery({
    queryKey: ['brand-kit', 'photos', q],
    queryFn: ({ pageParam }) => brandKitApi.listPhotos(q || undefined, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  })
  const assets = (photos.data?.pages.flatMap((page) => page.assets) ?? []).filter((asset) => asset.kind === 'image')

  return (
    <>
      <PickerHeader titleId={titleId} title="Choose your logo" onClose={onCancel}>
        From your media library. A PNG or WebP logo keeps its see-through background.
      </PickerHeader>
      <div className="px-4 pt-3 tablet:px-6">
        <SearchField
          label="Search your photos"
          value={search}
          onChange={setSearch}
          placeholder="Search by name"
          maxLength={100}
          compact
          className="w-full tablet:w-72"
        />
      </div>
      <div className="min-h-48 flex-1 overflow-y-auto px-4 py-4 tablet:px-6" aria-busy={photos.isFetching}>
        {photos.isPending ? (
          <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4" aria-label="Loading your photos">
            {[0, 1, 2, 3].map((index) => (
              <li key={index} className="aspect-square animate-pulse rounded-2xl bg-surface" />
            ))}
          </ul>
        ) : photos.isError && assets.length === 0 ? (
          <div role="alert" className="rounded-2xl border border-line p-6 text-center text-sm">
            <p className="font-semibold text-ink">Your photos could not be loaded.</p>
            <button type="button" className="btn-secondary mt-3 text-sm" onClick={() => void photos.refetch()}>
              Try again
            </button>
          </div>
        ) : assets.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-line p-6 text-center text-sm">
            {q ? (
              <p className="font-semibold text-ink">No photo is named like “{q}”.</p>
            ) : (
              <>
                <p className="font-semibold text-ink">You have no photos in your library yet.</p>
                <p className="mx-auto mt-1 max-w-md text-muted">
                  Close this and use <span className="font-semibold text-ink">Upload a logo</span>, or add photos on the{' '}
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
            <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4" aria-label="Your photos">
              {assets.map((asset) => (
                <li key={asset.id}>
                  <button
                    type="button"
                    disabled={asset.status !== 'ready'}
                    onClick={() => onPick(asset)}
                    aria-label={asset.name}
                    className="group block w-full overflow-hidden rounded-2xl border border-line bg-surface text-left transition-colors hover:border-accent/60 disabled:cursor-not-allowed disabled:opacity-50"
                  >
                    <span className={`grid aspect-square place-items-center p-3 ${CHECKERBOARD_CLASS}`}>
                      {asset.thumbnail_url ? (
                        <img
                          src={asset.thumbnail_url}
                          alt=""
                          loading="lazy"
                          className="max-h-full max-w-full object-contain"
                        />
                      ) : (
                        <ImageIcon className="h-8 w-8 text-subtle" />
                      )}
                    </span>
                    <span className="block truncate px-2.5 py-2 text-xs font-semibold text-ink" title={asset.name}>
                      {asset.name}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {photos.hasNextPage ? (
              <div className="mt-4 text-center">
                <button
                  type="button"
                  className="btn-secondary text-sm"
                  disabled={photos.isFetchingNextPage}
                  onClick={() => void photos.fetchNextPage()}
                >
                  {photos.isFetchingNextPage ? 'Loading…' : 'Show more photos'}
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </>
  )
}
