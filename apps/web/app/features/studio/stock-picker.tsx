import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState, type PointerEvent } from 'react'

import type { Asset } from '@storyreel/contracts/assets'
import { STOCK_TERMS, type StockItem, type StockProvider } from '@storyreel/contracts/stock'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { FilmIcon, ImageIcon, PauseIcon, PlayIcon } from '#app/components/ui/icons.tsx'
import { SearchField } from '#app/components/ui/search-field.tsx'
import { PickerDialog, PickerHeader } from '#app/components/ui/picker-dialog.tsx'
import { useModalDialog } from '#app/components/ui/use-modal-dialog.ts'
import { ApiError } from '#app/lib/api-client.ts'

import { formatClock } from './format.ts'
import { studioApi } from './studio-api.ts'

const tabClass = (active: boolean) =>
  `rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors ${
    active ? 'border-accent bg-accent text-accent-ink' : 'border-line text-muted hover:border-accent/60 hover:text-ink'
  }`

/**
 * Stock photos and clips for one scene, on a native modal <dialog>: the search starts from the words the engine
 * read in the scene (in its language, in the frame's shape); hovering, focusing or its play button previews a clip;
 * choosing one brings it into the library, credited, and the scene shows it.
 */
export function StockPicker({
  open,
  projectId,
  sceneId,
  title,
  providers,
  onPick,
  onClose,
}: {
  open: boolean
  projectId: string
  sceneId: string | undefined
  title: string
  providers: StockProvider[]
  onPick: (asset: Asset) => void
  onClose: () => void
}) {
  const ref = useModalDialog(open)
  const titleId = useId()
  return (
    <PickerDialog dialogRef={ref} titleId={titleId} open={open && sceneId !== undefined} onClose={onClose}>
      {sceneId ? (
        <StockBody
          key={sceneId}
          titleId={titleId}
          title={title}
          projectId={projectId}
          sceneId={sceneId}
          providers={providers}
          onPick={(asset) => {
            onPick(asset)
            ref.current?.close()
          }}
          onCancel={() => ref.current?.close()}
        />
      ) : null}
    </PickerDialog>
  )
}

