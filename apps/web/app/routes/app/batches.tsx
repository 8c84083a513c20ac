import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'

import { BATCH_MAX_ROWS, type BatchSummary } from '@storyreel/contracts/batches'

import { LoadFailed, LoadingRows } from '#app/components/ui/list-states.tsx'
import { PlusIcon } from '#app/components/ui/icons.tsx'
import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { countEnded, describeCounts, isBatchActive } from '#app/features/batches/batch-progress.ts'
import { batchesApi } from '#app/features/batches/batches-api.ts'
import { EXAMPLE_CSV_HREF, EXAMPLE_CSV_NAME } from '#app/features/batches/example-csv.ts'
import { pageTitle } from '#app/lib/seo.ts'

export const clientMiddleware = routeMiddleware('full-auth')

export function meta() {
  return [{ title: pageTitle('Batches') }, { name: 'robots', content: 'noindex' }]
}

/** While a batch renders, the list looks again this often. */
const ACTIVE_POLL_MS = 4000

const formatDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function BatchItem({ batch }: { batch: BatchSummary }) {
  const ended = countEnded(batch)
  const share = batch.row_count > 0 ? ended / batch.row_count : 1
  return (
    <li>
      <Link
        to={`/app/batches/${batch.id}`}
        className="block rounded-2xl border border-line bg-surface px-4 py-3.5 transition-colors hover:border-accent"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p className="min-w-0 font-semibold text-ink [overflow-wrap:anywhere]">{batch.title}</p>
          <p className="text-xs text-subtle">{formatDate(batch.created_at)}</p>
        </div>
        <p className="mt-1 text-sm text-muted">
          {batch.row_count} {batch.row_count === 1 ? 'video' : 'videos'} · {describeCounts(batch.counts)}
        </p>
        <div
          role="progressbar"
          aria-label={`${batch.title}: ${ended} of ${batch.row_count} ended`}
          aria-valuemin={0}
          aria-valuemax={batch.row_count}
          aria-valuenow={ended}
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-raised"
        >
          <div
            className={`h-full rounded-full ${isBatchActive(batch) ? 'bg-accent' : 'bg-emerald-500'}`}
            style={{ width: `${share * 100}%` }}
          />
        </div>
      </Link>
    </li>
  )
}

export default function BatchesRoute() {
  const batches = useQuery({
    queryKey: ['batches', 'list'],
    queryFn: batchesApi.list,
    refetchInterval: (query) => (query.state.data?.batches.some(isBatchActive) ? ACTIVE_POLL_MS : false),
  })
  return (
    <div className="mx-auto max-w-6xl px-5 py-10 tablet:px-8 desktop:py-14">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">Batches</h1>
          <p className="mt-1 max-w-xl text-sm text-muted">
            Many videos at once from a CSV file, with each one’s progress and all of them in one ZIP.
          </p>
        </div>
        <Link to="/app/batches/new" className="btn-primary text-sm">
          <PlusIcon className="h-4 w-4" /> New batch
        </Link>
      </header>
      <div className="mt-8">
        {batches.isPending ? (
          <LoadingRows label="Loading your batches" rows={3} rowClassName="h-24" />
        ) : batches.isError ? (
          <LoadFailed onRetry={() => void batches.refetch()}>Your batches could not be loaded.</LoadFailed>
        ) : batches.data.batches.length === 0 ? (
          <div className="glass rounded-3xl p-8 text-center">
            <p className="font-semibold text-ink">No batches yet.</p>
            <p className="mx-auto mt-2 max-w-lg text-sm text-muted">
              Write one video a row in a spreadsheet (a prompt or a script, and if you like a title, style, ratio, voice
              or template), save it as CSV and drop it on the New batch page: up to {BATCH_MAX_ROWS} videos, checked row
              by row before anything is made.
            </p>
            <div className="mt-5 flex flex-wrap justify-center gap-3">
              <a href={EXAMPLE_CSV_HREF} download={EXAMPLE_CSV_NAME} className="btn-secondary text-sm">
                Download an example CSV
              </a>
            </div>
          </div>
        ) : (
          <ul className="space-y-3" aria-label="Your batches">
            {batches.data.batches.map((batch) => (
              <BatchItem key={batch.id} batch={batch} />
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
