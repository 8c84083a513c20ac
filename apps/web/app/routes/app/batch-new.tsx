import { Link } from 'react-router'

import { BATCH_COLUMN_HELP, BATCH_COLUMNS, BATCH_MAX_ROWS } from '@storyreel/contracts/batches'

import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { EXAMPLE_CSV_HREF, EXAMPLE_CSV_NAME } from '#app/features/batches/example-csv.ts'
import { NewBatchForm } from '#app/features/batches/new-batch-form.tsx'
import { pageTitle } from '#app/lib/seo.ts'

export const clientMiddleware = routeMiddleware('full-auth')

export function meta() {
  return [{ title: pageTitle('New batch') }, { name: 'robots', content: 'noindex' }]
}

export default function NewBatchRoute() {
  return (
    <div className="mx-auto max-w-6xl px-5 py-10 tablet:px-8 desktop:py-14">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/app/batches" className="underline-offset-4 hover:text-ink hover:underline">
          Batches
        </Link>{' '}
        / New batch
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">New batch</h1>
      <p className="mt-1 max-w-2xl text-sm text-muted">
        Up to {BATCH_MAX_ROWS} videos from one CSV file, one video a row. Each is drafted and rendered as if you had
        made it on the create page; you can open and change any of them afterwards.
      </p>
      <div className="mt-8 grid gap-8 desktop:grid-cols-[minmax(0,1fr)_18rem]">
        <NewBatchForm />
        <aside aria-labelledby="columns-heading" className="glass h-fit rounded-3xl p-5 text-sm">
          <h2 id="columns-heading" className="font-semibold text-ink">
            The columns
          </h2>
          <p className="mt-1 text-muted">The first line names them; any order, unused ones may be left out.</p>
          <dl className="mt-3 space-y-2.5">
            {BATCH_COLUMNS.map((column) => (
              <div key={column}>
                <dt className="font-mono text-xs font-semibold text-ink">{column}</dt>
                <dd className="text-muted">{BATCH_COLUMN_HELP[column]}</dd>
              </div>
            ))}
          </dl>
          <a href={EXAMPLE_CSV_HREF} download={EXAMPLE_CSV_NAME} className="btn-secondary mt-4 w-full text-sm">
            Download an example CSV
          </a>
        </aside>
      </div>
    </div>
  )
}