function StockBody({
  titleId,
  title,
  projectId,
  sceneId,
  providers,
  onPick,
  onCancel,
}: {
  titleId: string
  title: string
  projectId: string
  sceneId: string
  providers: StockProvider[]
  onPick: (asset: Asset) => void
  onCancel: () => void
}) {
  const start = useQuery({
    queryKey: ['studio', 'stock-query', projectId, sceneId],
    queryFn: () => studioApi.getStockQuery(projectId, sceneId),
    staleTime: Infinity,
  })
  const [kind, setKind] = useState<'video' | 'photo'>('video')
  const [search, setSearch] = useState<string | undefined>(undefined)
  const [q, setQ] = useState('')
  const words = search ?? start.data?.q ?? ''
  useEffect(() => {
    const timer = setTimeout(() => setQ(words.trim()), 350)
    return () => clearTimeout(timer)
  }, [words])
  const results = useQuery({
    queryKey: ['studio', 'stock', q, kind, start.data?.orientation, start.data?.language],
    queryFn: ({ signal }) =>
      studioApi.searchStock(
        {
          q,
          kind,
          orientation: start.data?.orientation ?? 'portrait',
          language: start.data?.language ?? 'en',
        },
        signal,
      ),
    enabled: start.isSuccess && q.length >= 2,
    placeholderData: keepPreviousData,
    retry: false,
  })
  const choose = useMutation({ mutationFn: (item: StockItem) => studioApi.importStock(item.id), onSuccess: onPick })
  const items = results.data?.items ?? []
  const names = providers.map((provider) => STOCK_TERMS[provider].name).join(' and ')

  return (
    <>
      <PickerHeader titleId={titleId} title={title} onClose={onCancel}>
        Free stock from {names}, found from the scene’s words. What you choose goes into your library, credited.
      </PickerHeader>

      <div className="flex flex-wrap items-center gap-2 px-4 pt-3 tablet:px-6">
        <div role="group" aria-label="Show" className="flex gap-2">
          {(
            [
              ['video', 'Clips'],
              ['photo', 'Photos'],
            ] as const
          ).map(([option, label]) => (
            <button
              key={option}
              type="button"
              aria-pressed={kind === option}
              className={tabClass(kind === option)}
              onClick={() => setKind(option)}
            >
              {label}
            </button>
          ))}
        </div>
        <SearchField
          label="Search stock"
          value={words}
          onChange={setSearch}
          placeholder="What the scene shows"
          maxLength={100}
          compact
          className="order-last w-full tablet:order-none tablet:ml-auto tablet:w-72"
        />
      </div>

      <div className="min-h-48 flex-1 overflow-y-auto px-4 py-4 tablet:px-6" aria-busy={results.isFetching}>
        {start.isPending || (results.isPending && q.length >= 2) ? (
          <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4" aria-label="Searching">
            {[0, 1, 2, 3].map((index) => (
              <li key={index} className="aspect-[3/4] animate-pulse rounded-2xl bg-surface" />
            ))}
          </ul>
        ) : results.isError ? (
          <div role="alert" className="rounded-2xl border border-line p-6 text-center text-sm">
            <p className="font-semibold text-ink">{describe(results.error)}</p>
            <button type="button" className="btn-secondary mt-3 text-sm" onClick={() => void results.refetch()}>
              Try again
            </button>
          </div>
        ) : q.length < 2 ? (
          <p className="rounded-2xl border border-dashed border-line p-6 text-center text-sm text-muted">
            Its words name nothing to search for: type what the scene should show.
          </p>
        ) : items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-6 text-center text-sm text-muted">
            No {kind === 'video' ? 'clip' : 'photo'} found for “{q}”. Try other words
            {kind === 'video' ? ', or photos' : ', or clips'}.
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4" aria-label="Stock results">
            {items.map((item) => (
              <li key={item.id}>
                <StockTile item={item} busy={choose.isPending} onChoose={() => choose.mutate(item)} />
              </li>
            ))}
          </ul>
        )}
        {results.data && results.data.unavailable.length > 0 ? (
          <p className="mt-3 text-xs text-muted" role="status">
            {results.data.unavailable.map((item) => item.message).join(' ')}
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-line px-4 py-3 text-xs text-muted tablet:px-6">
        {choose.isPending ? (
          <span className="inline-flex items-center gap-2 font-medium text-ink" role="status">
            <Spinner className="h-3.5 w-3.5" /> Bringing it into your library…
          </span>
        ) : choose.isError ? (
          <span className="font-medium text-rose-700 dark:text-rose-400" role="alert">
            {choose.error instanceof ApiError
              ? choose.error.message
              : 'It could not be brought into your library. Try again in a moment.'}
          </span>
        ) : (
          providers.map((provider) => (
            <span key={provider}>
              {STOCK_TERMS[provider].name}:{' '}
              <a className="underline" href={STOCK_TERMS[provider].url} target="_blank" rel="noreferrer">
                {STOCK_TERMS[provider].licence}
              </a>
            </span>
          ))
        )}
      </div>
    </>
  )
}

/** The server's words for a refused search (a provider asking to wait, or down), else a plain fallback. */
function describe(error: unknown): string {
  return error instanceof ApiError ? error.message : 'The stock search could not be reached. Try again in a moment.'
}

/**
 * One result: its still, its length and author. A clip plays its small preview while a mouse is over it or the
 * tile has the keyboard's focus; on a touch screen, where nothing hovers, its play button plays and stops it, so
 * a tap can preview before another tap chooses.
 */
function StockTile({ item, busy, onChoose }: { item: StockItem; busy: boolean; onChoose: () => void }) {
  const [playing, setPlaying] = useState(false)
  const Icon = item.kind === 'video' ? FilmIcon : ImageIcon
  const kindName = item.kind === 'video' ? 'clip' : 'photo'
  const hover = (on: boolean) => (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') setPlaying(on)
  }
  return (
    <div className="relative" onPointerEnter={hover(true)} onPointerLeave={hover(false)}>
      <button
        type="button"
        disabled={busy}
        className="group block w-full overflow-hidden rounded-2xl border border-line bg-surface text-left transition-colors hover:border-accent focus-visible:ring-2 focus-visible:ring-accent disabled:opacity-60"
        aria-label={`Use this ${kindName} by ${item.author.name} from ${STOCK_TERMS[item.provider].name}`}
        onFocus={() => setPlaying(true)}
        onBlur={() => setPlaying(false)}
        onClick={onChoose}
      >
        {/* The still stays and the preview plays over it: the pointer's target never changes under a click. */}
        <span className="pointer-events-none relative block aspect-[3/4] bg-black/40">
          <img className="h-full w-full object-cover" src={item.thumbnail_url} alt="" loading="lazy" />
          {playing && item.preview_url ? (
            <video
              className="absolute inset-0 h-full w-full object-cover"
              src={item.preview_url}
              autoPlay
              muted
              loop
              playsInline
            />
          ) : null}
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-xs text-white">
            <Icon className="h-3.5 w-3.5" />
            {item.duration !== undefined ? formatClock(item.duration) : 'Photo'}
          </span>
        </span>
        <span className="flex items-baseline gap-1.5 px-2.5 py-2 text-xs text-muted">
          <span className="min-w-0 truncate">
            by <span className="font-medium text-ink">{item.author.name}</span>
          </span>
          <span className="ml-auto shrink-0">{STOCK_TERMS[item.provider].name}</span>
        </span>
      </button>
      {item.kind === 'video' && item.preview_url ? (
        <button
          type="button"
          aria-pressed={playing}
          aria-label={`Preview this clip by ${item.author.name}`}
          className="absolute top-1 right-1 grid h-10 w-10 place-items-center rounded-full text-white focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
          onClick={() => setPlaying((on) => !on)}
        >
          <span className="grid h-8 w-8 place-items-center rounded-full bg-black/60">
            {playing ? <PauseIcon className="h-4 w-4" /> : <PlayIcon className="h-4 w-4" />}
          </span>
        </button>
      ) : null}
    </div>
  )
}
