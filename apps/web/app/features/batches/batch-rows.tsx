import { Link } from 'react-router'

import type { BatchRowResult } from '@storyreel/contracts/batches'
import { RENDER_STAGE_LABELS } from '@storyreel/contracts/studio'

import { AlertIcon, CheckIcon, DownloadIcon } from '#app/components/ui/icons.tsx'

const STATE_LABELS: Record<BatchRowResult['state'], string> = {
  queued: 'Queued',
  running: 'Rendering',
  succeeded: 'Done',
  failed: 'Failed',
  canceled: 'Canceled',
  not_queued: 'Not queued',
  deleted: 'Deleted',
}

const badgeClass = (state: BatchRowResult['state']) => {
  switch (state) {
    case 'succeeded':
      return 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300'
    case 'failed':
    case 'not_queued':
      return 'bg-rose-500/15 text-rose-700 dark:text-rose-300'
    case 'running':
      return 'bg-accent/15 text-accent'
    default:
      return 'bg-raised text-muted'
  }
}

function RowDetail({ row }: { row: BatchRowResult }) {
  if (row.state === 'running') {
    const progress = Math.round(row.render?.progress ?? 0)
    return (
      <div className="mt-2">
        <div className="flex justify-between text-xs text-muted">
          <span>{row.render ? RENDER_STAGE_LABELS[row.render.stage] : 'Starting'}</span>
          <span className="tabular-nums">{progress}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={`Rendering row ${row.row}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="mt-1 h-1.5 overflow-hidden rounded-full bg-raised"
        >
          <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${progress}%` }} />
        </div>
      </div>
    )
  }
  if (row.state === 'queued') return <p className="mt-1 text-sm text-muted">Waiting for a renderer.</p>
  if (row.state === 'failed' || row.state === 'not_queued' || row.state === 'canceled') {
    const fallback =
      row.state === 'canceled' ? 'The render was canceled.' : row.state === 'failed' ? 'The render failed.' : ''
    const why = row.error ?? row.render?.error ?? fallback
    return why ? (
      <p className="mt-1 flex items-start gap-1.5 text-sm text-rose-700 dark:text-rose-400 [overflow-wrap:anywhere]">
        <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
        {why}
      </p>
    ) : null
  }
  if (row.state === 'deleted') return <p className="mt-1 text-sm text-muted">Its project was deleted since.</p>
  return null
}

/** Each row of a batch with its state and, once it is done, its project and its video. */
export function BatchRows({ rows }: { rows: BatchRowResult[] }) {
  return (
    <ol className="space-y-3" aria-label="Videos of this batch">
      {rows.map((row) => {
        const outputs = row.state === 'succeeded' ? row.render?.outputs : undefined
        return (
          <li
            key={row.row}
            aria-label={`Row ${row.row}: ${row.title}`}
            className="rounded-2xl border border-line bg-surface px-4 py-3"
          >
            <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
              <span className="w-7 shrink-0 pt-0.5 text-sm font-semibold tabular-nums text-subtle">{row.row}</span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <p className="min-w-0 font-medium text-ink [overflow-wrap:anywhere]">{row.title}</p>
                  <span
                    className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeClass(row.state)}`}
                  >
                    {row.state === 'succeeded' ? <CheckIcon className="h-3.5 w-3.5" /> : null}
                    {STATE_LABELS[row.state]}
                  </span>
                </div>
                <RowDetail row={row} />
              </div>
              {row.project_id && row.state !== 'deleted' ? (
                <div className="flex w-full flex-wrap gap-2 pl-10 tablet:w-auto tablet:pl-0">
                  <Link
                    to={`/app/projects/${row.project_id}`}
                    className="rounded-full border border-line px-3.5 py-1.5 text-sm font-medium text-ink transition-colors hover:border-accent"
                  >
                    Open project <span className="sr-only">of row {row.row}</span>
                  </Link>
                  {outputs ? (
                    <a
                      href={outputs.download_url}
                      download
                      className="inline-flex items-center gap-1.5 rounded-full border border-line px-3.5 py-1.5 text-sm font-medium text-ink transition-colors hover:border-accent"
                    >
                      <DownloadIcon className="h-4 w-4" />
                      MP4 <span className="sr-only">of row {row.row}</span>
                    </a>
                  ) : null}
                </div>
              ) : null}
            </div>
          </li>
        )
      })}
    </ol>
  )
}
