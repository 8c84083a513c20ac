import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link, useLocation } from 'react-router'

import { ErrorPage } from '#app/components/error-page.tsx'
import { DownloadIcon } from '#app/components/ui/icons.tsx'
import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { describeCounts, getBatchProgress, isBatchActive } from '#app/features/batches/batch-progress.ts'
import { BatchRows } from '#app/features/batches/batch-rows.tsx'
import { batchesApi } from '#app/features/batches/batches-api.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { pageTitle } from '#app/lib/seo.ts'

import type { Route } from './+types/batch'

export const clientMiddleware = routeMiddleware('full-auth')

export function meta() {
  return [{ title: pageTitle('Batch') }, { name: 'robots', content: 'noindex' }]
}

/** While a row is queued or rendering, the page looks again this often; it stops once every row has ended. */
export const BATCH_POLL_MS = 2000

// A malformed id is refused by the API's params schema (400) as an unknown one is (404): both are no such page.
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400)

export default function BatchRoute({ params }: Route.ComponentProps) {
  const { pathname } = useLocation()
  const zipHintId = useId()
  const batch = useQuery({
    queryKey: ['batches', params.id],
    queryFn: () => batchesApi.get(params.id),
    retry: (count, error) => !isMissing(error) && count < 1,
    refetchInterval: (query) => (query.state.data && isBatchActive(query.state.data) ? BATCH_POLL_MS : false),
  })
  if (batch.isPending)
    return (
      <div className="mx-auto max-w-4xl px-5 py-10 tablet:px-8" aria-busy="true" aria-label="Loading the batch">
        <div className="h-9 w-72 max-w-full animate-pulse rounded-xl bg-raised" />
        <div className="mt-8 space-y-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-20 animate-pulse rounded-2xl bg-raised" />
          ))}
        </div>
      </div>
    )
  if (batch.isError) {
    if (isMissing(batch.error)) return <ErrorPage status={404} message={`Page not found: ${pathname}`} />
    return (
      <div role="alert" className="mx-auto max-w-xl px-5 py-24 text-center">
        <h1 className="text-2xl font-bold text-ink">This batch could not be loaded</h1>
        <button type="button" className="btn-secondary mt-6" onClick={() => void batch.refetch()}>
          Try again
        </button>
      </div>
    )
  }
  const data = batch.data
  const progress = getBatchProgress(data)
  const active = isBatchActive(data)
  const finished = data.counts.succeeded
  return (
    <div className="mx-auto max-w-4xl px-5 py-10 tablet:px-8 desktop:py-14">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/app/batches" className="underline-offset-4 hover:text-ink hover:underline">
          <span aria-hidden="true">← </span>All batches
        </Link>
      </nav>
      <header className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-ink [overflow-wrap:anywhere]">{data.title}</h1>
          <p className="mt-1 text-sm text-muted">
            {data.row_count} {data.row_count === 1 ? 'video' : 'videos'} · {describeCounts(data.counts)}
          </p>
        </div>
        <div className="flex flex-col items-start gap-1 tablet:items-end">
          {finished > 0 ? (
            <a href={data.zip_url} download className="btn-primary text-sm">
              <DownloadIcon className="h-4 w-4" />
              Download all (ZIP)
            </a>
          ) : (
            <button type="button" className="btn-primary text-sm" aria-disabled="true" aria-describedby={zipHintId}>
              <DownloadIcon className="h-4 w-4" />
              Download all (ZIP)
            </button>
          )}
          <p id={zipHintId} className="text-xs text-subtle">
            {finished > 0
              ? `${finished} finished ${finished === 1 ? 'video' : 'videos'}${active ? ' so far' : ''}, as MP4s`
              : active
                ? 'Ready once the first video has finished'
                : 'No video of this batch finished'}
          </p>
        </div>
      </header>

      <section aria-label="Progress" className="glass mt-6 rounded-3xl p-5">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-semibold text-ink">
            {active ? 'Rendering' : data.counts.succeeded === data.row_count ? 'All done' : 'Finished'}
          </span>
          <span className="tabular-nums text-muted">{progress}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Batch progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="mt-2 h-2 overflow-hidden rounded-full bg-raised"
        >
          <div
            className={`h-full rounded-full transition-[width] ${active ? 'bg-accent' : 'bg-emerald-500'}`}
            style={{ width: `${progress}%` }}
          />
        </div>
        {active ? (
          <p className="mt-2 text-xs text-subtle">
            This page updates by itself; you can leave it and come back from Batches.
          </p>
        ) : null}
      </section>

      <div className="mt-6">
        <BatchRows rows={data.rows} />
      </div>
    </div>
  )
}
